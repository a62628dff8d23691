"use client";
import { KeyRound } from "lucide-react";
import type { SecretChoice } from "@/lib/facts/schema";

/**
 * A card that holds a credential is shown masked; approving it anyway takes a tick ("I know it holds a
 * secret"), and the fact stores it masked unless the reviewer also ticks "Keep the secret". The server refuses
 * an approval without the first tick (lib/facts/secret-choice.ts), so the keyboard's `a` cannot skip it.
 */
export function SecretAck({ value, onChange }: { value: SecretChoice; onChange: (choice: SecretChoice) => void }) {
  return (
    <fieldset className="mt-2 flex flex-col gap-1 rounded-md border border-danger/40 bg-danger/5 p-2 text-sm">
      <legend className="flex items-center gap-1 px-1 font-medium text-danger">
        <KeyRound className="size-4" aria-hidden /> Holds a credential (shown masked)
      </legend>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={value.acknowledgeSecret ?? false}
          onChange={(e) =>
            onChange({ acknowledgeSecret: e.target.checked, keepSecret: e.target.checked && value.keepSecret })
          }
        />
        I know this holds a secret: approve it, masked
      </label>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          disabled={!value.acknowledgeSecret}
          checked={value.keepSecret ?? false}
          onChange={(e) => onChange({ ...value, keepSecret: e.target.checked })}
        />
        Keep the secret unmasked in the fact
      </label>
    </fieldset>
  );
}
