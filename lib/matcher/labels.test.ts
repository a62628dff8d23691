import { describe, expect, it } from "vitest";
import { scorePair } from "./matcher";

// A number right after a singular noun often names a thing rather than counts one: "feature 7", "wave 2",
// "ticket 412". Two such labels that differ are two things, as "compliance integration" / "media integration"
// are: never a duplicate, never a contradiction, whatever else differs.

/** Both directions: the verdict and the reason's first clause (the other side's phrase second). */
function both(a: string, b: string) {
  return [scorePair(a, b), scorePair(b, a)] as const;
}

describe("a number naming a thing", () => {
  it("makes two labels that differ a different thing, related and never a contradiction", () => {
    for (const [a, b, from, to] of [
      [
        "We decided that feature 7 ships on 8 March.",
        "We decided that feature 6 ships on 7 March.",
        "feature 7",
        "feature 6",
      ],
      ["Wave 1 moves 20 customers.", "Wave 2 moves 40 customers.", "Wave 1", "Wave 2"],
      ["Ticket 412 is blocked on QA.", "Ticket 413 is blocked on QA.", "Ticket 412", "Ticket 413"],
      ["Room 5 is booked for Friday.", "Room 6 is booked for Monday.", "Room 5", "Room 6"],
      ["Sprint 14 ends on Friday.", "Sprint 15 ends on Friday.", "Sprint 14", "Sprint 15"],
      ["Phase 3 rollout starts in June.", "Phase 4 rollout starts in June.", "Phase 3", "Phase 4"],
      ["Step four is the data export.", "Step five is the data export.", "Step four", "Step five"],
      ["We ship version 2 on 8 March.", "We ship version 3 on 8 March.", "version 2", "version 3"],
      ["The blocker is ticket 412.", "The blocker is ticket 413.", "ticket 412", "ticket 413"],
    ] as const) {
      const [ab, ba] = both(a, b);
      for (const r of [ab, ba]) {
        expect(r.verdict, `${a} | ${b}`).toBe("related");
        expect(r.differences.some((d) => d.veto)).toBe(true);
      }
      expect(ab.reason).toMatch(new RegExp(`^Different thing: '${from}' → '${to}'`));
      expect(ba.reason).toMatch(new RegExp(`^Different thing: '${to}' → '${from}'`));
    }
  });

  it("reads the pasted meeting's pair with its dates as two plans, not a correction", () => {
    expect(
      scorePair("We decided that feature 7 ships on 8 March.", "We decided that feature 6 ships on 7 March."),
    ).toMatchObject({
      verdict: "related",
      reason: "Different thing: 'feature 7' → 'feature 6'; Different date: 'ships on 8 March' → 'ships on 7 March'",
    });
    expect(scorePair("Wave 1 moves 20 customers.", "Wave 2 moves 40 customers.").reason).toBe(
      "Different thing: 'Wave 1' → 'Wave 2'; Different number: '20 customers' → '40 customers'",
    );
  });

  it("still contradicts when the same thing gets another value", () => {
    for (const [a, b] of [
      ["We ship version 2 on 8 March.", "We ship version 2 on 9 March."],
      ["Feature 7 ships on 8 March.", "Feature 7 ships on 9 March."],
      ["Sprint 14 ends on Friday.", "Sprint 14 ends on Monday."],
      ["Wave 1 moves 20 customers.", "Wave 1 moves 40 customers."],
    ] as const) {
      for (const r of both(a, b)) expect(r.verdict, `${a} | ${b}`).toBe("contradicts");
    }
    expect(scorePair("Feature 7 ships on 8 March.", "Feature 7 ships on 9 March.").reason).toBe(
      "Different date: 'ships on 8 March' → 'ships on 9 March'",
    );
  });

  it("keeps a count a count: after a verb, a determiner or a bound, or before what it counts", () => {
    for (const [a, b, reason] of [
      ["The team has 5 engineers.", "The team has 7 engineers.", "Different number: '5 engineers' → '7 engineers'"],
      ["The budget is 5000 euros.", "The budget is 7000 euros.", "Different number: '5000 euros' → '7000 euros'"],
      ["We need 7 features by March.", "We need 6 features by March.", "Different number: '7 features' → '6 features'"],
      [
        "At least 23 troops were killed.",
        "At least 26 troops were killed.",
        "Different number: '23 troops' → '26 troops'",
      ],
      ["The launch is on day 3.", "The launch is on day 4.", "Different number: 'day 3' → 'day 4'"],
      ["Revenue grew 5 percent.", "Revenue grew 7 percent.", "Different number: 'grew 5 percent' → 'grew 7 percent'"],
    ] as const) {
      expect(scorePair(a, b), `${a} | ${b}`).toMatchObject({ verdict: "contradicts", reason });
      expect(scorePair(b, a).verdict).toBe("contradicts");
    }
  });

  it("never merges two labels, and reads the same label as the same value", () => {
    expect(scorePair("Ticket 412 is blocked on QA.", "Ticket 413 is blocked on QA.").verdict).not.toBe("duplicate");
    expect(scorePair("Wave two moves 20 customers.", "Wave 2 moves 20 customers.").verdict).toBe("duplicate");
    // Another noun with the same number is the swap guard's thing.
    expect(scorePair("Feature 7 ships on Friday.", "Ticket 7 ships on Friday.")).toMatchObject({
      verdict: "related",
      reason: "Different thing: 'Feature' → 'Ticket'",
    });
  });
});
