import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { CliCandidateSchema, main } from "@/cli/extract";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { parseSource } from "@/lib/sources/parse";
import { defaultReply, FABRICATED_QUOTE, startFakeOpenAI, type FakeOpenAI } from "@/tests/fake-openai-server";

const dir = mkdtempSync(path.join(tmpdir(), "sift-extract-"));

const VTT = `WEBVTT

00:00:01.000 --> 00:00:05.000
Ann Lee: Thanks for joining. After a long debate we decided to drop the Android beta.

00:00:05.500 --> 00:00:09.000
Bo Chen: The security review must finish before the launch in March.

00:00:09.500 --> 00:00:13.000
Ann Lee: I will draft the customer email by Thursday. [[FABRICATE]]
`;
const vttFile = path.join(dir, "standup.vtt");
writeFileSync(vttFile, VTT);
const stored = parseSource({ filename: "standup.vtt", bytes: Buffer.from(VTT), maxBytes: 1_000_000 });

/** `sift extract ARGS`, run in this process with its own streams and an environment without model settings. */
async function sift(args: string[], options: { input?: string; env?: Record<string, string>; tty?: boolean } = {}) {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    stdin: Readable.from([Buffer.from(options.input ?? "")]),
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    env: { ...options.env },
    isTTY: options.tty ?? false,
  });
  return { code, stdout, stderr };
}

function candidates(stdout: string) {
  return z.array(CliCandidateSchema.strict()).parse(JSON.parse(stdout));
}

