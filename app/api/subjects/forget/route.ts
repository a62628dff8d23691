import { operations } from "@/lib/api/operations";
import { apiRoute } from "@/lib/api/route";
import { forgetApiSubject, previewApiForgetSubject } from "@/lib/api/subjects";

export const dynamic = "force-dynamic";

export const GET = apiRoute(operations.previewForgetSubject, ({ db, query, space }) =>
  previewApiForgetSubject({ db, spaceId: space.id, subject: query.subject }),
);

export const POST = apiRoute(operations.forgetSubject, ({ db, body, reviewer, space }) =>
  forgetApiSubject({ db, spaceId: space.id, input: body, reviewerId: reviewer.id }),
);
