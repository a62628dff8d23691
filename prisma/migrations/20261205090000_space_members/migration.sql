-- Roles per space (issue 27): a person's role in each space they may reach. Instance admins need no row.
-- Everyone who is not an admin keeps what they had: the default space, with the role on their account.

-- CreateTable
CREATE TABLE "SpaceMember" (
    "spaceId" TEXT NOT NULL,
    "reviewerId" TEXT NOT NULL,
    "role" "ReviewerRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SpaceMember_pkey" PRIMARY KEY ("spaceId","reviewerId")
);

-- CreateIndex
CREATE INDEX "SpaceMember_reviewerId_idx" ON "SpaceMember"("reviewerId");

-- AddForeignKey
ALTER TABLE "SpaceMember" ADD CONSTRAINT "SpaceMember_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SpaceMember" ADD CONSTRAINT "SpaceMember_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "Reviewer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "SpaceMember" ("spaceId", "reviewerId", "role")
SELECT 'default', "id", "role" FROM "Reviewer" WHERE "role" <> 'admin';
