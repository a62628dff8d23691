
-- AlterTable
ALTER TABLE "Candidate" ADD COLUMN     "learnedConfidence" DOUBLE PRECISION,
ADD COLUMN     "rankReason" TEXT;

-- CreateTable
CREATE TABLE "LearnedModel" (
    "id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "weights" JSONB NOT NULL,
    "decisions" INTEGER NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "trainedThrough" TIMESTAMP(3) NOT NULL,
    "metrics" JSONB NOT NULL,
    "why" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LearnedModel_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LearnedModel_status_createdAt_idx" ON "LearnedModel"("status", "createdAt");
