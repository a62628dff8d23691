/**
 * The one error type of the app. Domain code throws it with a short code; server actions and API
 * routes turn it into `{ ok: false, code, message }`. Anything else that is thrown is unexpected:
 * it is logged and shown to the user only as "Something went wrong".
 */
export const ERROR_CODES = [
  "VALIDATION", // input failed a schema or a rule (fieldErrors may say which)
  "NOT_FOUND",
  "CONFLICT", // someone else changed it first, or it was already decided
  "UNSUPPORTED_FILE", // empty, binary, unreadable or unknown upload
  "TOO_LARGE",
  "MODEL_ERROR", // the model failed, timed out or returned something unusable
  "CONFIG", // environment or settings are wrong
  "UNAUTHORIZED", // not signed in, or a token that is unknown or revoked
  "FORBIDDEN", // signed in, but the role or the token's scopes do not allow it
  "PRECONDITION_REQUIRED", // a write that must name the version it read (the API's If-Match) did not
  "RATE_LIMITED", // too many requests or extractions at once; retryAfterSeconds says when to try again
  "INTERNAL",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors?: Record<string, string[]>;
  /** RATE_LIMITED: seconds until a retry can succeed (the API's Retry-After). */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: { cause?: unknown; fieldErrors?: Record<string, string[]>; retryAfterSeconds?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    if (options.fieldErrors) this.fieldErrors = options.fieldErrors;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; code: ErrorCode; message: string; fieldErrors?: Record<string, string[]>; retryAfterSeconds?: number };
