import { describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATE, PROMPT_VERSION, promptVersion, renderPrompt } from "@/lib/extraction/llm/prompt";

const kinds = [{ id: "decision", label: "Decision", definition: "A settled\nchoice." }];

describe("prompt", () => {
  it("versions the default template extract-v3 and a custom one by its hash", () => {
    expect(promptVersion(undefined)).toBe(PROMPT_VERSION);
    expect(promptVersion(DEFAULT_TEMPLATE)).toBe("extract-v3");
    const custom = promptVersion("Extract facts about {{kinds}}");
    expect(custom).toMatch(/^custom-[0-9a-f]{8}$/);
    expect(promptVersion("Extract facts about {{kinds}}")).toBe(custom);
    expect(promptVersion("Extract facts about {{kinds}}!")).not.toBe(custom);
  });

  it("states the extraction rules", () => {
    const p = renderPrompt(DEFAULT_TEMPLATE, { kinds });
    for (const rule of [
      /one atomic statement per fact/i,
      /third person/i,
      /name the speaker/i,
      /copied verbatim/i,
      /below 0\.7 means you are guessing/i,
      /skip greetings/i,
      /routine status/i,
      /questions nobody answered/i,
      /resolve relative dates/i,
      /do not extract any of the known facts/i,
      /closings and logistics are never facts/i,
      /talk next week/i,
      /leave out fillers/i,
      /transcriber tags \(\{vocalsound\}, \[laughter\], \(inaudible\)\)/i,
      /keep only the correction/i,
      /never in the quote/i,
      /leave out discourse framing/i,
      /keep who set a constraint as attribution/i,
      /resolve pronouns to the speaker or the team/i,
      /request answered by its addressee's acceptance/i,
      /proposal others agree to is a decision/i,
      /let's go for X/,
      /so we're going with X/,
      /chair's summary/i,
      /with its whole object/i,
      /cut by "Right\." or "Yep\." from others goes on in the speaker's next turn/i,
      /bare "yeah" or "mm-hmm" is listening, not agreement/i,
      /hypothetical .* is not a decision/i,
      /team's settled plans .* are commitments/i,
      /duty placed on someone .* is a constraint/i,
    ]) {
      expect(p).toMatch(rule);
    }
  });

  it("fills placeholders, says when there is no date, hint or known fact, and keeps $ patterns literal", () => {
    const bare = renderPrompt("{{kinds}}|{{sourceDate}}|{{contextHints}}|{{knownFacts}}|{{maxFacts}}", { kinds });
    expect(bare).toBe(
      "- decision: Decision. A settled choice.|" +
        "Unknown: keep relative dates as written and do not invent a date.|(none)|(none)|50",
    );
    const filled = renderPrompt("{{ contextHints }} / {{knownFacts}}", {
      kinds,
      contextHints: "Costs in $& and $1",
      knownFacts: ["a", "b", "c"],
      knownFactsLimit: 2,
    });
    expect(filled).toBe("Costs in $& and $1 / - a\n- b");
  });
});
