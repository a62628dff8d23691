/**
 * Which Host headers Sift answers. A page in a browser can point a name it controls at 127.0.0.1 (DNS
 * rebinding) and then read and post to a local Sift as if it were its own site; refusing every Host but
 * the loopback names and the ones SIFT_ALLOWED_HOSTS lists closes that. No framework or Node imports:
 * the proxy (proxy.ts) and the environment check (lib/env.ts) share it.
 */
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/** A host name as it is compared: lower case, without the port ("[::1]:3000" → "[::1]"). */
function hostName(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1);
  return value.replace(/:\d+$/, "");
}

/** The names of SIFT_ALLOWED_HOSTS ("sift.example.com, 10.0.0.5"); an invalid entry throws, naming it. */
export function parseAllowedHosts(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value.split(",").map((entry) => {
    const name = hostName(entry);
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(name)) throw new Error(`"${entry.trim()}" is not a host name`);
    return name;
  });
}

/** Every host name Sift answers: the loopback ones and those SIFT_ALLOWED_HOSTS lists (parsed). */
export function answeredHostNames(allowed: string[]): string[] {
  return [...LOOPBACK, ...allowed];
}

/** Whether a request's Host header names this server: a loopback name or an allowed one, any port. */
export function isAllowedHost(host: string | null, allowed: string[]): boolean {
  if (!host) return false;
  const name = hostName(host);
  return LOOPBACK.includes(name) || allowed.includes(name);
}
