import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";

/**
 * The socket's address, which Next.js does not hand to route handlers or actions (it only sets
 * X-Forwarded-For from it when the client sent none, so a client can forge it). At boot (instrumentation.ts)
 * the server's request event is wrapped: every request gets `x-sift-peer` (the socket's address) and
 * `x-sift-peer-sig` (an HMAC of it with a key this process drew at start), and whatever the client sent under
 * those names is dropped. lib/security/limits.ts trusts the address only with a valid signature.
 */
export const PEER_HEADER = "x-sift-peer";
const SIG_HEADER = "x-sift-peer-sig";
const KEY = randomBytes(32);

const sign = (address: string) => createHmac("sha256", KEY).update(address).digest("base64url");

/** The signed headers for an address (the boot hook's, and tests standing in for a socket). */
export function peerHeaders(address: string): Record<string, string> {
  return { [PEER_HEADER]: address, [SIG_HEADER]: sign(address) };
}

/** The socket's address of a request, if the boot hook signed it; null otherwise. */
export function peerAddress(headers: Headers): string | null {
  const address = headers.get(PEER_HEADER);
  const sig = headers.get(SIG_HEADER);
  return address && sig && sig === sign(address) ? address : null;
}

let installed = false;

/** Wraps http.Server's request event so every request carries its signed socket address. */
export function installPeerAddressHook(): void {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]): boolean {
    const request = args[0];
    if (event === "request" && request instanceof http.IncomingMessage) {
      const address = request.socket?.remoteAddress ?? "unknown";
      for (const [name, value] of Object.entries(peerHeaders(address))) request.headers[name] = value;
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  };
}
