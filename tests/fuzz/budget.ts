/**
 * How long a fuzz file may spend sending inputs, so a loaded machine cuts the number of inputs instead of
 * running into Vitest's 60 s per test. The file's budget (FUZZ_BUDGET_SECONDS, default 120) is shared out
 * as it goes: each target gets what is left divided by the targets still to come, at least MIN_MS and at
 * most MAX_MS, so time a quick target leaves over passes on to the slower ones.
 *
 * Inputs past a target's budget are still drawn by fast-check but not sent: the property returns at once,
 * so no request is left running when the test ends (fast-check's own time limit races the running input
 * and lets it go on in the background, where it would change the tables the next target counts).
 */
const FILE_BUDGET_MS = Number(process.env.FUZZ_BUDGET_SECONDS ?? 120) * 1000;
/** Enough for a few dozen inputs on the slowest machine seen (about 40 ms an input at a load of 14). */
const MIN_MS = 5_000;
/** Room under Vitest's 60 s per test for the target's own setup and its last, slowest input. */
const MAX_MS = 40_000;

export interface TargetBudget {
  /** Whether there is time for another input. */
  open(): boolean;
  /** Inputs sent so far. */
  sent: number;
  /** "600 inputs" or "212 of 600 inputs (its 13.3 s budget spent)". */
  describe(): string;
}

export function fuzzBudget(targets: number): { next(wanted: number): TargetBudget } {
  let fileDeadline: number | undefined;
  let left = targets;
  return {
    next(wanted) {
      const now = performance.now();
      fileDeadline ??= now + FILE_BUDGET_MS;
      const share = (fileDeadline - now) / Math.max(1, left);
      left--;
      const ms = Math.min(MAX_MS, Math.max(MIN_MS, share));
      const deadline = now + ms;
      const budget: TargetBudget = {
        sent: 0,
        open() {
          if (performance.now() >= deadline) return false;
          budget.sent++;
          return true;
        },
        describe() {
          if (budget.sent >= wanted) return `${budget.sent} inputs`;
          return `${budget.sent} of ${wanted} inputs (its ${(ms / 1000).toFixed(1)} s budget spent)`;
        },
      };
      return budget;
    },
  };
}
