import { describe, expect, it } from "vitest";
import { findAgreed } from "@/lib/extraction/offline/assignments";
import { transcriptOf } from "@/tests/transcript";

const agreed = (turns: [string, string][]) => {
  const src = transcriptOf(turns);
  return findAgreed(src.text, src.segments, new Set(["action_item", "decision"]));
};

describe("a request accepted in the next turn", () => {
  it.each([
    ["Kofi, can you re-run the load test on the new cluster?", "Kofi will re-run the load test on the new cluster."],
    ["Kofi, could you add a timeout column to the report?", "Kofi will add a timeout column to the report."],
    ["Okay. Can you put the old figures in the appendix?", "Kofi will put the old figures in the appendix."],
    ["Could you bring back a revised quote by June?", "Kofi will bring back a revised quote by June."],
  ])("%s → %s", (asked, content) => {
    const facts = agreed([
      ["Mara", asked],
      ["Kofi", "Yeah, I can."],
    ]);
    expect(facts).toHaveLength(1);
    expect(facts[0]).toMatchObject({ kind: "action_item", speaker: "Kofi", content });
  });

  it("a question about hearing or seeing is no task, whoever says yes", () => {
    expect(
      agreed([
        ["Mara", "Can you hear me now?"],
        ["Kofi", "Yes."],
      ]),
    ).toEqual([]);
  });
});
