"use client";
import { Controller, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { describedBy, FieldError, NumberField, useFieldError, useInitialValue } from "@/components/settings/fields";
import { FIELD_LABELS, type SettingsFormValues } from "@/components/settings/form-values";
import { CUSTOM_PRESET } from "@/lib/settings/schema";

export function ExtractionFields({
  defaultTemplate,
  presets,
}: {
  defaultTemplate: string;
  presets: { id: string; label: string }[];
}) {
  const { register, control, setValue, formState } = useFormContext<SettingsFormValues>();
  const presetError = useFieldError("defaultPreset");
  const kindsError = useFieldError("customKinds");
  const templateError = useFieldError("promptTemplate");
  const initialPreset = useInitialValue("defaultPreset");
  const initialKinds = useInitialValue("customKinds");
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">Extraction</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="defaultPreset">{FIELD_LABELS.defaultPreset}</Label>
          <select
            id="defaultPreset"
            className="h-9 rounded-md border border-border bg-white px-3 text-sm aria-invalid:border-danger"
            defaultValue={initialPreset}
            {...describedBy("defaultPreset", presetError)}
            {...register("defaultPreset")}
          >
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
            <option value={CUSTOM_PRESET}>Custom</option>
          </select>
          <FieldError id="defaultPreset" message={presetError} />
        </div>
        <NumberField id="knownFactsLimit" name="knownFactsLimit" step={1} max={100} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="customKinds">{FIELD_LABELS.customKinds}</Label>
        <p id="customKinds-hint" className="text-xs text-muted-foreground">
          One kind a line, as <code>id: definition</code>. They form the Custom preset; the definitions go into the
          prompt.
        </p>
        <Textarea
          id="customKinds"
          rows={4}
          className="text-xs"
          placeholder={
            "risk: Something that could make the project fail\nopen_question: A question nobody answered yet"
          }
          defaultValue={initialKinds}
          {...describedBy("customKinds", kindsError, "customKinds-hint")}
          // "Custom" as the default preset is refused without kinds; typing kinds can lift that error.
          {...register("customKinds", { deps: ["defaultPreset"] })}
        />
        <FieldError id="customKinds" message={kindsError} />
      </div>
      <Controller
        control={control}
        name="promptTemplate"
        render={({ field }) => (
          <div className="flex flex-col gap-1.5">
            <div className="flex items-center justify-between">
              <Label htmlFor="promptTemplate">{FIELD_LABELS.promptTemplate}</Label>
              <span className="text-xs text-muted-foreground">
                {field.value ? "Custom (its version is stored on each run)" : "Built-in template"}
              </span>
            </div>
            {/* null stands for the built-in template, shown in full so it can be edited from there;
                typing it back exactly is the same as resetting. */}
            <Textarea
              id="promptTemplate"
              rows={12}
              className="text-xs"
              ref={field.ref}
              name={field.name}
              value={field.value ?? defaultTemplate}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(e.target.value === defaultTemplate ? null : e.target.value)}
              {...describedBy("promptTemplate", templateError)}
            />
            <FieldError id="promptTemplate" message={templateError} />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="self-start"
              onClick={() =>
                setValue("promptTemplate", null, { shouldDirty: true, shouldValidate: formState.isSubmitted })
              }
            >
              Reset to the built-in template
            </Button>
          </div>
        )}
      />
    </Card>
  );
}
