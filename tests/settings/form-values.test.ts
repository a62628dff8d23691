import { describe, expect, it } from "vitest";
import { settingsResolver, toFormValues, type SettingsFormValues } from "@/components/settings/form-values";
import { DEFAULT_SETTINGS } from "@/lib/settings/schema";

const options = { fields: {}, shouldUseNativeValidation: false };
const resolve = (patch: (v: SettingsFormValues) => SettingsFormValues) =>
  settingsResolver(patch(toFormValues(DEFAULT_SETTINGS)), undefined, options);
const messageAt = (errors: object, path: string) =>
  path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
    { message?: string } | undefined;

describe("settingsResolver", () => {
  it("returns the parsed settings, kinds text turned into kinds", async () => {
    const result = await resolve((v) => ({ ...v, customKinds: "Open question: A question nobody answered yet" }));
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ customKinds: [{ id: "open_question", label: "Open question" }] });
  });

  it("puts the schema's cross-field rule on its field", async () => {
    const result = await resolve((v) => ({ ...v, thresholds: { ...v.thresholds, related: 0.9 } }));
    expect(messageAt(result.errors, "thresholds.related")?.message).toBe("related must be below duplicate");
  });

  it("says what an emptied or out-of-range number field needs", async () => {
    const result = await resolve((v) => ({
      ...v,
      knownFactsLimit: Number.NaN,
      gates: { ...v.gates, minConfidence: 1.5 },
      thresholds: { ...v.thresholds, duplicate: -0.1 },
    }));
    expect(messageAt(result.errors, "knownFactsLimit")?.message).toBe("Enter a number");
    expect(messageAt(result.errors, "gates.minConfidence")?.message).toBe("Enter 1 or less");
    expect(messageAt(result.errors, "thresholds.duplicate")?.message).toBe("Enter 0 or more");
    const fraction = await resolve((v) => ({ ...v, knownFactsLimit: 2.5 }));
    expect(messageAt(fraction.errors, "knownFactsLimit")?.message).toBe("Enter a whole number");
  });

  it("keeps the kinds parser's own message on the kinds field", async () => {
    const result = await resolve((v) => ({ ...v, customKinds: "risk - missing colon" }));
    expect(messageAt(result.errors, "customKinds")?.message).toBe('Line 1: write it as "id: definition"');
  });

  it("refuses Custom as the default preset without kinds", async () => {
    const result = await resolve((v) => ({ ...v, defaultPreset: "custom", customKinds: "  " }));
    expect(messageAt(result.errors, "defaultPreset")?.message).toBe(
      "Define custom kinds before making Custom the default preset",
    );
  });
});
