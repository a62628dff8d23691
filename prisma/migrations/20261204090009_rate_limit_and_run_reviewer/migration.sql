
-- AlterTable
ALTER TABLE "ExtractionRun" ADD COLUMN     "reviewerId" TEXT;

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "expire" TIMESTAMP(3),

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "RateLimit_expire_idx" ON "RateLimit"("expire");

-- CreateIndex
CREATE INDEX "ExtractionRun_reviewerId_status_idx" ON "ExtractionRun"("reviewerId", "status");
