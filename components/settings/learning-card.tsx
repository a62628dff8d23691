"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import { resetLearningAction } from "@/app/settings/actions";
import { callAction } from "@/components/call-action";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { LearningSummary } from "@/lib/learning/model";

const fmt = (v: number | null) => (v === null || Number.isNaN(v) ? "—" : v.toFixed(3));

/** What the learned confidence learned from, how it did on the team's newest decisions, and the way back. */
export function LearningCard({ summary }: { summary: LearningSummary }) {
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  const s = summary.serving;
  return (
    <Card className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">Learned confidence</h2>
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
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || !s}
          onClick={() =>
            startTransition(async () => {
              const result = await callAction(() => resetLearningAction({}));
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
