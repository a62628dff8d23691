import { describe, expect, it } from "vitest";
import { REQUEST_TYPES, spreadConnections, type RequestType } from "@/bench/lib/load-driver";

const fifty: Record<RequestType, number> = { approve: 20, edit: 10, search: 10, factsPage: 5, reviewPage: 5 };
const sum = (counts: Record<RequestType, number>) => REQUEST_TYPES.reduce((n, t) => n + counts[t], 0);

describe("the load bench's connections across several servers", () => {
  it("gives every connection of every type to exactly one server", () => {
    for (const instances of [1, 2, 3, 7]) {
      const spread = spreadConnections(fifty, instances);
      expect(spread).toHaveLength(instances);
      for (const t of REQUEST_TYPES) expect(spread.reduce((n, s) => n + s[t], 0)).toBe(fifty[t]);
    }
  });

  it("balances the servers to within one connection, odd types included", () => {
    const [a, b] = spreadConnections(fifty, 2);
    expect(sum(a!)).toBe(25);
    expect(sum(b!)).toBe(25);
    // 5 page loads cannot split evenly: one server takes 3 of /facts, the other 3 of /review.
    expect([a!.factsPage, b!.factsPage].sort()).toEqual([2, 3]);
    expect(a!.factsPage + a!.reviewPage).toBe(5);
  });

  it("leaves a server without a type when there are fewer connections than servers", () => {
    const few = { approve: 1, edit: 1, search: 1, factsPage: 1, reviewPage: 1 };
    const spread = spreadConnections(few, 2);
    expect(spread.map(sum)).toEqual([3, 2]);
    for (const t of REQUEST_TYPES) expect(spread.filter((s) => s[t] > 0)).toHaveLength(1);
  });
});
