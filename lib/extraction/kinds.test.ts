import { describe, expect, it } from "vitest";
import { getPresetKinds, isPresetId, PRESET_IDS, TaxonomySchema } from "@/lib/extraction/kinds";
import { KindSchema } from "@/lib/extraction/schema";

describe("kind presets", () => {
  it("lists the kinds of each preset", () => {
    expect(getPresetKinds("meeting").map((k) => k.id)).toEqual([
      "decision",
      "constraint",
      "action_item",
      "insight",
      "mistake",
      "preference",
      "context",
    ]);
    expect(getPresetKinds("agent").map((k) => k.id)).toEqual([
      "rule",
      "preference",
      "context",
      "decision",
      "observation",
    ]);
    expect(getPresetKinds("personal").map((k) => k.id)).toEqual([
      "identity",
      "work",
      "family",
      "preference",
      "location",
      "event",
      "relationship",
      "hobby",
      "general",
    ]);
  });

  it("gives every kind a valid slug and a one-line definition, and every preset passes the taxonomy schema", () => {
    for (const id of PRESET_IDS) {
      const kinds = getPresetKinds(id);
      expect(TaxonomySchema.safeParse(kinds).success).toBe(true);
      for (const k of kinds) {
        expect(KindSchema.safeParse(k.id).success).toBe(true);
        expect(k.definition).not.toContain("\n");
      }
    }
  });

  it("returns copies, so editing one does not change the preset", () => {
    getPresetKinds("meeting")[0]!.label = "Changed";
    expect(getPresetKinds("meeting")[0]!.label).toBe("Decision");
  });

  it("recognises preset ids", () => {
    expect(isPresetId("personal")).toBe(true);
    expect(isPresetId("toString")).toBe(false);
  });
});

describe("TaxonomySchema", () => {
  it("rejects empty lists, duplicate ids and bad slugs", () => {
    expect(TaxonomySchema.safeParse([]).success).toBe(false);
    const dup = TaxonomySchema.safeParse([
      { id: "risk", label: "Risk", definition: "Something that may go wrong." },
      { id: "risk", label: "Risk 2", definition: "Same id again." },
    ]);
    expect(dup.success).toBe(false);
    expect(dup.error?.issues[0]?.path).toEqual([1, "id"]);
    expect(TaxonomySchema.safeParse([{ id: "Bad Id", label: "x", definition: "A thing." }]).success).toBe(false);
  });
});
