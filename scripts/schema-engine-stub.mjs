#!/usr/bin/env node
// Stand-in for Prisma's native `schema-engine` binary, which the CLI would otherwise download before
// `prisma generate` (these machines cannot reach binaries.prisma.sh). It answers `--version` so that
// `generate` works, and fails loudly otherwise: pointing the CLI at /bin/true would make
// `prisma migrate deploy` exit 0 having applied nothing. Migrations are written by
// `npm run db:migration` (scripts/create-migration.ts) and applied at run time by lib/db/migrate.ts.
const args = process.argv.slice(2);
if (args.includes("--version") || args.includes("-V")) {
  process.stdout.write("schema-engine-cli 561d7b42579a2459cc8edf3788918b626c640023 (sift stand-in)\n");
  process.exit(0);
}
const message =
  "Sift: Prisma's native schema engine is not available offline, so `prisma migrate` and `prisma db` do not work " +
  "here. Create a migration with `npm run db:migration -- <name>`; migrations are applied automatically when the app " +
  "or a test opens the database (lib/db/migrate.ts).";
// The CLI skips the first stderr line and reads the rest as the engine's JSON log lines, so: the message
// for people, then the same message in the shape the CLI prints.
process.stderr.write(
  message +
    "\n" +
    JSON.stringify({
      timestamp: new Date().toISOString(),
      level: "ERROR",
      fields: { message },
      target: "schema_engine::logger",
    }) +
    "\n",
);
process.exit(1);
