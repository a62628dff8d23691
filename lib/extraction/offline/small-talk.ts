/**
 * Small talk at a work meeting: the weather, the weekend, family, pets, food, travel mishaps, congratulations.
 * It is said in full sentences that name things ("My basement's got a puddle in it"), so the clause rules keep
 * it; what gives it away is what it is about. A team meeting's candidate that talks of these things gets a
 * small-talk importance, which ranks it under the rank floor (counted on the run, never dropped in silence) or,
 * where no floor applies (recorded speech), at the bottom of the folded tail.
 *
 * The topics are general (any office's small talk), not phrases of the written meetings; the threshold (how many
 * topic words make small talk) is chosen by leave-one-meeting-out in scripts/eval-meetings.ts.
 */

/**
 * Words of life outside work, whole words. Words that are as often work words are left out: "traffic" (a
 * network's, a road's), "forecast" (a sales forecast), "storm" (a connection storm).
 */
const TOPICS = [
  // weather
  "weather|rain|raining|rainy|snow|snowing|sunny|sunshine|degrees|humid|freezing",
  // time off and travel
  "weekend|vacation|holiday|ski|beach|luggage|airport|jet ?lag|trip",
  // family, home and pets
  "family|kids?|daughter|son|wife|husband|mom|dad|baby|wedding|dog|cat|puppy|beagle|pets?|bark|howls?|basement|" +
    "kitchen|neighbou?r",
  // food and drink
  "coffee|lunch|breakfast|dinner|pizza|sandwich|vending machine|snacks?|donuts?|cake",
  // how someone is, greetings and courtesies
  "slept|sleep|tired|sick|congratulations|congrats|birthday|graduated|good luck|enjoy|shoes|car's|commute|" +
    "allergic|allergy|allergies|asthma|diabetes|diabetic",
].join("|");
const TOPIC = new RegExp(`\\b(?:${TOPICS})\\b`, "gi");

/**
 * What a work fact carries that small talk rarely does: an amount, a percentage, a quantity with its unit, a
 * deadline or a calendar date. "The caterer costs $400 for lunch" and "the retro snacks cost 300
 * dollars a month" are content, whatever they are about.
 */
const CONTENT_NUMBER = new RegExp(
  "[$€£]\\s?\\d|(?:\\d|\\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|hundred|thousand))\\s?" +
    "(?:%|percent|k\\b|m\\b|units?|hours?|days?|weeks?|months?|people|users?|dollars?|euros?|pounds?|bucks)|" +
    "\\b(?:by|due|until|before|no later than)\\s+(?:the\\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\\b|" +
    "\\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|" +
    "oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b",
  "i",
);

/**
 * A choice said as one ("we decided the offsite trip moves to Lisbon", "the decision is …") is the meeting's
 * business, whatever it is about; one still open ("we haven't decided", "we decided nothing") is not a choice.
 * "Agreed" is left out: people agree with an opinion as often as on a plan ("we all agreed the coffee is awful").
 */
const DECIDED = new RegExp(
  "(?<!(?:\\bnot|n't|\\bnever|\\bno|\\byet to)\\b[^.]{0,20})\\b(?:decided|decision is|settled on)\\b" +
    "(?!\\s+(?:nothing|whether|if|what|which|where|when|how)\\b)",
  "i",
);

/** How many small-talk topic words the text has, less one when it carries an amount or a date, one for a choice. */
export function smallTalkScore(text: string): number {
  const hits = text.match(TOPIC)?.length ?? 0;
  return hits === 0 ? 0 : hits - (CONTENT_NUMBER.test(text) ? 1 : 0) - (DECIDED.test(text) ? 1 : 0);
}

/** Importance of small talk: under any floor however sure the extractor is of the clause (0.9 × 0.15 < 0.2). */
export const SMALL_TALK_IMPORTANCE = 0.15;

export function isSmallTalk(text: string, min: number): boolean {
  return smallTalkScore(text) >= min;
}
