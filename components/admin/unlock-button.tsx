"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import { unlockSignInAction } from "@/app/admin/actions";
import { callAction } from "@/components/call-action";
import { Button } from "@/components/ui/button";

/** A user locked out by failed sign-ins: how long it lasts, and the admin's way to lift it now. */
export function UnlockButton({ email, name, minutes }: { email: string; name: string; minutes: number }) {
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  return (
    <span className="ml-2 inline-flex items-center gap-2">
      <span className="text-danger">locked ({minutes} min left)</span>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={`Unlock sign-in for ${name}`}
        onClick={() =>
          startTransition(async () => {
            const result = await callAction(() => unlockSignInAction({ email }));
            if (result.ok) toast.success(`${name} can sign in again.`);
            else toast.error(result.message);
            router.refresh();
          })
        }
      >
        Unlock
      </Button>
    </span>
  );
}
