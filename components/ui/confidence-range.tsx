import { Input } from "@/components/ui/input";

/** The `min` and `max` fields of a GET filter form: a confidence range from 0 to 1, blank for no bound. */
export function ConfidenceRange({ min, max }: { min?: number; max?: number }) {
  const bound = (name: "min" | "max", value: number | undefined, label: string) => (
    <Input
      name={name}
      type="number"
      min={0}
      max={1}
      step={0.05}
      defaultValue={value ?? ""}
      placeholder={name === "min" ? "0" : "1"}
      aria-label={label}
      className="w-20"
    />
  );
  return (
    <fieldset className="flex items-center gap-1 text-sm text-muted-foreground">
      <legend className="sr-only">Confidence between</legend>
      Confidence
      {bound("min", min, "Confidence at least")}–{bound("max", max, "Confidence at most")}
    </fieldset>
  );
}
