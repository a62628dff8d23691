import type { ActionResult } from "@/lib/errors";

/**
 * Calls a server action and turns a transport failure (server down, request body over the limit,
 * network gone) into an ordinary failed result, so every caller shows a message instead of crashing.
 */
export async function callAction<T>(action: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await action();
  } catch {
    // What failed is the transport, and the message says so; the server logged its side, if it saw the call.
    return {
      ok: false,
      code: "INTERNAL",
      message:
        "The server could not be reached or refused the request (is the input over the size limit?). " +
        "Nothing was changed.",
    };
  }
}
