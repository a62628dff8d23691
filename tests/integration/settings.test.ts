import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSettings, saveSettings } from "@/lib/db/settings";
import { DEFAULT_SETTINGS, SettingsSchema } from "@/lib/settings/schema";
import { createTestDb, type TestDb } from "@/tests/db";

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

describe("settings", () => {
  it("start from the calibrated defaults and keep what a reviewer saves", async () => {
    expect(await getSettings({ db: db.prisma, spaceId: "default" })).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.gates).toMatchObject({
      minConfidence: 0.7,
      gateUnsupported: true,
      gateContradictions: true,
      autoApprove: { enabled: false },
    });

    const custom = SettingsSchema.parse({
      defaultPreset: "agent",
      promptTemplate: "Extract facts. Kinds: {{kinds}}",
      thresholds: { duplicate: 0.8, related: 0.5 },
      gates: { minConfidence: 0.6, autoMergeExactDuplicates: true },
    });
    await saveSettings({ db: db.prisma, spaceId: "default", settings: custom });
    const loaded = await getSettings({ db: db.prisma, spaceId: "default" });
    expect(loaded).toMatchObject({ defaultPreset: "agent", promptTemplate: "Extract facts. Kinds: {{kinds}}" });
    expect(loaded.thresholds.duplicate).toBe(0.8);
    expect(loaded.gates).toMatchObject({ minConfidence: 0.6, autoMergeExactDuplicates: true, gateUnsupported: true });
  });

  it("reset score cut-offs saved on the old score scale to the model's, keeping everything else", async () => {
    await db.prisma.setting.upsert({
      where: { key: "app" },
      create: {
        key: "app",
        value: { defaultPreset: "agent", thresholds: { duplicate: 0.725, related: 0.45, contradicts: 0.8 } },
      },
      update: { value: { defaultPreset: "agent", thresholds: { duplicate: 0.725, related: 0.45, contradicts: 0.8 } } },
    });
    const loaded = await getSettings({ db: db.prisma, spaceId: "default" });
    expect(loaded.defaultPreset).toBe("agent");
    expect(loaded.thresholds).toMatchObject({
      duplicate: DEFAULT_SETTINGS.thresholds.duplicate,
      related: DEFAULT_SETTINGS.thresholds.related,
      contradicts: 0.8,
    });
  });

  it("are per space: the default space keeps its row, another space starts from the defaults", async () => {
    await db.prisma.space.create({ data: { id: "s-mobile", slug: "mobile", name: "Mobile" } });
    const before = await getSettings({ db: db.prisma, spaceId: "default" });
    expect(before.defaultPreset).toBe("agent");
    // A space that never saved any reads the shipped defaults, not the default space's.
    expect(await getSettings({ db: db.prisma, spaceId: "s-mobile" })).toEqual(DEFAULT_SETTINGS);
    const mine = SettingsSchema.parse({ knownFactsLimit: 2, gates: { minConfidence: 0.9 } });
    await saveSettings({ db: db.prisma, spaceId: "s-mobile", settings: mine });
    expect(await getSettings({ db: db.prisma, spaceId: "s-mobile" })).toEqual(mine);
    expect(await getSettings({ db: db.prisma, spaceId: "default" })).toEqual(before);
    // Stored beside the installation's row, which older versions wrote and the default space still reads.
    const keys = (await db.prisma.setting.findMany({ orderBy: { key: "asc" } })).map((r) => r.key);
    expect(keys).toEqual(["app", "space:s-mobile"]);
  });

  it("refuse inconsistent thresholds and out-of-range gates with field paths", () => {
    const bad = SettingsSchema.safeParse({
      thresholds: { duplicate: 0.5, related: 0.6 },
      gates: { minConfidence: 1.5 },
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["thresholds.related", "gates.minConfidence"]));
  });

  it("an empty template means the built-in one", () => {
    expect(SettingsSchema.parse({ promptTemplate: "   " }).promptTemplate).toBeNull();
  });
});
