import { createApiFact, listFactsPage } from "@/lib/api/facts";
import { operations } from "@/lib/api/operations";
import { apiRoute } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(operations.listFacts, ({ db, query, space }) =>
  listFactsPage({ db, spaceId: space.id, query }),
);

export const POST = apiRoute(operations.createFact, ({ db, body, reviewer, space }) =>
  createApiFact({ db, spaceId: space.id, input: body, reviewerId: reviewer.id }),
);
