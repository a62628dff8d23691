#!/usr/bin/env node
// `npx sift <command>`: runs cli/<command>.ts through tsx, no build step (backup and restore open the
// embedded database; `extract` makes one of its own in memory; `mcp` talks to the running app; the others need
// none).
// The react-server condition makes `server-only` a no-op outside Next.js.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [command, ...rest] = process.argv.slice(2);
const commands = ["extract", "match", "review", "mcp", "backup", "restore"];

if (!command || command === "--help" || command === "-h" || !commands.includes(command)) {
  console.error(
    [
      "Usage: sift <command> [options]",
      "",
      "  extract FILE [--extractor offline|llm] [--preset NAME] [--settings FILE] [--json]",
      "  match                    JSON lines {a, b} on stdin -> {score, verdict} per line",
      "  review --facts FILE      candidates (JSON lines) on stdin -> verdicts with matches",
      "  mcp                      MCP on stdio for agents, relayed to the running app (SIFT_URL)",
      "  backup FILE              the embedded database (SIFT_DATA_DIR) to one file; stop the server first",
      "  restore FILE [--force]   a backup back into SIFT_DATA_DIR (--force keeps the old one aside)",
    ].join("\n"),
  );
  process.exit(command && !["--help", "-h"].includes(command) ? 2 : 0);
}

const script = path.join(root, "cli", `${command}.ts`);
if (!existsSync(script)) {
  console.error(`sift: ${command} is not available in this build`);
  process.exit(2);
}
const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
// The flag goes to tsx, not to this node: tsx runs the script in a child process that does not
// inherit node flags given before tsx's own path, so `server-only` would still throw.
const result = spawnSync(process.execPath, [tsx, "--conditions=react-server", script, ...rest], {
  stdio: "inherit",
  cwd: process.cwd(),
});
process.exit(result.status ?? 1);
