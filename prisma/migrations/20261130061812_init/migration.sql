-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateEnum
CREATE TYPE "SourceOrigin" AS ENUM ('paste', 'upload', 'api');

-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('queued', 'running', 'succeeded', 'partial', 'failed', 'interrupted');

-- CreateEnum
CREATE TYPE "Temporal" AS ENUM ('past', 'present', 'future', 'timeless');

-- CreateEnum
CREATE TYPE "Verdict" AS ENUM ('new', 'related', 'duplicate', 'contradicts');

-- CreateEnum
CREATE TYPE "CandidateStatus" AS ENUM ('pending', 'gated', 'approved', 'merged', 'rejected');

-- CreateEnum
CREATE TYPE "FactStatus" AS ENUM ('active', 'archived', 'superseded');

-- CreateEnum
CREATE TYPE "RelationType" AS ENUM ('related', 'duplicate_of', 'supersedes', 'contradicts');

-- CreateEnum
CREATE TYPE "ReviewerRole" AS ENUM ('admin', 'reviewer', 'viewer');

-- CreateTable
CREATE TABLE "Reviewer" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "role" "ReviewerRole" NOT NULL DEFAULT 'reviewer',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Reviewer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Source" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "origin" "SourceOrigin" NOT NULL,
    "filename" TEXT,
    "mediaType" TEXT,
    "format" TEXT NOT NULL DEFAULT 'text',
    "text" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "segments" JSONB NOT NULL DEFAULT '[]',
    "meetingDate" DATE,
    "participants" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "contextHints" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Source_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExtractionRun" (
    "id" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "extractor" TEXT NOT NULL,
    "modelId" TEXT,
    "promptVersion" TEXT,
    "preset" TEXT,
    "status" "RunStatus" NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "chunksTotal" INTEGER NOT NULL DEFAULT 0,
    "chunksDone" INTEGER NOT NULL DEFAULT 0,
    "chunksFailed" INTEGER NOT NULL DEFAULT 0,
    "chunkLog" JSONB NOT NULL DEFAULT '[]',
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "durationMs" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExtractionRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Candidate" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "importance" DOUBLE PRECISION NOT NULL,
    "temporal" "Temporal" NOT NULL,
    "speaker" TEXT,
    "quote" TEXT NOT NULL,
    "spanStart" INTEGER,
    "spanEnd" INTEGER,
    "grounded" BOOLEAN NOT NULL DEFAULT false,
    "chunkIndex" INTEGER NOT NULL DEFAULT 0,
    "verdict" "Verdict",
    "matches" JSONB NOT NULL DEFAULT '[]',
    "verdictStage" TEXT,
    "status" "CandidateStatus" NOT NULL DEFAULT 'pending',
    "gateReason" TEXT,
    "rejectReason" TEXT,
    "reviewerId" TEXT,
    "reviewedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Candidate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Fact" (
    "id" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "importance" DOUBLE PRECISION NOT NULL,
    "temporal" "Temporal" NOT NULL,
    "status" "FactStatus" NOT NULL DEFAULT 'active',
    "validFrom" TIMESTAMP(3),
    "validTo" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Fact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FactProvenance" (
    "id" TEXT NOT NULL,
    "factId" TEXT NOT NULL,
    "candidateId" TEXT,
    "sourceId" TEXT,
    "runId" TEXT,
    "quote" TEXT,
    "spanStart" INTEGER,
    "spanEnd" INTEGER,
    "speaker" TEXT,
    "extractor" TEXT,
    "modelId" TEXT,
    "promptVersion" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FactProvenance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FactRevision" (
    "id" TEXT NOT NULL,
    "factId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "reason" TEXT,
    "reviewerId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FactRevision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FactRelation" (
    "id" TEXT NOT NULL,
    "fromFactId" TEXT NOT NULL,
    "toFactId" TEXT NOT NULL,
    "type" "RelationType" NOT NULL,
    "score" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FactRelation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Setting_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "Reviewer_email_key" ON "Reviewer"("email");

-- CreateIndex
CREATE INDEX "Source_contentHash_idx" ON "Source"("contentHash");

-- CreateIndex
CREATE INDEX "Source_createdAt_idx" ON "Source"("createdAt");

-- CreateIndex
CREATE INDEX "ExtractionRun_sourceId_idx" ON "ExtractionRun"("sourceId");

-- CreateIndex
CREATE INDEX "ExtractionRun_status_idx" ON "ExtractionRun"("status");

-- CreateIndex
CREATE INDEX "Candidate_runId_idx" ON "Candidate"("runId");

-- CreateIndex
CREATE INDEX "Candidate_status_createdAt_idx" ON "Candidate"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Fact_contentHash_idx" ON "Fact"("contentHash");

-- CreateIndex
CREATE INDEX "Fact_status_createdAt_idx" ON "Fact"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Fact_content_idx" ON "Fact" USING GIN ("content" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "FactProvenance_factId_idx" ON "FactProvenance"("factId");

-- CreateIndex
CREATE INDEX "FactProvenance_sourceId_idx" ON "FactProvenance"("sourceId");

-- CreateIndex
CREATE INDEX "FactRevision_factId_idx" ON "FactRevision"("factId");

-- CreateIndex
CREATE UNIQUE INDEX "FactRevision_factId_version_key" ON "FactRevision"("factId", "version");

-- CreateIndex
CREATE UNIQUE INDEX "FactRelation_fromFactId_toFactId_type_key" ON "FactRelation"("fromFactId", "toFactId", "type");

-- AddForeignKey
ALTER TABLE "ExtractionRun" ADD CONSTRAINT "ExtractionRun_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Candidate" ADD CONSTRAINT "Candidate_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ExtractionRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Candidate" ADD CONSTRAINT "Candidate_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "Reviewer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactProvenance" ADD CONSTRAINT "FactProvenance_factId_fkey" FOREIGN KEY ("factId") REFERENCES "Fact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactProvenance" ADD CONSTRAINT "FactProvenance_candidateId_fkey" FOREIGN KEY ("candidateId") REFERENCES "Candidate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactProvenance" ADD CONSTRAINT "FactProvenance_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactRevision" ADD CONSTRAINT "FactRevision_factId_fkey" FOREIGN KEY ("factId") REFERENCES "Fact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactRevision" ADD CONSTRAINT "FactRevision_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "Reviewer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactRelation" ADD CONSTRAINT "FactRelation_fromFactId_fkey" FOREIGN KEY ("fromFactId") REFERENCES "Fact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FactRelation" ADD CONSTRAINT "FactRelation_toFactId_fkey" FOREIGN KEY ("toFactId") REFERENCES "Fact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: full-text search on facts. Prisma's schema cannot describe an expression index, and its
-- engine ignores expression indexes when diffing, so this does not show up as drift. Queries use it only
-- when they repeat the expression exactly:
--   WHERE to_tsvector('english', "content") @@ websearch_to_tsquery('english', $1)
CREATE INDEX "Fact_content_fts_idx" ON "Fact" USING GIN (to_tsvector('english', "content"));
