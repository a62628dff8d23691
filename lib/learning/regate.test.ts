import { describe, expect, it } from "vitest";
import { regate } from "@/lib/learning/regate";

const at = (confidence: number) => ({ confidence, minConfidence: 0.7 });

describe("regate", () => {
  it("opens a card gated for low confidence alone once the learned confidence clears the gate", () => {
    expect(regate({ status: "gated", gateReason: "Low confidence (0.40 < 0.70)" }, at(0.85))).toEqual({
      status: "pending",
      gateReason: null,
    });
  });

  it("keeps a card gated for another reason gated, with that reason", () => {
    const stored = {
      status: "gated" as const,
      gateReason: "Low confidence (0.40 < 0.70); Quote not found in the source",
    };
    expect(regate(stored, at(0.9))).toEqual({ status: "gated", gateReason: "Quote not found in the source" });
    // Dropping under the threshold adds the low score after the weightier reason, as the gate orders them.
    expect(regate({ status: "gated", gateReason: "Quote not found in the source" }, at(0.5))).toEqual({
      status: "gated",
      gateReason: "Quote not found in the source; Low confidence (0.50 < 0.70)",
    });
  });

  it("gates an open card the learned confidence puts under the threshold, keeping its note", () => {
    expect(regate({ status: "pending", gateReason: 'Related to "x"' }, at(0.3))).toEqual({
      status: "gated",
      gateReason: 'Low confidence (0.30 < 0.70); Related to "x"',
    });
    expect(regate({ status: "pending", gateReason: null }, at(0.8))).toEqual({ status: "pending", gateReason: null });
  });
});
