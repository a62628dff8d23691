"use client";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { saveSettingsAction } from "@/app/settings/actions";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Settings } from "@/lib/settings/schema";
import { formatTaxonomyText, parseTaxonomyText } from "@/lib/settings/taxonomy-text";
import { callAction } from "@/components/call-action";

function NumberField({
  id,
  label,
  value,
  onChange,
  step = "any",
  min = 0,
  max = 1,
  error,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (v: number) => void;
  step?: number | "any";
  min?: number;
  max?: number;
  error?: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        step={step}
        min={min}
        max={max}
        value={Number.isFinite(value) ? value : ""}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.valueAsNumber)}
      />
      {error ? <p className="text-xs text-danger">{error}</p> : null}
    </div>
  );
}

function Check({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-[var(--color-primary)]"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

export function SettingsForm({
  initial,
  defaultTemplate,
  presets,
}: {
  initial: Settings;
  defaultTemplate: string;
  presets: { id: string; label: string }[];
}) {
  const [s, setS] = useState<Settings>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, startTransition] = useTransition();
  const [kindsText, setKindsText] = useState(initial.customKinds ? formatTaxonomyText(initial.customKinds) : "");
  const [kindsError, setKindsError] = useState<string | null>(null);
  const th = (k: keyof Settings["thresholds"]) => (v: number) =>
    setS({ ...s, thresholds: { ...s.thresholds, [k]: v } });
  const gate = (patch: Partial<Settings["gates"]>) => setS({ ...s, gates: { ...s.gates, ...patch } });
  const err = (path: string) => errors[path]?.[0];

  function save() {
    let customKinds: Settings["customKinds"] = null;
    if (kindsText.trim()) {
      const parsed = parseTaxonomyText(kindsText);
      if (!parsed.ok) {
        setKindsError(parsed.error);
        toast.error(`Custom kinds: ${parsed.error}`);
        return;
      }
      customKinds = parsed.kinds;
    }
    setKindsError(null);
    startTransition(async () => {
      const result = await callAction(() => saveSettingsAction({ ...s, customKinds }));
      if (result.ok) {
        setErrors({});
        setS(result.data);
        toast.success("Settings saved");
      } else {
        setErrors(result.fieldErrors ?? {});
        toast.error(result.message);
      }
    });
  }

  return (
    <form className="flex flex-col gap-6" aria-label="Settings" onSubmit={(e) => (e.preventDefault(), save())}>
      <Card className="grid gap-4 sm:grid-cols-2">
        <h2 className="text-lg font-semibold sm:col-span-2">Review gates</h2>
        <NumberField
          id="minConfidence"
          label="Gate below confidence"
          value={s.gates.minConfidence}
          onChange={(v) => gate({ minConfidence: v })}
          error={err("gates.minConfidence")}
        />
        <div className="flex flex-col justify-end gap-2">
          <Check
            id="gateUnsupported"
            label="Gate quotes not found in the source"
            checked={s.gates.gateUnsupported}
            onChange={(v) => gate({ gateUnsupported: v })}
          />
          <Check
            id="gateContradictions"
            label="Gate contradictions of approved facts"
            checked={s.gates.gateContradictions}
            onChange={(v) => gate({ gateContradictions: v })}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Check
            id="autoApprove"
            label="Auto-approve supported, new, non-conflicting candidates"
            checked={s.gates.autoApprove.enabled}
            onChange={(v) => gate({ autoApprove: { ...s.gates.autoApprove, enabled: v } })}
          />
          <Check
            id="autoMerge"
            label="Auto-merge exact duplicates into the existing fact"
            checked={s.gates.autoMergeExactDuplicates}
            onChange={(v) => gate({ autoMergeExactDuplicates: v })}
          />
        </div>
        <NumberField
          id="autoApproveMin"
          label="Auto-approve from confidence"
          value={s.gates.autoApprove.minConfidence}
          onChange={(v) => gate({ autoApprove: { ...s.gates.autoApprove, minConfidence: v } })}
          error={err("gates.autoApprove.minConfidence")}
        />
      </Card>
      <Card className="grid gap-4 sm:grid-cols-3">
        <h2 className="text-lg font-semibold sm:col-span-3">Matcher thresholds</h2>
        <NumberField
          id="thDuplicate"
          label="Duplicate at score ≥"
          value={s.thresholds.duplicate}
          onChange={th("duplicate")}
          error={err("thresholds.duplicate")}
        />
        <NumberField
          id="thRelated"
          label="Related at score ≥"
          value={s.thresholds.related}
          onChange={th("related")}
          error={err("thresholds.related")}
        />
        <NumberField
          id="thContradicts"
          label="Contradiction: rest similar ≥"
          value={s.thresholds.contradicts}
          onChange={th("contradicts")}
          error={err("thresholds.contradicts")}
        />
      </Card>
      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">Extraction</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="defaultPreset">Default preset</Label>
            <select
              id="defaultPreset"
              className="h-9 rounded-md border border-border bg-white px-3 text-sm"
              value={s.defaultPreset}
              onChange={(e) => setS({ ...s, defaultPreset: e.target.value as Settings["defaultPreset"] })}
            >
              {presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
              <option value="custom">Custom</option>
            </select>
            {err("defaultPreset") ? <p className="text-xs text-danger">{err("defaultPreset")}</p> : null}
          </div>
          <NumberField
            id="knownFactsLimit"
            label="Known facts sent to the model"
            value={s.knownFactsLimit}
            step={1}
            max={100}
            onChange={(v) => setS({ ...s, knownFactsLimit: v })}
            error={err("knownFactsLimit")}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="customKinds">Custom kinds</Label>
          <p className="text-xs text-muted-foreground">
            One kind a line, as <code>id: definition</code>. They form the Custom preset; the definitions go into the
            prompt.
          </p>
          <Textarea
            id="customKinds"
            rows={4}
            className="text-xs"
            value={kindsText}
            placeholder={
              "risk: Something that could make the project fail\nopen_question: A question nobody answered yet"
            }
            aria-invalid={kindsError ? true : undefined}
            onChange={(e) => setKindsText(e.target.value)}
          />
          {kindsError ? <p className="text-xs text-danger">{kindsError}</p> : null}
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between">
            <Label htmlFor="promptTemplate">LLM prompt template</Label>
            <span className="text-xs text-muted-foreground">
              {s.promptTemplate ? "Custom (its version is stored on each run)" : "Built-in template"}
            </span>
          </div>
          <Textarea
            id="promptTemplate"
            rows={12}
            className="text-xs"
            value={s.promptTemplate ?? defaultTemplate}
            aria-invalid={err("promptTemplate") ? true : undefined}
            onChange={(e) => setS({ ...s, promptTemplate: e.target.value === defaultTemplate ? null : e.target.value })}
          />
          {err("promptTemplate") ? <p className="text-xs text-danger">{err("promptTemplate")}</p> : null}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="self-start"
            onClick={() => setS({ ...s, promptTemplate: null })}
          >
            Reset to the built-in template
          </Button>
        </div>
      </Card>
      <Button type="submit" disabled={pending} className="self-start">
        {pending ? "Saving…" : "Save settings"}
      </Button>
    </form>
  );
}
