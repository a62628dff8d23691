"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import { resetLearningAction } from "@/app/settings/actions";
import { callAction } from "@/components/call-action";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { LearningSummary } from "@/lib/learning/model";
import type { CutoffSummary } from "@/lib/learning/threshold";

const fmt = (v: number | null) => (v === null || Number.isNaN(v) ? "—" : v.toFixed(3));

/** What the space's learned confidence learned from, how it did on the team's newest decisions, and the way back. */
export function LearningCard({
  space,
  summary,
  cutoff,
}: {
  /** The space whose learning this is (its slug). */
  space: string;
  summary: LearningSummary;
  cutoff: CutoffSummary | null;
}) {
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  const s = summary.serving;
  return (
    <Card className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">Learning from your decisions</h2>
      {s ? (
        <p className="text-sm">
          Serving since {new Date(s.servingSince).toLocaleDateString("en")}: learned from {s.decisions} decisions taken
          since {new Date(s.since).toLocaleDateString("en")}. On the {s.holdout ?? 0} newest decisions it had not seen:
          log-loss {fmt(s.logLoss)}, AUC {fmt(s.auc)}, ECE {fmt(s.ece)}.
        </p>
      ) : (
        <p className="text-sm">
          The shipped confidence serves: no learned model has beaten it on this team&apos;s decisions yet (
          {summary.attempts} tried).
        </p>
      )}
      <p className="text-sm">
        {cutoff ? (
          <>
            Duplicate cut-off: learned {cutoff.learned.toFixed(2)} (Settings {cutoff.configured.toFixed(2)}) since{" "}
            {new Date(cutoff.servingSince).toLocaleDateString("en")}, from {cutoff.pairs} judged pairs: you kept{" "}
            {cutoff.keptApart} suggested duplicates apart and merged {cutoff.mergedRelated} pairs called related. A
            guard (another date, amount, owner, a negation) is never crossed.
          </>
        ) : (
          <>
            The duplicate cut-off is Settings&apos; own: no learned one has beaten it on this team&apos;s decisions yet.
          </>
        )}
      </p>
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || (!s && !cutoff)}
          onClick={() =>
            startTransition(async () => {
              const result = await callAction(() => resetLearningAction({ space }));
              if (result.ok) toast.success("Back to the shipped confidence.");
              else toast.error(result.message);
              router.refresh();
            })
          }
        >
          Reset to the shipped model
        </Button>
      </div>
    </Card>
  );
}
