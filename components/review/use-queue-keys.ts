import { useEffect, useLayoutEffect, useRef } from "react";
import { takeEarlyKeys, type QueueKey } from "@/components/review/early-keys";

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

function isCard(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.dataset.testid === "candidate";
}

/**
 * The queue's single-key shortcuts: one listener on the document, so a key is read in the order it was
 * pressed and handed to `handle` at once (which binds it to the card selected then). The keys noted before
 * the page was interactive (early-keys.ts) are handled first, in order. Keys with Ctrl, Alt or Meta, and
 * keys a component already handled (its own Escape, Enter), are left alone. `handle` says whether it used
 * the key, and only then is the browser's default (scrolling on an arrow, say) prevented.
 */
export function useQueueKeys(enabled: boolean, handle: (key: QueueKey) => boolean) {
  const latest = useRef(handle);
  useLayoutEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    if (!enabled) {
      takeEarlyKeys();
      return;
    }
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      const key = { key: e.key, shiftKey: e.shiftKey, typing: isTyping(e.target), onCard: isCard(e.target) };
      if (latest.current(key)) e.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    for (const key of takeEarlyKeys()) latest.current(key);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
