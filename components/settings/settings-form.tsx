"use client";
import { useSyncExternalStore } from "react";
import { FormProvider, useForm, type FieldErrors } from "react-hook-form";
import { toast } from "sonner";
import { saveSettingsAction } from "@/app/settings/actions";
import { callAction } from "@/components/call-action";
import { ExtractionFields } from "@/components/settings/extraction-fields";
import { CheckField, NumberField } from "@/components/settings/fields";
import {
  errorsInFormOrder,
  FIELD_LABELS,
  flattenErrors,
  isShownField,
  settingsResolver,
  toFormValues,
  type SettingsFormValues,
} from "@/components/settings/form-values";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { Settings } from "@/lib/settings/schema";

/** Where a server fieldError goes: the server names a bad kind by index, the form has one text box for them all. */
function serverErrorTarget(path: string, message: string): { name: string; message: string } {
  const kind = /^customKinds\.(\d+)/.exec(path);
  if (kind) return { name: "customKinds", message: `Kind ${Number(kind[1]) + 1}: ${message}` };
  if (path.startsWith("customKinds")) return { name: "customKinds", message };
  return { name: path, message };
}

const noSubscription = () => () => {};

/** false in the server's HTML and while hydrating, true once React runs the form in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function SettingsForm({
  space,
  initial,
  defaultTemplate,
  presets,
}: {
  /** The space whose settings these are (its slug). */
  space: string;
  initial: Settings;
  defaultTemplate: string;
  presets: { id: string; label: string }[];
}) {
  const form = useForm<SettingsFormValues, unknown, Settings>({
    defaultValues: toFormValues(initial),
    resolver: settingsResolver,
  });
  const { handleSubmit, reset, setError, formState } = form;
  const { isDirty, isSubmitting, errors } = formState;
  const hydrated = useHydrated();

  async function save(settings: Settings) {
    const result = await callAction(() => saveSettingsAction({ ...settings, space }));
    if (result.ok) {
      // What the server stored (normalized kinds, "" template as null) becomes the baseline, so the form
      // shows exactly what is saved and has nothing left to save.
      reset(toFormValues(result.data));
      toast.success("Settings saved");
      return;
    }
    showServerErrors(result.fieldErrors ?? {});
    toast.error(result.message);
  }

  // The schema already ran in the browser, so these are rules only the server knows (or a client and
  // server that disagree); each still lands on its field when the form shows one.
  function showServerErrors(fieldErrors: Record<string, string[]>) {
    const elsewhere: string[] = [];
    let shouldFocus = true;
    for (const [path, messages] of Object.entries(fieldErrors)) {
      const target = serverErrorTarget(path, messages.join(" "));
      if (isShownField(target.name)) {
        setError(target.name, { type: "server", message: target.message }, { shouldFocus });
        shouldFocus = false;
      } else {
        elsewhere.push(path === "_" ? target.message : `${path}: ${target.message}`);
      }
    }
    if (elsewhere.length) setError("root.server", { type: "server", message: elsewhere.join(" ") });
  }

  function onInvalid(invalid: FieldErrors<SettingsFormValues>) {
    const first = errorsInFormOrder(invalid)[0];
    if (!first) return;
    const label = isShownField(first.path) ? FIELD_LABELS[first.path] : first.path;
    toast.error(`${label}: ${first.message}`);
  }

  const submit = handleSubmit(save, onInvalid);
  const canSave = isDirty && !isSubmitting;
  // Errors on settings this form does not show (or on no field at all) would otherwise block Save silently.
  const otherErrors = flattenErrors(errors)
    .filter((e) => !isShownField(e.path))
    .map((e) => (e.path === "root.server" ? e.message : `${e.path}: ${e.message}`));

  return (
    <FormProvider {...form}>
      <form
        aria-label="Settings"
        // The schema gives every message under its field; the browser's own bubbles would pre-empt it.
        noValidate
        onSubmit={(e) => (canSave ? submit(e) : e.preventDefault())}
      >
        {/* Until hydration the fields are plain HTML: typing would be overwritten when react-hook-form takes
            them over, and Save would submit the page as a GET. */}
        <fieldset disabled={!hydrated} aria-busy={!hydrated} className="flex min-w-0 flex-col gap-6">
          <Card className="grid gap-4 sm:grid-cols-2">
            <h2 className="text-lg font-semibold sm:col-span-2">Review gates</h2>
            <NumberField id="minConfidence" name="gates.minConfidence" />
            <div className="flex flex-col justify-end gap-2">
              <CheckField id="gateUnsupported" name="gates.gateUnsupported" />
              <CheckField id="gateContradictions" name="gates.gateContradictions" />
            </div>
            <div className="flex flex-col gap-2">
              <CheckField id="autoApprove" name="gates.autoApprove.enabled" />
              <CheckField id="autoMerge" name="gates.autoMergeExactDuplicates" />
              <CheckField id="autoRejectRepeats" name="gates.autoRejectRepeats" />
            </div>
            <NumberField id="autoApproveMin" name="gates.autoApprove.minConfidence" />
          </Card>
          <Card className="grid gap-4 sm:grid-cols-3">
            <h2 className="text-lg font-semibold sm:col-span-3">Matcher thresholds</h2>
            {/* "related must be below duplicate" sits on related; editing either side re-checks it. */}
            <NumberField id="thDuplicate" name="thresholds.duplicate" deps={["thresholds.related"]} />
            <NumberField id="thRelated" name="thresholds.related" />
            <NumberField id="thContradicts" name="thresholds.contradicts" />
          </Card>
          <ExtractionFields defaultTemplate={defaultTemplate} presets={presets} />
          <Card className="flex flex-col gap-2">
            <h2 className="text-lg font-semibold">Review</h2>
            <CheckField id="keyboardShortcuts" name="keyboardShortcuts" />
            <p className="text-xs text-muted-foreground">
              Off, the queue is worked with Tab and the buttons, and no single key acts on its own.
            </p>
            <CheckField id="learningEnabled" name="learning.enabled" />
            <CheckField id="learningAutoApprove" name="learning.autoApprove" />
          </Card>
          {otherErrors.length ? (
            <div role="alert" className="rounded-md border border-danger px-3 py-2 text-sm text-danger">
              <p className="font-medium">Not saved:</p>
              <ul className="list-disc pl-5">
                {otherErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="flex items-center gap-3">
            {/* aria-disabled rather than disabled: the button keeps keyboard focus when a save completes. */}
            <Button
              type="submit"
              aria-disabled={!canSave}
              aria-describedby="settings-save-state"
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            >
              {isSubmitting ? "Saving…" : "Save settings"}
            </Button>
            <span id="settings-save-state" className="text-xs text-muted-foreground">
              {isSubmitting ? "" : isDirty ? "Unsaved changes" : "No changes to save"}
            </span>
          </div>
        </fieldset>
      </form>
    </FormProvider>
  );
}
