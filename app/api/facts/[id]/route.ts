import { editApiFact, getApiFactDetail } from "@/lib/api/facts";
import { operations } from "@/lib/api/operations";
import { apiRoute } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(operations.getFact, ({ db, params }) => getApiFactDetail({ db, factId: params.id }));

export const PATCH = apiRoute(operations.editFact, ({ db, params, body, version, reviewer }) =>
  editApiFact({ db, factId: params.id, version, edits: body, reviewerId: reviewer.id }),
);
