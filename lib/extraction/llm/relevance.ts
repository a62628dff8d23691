import { buildIdf, stemOf } from "@/lib/matcher/lexical";
import { rawTokens } from "@/lib/matcher/tokens";
import { STOPWORDS } from "@/lib/text/stopwords";

/**
 * The items most about a chunk, for its prompt: the known facts it might repeat and the team's decided examples
 * like what it says. A chunk about pricing gets the pricing facts, not the latest sixteen. Scored by the rare
 * content words an item shares with the chunk (idf over the items, so a word every fact has counts little),
 * divided by the root of the item's length so a long item does not win by size alone.
 */
export function mostRelevant<T>(
  chunk: string,
  items: readonly T[],
  textOf: (item: T) => string,
  { limit, fill }: { limit: number; fill: boolean },
): T[] {
  if (limit <= 0 || items.length === 0) return [];
  const texts = items.map(textOf);
  const idf = buildIdf(texts);
  const inChunk = new Set(contentStems(chunk));
  const scored = texts.map((text, index) => {
    const stems = new Set(contentStems(text));
    let shared = 0;
    for (const s of stems) if (inChunk.has(s)) shared += idf.idf.get(s) ?? idf.unseen;
    return { index, score: stems.size > 0 ? shared / Math.sqrt(stems.size) : 0 };
  });
  // Ties keep the callers' order (known facts come most important first).
  const relevant = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.index - b.index);
  const picked = relevant.slice(0, limit).map((s) => s.index);
  // Known facts fill the rest in their own order: a chunk that shares no word still learns what is recorded.
  if (fill && picked.length < limit) {
    const taken = new Set(picked);
    for (let i = 0; i < items.length && picked.length < limit; i++) if (!taken.has(i)) picked.push(i);
  }
  return picked.map((i) => items[i] as T);
}

function contentStems(text: string): string[] {
  return rawTokens(text)
    .filter((t) => t.text.length > 1 && !STOPWORDS.has(t.text))
    .map((t) => stemOf(t.text));
}
