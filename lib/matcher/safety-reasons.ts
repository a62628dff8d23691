/**
 * The safety gate reasons' openings (lib/matcher/safety.ts writes them): the queue's gate filter finds them by
 * these (lib/queue/schema.ts) and a card shows the secret's tick box by the last. A module of its own, so the
 * client reads them without the scanner's rules.
 */
export const SAFETY_REASON = {
  invisible: "Invisible characters",
  lookalike: "Look-alike letters",
  instruction: "Reads as an instruction to the system",
  secret: "Holds a credential or secret",
} as const;
