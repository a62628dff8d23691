/**
 * An open candidate's gate after its confidence changed (a new learned model serves, or reset to the shipped one):
 * only the low-confidence reason is the confidence's to add or take away. A candidate gated for anything else
 * stays gated with those reasons; one gated for low confidence alone opens; one open and now under the threshold
 * is gated, its other notes kept after the new reason.
 */
const SEPARATOR = "; ";
const LOW = "Low confidence (";

export function regate(
  stored: { status: "pending" | "gated"; gateReason: string | null },
  { confidence, minConfidence }: { confidence: number; minConfidence: number },
): { status: "pending" | "gated"; gateReason: string | null } {
  const reasons = stored.gateReason ? stored.gateReason.split(SEPARATOR) : [];
  const rest = reasons.filter((r) => !r.startsWith(LOW));
  const low = confidence < minConfidence ? [`${LOW}${confidence.toFixed(2)} < ${minConfidence.toFixed(2)})`] : [];
  if (stored.status === "gated") {
    // Low confidence goes last, as lib/matcher/gating.ts orders it: the weightier reasons lead.
    const keep = [...rest, ...low];
    return { status: keep.length > 0 ? "gated" : "pending", gateReason: keep.length > 0 ? keep.join(SEPARATOR) : null };
  }
  if (low.length === 0) return stored;
  return { status: "gated", gateReason: [...low, ...rest].join(SEPARATOR) };
}
