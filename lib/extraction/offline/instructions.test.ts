import { describe, expect, it } from "vitest";
import { viewSource } from "@/lib/chain/view";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import { isSocial } from "@/lib/extraction/offline/filters";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { parseSource } from "@/lib/sources/parse";

/** Through the chain's view, as a run reads an upload (a VTT reads as "Speaker: text" lines). */
async function extract(filename: string, text: string) {
  const src = parseSource({ filename, bytes: Buffer.from(text), maxBytes: 1e6 });
  const format = filename.endsWith(".vtt") ? "vtt" : "text";
  const { view } = viewSource({ text: src.text, segments: src.segments, format });
  const input = { text: view.text, segments: view.segments, kinds: getPresetKinds("meeting") };
  const chunk = { index: 0, start: 0, end: view.text.length, segments: view.segments };
  return (await createOfflineExtractor().extractChunk(input, chunk)).facts;
}

const STANDUP = `WEBVTT

1
00:00:01.000 --> 00:00:04.000
<v Ann>Ravi, the build failed the signing step.</v>

2
00:00:04.000 --> 00:00:08.000
<v Ann>Please resubmit the build by Thursday with the new certificate.</v>

3
00:00:08.000 --> 00:00:09.000
<v Ravi>Okay.</v>
`;

describe("an instruction's owner is the person it is said to", () => {
  it("in a VTT stand-up: the addressee named in the turn owns the task, as an action item", async () => {
    const facts = await extract("standup.vtt", STANDUP);
    const task = facts.find((f) => f.quote.includes("resubmit the build"));
    expect(task?.content).toBe("Ravi will resubmit the build by Thursday with the new certificate.");
    expect(task?.kind).toBe("action_item");
  });

  it("in a typed meeting, after an opener, and for someone not in the transcript asked by name", async () => {
    const facts = await extract(
      "m.txt",
      "Ann: Okay. Priya, please send the vendor notes to Bo by Friday.\n" +
        "Bo: Ravi, please update the runbook.\nRavi: Sure.\n",
    );
    const contents = facts.map((f) => f.content);
    expect(contents).toContain("Priya will send the vendor notes to Bo by Friday.");
    expect(contents).toContain("Ravi will update the runbook.");
    expect(contents.join(" ")).not.toMatch(/^Please/m);
  });

  it("leaves the speaker's own statements to the speaker", async () => {
    const facts = await extract("m.txt", "Ann: Ravi, I will review the signing step by Monday.\nRavi: Thanks.\n");
    expect(facts.map((f) => f.content).join(" ")).toMatch(/^Ann will review the signing step by Monday/);
  });
});

describe("social glue", () => {
  it("is a whole turn of greetings, thanks and names, never a statement that follows them", () => {
    for (const social of ["Thanks, everyone!", "Okay, Priya.", "ok cool", "yeah totally", "Hi Caroline, Melanie!"])
      expect(isSocial(social), social).toBe(true);
    for (const statement of ["Okay. Priya, please send me your notes.", "Yeah, we decided to ship Friday."])
      expect(isSocial(statement), statement).toBe(false);
  });
});

describe("who runs a piece of work, said as settled", () => {
  it("is an action item of its owner; 'leads to' (a cause) is not", async () => {
    const facts = await extract(
      "sync.txt",
      [
        "Priya: Dana leads the portal migration.",
        "Lena: Omar is responsible for the QA plan.",
        "Marcus: This leads to confusion.",
      ].join("\n"),
    );
    expect(facts.map((f) => [f.content, f.kind])).toEqual([
      ["Dana leads the portal migration.", "action_item"],
      ["Omar is responsible for the QA plan.", "action_item"],
    ]);
  });
});
