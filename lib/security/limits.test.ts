import { describe, expect, it } from "vitest";
import { actorKey, clientAddress, parseTrustedProxies } from "@/lib/security/limits";
import { peerHeaders } from "@/lib/security/peer";

const request = (socket: string | null, forwarded?: string) =>
  new Headers({ ...(socket ? peerHeaders(socket) : {}), ...(forwarded ? { "x-forwarded-for": forwarded } : {}) });

describe("the client's address", () => {
  it("is the socket's when no proxy is trusted, whatever X-Forwarded-For says (the probe rotated it)", () => {
    expect(clientAddress(request("203.0.113.9", "6.6.6.6"), [])).toBe("203.0.113.9");
    expect(clientAddress(request("::ffff:198.51.100.4", "7.7.7.7, 8.8.8.8"), [])).toBe("198.51.100.4");
  });

  it("is read from X-Forwarded-For past the trusted proxies only", () => {
    const trusted = parseTrustedProxies("10.0.0.0/8, loopback");
    expect(clientAddress(request("10.0.0.2", "6.6.6.6, 203.0.113.4, 10.0.0.7"), trusted)).toBe("203.0.113.4");
    expect(clientAddress(request("127.0.0.1", "198.51.100.2"), trusted)).toBe("198.51.100.2");
    // An untrusted socket's header is ignored.
    expect(clientAddress(request("192.0.2.1", "6.6.6.6"), trusted)).toBe("192.0.2.1");
  });

  it("is one shared key without a signed socket address: a forged x-sift-peer is not believed", () => {
    expect(clientAddress(request(null, "6.6.6.6"), [])).toBe("unknown");
    expect(clientAddress(new Headers({ "x-sift-peer": "1.2.3.4", "x-sift-peer-sig": "forged" }), [])).toBe("unknown");
  });

  it("keys who acts: a reviewer, or a token on its own", () => {
    expect(actorKey("rev-1")).toBe("reviewer:rev-1");
    expect(actorKey({ id: "admin", tokenId: "t1" })).toBe("token:t1");
  });
});
