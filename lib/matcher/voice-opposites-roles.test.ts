import { describe, expect, it } from "vitest";
import { scorePair } from "./matcher";

// Pairs SICK's contradictions taught us to read: the same words in the same scene, one value turned around.

describe("a negation across active and passive", () => {
  it("is a contradiction with a readable reason when one short statement negates what the other says", () => {
    expect(scorePair("The budget was approved.", "They did not approve the budget.")).toMatchObject({
      verdict: "contradicts",
      reason: "Negated: 'was approved' → 'did not approve'",
    });
    const snake = scorePair(
      "No snake is being fed a mouse by a man",
      "The man is cautiously feeding a mouse to the snake",
    );
    expect(snake.verdict).toBe("contradicts");
    expect(snake.reason).toMatch(/^Negated: 'No snake' → /);
    // A phrase of its own on the plain side ("in a race") is no other place either.
    expect(
      scorePair(
        "There are no people flipping the tires of a tractor",
        "Two people in a race are flipping the tires of a tractor",
      ).verdict,
    ).toBe("contradicts");
    const meat = scorePair("There is no lady cutting up some meat", "Some meat is being cut into pieces by a woman");
    expect(meat.verdict).not.toBe("duplicate");
    expect(meat.differences.some((d) => d.kind === "negation" && d.veto)).toBe(true);
  });

  it("still merges the same statement in the other voice, negated on both sides or on neither", () => {
    expect(scorePair("The team did not approve the budget.", "The budget was not approved by the team.").verdict).toBe(
      "duplicate",
    );
    expect(scorePair("The budget was not approved.", "Nobody approved the budget.").verdict).toBe("duplicate");
    expect(scorePair("The meat is being cut by a woman.", "A woman is cutting the meat.").verdict).toBe("duplicate");
  });
});

describe("an adjective heading a phrase against its opposite", () => {
  it("is an opposite, also through a similar adjective or with more words in the phrase", () => {
    expect(scorePair("We had a short meeting.", "We had a long meeting.")).toMatchObject({
      verdict: "contradicts",
      reason: "Opposite: 'short' → 'long'",
    });
    expect(scorePair("The rink is empty.", "The rink is full of people.")).toMatchObject({
      verdict: "contradicts",
      reason: "Opposite: 'empty' → 'full'",
    });
    // WordNet keeps "huge" similar to "large", whose antonym is "small".
    expect(scorePair("The bubble is huge.", "The bubble is very small.")).toMatchObject({
      verdict: "contradicts",
      reason: "Opposite: 'huge' → 'small'",
    });
  });

  it("reads a direction turned around as an opposite", () => {
    expect(scorePair("A young boy is jumping off a chair", "A young boy is jumping onto a chair")).toMatchObject({
      verdict: "contradicts",
      reason: "Opposite: 'off' → 'onto'",
    });
    expect(scorePair("The team moved out of the old office.", "The team moved into the old office.").verdict).toBe(
      "contradicts",
    );
  });

  it("still merges a similar adjective or one said more strongly", () => {
    expect(scorePair("The girl is blowing a huge bubble.", "The girl is blowing a very large bubble.").verdict).toBe(
      "duplicate",
    );
    expect(scorePair("A man is holding a big dog.", "A man is holding a large dog.").verdict).toBe("duplicate");
    expect(scorePair("The rink is full.", "The rink is full of people.").verdict).toBe("duplicate");
    // Words placing a time are the time guard's: "last" is similar to "late", yet "last Thursday" is a day.
    expect(
      scorePair("Peck died early Thursday at his home.", "Peck died last Thursday at his home.").reason,
    ).not.toMatch(/Opposite/);
  });
});

describe("doer and done-to swapped with words between", () => {
  it("is roles swapped, related and never a duplicate", () => {
    expect(scorePair("Ana pays Bo for the licence.", "Bo pays Ana for the licence.")).toMatchObject({
      verdict: "related",
      reason: "Roles swapped: 'Ana … Bo' → 'Bo … Ana'",
    });
    expect(
      scorePair("A cheetah is quickly running behind its prey.", "A prey is quickly running behind the cheetah"),
    ).toMatchObject({ verdict: "related", reason: "Roles swapped: 'cheetah … prey' → 'prey … cheetah'" });
    // "log" is mostly a verb to WordNet; after "the" it is a thing, and "panda bear" one thing.
    expect(scorePair("The log is lying on the panda bear", "The panda bear is lying on the logs").verdict).toBe(
      "related",
    );
  });

  it("still merges the same roles in the other voice or with a word moved", () => {
    expect(scorePair("The cat is quickly chasing the dog.", "The dog is being chased by the cat.").verdict).toBe(
      "duplicate",
    );
    expect(scorePair("The cat is quickly chasing the dog.", "The cat is chasing the dog quickly.").verdict).toBe(
      "duplicate",
    );
    // A passive with "are expected", and a possessive that modifies what follows, are no swapped roles.
    const move = scorePair(
      "Acme expects to move Bolt's employees to the new office.",
      "Bolt employees are expected to move to the new office of Acme.",
    );
    expect(move.verdict).toBe("duplicate");
    const fed = scorePair(
      "Economists said that raised the odds of a rate cut at the Fed's next meeting.",
      "Economists said the Fed might reduce rates at its next meeting.",
    );
    expect(fed.reason).not.toMatch(/Roles swapped/);
  });

  it("still reads a possessor swapped as roles swapped", () => {
    expect(scorePair("A monkey is pulling a dog's tail", "A dog is pulling a monkey's tail")).toMatchObject({
      verdict: "related",
      reason: "Roles swapped: 'monkey … dog' → 'dog … monkey'",
    });
  });
});

describe("a modifier of the same noun that can name a thing itself", () => {
  it("makes two things of one noun: never merged, never a contradiction of their values", () => {
    const budgets = scorePair(
      "The travel budget cannot exceed 160 thousand dollars.",
      "The mobile budget cannot exceed 50 thousand dollars.",
    );
    expect(budgets.verdict).toBe("related");
    expect(budgets.reason).toContain("Different thing: 'travel budget' → 'mobile budget'");
    expect(
      scorePair("The support migration is Dana's project.", "The mobile migration is Dana's project.").verdict,
    ).toBe("related");
    expect(scorePair("We ship the mobile app in May.", "We ship the web app in May.").verdict).toBe("related");
  });

  it("leaves a quality to the other guards: opposite sizes are still a contradiction", () => {
    expect(scorePair("The large budget was approved.", "The small budget was approved.")).toMatchObject({
      verdict: "contradicts",
      reason: "Opposite: 'large' → 'small'",
    });
  });
});
