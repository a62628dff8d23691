import { listCandidatesPage } from "@/lib/api/candidates";
import { operations } from "@/lib/api/operations";
import { apiRoute } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(operations.listCandidates, ({ db, query, space }) =>
  listCandidatesPage({ db, spaceId: space.id, query }),
);
