-- A run's payload (lib/chain/payload.ts). Runs made before it get the legacy payload, version 0: the extractor
-- kind and preset they recorded, completed from the settings of the day when they next run, as they always were.
-- AlterTable
ALTER TABLE "ExtractionRun" ADD COLUMN     "payload" JSONB;

UPDATE "ExtractionRun"
SET "payload" = jsonb_build_object(
  'version', 0,
  'extractor', CASE WHEN "extractor" = 'llm' THEN 'llm' ELSE 'offline' END,
  'preset', "preset"
);

ALTER TABLE "ExtractionRun" ALTER COLUMN "payload" SET NOT NULL;
