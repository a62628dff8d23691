export interface Line {
  /** The line without its line end. */
  text: string;
  start: number;
  end: number;
}

/** Lines of `text` from `from` on, with offsets; CRLF, LF and a lone CR all end a line, and none is part of it. */
export function splitLines(text: string, from = 0): Line[] {
  const out: Line[] = [];
  let start = from;
  const ends = /\r\n|\r|\n/g;
  ends.lastIndex = from;
  for (let m = ends.exec(text); m !== null; m = ends.exec(text)) {
    out.push({ text: text.slice(start, m.index), start, end: m.index });
    start = m.index + m[0].length;
  }
  out.push({ text: text.slice(start), start, end: text.length });
  return out;
}
