import { diffWords } from "diff";

/** Words added plus words removed on the way from `before` to `after`: how much a reviewer's edit changed. */
export function changedWords(before: string, after: string): number {
  let changed = 0;
  for (const part of diffWords(before, after)) {
    if (part.added || part.removed) changed += part.value.split(/\s+/).filter((w) => w.length > 0).length;
  }
  return changed;
}
