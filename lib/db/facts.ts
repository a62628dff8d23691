import "server-only";
import type { Db } from "@/lib/db/types";
import type { Prisma } from "@/lib/generated/prisma/client";

const factListInclude = {
  provenance: {
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      quote: true,
      speaker: true,
      spanStart: true,
      spanEnd: true,
      extractor: true,
      modelId: true,
      source: { select: { id: true, title: true } },
    },
  },
} satisfies Prisma.FactInclude;

export type FactListItem = Prisma.FactGetPayload<{ include: typeof factListInclude }>;

export async function listFacts({
  db,
  query,
  statuses = ["active"],
  take = 200,
}: {
  db: Db;
  query?: string;
  statuses?: ("active" | "archived" | "superseded")[];
  take?: number;
}): Promise<FactListItem[]> {
  const q = query?.trim();
  return db.fact.findMany({
    where: {
      status: { in: statuses },
      ...(q ? { content: { contains: q, mode: "insensitive" } } : {}),
    },
    include: factListInclude,
    orderBy: { createdAt: "desc" },
    take,
  });
}

export async function countFacts({ db }: { db: Db }) {
  return db.fact.count({ where: { status: "active" } });
}

export async function listKnownFacts({ db, take }: { db: Db; take: number }): Promise<string[]> {
  const rows = await db.fact.findMany({
    where: { status: "active" },
    orderBy: [{ importance: "desc" }, { createdAt: "desc" }],
    take,
    select: { content: true },
  });
  return rows.map((r) => r.content);
}
