import { describe, expect, it } from "vitest";
import { describeFeature } from "@/lib/learning/features";

describe("describeFeature", () => {
  it("names what a card's reason rests on as a reviewer reads it: a speaker's name capitalized", () => {
    expect(describeFeature("speaker:priya")).toBe("from Priya");
    expect(describeFeature("speaker:mary-jane o'neil")).toBe("from Mary-Jane O'neil");
    expect(describeFeature("speaker:none")).toBe("with no speaker");
    expect(describeFeature("kind:decision")).toBe("of kind decision");
    expect(describeFeature("source:vtt")).toBe("from vtt sources");
  });
});
