"use client";
import { Undo2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import { undoDecisionAction } from "@/app/review/actions";
import { callAction } from "@/components/call-action";
import { Button } from "@/components/ui/button";

/** Undoes a candidate's last decision from its history; the page then shows it open again. */
export function UndoButton({ candidateId, label }: { candidateId: string; label: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          const result = await callAction(() => undoDecisionAction({ candidateId }));
          if (result.ok) toast.success("Undone: the candidate is back in the queue");
          else toast.error(result.message);
          router.refresh();
        })
      }
    >
      <Undo2 aria-hidden /> {label}
    </Button>
  );
}
