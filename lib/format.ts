/**
 * Display formatting shared by server code and client components: no Node or framework imports.
 *
 * Sizes are always given in MB of 1,048,576 bytes (the default 5,242,880-byte upload limit reads "5 MB"),
 * never switching to kB or GB, so a size and a limit in one message compare at a glance. One decimal
 * from 1 MB up ("12.4 MB"), two significant digits below ("0.095 MB"), trailing zeros dropped.
 */
const MEGABYTE = 1024 * 1024;

const megabytes = (roundingMode: "halfExpand" | "ceil") =>
  new Intl.NumberFormat("en", {
    style: "unit",
    unit: "megabyte",
    maximumFractionDigits: 1,
    maximumSignificantDigits: 2,
    roundingPriority: "morePrecision",
    roundingMode,
  });

const nearest = megabytes("halfExpand");
const upward = megabytes("ceil");

/**
 * "5 MB", "12.4 MB", "0.095 MB". With `roundUp`, a size just over a limit never reads as the limit itself
 * (5 MB + 10 bytes is "5.1 MB", not "5 MB"): use it for the size being refused.
 */
export function formatMegabytes(bytes: number, options: { roundUp?: boolean } = {}): string {
  return (options.roundUp ? upward : nearest).format(bytes / MEGABYTE);
}

/** "The pasted text is 10 MB; the limit is 5 MB." — the one wording of a size refusal, client and server. */
export function tooLargeMessage(subject: string, bytes: number, maxBytes: number): string {
  return `${subject} is ${formatMegabytes(bytes, { roundUp: true })}; the limit is ${formatMegabytes(maxBytes)}.`;
}

/** "00:12:34" from milliseconds into the recording. */
export function formatOffset(ms: number): string {
  const s = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * "1,234 in / 567 out tokens · $0.0123" for a model run; "" when no tokens were counted (offline). Cached prompt
 * tokens and embedding tokens are named when there were any, and "(estimated)" follows when some of the counts are
 * ours, for requests the provider billed without reporting them (docs/configuration.md, "Tokens and cost").
 */
export function formatRunUsage(run: {
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens?: number | null;
  embeddingTokens?: number | null;
  usageEstimated?: boolean;
  costUsd?: number | null;
}): string {
  if (run.inputTokens == null) return "";
  const count = new Intl.NumberFormat("en");
  const parts = [
    `${count.format(run.inputTokens)} in`,
    ...(run.cacheReadTokens ? [`${count.format(run.cacheReadTokens)} of them cached`] : []),
  ];
  const embedded = run.embeddingTokens ? `, ${count.format(run.embeddingTokens)} embedded` : "";
  const estimated = run.usageEstimated ? " (estimated)" : "";
  const tokens = `${parts.join(", ")} / ${count.format(run.outputTokens ?? 0)} out tokens${embedded}`;
  if (run.costUsd == null) return `${tokens}${estimated}`;
  const cost = new Intl.NumberFormat("en", {
    style: "currency",
    currency: "USD",
    maximumSignificantDigits: 2,
    minimumFractionDigits: 2,
    roundingPriority: "morePrecision",
  }).format(run.costUsd);
  return `${tokens} · ${cost}${estimated}`;
}
