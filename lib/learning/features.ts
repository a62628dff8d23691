/**
 * What the learned model reads of a candidate besides the shipped confidence: a bag of its words and word pairs
 * (content and quote apart), its speaker, kind and source type. Each feature is named, not hashed: the model keeps
 * only features seen in enough decisions (model.ts), so there are no collisions and the queue's reason can name
 * the feature it rests on ("you approved 9 of 10 of kind decision").
 */
export interface LearningInput {
  content: string;
  quote: string;
  kind: string;
  speaker: string | null;
  sourceFormat: string;
}

// Short function words carry no team signal and would crowd the bag.
const STOP = new Set(
  (
    "a an and are as at be but by for from has have i in is it its of on or so that the their they this to was " +
    "we were will with you"
  ).split(" "),
);

function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9][a-z0-9']*/g) ?? []).filter((w) => !STOP.has(w) && w.length > 1);
}

/** The candidate's features, each once (presence, not counts: a long quote does not outvote a short one). */
export function featuresOf(c: LearningInput): string[] {
  const out = new Set<string>();
  const bag = (prefix: string, text: string) => {
    const ws = words(text);
    ws.forEach((w, i) => {
      out.add(`${prefix}:${w}`);
      if (i > 0) out.add(`${prefix}:${ws[i - 1]} ${w}`);
    });
  };
  bag("w", c.content);
  bag("q", c.quote);
  out.add(`kind:${c.kind}`);
  out.add(`speaker:${(c.speaker ?? "").trim().toLowerCase() || "none"}`);
  out.add(`source:${c.sourceFormat}`);
  return [...out];
}

/** How a feature reads in a reason on the card. */
export function describeFeature(feature: string): string {
  const at = feature.indexOf(":");
  const [type, value] = [feature.slice(0, at), feature.slice(at + 1)];
  switch (type) {
    case "kind":
      return `of kind ${value}`;
    case "speaker":
      // Features are lower-cased to count "Priya" and "priya" as one speaker; a name reads capitalized.
      return value === "none"
        ? "with no speaker"
        : `from ${value.replace(/(^|[\s-])\p{Ll}/gu, (c) => c.toUpperCase())}`;
    case "source":
      return `from ${value} sources`;
    case "q":
      return `quoting "${value}"`;
    default:
      return `saying "${value}"`;
  }
}
