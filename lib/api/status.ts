import type { ErrorCode } from "@/lib/errors";

/** The one mapping from AppError codes to HTTP statuses, for the routes and the OpenAPI document. */
export const HTTP_STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_FILE: 415,
  PRECONDITION_REQUIRED: 428,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  MODEL_ERROR: 502,
  CONFIG: 503,
};
