
-- AlterTable
ALTER TABLE "ExtractionRun" ADD COLUMN     "costUsd" DOUBLE PRECISION;
