import { describe, expect, it } from "vitest";
import { clientAddress, requestKeys } from "@/lib/security/limits";

describe("the rate limit's keys", () => {
  it("take the address the nearest proxy appended, not one the client put first", () => {
    const headers = new Headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.4" });
    expect(clientAddress(headers)).toBe("203.0.113.4");
    expect(requestKeys(headers, "rev-1")).toEqual(["ip:203.0.113.4", "reviewer:rev-1"]);
  });

  it("fall back to X-Real-IP, then to one shared key for requests with no address", () => {
    expect(clientAddress(new Headers({ "x-real-ip": "198.51.100.2" }))).toBe("198.51.100.2");
    expect(clientAddress(new Headers({ "x-forwarded-for": " , " }))).toBe("unknown");
  });
});
