import { rejectApiCandidate } from "@/lib/api/candidates";
import { operations } from "@/lib/api/operations";
import { apiRoute } from "@/lib/api/route";

export const dynamic = "force-dynamic";

// The pages that show candidates and facts are dynamic and an open queue polls its stamp: no cache to purge.
export const POST = apiRoute(operations.rejectCandidate, ({ db, params, body, reviewer }) =>
  rejectApiCandidate({ db, candidateId: params.id, body, reviewerId: reviewer.id }),
);
