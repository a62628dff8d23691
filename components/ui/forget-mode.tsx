import type { ReactNode } from "react";
import type { ForgetMode } from "@/lib/facts/schema";

/** The choice a forget form offers: delete (first, the default) or archive, each saying plainly what it does. */
export function ForgetModeFields({
  legend,
  mode,
  onChange,
  deleting,
  archiving,
}: {
  legend: string;
  mode: ForgetMode;
  onChange: (mode: ForgetMode) => void;
  /** What deleting removes (after "Delete"). */
  deleting: ReactNode;
  /** What archiving keeps (after "Archive instead"). */
  archiving: ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-3 text-sm">
      <legend className="mb-1 font-medium">{legend}</legend>
      <label className="flex items-start gap-2">
        <input type="radio" name="mode" checked={mode === "delete"} onChange={() => onChange("delete")} />
        <span>{deleting}</span>
      </label>
      <label className="flex items-start gap-2">
        <input type="radio" name="mode" checked={mode === "archive"} onChange={() => onChange("archive")} />
        <span>{archiving}</span>
      </label>
    </fieldset>
  );
}
