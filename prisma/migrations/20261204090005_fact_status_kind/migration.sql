
-- CreateIndex
CREATE INDEX "Fact_status_kind_idx" ON "Fact"("status", "kind");
