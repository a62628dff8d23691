import { describe, expect, it } from "vitest";
import { isAllowedHost, parseAllowedHosts } from "@/lib/security/hosts";

describe("the Host allowlist", () => {
  it("answers the loopback names on any port, and nothing else by default", () => {
    for (const host of ["localhost:3000", "127.0.0.1", "127.0.0.1:3107", "[::1]:3000", "LOCALHOST"]) {
      expect(isAllowedHost(host, [])).toBe(true);
    }
    for (const host of ["evil.example", "evil.example:3000", "127.0.0.1.evil.example", "localhost.evil.example", ""]) {
      expect(isAllowedHost(host, [])).toBe(false);
    }
    expect(isAllowedHost(null, [])).toBe(false);
  });

  it("adds the names SIFT_ALLOWED_HOSTS lists, ports ignored", () => {
    const allowed = parseAllowedHosts(" sift.example.com, 10.0.0.5:3000 ");
    expect(allowed).toEqual(["sift.example.com", "10.0.0.5"]);
    expect(isAllowedHost("sift.example.com:443", allowed)).toBe(true);
    expect(isAllowedHost("10.0.0.5", allowed)).toBe(true);
    expect(isAllowedHost("other.example.com", allowed)).toBe(false);
  });

  it("refuses a list entry that is not a host name, naming it", () => {
    expect(() => parseAllowedHosts("sift.example.com, http://x/")).toThrow('"http://x/" is not a host name');
  });
});
