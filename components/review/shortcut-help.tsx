"use client";
import { Dialog } from "radix-ui";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

const SHORTCUTS: Array<[string, string]> = [
  ["j or ↓", "Next card"],
  ["k or ↑", "Previous card"],
  ["a, or Enter on a card", "Approve (a cluster: all its candidates, as one fact)"],
  ["e", "Edit, then approve (Ctrl+Enter saves, Escape cancels)"],
  ["r", "Reject, with a reason (Enter takes the first, the arrow keys move between them)"],
  ["m", "Merge into the fact it duplicates"],
  ["s", "Approve and supersede the fact it contradicts"],
  ["1 – 9", "Approve with the n-th kind of the list below"],
  ["x", "Select the card for a bulk action (shift-click a checkbox selects a range)"],
  ["u", "Undo the last decision (for 10 seconds; later, from the candidate's history)"],
  ["f", "One card at a time, large, or back to the list"],
  ["o", "Show the lower-ranked cards folded under the top ones"],
  ["?", "This list"],
];

/** Every shortcut of the queue, and the kinds 1–9 stand for. Escape closes it. */
export function ShortcutHelp({
  open,
  onOpenChange,
  kinds,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kinds: Array<{ id: string; label: string }>;
  /** Where the focus goes back to: the dialog has no trigger button to return it to. */
  onClosed: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 bg-black/30" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onClosed();
          }}
          className={cn(
            "fixed left-1/2 top-1/2 max-h-[90vh] w-[min(36rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto",
            "rounded-lg bg-white p-6 shadow-lg",
          )}
        >
          <Dialog.Title className="text-lg font-semibold">Keyboard shortcuts</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            They act on the highlighted card, at once: keys pressed while earlier decisions save are kept, in order,
            each for the card it was pressed on. Settings can switch them off.
          </Dialog.Description>
          <table className="mt-4 w-full text-sm">
            <tbody>
              {SHORTCUTS.map(([key, what]) => (
                <tr key={key} className="border-b border-border last:border-0">
                  <th scope="row" className="py-1.5 pr-4 text-left font-mono font-normal">
                    {key}
                  </th>
                  <td className="py-1.5">{what}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-sm">
            <span className="font-medium">Kinds: </span>
            {kinds
              .slice(0, 9)
              .map((k, i) => `${i + 1} ${k.label}`)
              .join(" · ")}
          </p>
          <Dialog.Close asChild>
            <Button className="mt-4" variant="outline">
              Close
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
