/**
 * Keys pressed before the queue's script has loaded. The page carries a few lines of inline script
 * (EARLY_KEYS_SCRIPT, run as soon as the browser reads it, long before React hydrates the cards) that
 * note each shortcut key; the queue takes them once it is interactive and applies them in order, so the
 * first `?` or `a` after a page load is never lost.
 */

/** A key as the queue reads it, from a live event or from the early buffer. */
export interface QueueKey {
  key: string;
  shiftKey: boolean;
  /** Pressed while a form field had the focus (the field's, not the queue's). */
  typing: boolean;
  /** Pressed on a card itself (Enter approves only there). */
  onCard: boolean;
}

declare global {
  interface Window {
    __siftEarlyKeys?: { stop: () => QueueKey[] };
  }
}

// Plain ES5 (it runs before any bundle): no const, no arrow functions. Only single characters and the
// arrows are noted; keys with Ctrl, Alt or Meta belong to the browser.
export const EARLY_KEYS_SCRIPT = `(function () {
  if (window.__siftEarlyKeys) return;
  var keys = [];
  function typing(t) { return !!t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)); }
  function note(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
    if (e.key.length !== 1 && e.key !== "Enter" && e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    var t = e.target;
    var onCard = !!t && !!t.getAttribute && t.getAttribute("data-testid") === "candidate";
    if (e.key === "Enter" && !onCard) return;
    keys.push({ key: e.key, shiftKey: e.shiftKey, typing: typing(t), onCard: onCard });
    if (!typing(t) && e.key !== "Enter") e.preventDefault();
  }
  document.addEventListener("keydown", note, true);
  window.__siftEarlyKeys = {
    stop: function () { document.removeEventListener("keydown", note, true); return keys.splice(0); }
  };
})();`;

/** Stops the early buffer and hands over what it noted (nothing on a page that had no buffer). */
export function takeEarlyKeys(): QueueKey[] {
  return window.__siftEarlyKeys?.stop() ?? [];
}
