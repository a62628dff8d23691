/** A candidate's place in its source text, as the source view marks it. */
export interface Span {
  id: string;
  start: number | null;
  end: number | null;
  status: string;
  content: string;
  kind: string;
  /** Where the span starts in the stored text, when the text shown is its view (lib/sources/view.ts). */
  anchor?: number | null;
}

/**
 * Cuts the text at the spans' edges: plain pieces and marked pieces, in order. Where spans overlap, the
 * earlier one keeps the shared text (one mark per character, so every mark is one link).
 */
export function pieces<S extends Span>(text: string, spans: S[]): Array<{ text: string; span?: S }> {
  const out: Array<{ text: string; span?: S }> = [];
  let at = 0;
  for (const span of spans) {
    if (span.start === null || span.end === null) continue;
    const start = Math.max(span.start, at);
    const end = Math.min(span.end, text.length);
    if (end <= start) continue;
    if (start > at) out.push({ text: text.slice(at, start) });
    out.push({ text: text.slice(start, end), span });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/** Where a turn sits in the stored text, as the source view needs it (a subset of a stored segment). */
export interface Turn {
  speaker: string | null;
  startMs: number | null;
  start: number;
}

export interface Piece<S extends Span> {
  text: string;
  span?: S;
  /** The first piece of its span: the one that carries the span's `#at-<start>` anchor. */
  first?: boolean;
  /** The "Name: " in front of a turn. */
  speaker?: boolean;
}

export interface Row<S extends Span> {
  startMs: number | null;
  pieces: Piece<S>[];
}

/**
 * The text as rows, one per turn (a row runs from the start of its turn's line to the next turn's line),
 * each with its turn's time and its pieces: a span that runs over two turns is marked in both rows.
 * Text before the first turn, or a text without turns, is a row without a time. No character is lost.
 */
export function rows<S extends Span>(text: string, turns: Turn[], spans: S[]): Array<Row<S>> {
  const starts: Array<{ at: number; startMs: number | null; speakerEnd: number }> = [];
  for (const turn of [...turns].sort((a, b) => a.start - b.start)) {
    // Plain text is stored as the user gave it: a line may end in CRLF or a lone CR.
    const at = Math.max(text.lastIndexOf("\n", turn.start - 1), text.lastIndexOf("\r", turn.start - 1)) + 1;
    if (starts.length && at <= starts[starts.length - 1]!.at) continue;
    // The label as the user wrote it: "Priya: ", "PRIYA (00:01:02): ", "**Priya:** ", "[14:02] Priya: ".
    const label = text.slice(at, turn.start);
    const isLabel = turn.speaker !== null && label.length <= 200 && label.includes(turn.speaker) && /[:：]/.test(label);
    const speakerEnd = isLabel ? turn.start : at;
    starts.push({ at, startMs: turn.startMs, speakerEnd });
  }
  if (!starts.length || starts[0]!.at > 0) starts.unshift({ at: 0, startMs: null, speakerEnd: 0 });

  const out: Array<Row<S>> = [];
  const seen = new Set<string>();
  let row = -1;
  let offset = 0;
  for (const piece of pieces(text, spans)) {
    let rest = piece.text;
    while (rest !== "") {
      while (row + 1 < starts.length && starts[row + 1]!.at <= offset) {
        row++;
        out.push({ startMs: starts[row]!.startMs, pieces: [] });
      }
      const next = row + 1 < starts.length ? starts[row + 1]!.at : text.length;
      const speakerEnd = starts[row]!.speakerEnd;
      const cut = offset < speakerEnd ? speakerEnd : next;
      const part = rest.slice(0, cut - offset);
      const onePiece: Piece<S> = { text: part };
      if (piece.span) {
        onePiece.span = piece.span;
        if (!seen.has(piece.span.id)) onePiece.first = true;
        seen.add(piece.span.id);
      } else if (offset < speakerEnd) {
        onePiece.speaker = true;
      }
      out[out.length - 1]!.pieces.push(onePiece);
      offset += part.length;
      rest = rest.slice(part.length);
    }
  }
  return out;
}
