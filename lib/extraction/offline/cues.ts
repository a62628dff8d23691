import type { Temporal } from "@/lib/extraction/schema";

/**
 * Cue phrases per kind id. Rules are keyed by kind id, not by preset, so any taxonomy that reuses
 * an id (a custom one too) gets them; kinds without rules receive only the fallback.
 * "strong" = an explicit marker ("we decided", "must"); "weak" = topical words only.
 */
export interface CueRule {
  kind: string;
  strength: "strong" | "weak";
  re: RegExp;
  /** How much what it marks matters, when that is more than its kind's base (a health fact an agent must keep). */
  importance?: number;
}

const w = (words: string) => new RegExp(`\\b(?:${words})\\b`, "i");

/** Lasting health facts: "I'm allergic to shellfish", "she is lactose intolerant", "he has asthma". */
const HEALTH =
  "allergic to|allerg(?:y|ies) to|(?:lactose|gluten) intolerant|intolerant (?:to|of)|intolerance to|" +
  "diabetic|diabetes|asthma(?:tic)?|c(?:o)?eliac|epilep(?:sy|tic)";
/** As much as who the person is: forgetting an allergy costs more than forgetting background. */
const HEALTH_IMPORTANCE = 0.75;

export const CUE_RULES: CueRule[] = [
  // meeting / agent
  {
    kind: "decision",
    strength: "strong",
    re: w(
      "we(?:'ve| have)? decided|decided to|decision is|let's go with|we(?:'ll| will) go with|going with|" +
        "agreed(?: to| on| that)?|we settled on|final answer|signed off|the plan is|" +
        // "The board approved the budget"; not "the approved list" or "approved suppliers", which name a thing.
        "(?<!(?:the|an|a|our|their|its|your) )approved(?! (?:list|vendor|supplier|partner|tool|device|version|" +
        "format|budget|design|spec|source|provider)s?\\b)|" +
        "commit(?:s|ted|ting)? to|" +
        // How spoken meetings settle things: "let's go for X", "we're going for X", "we'll stick with X",
        // "we're all in agreement", "we've worked out that", "X it is", "that's decided", "ruled out".
        "(?:let's|we(?:'ll| will| should| could)?) (?:go for|go ahead with|stick with|settle on|opt for)|" +
        "(?:we're|we are) (?:definitely |all |just )?(?:going|gonna go) (?:for|in for|with|ahead with)|" +
        "let's (?:use|make|keep|drop|include|put|choose|pick|work on|do it|do that)|" +
        // "Actually, let's just show prices excluding VAT for everyone": settling it, often as a correction.
        "let's just (?!move on|wrap|call it|get started|start|take a|have a|talk|see|check|skip)[a-z]+|" +
        "let's not (?!get into|worry|forget|go there|talk)[a-z]+|" +
        "(?:in|reached) (?:an )?agreement|(?:we've|we have) (?:basically |now )?(?:worked out|settled|agreed)|" +
        "(?:that's|it's|that is) (?:decided|settled|agreed)|ruled (?:it |that |this )?out|" +
        // A decision not to do something: "we are not adding SEPA direct debit for the launch".
        "(?:we're not|we are not|we aren't|we won't be|we will not be) " +
        "(?:adding|shipping|supporting|including|doing|building|offering|launching|changing|waiting|renewing|" +
        "hiring|extending|pursuing)|" +
        // A course the team now keeps to, said in the progressive: "we're keeping the steel frame", "we're
        // dropping the second port", "we're moving the housing to …" ("keeping an eye on" is no course).
        "(?:we're|we are) (?:keeping(?! (?:an eye|track|in mind|it short|this short))|dropping|cutting|removing|" +
        "scrapping|killing|pausing|postponing|deferring|delaying|skipping|switching|declining|" +
        "moving (?:the|our|it|them|to|from|ahead))|we decline",
    ),
  },
  { kind: "decision", strength: "weak", re: w("chose|choose|picked|opted|switch(?:ed)? to|move forward with") },
  {
    kind: "constraint",
    strength: "strong",
    re: w(
      "must(?:n't)?|can't|cannot|can not|not allowed|deadline|budget|at most|at least|no more than|no later than|" +
        "limit(?:ed)?|required?|requirement|has to|have to|needs? to be|blocked by|depends on|hard stop|" +
        "maximum|minimum|prohibited|forbidden|not permitted|" +
        // A whitelist: "only suppliers already on the approved list", "approved vendors only".
        "(?:on|from|off) the approved (?:list|vendors?|suppliers?)|approved (?:vendors|suppliers) only|" +
        // Obligations stated as duties: "there will be a responsibility upon the university to ensure ...".
        "(?:a |the |their |its )?(?:responsibility|obligation|duty) (?:upon|on|of|to)|obliged to|obligated to|" +
        // A norm the team keeps or is asked to keep: "we don't sandbag the forecast", "please don't discuss …".
        "(?:we|please) (?:don't|do not|never) " +
        "(?!know|have|think|need|want|see|get|really|care|mind|worry|forget)[a-z]+",
    ),
  },
  { kind: "constraint", strength: "weak", re: w("only|should|ought to|compliance|legal|capacity") },
  {
    kind: "action_item",
    strength: "strong",
    re: w(
      "i'll|i will|i'm going to|i am going to|i can take|i'll take|will send|will follow up|follow up|action item|" +
        "todo|to-do|assigned to|by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|eod|" +
        "end of (?:day|week|month)|tomorrow|next week)|owns?|" +
        // Who runs a piece of work, said as settled: "Dana leads the migration", "Omar is responsible for QA".
        "leads? (?:the|our|this|that)|is (?:leading|responsible for|in charge of|accountable for)|" +
        // The team's own future, said as settled ("we'll use rubber buttons"), is its commitment; how the
        // meeting will go on ("we'll see", "we'll talk about that", "we'll have to") is not.
        "we(?:'ll| will| are going to|'re going to|'re gonna| are gonna) " +
        "(?!see|talk|discuss|come back|get (?:to|back|into)|find out|have to|need|probably|maybe|just|try|wait|" +
        "look|think|go (?:on|through|over|round|around|back)|" +
        "move on|start|stop|be (?:able|back|talking|looking|discussing))[a-z]+",
    ),
  },
  // "… is going to be rough", "was going to be end of June": a forecast or a plan that was, not a task.
  { kind: "action_item", strength: "weak", re: w("will|going to(?! be\\b)|gonna(?! be\\b)|plan to|need to|next step") },
  {
    kind: "mistake",
    strength: "strong",
    re: w(
      "we shouldn't have|should not have|shouldn't have|lesson(?:s)? learned|lesson|the bug was|root cause|" +
        "postmortem|post-mortem|mistake|we messed up|broke|regret|went wrong|caused an outage",
    ),
  },
  { kind: "mistake", strength: "weak", re: w("bug|failed|failure|outage|incident|oops") },
  {
    kind: "insight",
    strength: "strong",
    re: w(
      "we found|we learned|we noticed|turns out|it turns out|data shows|the numbers show|" +
        "users (?:want|prefer|said|love|hate|keep asking|kept asking|asked|ask for|complain(?:ed)?)|came up in \\d+|" +
        "\\d+(?:\\.\\d+)?\\s?%|percent|conversion|churn|retention",
    ),
  },
  { kind: "insight", strength: "weak", re: w("seems|apparently|interesting|realized|discovered|learned") },
  { kind: "rule", strength: "strong", re: w("always|never|don't ever|do not|make sure|must|every time|from now on") },
  { kind: "observation", strength: "weak", re: w("noticed|saw|seems|looks like|happened|returned|failed|works") },
  // shared
  {
    kind: "preference",
    strength: "strong",
    re: w(
      "prefer(?:s|red)?|favou?rite|i love|i like|i hate|i enjoy|i adore|i can't stand|big fan|" +
        "i'm (?:really |so )?into|i dislike|rather than|instead of|(?:i|we)(?:'d| would) (?:much )?rather",
    ),
  },
  { kind: "preference", strength: "weak", re: w("love|like|enjoy|hate|fan of|into|keen on|passionate") },
  // Health that stays true (an allergy, an intolerance, a chronic condition): who the person is in the personal
  // preset, background an agent keeps in the agent-memory one. At a work meeting it is small talk (small-talk.ts).
  { kind: "identity", strength: "strong", re: w(HEALTH), importance: HEALTH_IMPORTANCE },
  { kind: "context", strength: "strong", re: w(HEALTH), importance: HEALTH_IMPORTANCE },
  // personal
  {
    kind: "identity",
    strength: "strong",
    re: w(
      "i am an?|i'm an?|i identify|years old|my name is|i was born|" +
        "as an? (?:\\w+ )?(?:woman|man|person|mom|dad|parent|artist|trans)|transgender|trans woman|nonbinary|" +
        "non-binary|gay|lesbian|religious|christian|muslim|jewish",
    ),
  },
  {
    kind: "identity",
    strength: "weak",
    re: w("myself|my identity|who i am|my journey|my health|diagnosed|personality"),
  },
  {
    kind: "work",
    strength: "strong",
    re: w(
      "my job|i work|working (?:as|at|on|in)|my career|career|my boss|my company|hired|promoted|promotion|internship|" +
        "degree|graduated|my studies|studying|my business|my startup|my shop|counsel(?:ing|or)|teacher|nurse|" +
        "engineer|client|side hustle",
    ),
  },
  {
    kind: "work",
    strength: "weak",
    re: w(
      "work|job|office|project|school|class|course|education|edu|training|meeting|colleague|coworker|research|" +
        "volunteer(?:ing)?|workshop",
    ),
  },
  {
    kind: "family",
    strength: "strong",
    re: w(
      "my (?:mom|mother|dad|father|parents|sister|brother|siblings?|kids?|children|son|daughter|husband|wife|partner|" +
        "family|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin|dog|cat|pet|baby)|" +
        "our (?:kids|children|family|son|daughter|dog|cat)",
    ),
  },
  {
    kind: "family",
    strength: "weak",
    re: w(
      "kids?|children|family|mom|dad|son|daughter|husband|wife|sister|brother|grandma|pets?|puppy|dog|cat|married|" +
        "wedding|baby",
    ),
  },
  {
    kind: "location",
    strength: "strong",
    re: w(
      "i live|i'm from|i am from|moved to|moving to|my hometown|grew up in|relocat(?:e|ed|ing)|my home country|" +
        "live in|lives in",
    ),
  },
  {
    kind: "location",
    strength: "weak",
    re: w("city|country|town|beach|mountains?|abroad|travel(?:ed|led|ing)?|trip to|visited|visiting|vacation"),
  },
  {
    kind: "event",
    strength: "strong",
    re: w(
      "yesterday|last (?:week|weekend|month|year|night|friday|saturday|sunday)|next (?:week|weekend|month|year)|" +
        "tomorrow|recently|ago|this (?:weekend|summer|month)|went to|attended|just got back|took part|signed up|" +
        "performed|won|graduat(?:ed|ion)|birthday|concert|festival|parade|conference|race|marathon|ceremony|party",
    ),
  },
  { kind: "event", strength: "weak", re: w("went|visited|joined|started|finished|got|had a|trip|event") },
  {
    kind: "relationship",
    strength: "strong",
    re: w(
      "my (?:friends?|best friend|boyfriend|girlfriend|mentor|neighbou?r|colleagues?|team|community|group)|" +
        "support group|dating|broke up|breakup|friendship|mentor(?:ing)?",
    ),
  },
  { kind: "relationship", strength: "weak", re: w("friends?|community|group|people|relationship|together|support") },
  {
    kind: "hobby",
    strength: "strong",
    re: w(
      "painting|paint|hiking|hike|camping|swimming|running|pottery|photography|guitar|piano|violin|singing|dancing|" +
        "reading|books?|novel|gaming|cooking|baking|gardening|yoga|knitting|drawing|sculpt\\w*|surfing|skiing|" +
        "cycling|biking|fishing|instrument|play(?:ing)? (?:the )?\\w+",
    ),
  },
  {
    kind: "hobby",
    strength: "weak",
    re: w("hobby|fun|relax|creative|art|music|song|sport|game|outdoors|nature|workout|gym"),
  },
];

