"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useHotkeys } from "react-hotkeys-hook";
import { toast } from "sonner";
import { approveCandidateAction, rejectCandidateAction } from "@/app/review/actions";
import { CandidateCard } from "@/components/review/candidate-card";
import type { ReviewItem } from "@/components/review/types";
import { EmptyState } from "@/components/ui/card";

export function ReviewQueue({ items, emptyTitle }: { items: ReviewItem[]; emptyTitle: string }) {
  const router = useRouter();
  const [done, setDone] = useState<Set<string>>(new Set());
  const [busyId, setBusyId] = useState<string | null>(null);
  const [selectedIndex, setSelectedIndex] = useState(0);
  const [, startTransition] = useTransition();

  const visible = items.filter((item) => !done.has(item.id));
  const selected = visible[Math.min(selectedIndex, visible.length - 1)];

  function decide(item: ReviewItem, decision: "approve" | "reject") {
    if (busyId) return; // one decision in flight at a time: a double press must not decide twice
    setBusyId(item.id);
    startTransition(async () => {
      const result =
        decision === "approve"
          ? await approveCandidateAction({ candidateId: item.id })
          : await rejectCandidateAction({ candidateId: item.id });
      setBusyId(null);
      if (result.ok) {
        setDone((prev) => new Set(prev).add(item.id));
        toast.success(decision === "approve" ? "Approved — added to Facts" : "Rejected");
        router.refresh();
      } else {
        toast.error(result.message);
        if (result.code === "CONFLICT" || result.code === "NOT_FOUND") {
          setDone((prev) => new Set(prev).add(item.id));
          router.refresh();
        }
      }
    });
  }

  const move = (delta: number) =>
    setSelectedIndex((i) => Math.max(0, Math.min(visible.length - 1, Math.min(i, visible.length - 1) + delta)));
  useHotkeys("j,down", () => move(1), { preventDefault: true }, [visible.length]);
  useHotkeys("k,up", () => move(-1), { preventDefault: true }, [visible.length]);
  useHotkeys("a", () => selected && decide(selected, "approve"), [selected, busyId]);
  useHotkeys("r", () => selected && decide(selected, "reject"), [selected, busyId]);

  if (visible.length === 0) return <EmptyState title={emptyTitle}>Paste a transcript on the Ingest page to get candidates.</EmptyState>;

  return (
    <>
      <p className="mb-3 text-xs text-muted-foreground">
        Keys: <kbd className="rounded border px-1">j</kbd>/<kbd className="rounded border px-1">k</kbd> move ·{" "}
        <kbd className="rounded border px-1">a</kbd> approve · <kbd className="rounded border px-1">r</kbd> reject
      </p>
      <ul className="flex flex-col gap-3" aria-label="Candidates">
        {visible.map((item, index) => (
          <CandidateCard
            key={item.id}
            item={item}
            selected={item.id === selected?.id}
            busy={busyId !== null}
            onSelect={() => setSelectedIndex(index)}
            onApprove={() => decide(item, "approve")}
            onReject={() => decide(item, "reject")}
          />
        ))}
      </ul>
    </>
  );
}
