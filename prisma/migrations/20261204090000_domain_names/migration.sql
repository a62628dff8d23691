-- The domain's words for a candidate's span and grounding (lib/extraction/schema.ts), so the code
-- reads one name from the model to the database. Renamed in place: no data moves.
ALTER TABLE "Candidate" RENAME COLUMN "spanStart" TO "start";
ALTER TABLE "Candidate" RENAME COLUMN "spanEnd" TO "end";
ALTER TABLE "Candidate" RENAME COLUMN "grounded" TO "supported";
ALTER TABLE "FactProvenance" RENAME COLUMN "spanStart" TO "start";
ALTER TABLE "FactProvenance" RENAME COLUMN "spanEnd" TO "end";
