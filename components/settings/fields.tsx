"use client";
import { get, useFormContext, useFormState, type Path, type PathValue } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  FIELD_LABELS,
  type BooleanFieldName,
  type NumberFieldName,
  type SettingsFormValues,
  type ShownField,
} from "@/components/settings/form-values";

/** The field's current message, whether from the schema in the browser or from the server. */
export function useFieldError(name: ShownField): string | undefined {
  const { errors } = useFormState<SettingsFormValues>({ name });
  const error = get(errors, name) as { message?: string } | undefined;
  return error?.message;
}

/**
 * The stored value as the input's initial value. register() fills inputs only once the page is hydrated;
 * without this the server-rendered page shows every field empty until then.
 */
export function useInitialValue<N extends ShownField>(name: N): PathValue<SettingsFormValues, N> | undefined {
  const { defaultValues } = useFormState<SettingsFormValues>();
  return get(defaultValues, name) as PathValue<SettingsFormValues, N> | undefined;
}

/** aria props that tie a field to its message (and to a hint, if it has one). */
export function describedBy(id: string, error: string | undefined, hintId?: string) {
  const ids = [hintId, error ? `${id}-error` : undefined].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined } as const;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="text-xs text-danger">
      {message}
    </p>
  ) : null;
}

export function NumberField({
  id,
  name,
  step = "any",
  min = 0,
  max = 1,
  deps,
}: {
  id: string;
  name: NumberFieldName;
  step?: number | "any";
  min?: number;
  max?: number;
  /** Fields whose cross-field rule depends on this one, re-checked as this one changes. */
  deps?: Path<SettingsFormValues>[];
}) {
  const { register } = useFormContext<SettingsFormValues>();
  const error = useFieldError(name);
  const initial = useInitialValue(name);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{FIELD_LABELS[name]}</Label>
      <Input
        id={id}
        type="number"
        step={step}
        min={min}
        max={max}
        defaultValue={initial}
        {...describedBy(id, error)}
        {...register(name, { valueAsNumber: true, deps })}
      />
      <FieldError id={id} message={error} />
    </div>
  );
}

export function CheckField({ id, name }: { id: string; name: BooleanFieldName }) {
  const { register } = useFormContext<SettingsFormValues>();
  const initial = useInitialValue(name);
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-[var(--color-primary)]"
        defaultChecked={initial}
        {...register(name)}
      />
      {FIELD_LABELS[name]}
    </label>
  );
}
