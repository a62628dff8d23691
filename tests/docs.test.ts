import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvSchema } from "@/lib/env";
import { FORMAT_TABLE } from "@/lib/sources/formats";

// The README is a user's page; the rest lives in docs/. These keep it short and every link between them true.
const root = path.resolve(import.meta.dirname, "..");
const pages = ["README.md", "ARCHITECTURE.md", ...fs.readdirSync(path.join(root, "docs")).map((f) => `docs/${f}`)];

const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** Markdown outside fenced code blocks, where a link is a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, "");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchors(file: string): Set<string> {
  const headings = prose(read(file)).match(/^#{1,6} .+$/gm) ?? [];
  return new Set(headings.map((h) => slug(h.replace(/^#+ /, "").replace(/`/g, ""))));
}

/** Relative links of a page, as [file it points at, anchor or ""]. */
function links(file: string): { target: string; anchor: string; raw: string }[] {
  const found = [...prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? "");
  return found
    .filter((href) => !/^[a-z]+:/i.test(href))
    .map((href) => {
      const [target = "", anchor = ""] = href.split("#");
      return { target: target === "" ? file : path.posix.join(path.posix.dirname(file), target), anchor, raw: href };
    });
}

describe("the README", () => {
  it("is a user's page of at most 200 lines", () => {
    expect(read("README.md").split("\n").length).toBeLessThanOrEqual(200);
  });

  it("lists every source format with each of its extensions, as lib/sources/formats.ts has them", () => {
    const ingest = /^### Ingest$([\s\S]*?)^#/m.exec(read("README.md"))?.[1] ?? "";
    const rows = ingest.split("\n").filter((line) => /^\| [^|]+ \| `\./.test(line));
    const listed = rows.map((row) => [...row.split("|")[2]!.matchAll(/`\.([a-z]+)`/g)].map((m) => m[1]));
    expect(listed).toEqual(FORMAT_TABLE.map((f) => [...f.extensions]));
  });

  it("links every page of docs/", () => {
    const linked = new Set(links("README.md").map((l) => l.target));
    expect(pages.filter((p) => p.startsWith("docs/") && !linked.has(p))).toEqual([]);
  });
});

describe("docs/configuration.md", () => {
  it("has a row for every environment variable the server reads", () => {
    const rows = read("docs/configuration.md")
      .split("\n")
      .filter((line) => line.startsWith("| `"))
      .map((line) => line.split("|")[1] ?? "");
    const documented = new Set(rows.flatMap((cell) => [...cell.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1])));
    expect(Object.keys(EnvSchema.shape).filter((name) => !documented.has(name))).toEqual([]);
  });
});

describe("links between README, ARCHITECTURE.md and docs/", () => {
  it.each(pages)("%s links only to files and headings that exist", (file) => {
    const broken = links(file).filter(({ target, anchor }) => {
      if (!fs.existsSync(path.join(root, target))) return true;
      return anchor !== "" && target.endsWith(".md") && !anchors(target).has(anchor);
    });
    expect(broken.map((l) => l.raw)).toEqual([]);
  });
});
