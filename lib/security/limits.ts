import "server-only";
import { log } from "@/lib/log";
import { consumeRateLimit } from "@/lib/db/rate-limit";
import { countActiveRuns } from "@/lib/db/runs";
import type { Db } from "@/lib/db/types";
import { getEnv } from "@/lib/env";
import { peerAddress } from "@/lib/security/peer";
import { AppError } from "@/lib/errors";
import type { SpaceRef } from "@/lib/spaces/schema";

/**
 * The limits every API call and write action passes (the body size is checked where the body is read:
 * lib/api/route.ts, next.config.mjs, lib/sources/input.ts). Each refusal is an AppError with a readable
 * message, raised before anything is stored.
 */

/**
 * The caller's address: the socket's (lib/security/peer.ts), unless the socket is a proxy SIFT_TRUSTED_PROXIES
 * names; then X-Forwarded-For read from the right, past every trusted proxy, to the first address none of them
 * is. A client cannot forge it by sending the header. Without a signed socket address (a request not from the
 * server's socket, e.g. a test calling a handler) it is "unknown": one shared key.
 */
export function clientAddress(headers: Headers, trusted: string[] = trustedProxies()): string {
  const socket = peerAddress(headers);
  if (!socket) return "unknown";
  if (!isTrusted(socket, trusted)) return normalizeAddress(socket);
  const forwarded =
    headers
      .get("x-forwarded-for")
      ?.split(",")
      .map((part) => normalizeAddress(part.trim()))
      .filter(Boolean) ?? [];
  for (let i = forwarded.length - 1; i >= 0; i--) {
    if (!isTrusted(forwarded[i] as string, trusted)) return forwarded[i] as string;
  }
  return forwarded[0] ?? normalizeAddress(socket);
}

/** "::ffff:10.0.0.5" (an IPv4 client on a dual-stack socket) is 10.0.0.5. */
function normalizeAddress(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1").toLowerCase();
}

function trustedProxies(): string[] {
  return parseTrustedProxies(getEnv().SIFT_TRUSTED_PROXIES);
}

/** SIFT_TRUSTED_PROXIES: addresses or IPv4 CIDRs ("10.0.0.1, 172.16.0.0/12"); "loopback" is 127.0.0.0/8 and ::1. */
export function parseTrustedProxies(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean)
    .flatMap((v) => (v === "loopback" ? ["127.0.0.0/8", "::1"] : [v]));
}

function ipv4(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function isTrusted(address: string, trusted: string[]): boolean {
  const a = normalizeAddress(address);
  return trusted.some((entry) => {
    const [base, bits] = entry.split("/");
    if (bits === undefined) return normalizeAddress(base as string) === a;
    const ip = ipv4(a);
    const net = ipv4(base as string);
    if (ip === null || net === null) return false;
    const mask = Number(bits) === 0 ? 0 : 2 ** 32 - 2 ** (32 - Number(bits));
    return (ip & mask) >>> 0 === (net & mask) >>> 0;
  });
}

/** The rate-limit key of a request's address: counted before the caller is known, so anonymous calls count. */
export function addressKey(headers: Headers): string {
  return `ip:${clientAddress(headers)}`;
}

/** The rate-limit key of who is acting ("token:<id>" for an agent token), counted once they are known. */
export function actorKey(actor: string | { id: string; tokenId?: string }): string {
  // A token is limited on its own: an agent's calls never use up the admin's budget who created it.
  return typeof actor === "string"
    ? `reviewer:${actor}`
    : actor.tokenId
      ? `token:${actor.tokenId}`
      : `reviewer:${actor.id}`;
}

/**
 * Counts one request against each key (SIFT_RATE_LIMIT per SIFT_RATE_LIMIT_WINDOW_SECONDS, state in the
 * database so it holds across instances) and refuses with RATE_LIMITED and the seconds to wait when any key
 * is over. A store that fails lets the request through: the limit guards the database, it must not take the
 * app down with it.
 */
export async function enforceRateLimit({ db, keys }: { db: Db; keys: string[] }): Promise<void> {
  await enforceLimit({ db, keys, points: getEnv().SIFT_RATE_LIMIT, over: "Too many requests" });
}

/**
 * Counts one request against the space it works in (SIFT_SPACE_RATE_LIMIT per window, every member and agent
 * of the space together), after the caller has been let into it: a space's flood of agents is refused there and
 * leaves the other spaces their budget; a caller outside it learns nothing of its count.
 */
export async function enforceSpaceRateLimit({ db, space }: { db: Db; space: SpaceRef }): Promise<void> {
  await enforceLimit({
    db,
    keys: [`space:${space.id}`],
    points: getEnv().SIFT_SPACE_RATE_LIMIT,
    over: `Too many requests in the space ${space.name} from all its members and agents together`,
  });
}

async function enforceLimit({
  db,
  keys,
  points,
  over,
}: {
  db: Db;
  keys: string[];
  points: number;
  over: string;
}): Promise<void> {
  if (points === 0) return;
  const durationSeconds = getEnv().SIFT_RATE_LIMIT_WINDOW_SECONDS;
  let outcomes;
  try {
    outcomes = await Promise.all(keys.map((key) => consumeRateLimit({ db, key, points, durationSeconds })));
  } catch (error) {
    log.error({ err: error }, "rate limit store failed; request allowed");
    return;
  }
  const refused = outcomes.filter((o) => !o.allowed);
  if (refused.length === 0) return;
  const wait = Math.max(...refused.map((o) => o.retryAfterSeconds));
  throw new AppError(
    "RATE_LIMITED",
    `${over}: at most ${points.toLocaleString("en")} every ${durationSeconds} seconds. ` +
      `Try again in ${wait} second${wait === 1 ? "" : "s"}.`,
    { retryAfterSeconds: wait },
  );
}

/**
 * Refuses a new extraction while the reviewer has SIFT_MAX_ACTIVE_RUNS queued or running. Checked before
 * the source is saved; two requests at the same instant may both pass (a soft limit, enough to stop a flood).
 */
export async function assertRunCapacity({ db, reviewerId }: { db: Db; reviewerId: string }): Promise<void> {
  const max = getEnv().SIFT_MAX_ACTIVE_RUNS;
  if (max === 0) return;
  const active = await countActiveRuns({ db, reviewerId });
  if (active < max) return;
  throw new AppError(
    "RATE_LIMITED",
    `You have ${active} extraction${active === 1 ? "" : "s"} running; wait for one to finish before starting another.`,
    { retryAfterSeconds: 10 },
  );
}
