import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

/** The database handle data functions take: the app's client, or a transaction inside one. */
export type Db = PrismaClient;
export type Tx = Prisma.TransactionClient;
