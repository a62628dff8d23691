import { describe, expect, it } from "vitest";
import { findSecrets, secretKinds } from "./detect";
import { maskSecret, maskSecrets } from "./mask";
import { SIFT_SECRET_RULES } from "./rules";

// Each credential the probe got past the gate, as it was said or proposed, and what must stay unflagged.
const PROBE = {
  stripe: "We decided the billing service uses the Stripe key sk_live_4eC39HqLyjWDarjtT1zdp7dc in production.",
  openaiProject: "Agent note: the key is sk-proj-8Hk2Lm5Np7Qr9St1Uv3Wx5Yz7Ab9Cd1Ef3Gh5Ij7Kl9Mn1Op3",
  openaiLegacy: "Use sk-Zq4Xw8Ec2Rv6Tb0Yn4Um8Ik2Ol6Pa0Sd4Fg8Hj2Kl6Zx0Cv for the batch job",
  google: "Maps uses AIzaSyD3kF9xQ2LmN8pR4tV6wY1zB5cE7gH0jK2 on the site",
  huggingface: "Download with hf_Tq9Lm3Xz7Kp1Wn5Rv8Ys2Bd6Fh4Jc0Ga1Ue",
  jwt:
    "Session was eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ." +
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
  aws: "The CI user is AKIA5QX7ZRT2MB9LKW3N",
  spokenPassword: "The password for the admin account is hunter2",
  pin: "Sam said the door PIN: 4821",
  ssn: "My SSN is 123-45-6789, Ana said.",
  github: "The deploy bot uses ghp_Xw8Ec2Rv6Tb0Yn4Um8Ik2Ol6Pa0Sd4Fg8Hj2 for now.",
  databaseUrl: "Reports read from postgres://admin:s3cretpass@db.example.com:5432/prod nightly.",
  slack: "the bot token xoxb-2934857612-4930582716-Qw8Er7Ty6Ui5Op4As3Df2Gh1",
  privateKey:
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9OiJjRazr5KuQX9QWJF3Ycf2Lk8f9Ux7Qm2Zp" +
    "\nc0Hs4Kz9Wm1Xv6Nb3Lr8Tp5Jd2Fg7Qa\n-----END RSA PRIVATE KEY-----",
  anthropic:
    "sk-ant-api03-" +
    "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0u1V2w3X4y5Z6a7B8c9D0e1F2g3H4i5J6k7L8m9N0o1P2q3R4s5T6u7V8w9X" +
    "AA",
  npm: "npm_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R",
  genericNearWord: "The API key is 9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c.",
};

describe("secret detection", () => {
  it.each(Object.entries(PROBE))("finds the %s credential", (_name, text) => {
    expect(findSecrets(text).length, text).toBeGreaterThan(0);
  });

  it("finds the secret itself, not the words around it", () => {
    const [found] = findSecrets(PROBE.stripe);
    expect(PROBE.stripe.slice(found!.start, found!.end)).toBe("sk_live_4eC39HqLyjWDarjtT1zdp7dc");
    const [spoken] = findSecrets(PROBE.spokenPassword);
    expect(PROBE.spokenPassword.slice(spoken!.start, spoken!.end)).toBe("hunter2");
    expect(secretKinds(PROBE.spokenPassword)).toEqual(["spoken-password"]);
  });

  it("leaves ordinary meeting sentences alone", () => {
    for (const fine of [
      "We approved the budget for the Lisbon offsite.",
      "The password is required for every staging login.",
      "Passwords are rotated every 90 days.",
      "The API key is stored in the vault.",
      "Our token is valid for one hour.",
      "Maria owns the key results for Q3; the access review is on Friday.",
      "The keynote is at 9:30 and the secret sauce is the onboarding flow.",
      "Ship version 2.4.1 to production by 2024-05-01.",
    ]) {
      expect(findSecrets(fine), fine).toEqual([]);
    }
  });

  for (const rule of SIFT_SECRET_RULES) {
    it(`Sift's rule ${rule.id}: finds its examples and leaves its near misses`, () => {
      for (const example of rule.examples) expect(secretKinds(example), example).toContain(rule.id);
      for (const miss of rule.nearMisses) expect(secretKinds(miss), miss).not.toContain(rule.id);
    });
  }
});

describe("the mask", () => {
  it("keeps a key's prefix and last four, hides the rest, and keeps the length", () => {
    const key = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";
    const masked = maskSecret(key);
    expect(masked).toMatch(/^sk_live_•+p7dc$/);
    expect(masked).toHaveLength(key.length);
    expect(maskSecret("hunter2")).toBe("•••••••");
  });

  it("masks every credential of a text in place and nothing else", () => {
    const masked = maskSecrets(PROBE.stripe);
    expect(masked).not.toContain("4eC39HqLyjWDarjtT1zdp7dc");
    expect(masked).toContain("uses the Stripe key sk_live_");
    expect(masked).toHaveLength(PROBE.stripe.length);
    expect(maskSecrets(PROBE.spokenPassword)).toBe("The password for the admin account is •••••••");
    expect(maskSecrets("Nothing secret here.")).toBe("Nothing secret here.");
  });
});
