
-- AlterTable
ALTER TABLE "Candidate" ADD COLUMN     "features" JSONB NOT NULL DEFAULT '{}';
