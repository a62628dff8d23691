// `sift restore FILE [--force]`: see cli/backup.ts.
import { main } from "./backup";

process.exitCode = await main("restore", process.argv.slice(2));
