import { cn } from "@/lib/utils";

/** A shortcut's key shown inside the control it presses, when shortcuts are on; hidden from screen readers. */
export function ShortcutKey({ keyName, show, className }: { keyName: string; show: boolean; className?: string }) {
  if (!show) return null;
  return (
    <kbd className={cn("rounded border border-current/30 px-1 font-mono text-xs", className)} aria-hidden>
      {keyName}
    </kbd>
  );
}
