"use client";
import { RotateCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import { retryRunAction } from "@/app/ingest/actions";
import { Button } from "@/components/ui/button";
import { callAction } from "@/components/call-action";

export function RetryButton({ runId, onRetried }: { runId: string; onRetried?: () => void }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          const result = await callAction(() => retryRunAction({ runId }));
          if (result.ok) {
            toast.success("Retrying the chunks that did not finish");
            onRetried?.();
            router.refresh();
          } else toast.error(result.message);
        })
      }
    >
      <RotateCw aria-hidden /> Retry
    </Button>
  );
}
