import { describe, expect, it } from "vitest";
import { scorePair } from "./matcher";

const features = (a: string, b: string) => {
  const f = scorePair(a, b).features;
  if (!f) throw new Error(`no features for ${a} | ${b}`);
  return f;
};

describe("the pair's features the model weighs", () => {
  it("sees the same words in another arrangement, and none in the same statement reworded", () => {
    const scrambled = features(
      "A nude lady is walking in front of a crowd in body paint",
      "A nude crowd in body paint is walking in front of a lady",
    );
    expect(scrambled.crossing).toBeGreaterThan(0.2);
    expect(
      features("The vendor approved the proposal today.", "The vendor accepted the proposal today.").crossing,
    ).toBe(0);
  });

  it("counts another action in the same scene, not a clause one side adds", () => {
    expect(
      features(
        "A dog with a brown coat is sitting in shallow water",
        "A dog with a brown coat is trotting through shallow water",
      ).verbsBoth,
    ).toBe(1);
    expect(features("The team shipped the release.", "The team shipped the release and celebrated.").verbsBoth).toBe(0);
  });

  it("lets length temper what unpaired words say", () => {
    const short = features("The team shipped the release.", "The team shipped the release and celebrated.");
    expect(short.coverMinLong).toBeCloseTo(short.coverMin * short.logLength, 10);
  });
});
