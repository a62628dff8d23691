
-- AlterEnum
ALTER TYPE "SourceOrigin" ADD VALUE 'agent';
