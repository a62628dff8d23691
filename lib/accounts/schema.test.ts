import { describe, expect, it } from "vitest";
import { NewTokenSchema, roleAllows, scopesAllow } from "@/lib/accounts/schema";

describe("who may do what", () => {
  it("grants roles in order: viewer reads, reviewer also proposes and reviews, admin also administers", () => {
    expect(["read", "propose", "review", "admin"].map((p) => roleAllows("viewer", p as never))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(roleAllows("reviewer", "review")).toBe(true);
    expect(roleAllows("reviewer", "admin")).toBe(false);
    expect(roleAllows("admin", "admin")).toBe(true);
  });

  it("gives a token exactly its scopes, never admin: a propose token cannot review", () => {
    expect(scopesAllow(["propose"], "propose")).toBe(true);
    expect(scopesAllow(["propose"], "review")).toBe(false);
    expect(scopesAllow(["propose"], "read")).toBe(false);
    expect(scopesAllow(["read", "propose", "review"], "admin")).toBe(false);
  });

  it("refuses a token without a scope or with an unknown one", () => {
    expect(NewTokenSchema.safeParse({ name: "bot", scopes: [] }).success).toBe(false);
    expect(NewTokenSchema.safeParse({ name: "bot", scopes: ["admin"] }).success).toBe(false);
    expect(NewTokenSchema.parse({ name: " bot ", scopes: "read" })).toEqual({ name: "bot", scopes: ["read"] });
  });
});
