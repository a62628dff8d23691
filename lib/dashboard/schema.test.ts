import { describe, expect, it } from "vitest";
import { wilsonInterval } from "@/lib/dashboard/schema";

describe("wilsonInterval", () => {
  it("is wide over a few decisions and narrow over many, around the same rate", () => {
    const few = wilsonInterval(2, 3);
    const many = wilsonInterval(200, 300);
    expect(few.high - few.low).toBeGreaterThan(0.5);
    expect(many.high - many.low).toBeLessThan(0.11);
    expect(many.low).toBeLessThan(2 / 3);
    expect(many.high).toBeGreaterThan(2 / 3);
  });

  it("stays within 0..1 at the extremes, and is the whole range with nothing decided", () => {
    expect(wilsonInterval(5, 5).high).toBe(1);
    expect(wilsonInterval(5, 5).low).toBeCloseTo(0.566, 2);
    expect(wilsonInterval(0, 5).low).toBe(0);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});