/** Preferred fallback ids, in order, when no cue matches. */
export const FALLBACK_KINDS = ["context", "general", "observation", "insight"];

const BASE_IMPORTANCE: Record<string, number> = {
  decision: 0.85,
  constraint: 0.8,
  action_item: 0.75,
  rule: 0.85,
  mistake: 0.75,
  insight: 0.65,
  identity: 0.75,
  work: 0.65,
  family: 0.65,
  location: 0.6,
  relationship: 0.6,
  preference: 0.55,
  event: 0.55,
  hobby: 0.5,
  observation: 0.5,
  context: 0.4,
  general: 0.4,
};
export function baseImportance(kind: string): number {
  return BASE_IMPORTANCE[kind] ?? 0.5;
}

const FUTURE = w(
  "will|'ll|going to|gonna|plan(?:ning)? to|next (?:week|month|year|weekend|time|quarter|sprint)|tomorrow|soon|" +
    "upcoming|by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|eod|end of \\w+)|can't wait to|" +
    "looking forward|hoping to|hope to|want to|intend",
);
const PAST_TIME = w(
  "yesterday|last (?:week|weekend|month|year|night|time|quarter|sprint|\\w+day)|ago|used to|back then|earlier|" +
    "recently|once",
);
const TIMELESS = w("always|never|every (?:time|day)|in general|generally|as a rule");
const IRREGULAR_PAST = w(
  "was|were|had|did|went|made|got|took|saw|came|felt|found|gave|told|thought|knew|left|met|began|became|bought|" +
    "brought|ran|wrote|read|won|lost|sold|spent|built|grew|drew|sang|swam|taught|caught|kept|held|heard|paid|sent|" +
    "wore|fell|flew|broke|chose|ate|drove|rode|decided|agreed",
);

/** Tense from time words first, then the verbs; `pastVerb` says a past-tense verb form was seen. */
export function temporalOf(text: string, pastVerb: boolean): Temporal {
  if (FUTURE.test(text)) return "future";
  if (PAST_TIME.test(text)) return "past";
  if (TIMELESS.test(text)) return "timeless";
  if (pastVerb || IRREGULAR_PAST.test(text)) return "past";
  return "present";
}
