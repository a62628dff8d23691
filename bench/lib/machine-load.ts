/**
 * What else the machine was doing while a bench ran: on a shared machine a figure means little without it.
 */
import fs from "node:fs";
import os from "node:os";

/** The machine's CPU time so far, all cores: busy and all (the first line of /proc/stat, idle and iowait apart). */
function machineJiffies(): { busy: number; all: number } {
  const [, ...fields] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const n = fields.map(Number);
  const all = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: all - n[3]! - n[4]!, all };
}

export interface MachineLoad {
  /** The 1-minute load average at the start, its mean and max (sampled every 5 s). */
  start: number;
  mean: number;
  max: number;
  /** The share of the machine's CPU time (all cores) that was busy, by anyone. */
  busy: number;
}

/** What else the machine was doing while `work` ran: the load average as a range, and how busy its cores were. */
export async function withMachineLoad<T>(work: Promise<T>): Promise<{ value: T; load: MachineLoad }> {
  const samples = [os.loadavg()[0]!];
  const before = machineJiffies();
  const timer = setInterval(() => samples.push(os.loadavg()[0]!), 5_000);
  try {
    const value = await work;
    samples.push(os.loadavg()[0]!);
    const after = machineJiffies();
    const load = {
      start: samples[0]!,
      max: Math.max(...samples),
      mean: samples.reduce((a, b) => a + b, 0) / samples.length,
      busy: (after.busy - before.busy) / Math.max(1, after.all - before.all),
    };
    return { value, load };
  } finally {
    clearInterval(timer);
  }
}