const kindIds = (preset: "meeting" | "personal") => getPresetKinds(preset).map((k) => k.id);

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("sift extract (offline)", () => {
  it("prints grounded candidates, each with the verdict and gate a server would store, when piped", async () => {
    const r = await sift([vttFile, "--extractor", "offline"]);
    expect(r.code).toBe(0);
    const list = candidates(r.stdout);
    expect(list.length).toBeGreaterThan(0);
    for (const c of list) {
      expect(c.supported).toBe(true);
      expect(c.quote).toBe(stored.text.slice(c.start!, c.end!));
      expect(["Ann Lee", "Bo Chen"]).toContain(c.speaker);
      expect(kindIds("meeting")).toContain(c.kind);
      // An empty fact base: everything is new; below the default 0.7 the gate holds it, with the reason.
      expect(c.verdict).toBe("new");
      expect(c.status).toBe(c.confidence < 0.7 ? "gated" : "pending");
      if (c.status === "gated") expect(c.gateReason).toContain(`Low confidence (${c.confidence.toFixed(2)} < 0.70)`);
    }
    expect(list.map((c) => c.quote).join(" ")).toContain("drop the Android beta");
    expect(r.stderr).toMatch(/extractor offline, 1 chunk, \d+ candidates( \([^)]*\))?, \d+ ms/);
  });

  it("gates and approves as the given --settings say, and refuses a bad settings file", async () => {
    const settings = path.join(dir, "settings.json");
    writeFileSync(
      settings,
      JSON.stringify({ gates: { minConfidence: 0, autoApprove: { enabled: true, minConfidence: 0 } } }),
    );
    const approved = candidates((await sift([vttFile, "--extractor", "offline", "--settings", settings])).stdout);
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.every((c) => c.status === "approved")).toBe(true);
    writeFileSync(settings, JSON.stringify({ gates: { minConfidence: 2 } }));
    const bad = await sift([vttFile, "--settings", settings]);
    expect(bad).toMatchObject({ code: 1, stdout: "" });
    expect(bad.stderr).toMatch(/^sift extract: --settings .*settings\.json: gates\.minConfidence: /);
  });

  it("uses the kinds of the chosen preset", async () => {
    const meeting = candidates((await sift([vttFile, "--extractor", "offline"])).stdout);
    const personal = candidates((await sift([vttFile, "--extractor", "offline", "--preset", "personal"])).stdout);
    expect(personal.length).toBeGreaterThan(0);
    for (const c of personal) expect(kindIds("personal")).toContain(c.kind);
    expect(personal.map((c) => c.kind)).not.toEqual(meeting.map((c) => c.kind));
  });

  it("keeps at most --max-facts candidates and says how many it left over the cap", async () => {
    const all = candidates((await sift([vttFile, "--extractor", "offline"])).stdout).length;
    const r = await sift([vttFile, "--extractor", "offline", "--max-facts", "1"]);
    expect(r.code).toBe(0);
    expect(all).toBeGreaterThan(1);
    expect(candidates(r.stdout)).toHaveLength(1);
    expect(r.stderr).toContain(`${all - 1} items refused: over the cap of 1 facts per chunk`);
  });

  it("says how many closing-summary repeats it joined to the facts they repeat", async () => {
    const file = path.join(dir, "summary.txt");
    const lines = [
      "Dana: The team will launch billing v2 on October 22nd.",
      "Lin: The code freeze starts on October 15th.",
      "Dana: Okay, let me summarize: we launch billing v2 on October 22nd.",
    ];
    writeFileSync(file, `${lines.join("\n")}\n`);
    const r = await sift([file]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("1 closing-summary repeat joined to the facts they repeat");
    expect(candidates(r.stdout).map((c) => c.content)).toContain("The team will launch billing v2 on October 22nd.");
  });

  it("reads stdin when FILE is -", async () => {
    const r = await sift(["-", "--json"], { input: VTT });
    expect(r.code).toBe(0);
    const list = candidates(r.stdout);
    expect(list.length).toBeGreaterThan(0);
    for (const c of list) expect(c.quote).toBe(stored.text.slice(c.start!, c.end!));
  });

  it("gives start/end into the file's own text: CRLF, blank lines, doubled spaces and a BOM", async () => {
    const text =
      "Ann Lee:  After a long debate  we decided to drop the Android beta.\r\n\r\n\r\n" +
      "Bo Chen: The security review must finish  before the launch in March.\r\n" +
      "  and the  budget is capped at 40k for the quarter.\r\n\r\n" +
      "Ann Lee: I will draft the customer email by Thursday — café ☕ included.\r\n";
    const file = path.join(dir, "crlf.txt");
    writeFileSync(file, `\uFEFF${text}`);
    const r = await sift([file, "--extractor", "offline", "--json"]);
    expect(r.code).toBe(0);
    const list = candidates(r.stdout);
    expect(list.map((c) => c.quote).join(" ")).toContain("drop the Android beta");
    expect(list.map((c) => c.quote).join(" ")).toContain("draft the customer email");
    for (const c of list) expect(text.slice(c.start!, c.end!)).toBe(c.quote);
  });

  it("gives start/end into a subtitle or chat file as given: markup, escapes, CRLF and a BOM stay", async () => {
    const vtt =
      "WEBVTT\r\n\r\n1\r\n00:00:01.000 --> 00:00:05.000\r\n<v Ann Lee>After a long debate we decided to " +
      "<b>drop</b> the Android &amp; iPad beta.</v>\r\n\r\n2\r\n00:00:05.500 --> 00:00:09.000\r\n" +
      "<v Bo Chen>I will draft the caf\u00e9 \u2615 email by Thursday.</v>\r\n";
    const chat = JSON.stringify([
      { speaker: "Ann Lee", text: 'We decided to drop the "Android" beta.\nThe budget must stay under 40k.' },
      { speaker: "Bo Chen", text: "I will draft the café email by Thursday ☕." },
    ]).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    for (const [name, text] of [
      ["markup.vtt", vtt],
      ["escapes.json", chat],
    ] as const) {
      const file = path.join(dir, name);
      writeFileSync(file, `\uFEFF${text}`);
      const r = await sift([file, "--extractor", "offline", "--json"]);
      expect(r.code).toBe(0);
      const list = candidates(r.stdout);
      expect(list.map((c) => c.content).join(" ")).toContain("drop the");
      expect(list.map((c) => c.content).join(" ")).toContain("draft the café");
      for (const c of list) expect(text.slice(c.start!, c.end!)).toBe(c.quote);
    }
  });

  it("defaults to offline when no model is configured", async () => {
    const r = await sift([vttFile]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("extractor offline");
  });

  it("says how many low-ranked sentences it left out under the floor, and the floor", async () => {
    const file = path.join(dir, "floor.txt");
    // Two facts and three vague remarks (lib/extraction/offline/floor.test.ts checks which fall under the floor).
    const remarks = [
      "Ann: We decided to drop the Android beta.",
      "Bo: The security review must finish before the launch in March.",
      "Bo: It was kind of a weird thing with the other stuff, I guess, maybe.",
      "Ann: That sounds like a lot of stuff and things for the people there.",
      "Bo: I think it might be sort of the case for some of the people somehow.",
    ];
    writeFileSync(file, `${remarks.join("\n")}\n`);
    const r = await sift([file]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/\(.*\b[1-9]\d* low-ranked sentences? left out \(below 0\.2\)\)/);
  });

  it("stores a correction made later in the meeting as one candidate, gated with the words it supersedes", async () => {
    const file = path.join(dir, "vat.txt");
    const earlier = "For EU visitors we show prices including VAT, and excluding VAT for everyone else.";
    writeFileSync(file, `Marcus: ${earlier}\nDana: Actually, let's just show prices excluding VAT for everyone.\n`);
    const r = await sift([file]);
    expect(r.code).toBe(0);
    const vat = candidates(r.stdout).filter((c) => /VAT/.test(c.content));
    expect(vat.map((c) => c.content)).toEqual(["The team will show prices excluding VAT for everyone."]);
    expect(vat[0]!.status).toBe("gated");
    expect(vat[0]!.gateReason).toContain(`Supersedes what was said earlier in this meeting: "${earlier}"`);
  });

  it("prints a readable listing with --no-json", async () => {
    const r = await sift([vttFile, "--no-json"]);
    expect(r.code).toBe(0);
    expect(() => JSON.parse(r.stdout)).toThrow();
    expect(r.stdout).toMatch(/^decision\s+0\.\d\d\s+.*Android beta/m);
    expect(r.stdout).toContain('Ann Lee: "');
  });
});

