import { describe, expect, it } from "vitest";
import { RejectReasonSchema } from "@/lib/facts/schema";
import { SourceInputSchema } from "@/lib/sources/schema";

describe("free text fields as PostgreSQL can store them", () => {
  it("store a title and hints without what PostgreSQL refuses (a NUL failed the insert as INTERNAL)", () => {
    const parsed = SourceInputSchema.parse({ title: " Sync\u0000 notes ", contextHints: "billing\u0000 team \ud800" });
    expect(parsed.title).toBe("Sync notes");
    expect(parsed.contextHints).toBe("billing team \uFFFD");
    expect(SourceInputSchema.parse({ title: "\u0000" }).title).toBe("");
  });

  it("store a reject reason the same way", () => {
    expect(RejectReasonSchema.parse(" Too\u0000 vague ")).toBe("Too vague");
  });
});
