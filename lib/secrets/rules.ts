/**
 * Sift's own secret rules, beside gitleaks' (gitleaks-rules.json): what people say in a meeting or a chat
 * rather than write in a config file ("the password for the admin account is hunter2", "my SSN is …"), and
 * key formats gitleaks only finds in a config file's shape or with a fixed infix. Data, each with the
 * examples its test (lib/secrets/detect.test.ts) checks it finds and the near misses it must leave alone.
 */
export interface SiftSecretRule {
  id: string;
  /** The pattern; the secret is capture group `group` (the whole match without one). */
  pattern: RegExp;
  group?: number;
  /** At least this Shannon entropy (bits per character) in the secret. */
  entropy?: number;
  /** Extra check of the secret (a checksum, a digit and a letter …). */
  accept?: (secret: string) => boolean;
  examples: string[];
  nearMisses: string[];
}

const hasDigitAndLetter = (s: string) => /\d/.test(s) && /[a-z]/i.test(s);

// What follows "password is" when no password does: "the password is required", "… is stored in the vault".
const NOT_A_SECRET = new Set(
  (
    "a an the not no too very still now also being expired required wrong incorrect correct reset changed set " +
    "stored shared saved rotated long short weak strong secure missing empty in on at for to of with from by " +
    "managed needed valid invalid sent different same case-sensitive mandatory optional there here this that " +
    "it its written kept hidden known unknown easy hard simple secret private public available"
  ).split(" "),
);
const spokenValue = (s: string) => s.length > 0 && !NOT_A_SECRET.has(s.toLowerCase()) && !/^\W+$/.test(s);

/** The Luhn checksum of a card number (digits only). */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

// "the password for the admin account is", "PIN code:", "passphrase was": a credential word, what it is for
// (a few words), then the verb or sign that introduces its value.
const CREDENTIAL_WORD = String.raw`pass(?:word|code|phrase)s?|pwd|pin(?:\s+(?:code|number))?|unlock\s+code|door\s+code`;
const FOR_WHAT = String.raw`(?:\s+(?:for|of|to|on)\s+(?:[\w'.-]+\s+){0,4}?)?`;
const INTRO = String.raw`\s*(?:is|was|=|:|are|reads)\s*(?:now\s+|still\s+|just\s+)?["'“‘]?`;

export const SIFT_SECRET_RULES: SiftSecretRule[] = [
  {
    id: "spoken-password",
    pattern: new RegExp(
      String.raw`\b(?:${CREDENTIAL_WORD})\b${FOR_WHAT}${INTRO}([^\s"'”’,;]+?)(?=[.!?]*(?:[\s"'”’,;]|$))`,
      "gi",
    ),
    group: 1,
    accept: spokenValue,
    examples: [
      "The password for the admin account is hunter2",
      "The admin password is hunter2.",
      "Sam said the door PIN: 4821",
      "The wifi passphrase was correct-horse-42",
      "PIN code is 0000 for the demo phone",
    ],
    nearMisses: [
      "The password is required for every staging login.",
      "Passwords are rotated every 90 days.",
      "The PIN is stored in the vault.",
      "We reset the password for Maria on Monday.",
    ],
  },
  {
    id: "social-security-number",
    pattern: new RegExp(
      String.raw`\b(?:ssn|social\s+security(?:\s+number)?|national\s+insurance\s+number)\b\D{0,30}?` +
        String.raw`(\d{3}[- ]?\d{2}[- ]?\d{4}|[a-z]{2}\d{6}[a-d])\b`,
      "gi",
    ),
    group: 1,
    examples: ["My SSN is 123-45-6789.", "her social security number, 078 05 1120, was on the form"],
    nearMisses: ["Call me at 555-12-3456 tomorrow", "The SSN field is optional."],
  },
  {
    id: "card-number",
    pattern: /\b(?:\d[ -]?){12,18}\d\b/g,
    accept: (s) => luhn(s.replace(/\D/g, "")) && /^[3-6]/.test(s),
    examples: ["Charge it to 4111 1111 1111 1111 please", "card 5500-0000-0000-0004"],
    nearMisses: ["Order 1234 5678 9012 3456 shipped", "The budget is 1200000000000 lira"],
  },
  {
    id: "openai-api-key",
    // gitleaks' rule wants the T3BlbkFJ infix of older keys; a project or service key need not show it.
    pattern: /\b(sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{32,200})(?![\w-])/g,
    group: 1,
    entropy: 3.5,
    examples: [
      "Use sk-proj-Q7vN3kLm9pXz2RtY8wBc4HdJf6GsAe1UoIq5ZxCvBn0MlKjP for now",
      "the key sk-T8fG2hJk4LmN6pQr8StV0wXy2Za4Bc6De8Fg0Hi2Jk4LmN6p works",
    ],
    nearMisses: ["we use sk-learn for the model", "sk-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"],
  },
  {
    id: "huggingface-access-token",
    pattern: /\b(hf_[A-Za-z0-9]{30,40})\b/g,
    group: 1,
    entropy: 3,
    examples: ["export HF token hf_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7d"],
    nearMisses: ["the hf_model_name setting"],
  },
  {
    id: "aws-access-key-id",
    // gitleaks' rule wants base32 after the prefix; an id read out or typed by hand may not be.
    pattern: /\b((?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})\b/g,
    group: 1,
    entropy: 3,
    examples: ["the deploy user is AKIA1234567890ABCDEF", "AKIAIOSFODNN7EXAMPLE"],
    nearMisses: ["AKIAAAAAAAAAAAAAAAAA"],
  },
  {
    id: "url-credentials",
    pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@"'<>]{1,64}:([^\s/@"'<>]{3,128})@[^\s/"'<>]+/gi,
    group: 1,
    accept: (s) => !/^\$|^\{\{|^<|^\*+$|^(?:password|pass|pwd|secret)$/i.test(s),
    examples: ["Reports read from postgres://admin:s3cretpass@db.example.com:5432/prod nightly."],
    nearMisses: ["postgres://user:$PASSWORD@localhost/db", "see https://example.com/a:b@c"],
  },
  {
    id: "keyword-token",
    // A long, mixed token right after a key word: "the API key is 9f8a…", "token: Zx81…", "secret = …".
    pattern: new RegExp(
      String.raw`\b(?:api[ _-]?key|key|secret|token|password|passwd|credential|bearer|auth(?:orization)?)s?\b` +
        String.raw`[^.\n]{0,40}?(?:\bis\b|\bwas\b|=|:|\bto\b|\bbearer\b)\s*["'“‘]?` +
        String.raw`([A-Za-z0-9_\-+/=.~]{16,256})(?![\w+/=~-])`,
      "gi",
    ),
    group: 1,
    entropy: 3.2,
    accept: (s) => hasDigitAndLetter(s) && !/^[a-z]+(?:[._-][a-z]+)*$/i.test(s),
    examples: [
      "The API key is 9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c.",
      "set the token to Zx81Qw4Er7Ty0Ui3Op6As9Df",
      "Authorization: Bearer 4Kq9Zt7Wm2Xv5Np8Lr3Hs6Jd1Fg0Bc",
    ],
    nearMisses: ["The API key is stored in the vault.", "the token was valid until 2024-05-01T10:00"],
  },
];