describe("sift extract errors", () => {
  it("reports a missing file, an empty file and a PDF with exit 1", async () => {
    const empty = path.join(dir, "empty.txt");
    writeFileSync(empty, "");
    const pdf = path.join(dir, "notes.pdf");
    writeFileSync(pdf, "%PDF-1.4\n");
    const missing = await sift([path.join(dir, "nope.vtt")]);
    const blank = await sift([empty]);
    const binary = await sift([pdf]);
    expect(missing).toMatchObject({ code: 1, stdout: "" });
    expect(missing.stderr).toMatch(/^sift extract: cannot read .*nope\.vtt: no such file/);
    expect(blank).toMatchObject({ code: 1, stdout: "" });
    expect(blank.stderr).toMatch(/^sift extract: The file is empty/);
    expect(binary).toMatchObject({ code: 1, stdout: "" });
    expect(binary.stderr).toMatch(/^sift extract: A \.pdf file cannot be read/);
  });

  it("refuses a file over SIFT_MAX_UPLOAD_BYTES", async () => {
    const r = await sift([vttFile], { env: { SIFT_MAX_UPLOAD_BYTES: "100" } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^sift extract: The file is .* the limit is/);
  });

  it("exits 2 with usage on bad arguments", async () => {
    for (const args of [
      [],
      [vttFile, "--extractor", "gpt"],
      [vttFile, "--date", "30/11/2026"],
      [vttFile, "--max-facts", "0"],
      [vttFile, "--bogus"],
    ]) {
      const r = await sift(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("Usage: sift extract FILE");
    }
  });

  it("exits 2 when --extractor llm has no model to call", async () => {
    const r = await sift([vttFile, "--extractor", "llm"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "sift extract: No model configured: set SIFT_LLM_MODEL and SIFT_LLM_BASE_URL or an API key\n",
    );
  });
});

describe("sift extract (llm)", () => {
  const llmEnv = (url: string, extra: Record<string, string> = {}) => ({
    SIFT_LLM_BASE_URL: url,
    SIFT_LLM_MODEL: "fake-model",
    ...extra,
  });

  it("returns the model's facts, grounded, and marks a fabricated quote unsupported", async () => {
    fake = await startFakeOpenAI();
    const args = [vttFile, "--extractor", "llm", "--hints", "project: billing v2", "--date", "2026-11-30"];
    const r = await sift(args, { env: llmEnv(fake.url) });
    expect(r.code).toBe(0);
    const list = candidates(r.stdout);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.userMessage).toContain("<context>\nproject: billing v2\n</context>");
    expect(fake.requests[0]!.userMessage).toContain("<source_date>\n2026-11-30");
    const supported = list.filter((c) => c.supported);
    expect(supported.map((c) => c.kind).sort()).toEqual(["action_item", "constraint", "decision"]);
    for (const c of supported) expect(c.quote).toBe(stored.text.slice(c.start!, c.end!));
    expect(list.find((c) => c.quote === FABRICATED_QUOTE)).toMatchObject({
      supported: false,
      start: null,
      end: null,
      status: "gated",
      gateReason: expect.stringMatching(/quote/i),
    });
    expect(r.stderr).toContain("extractor llm openai-compatible:fake-model");
    expect(r.stderr).toContain("(1 unsupported, 1 gated)");
  });

  it("maps what a lax model returns to the taxonomy, gates the guesses, and says what it refused", async () => {
    fake = await startFakeOpenAI();
    const text =
      "Ann: We decided to drop the Android beta.\nBo: Lee will draft the email.\n" +
      "Cy: The launch must wait. [[OFF_TAXONOMY]]\n";
    const r = await sift(["-"], { input: text, env: llmEnv(fake.url) });
    expect(r.code).toBe(0);
    const list = candidates(r.stdout);
    expect(list.map((c) => [c.kind, c.confidence]).sort()).toEqual([
      ["action_item", 0.85],
      ["context", 0.6],
      ["decision", 0.9],
    ]);
    expect(list.find((c) => c.kind === "context")).toMatchObject({
      status: "gated",
      gateReason: expect.stringContaining("Kind 'risk' is not in the taxonomy: filed as 'context'"),
    });
    expect(r.stderr).toContain("sift extract: warning: 1 item refused: content: ");
    expect(r.stderr).toMatch(/3 candidates \(.*1 refused\)/);
  });

  it("keeps the best-ranked facts of a runaway reply up to the cap and counts the rest as refused", async () => {
    fake = await startFakeOpenAI();
    const text = "Ann: We decided to drop the Android beta. [[RUNAWAY]]\n";
    const r = await sift(["-", "--json"], { input: text, env: llmEnv(fake.url) });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("250 items refused: over the cap of 50 facts per chunk");
  });

  it("uses the configured model when --extractor is not given", async () => {
    fake = await startFakeOpenAI();
    const r = await sift([vttFile], { env: llmEnv(fake.url) });
    expect(r.code).toBe(0);
    expect(fake.requests).toHaveLength(1);
    expect(candidates(r.stdout).some((c) => c.content.startsWith("Bo Chen said:"))).toBe(true);
  });

  it("keeps the candidates of a partial run, warns, and exits 0", async () => {
    fake = await startFakeOpenAI();
    const text = "Ann: We decided to drop the Android beta.\n\nBo: The review must finish first. [[FAIL 401]]\n";
    // A small chunk budget puts each speaker turn in its own chunk; 401 is not retried, so this is quick.
    const r = await sift(["-"], { input: text, env: llmEnv(fake.url, { SIFT_CHUNK_TOKENS: "12" }) });
    expect(r.code).toBe(0);
    expect(candidates(r.stdout).map((c) => c.quote)).toEqual(["We decided to drop the Android beta."]);
    expect(r.stderr).toMatch(/warning: 1 of 2 chunks failed .*credentials/);
  });

  it("waits out a rate limit, says so while it waits and after, and still prints the facts", async () => {
    fake = await startFakeOpenAI({
      respond: (request, n) => (n === 1 ? { status: 429, headers: { "retry-after": "1" } } : defaultReply(request)),
    });
    const r = await sift([vttFile, "--extractor", "llm"], { env: llmEnv(fake.url) });
    expect(r.code).toBe(0);
    expect(fake.requests).toHaveLength(2);
    expect(r.stderr).toContain("sift extract: waiting 1 s: the provider's rate limit\n");
    expect(r.stderr).toContain("waited 1 s for the provider's rate limit (1 × HTTP 429)");
    expect(candidates(r.stdout).some((c) => c.quote.includes("drop the Android beta"))).toBe(true);
  });

  it("exits 1 with 'timed out after N s' when the model never answers", async () => {
    fake = await startFakeOpenAI();
    const r = await sift(["-"], {
      input: "Ann: We decided to wait. [[HANG]]\n",
      env: llmEnv(fake.url, { SIFT_LLM_TIMEOUT_MS: "300" }),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("sift extract: the only chunk failed: The model timed out after 0.3 s (after 2 attempts)\n");
  });

  it("exits 1 when every chunk fails", async () => {
    fake = await startFakeOpenAI();
    const r = await sift(["-"], { input: "Ann: We decided to drop it. [[FAIL 401]]\n", env: llmEnv(fake.url) });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^sift extract: the only chunk failed: The model provider rejected the credentials/);
  });
});
