import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppError } from "@/lib/errors";

// lib/env.ts reads the environment once per module instance: each test loads lib/boot afresh, with the
// AppError class of that load (isAppError is an instanceof check).
async function loadBoot() {
  vi.resetModules();
  const { AppError } = await import("@/lib/errors");
  const { log } = await import("@/lib/log");
  return { ...(await import("@/lib/boot")), AppError, log };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("checkAtBoot", () => {
  it("refuses a bad environment value, naming the variable", async () => {
    vi.stubEnv("SIFT_MAX_UPLOAD_BYTES", "abc");
    const { checkAtBoot } = await loadBoot();
    await expect(checkAtBoot()).rejects.toThrow(/SIFT_MAX_UPLOAD_BYTES/);
  });

  it("refuses the accounts mode without a secret of 32+ characters, naming the variable", async () => {
    vi.stubEnv("SIFT_AUTH", "accounts");
    await expect((await loadBoot()).checkAtBoot()).rejects.toThrow(/SIFT_AUTH_SECRET: is required/);
    vi.stubEnv("SIFT_AUTH_SECRET", "short");
    await expect((await loadBoot()).checkAtBoot()).rejects.toThrow(/SIFT_AUTH_SECRET: must be at least 32/);
  });

  it("opens the database, and says which one it could not open without printing its URL", async () => {
    // Nothing listens on port 1: the connection is refused at once.
    vi.stubEnv("DATABASE_URL", "postgres://sift:s3cret@127.0.0.1:1/sift");
    const { checkAtBoot } = await loadBoot();
    const error = await checkAtBoot().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as AppError).code).toBe("CONFIG");
    expect((error as Error).message).toMatch(/^Could not open the PostgreSQL server in DATABASE_URL: .*ECONNREFUSED/);
    expect((error as Error).message).not.toContain("s3cret");
  });
});

describe("describeBootFailure", () => {
  it("prints a configuration problem as one plain message", async () => {
    const { describeBootFailure, AppError } = await loadBoot();
    expect(describeBootFailure(new AppError("CONFIG", "The data directory /d is in use."))).toBe(
      "Sift cannot start. The data directory /d is in use.",
    );
  });

  it("adds the stack of an unexpected cause", async () => {
    const { describeBootFailure, AppError } = await loadBoot();
    const cause = new Error("relation does not exist");
    const text = describeBootFailure(new AppError("CONFIG", "Could not open the embedded database", { cause }));
    expect(text.split("\n")[0]).toBe("Sift cannot start. Could not open the embedded database");
    expect(text).toContain(cause.stack);
  });
});

describe("checkAtBootOrExit", () => {
  it("prints the reason and exits with code 1", async () => {
    vi.stubEnv("DATABASE_URL", "mysql://x");
    const { checkAtBootOrExit } = await loadBoot();
    const exit = vi.spyOn(process, "exit").mockImplementation(() => undefined as never);
    const printed = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await checkAtBootOrExit();
    expect(exit).toHaveBeenCalledWith(1);
    expect(printed.mock.calls[0]?.[0]).toMatch(/^Sift cannot start\. Invalid environment:\n {2}DATABASE_URL: /);
  });
});

describe("bootInBackground", () => {
  it("stops at once on a bad environment value, before anything is opened", async () => {
    vi.stubEnv("SIFT_MAX_UPLOAD_BYTES", "abc");
    const { bootInBackground } = await loadBoot();
    const exit = vi.spyOn(process, "exit").mockImplementation(() => undefined as never);
    const printed = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    bootInBackground();
    // Synchronously: the server must not listen with a bad configuration.
    expect(exit).toHaveBeenCalledWith(1);
    expect(printed.mock.calls[0]?.[0]).toMatch(/SIFT_MAX_UPLOAD_BYTES/);
  });

  it("loads the NLP models without failing", async () => {
    const { warmModels, log } = await loadBoot();
    const printed = vi.spyOn(log, "error");
    await warmModels();
    expect(printed).not.toHaveBeenCalled();
  });
});
