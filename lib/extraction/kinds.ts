import { z } from "zod";
import { KindSchema } from "@/lib/extraction/schema";
import type { KindDefinition } from "@/lib/extraction/types";

/**
 * Kind taxonomies. The definitions are shown in the UI and sent verbatim in LLM prompts, so each is
 * one crisp line that says what belongs in the kind and, where confusion is likely, what does not.
 */

const MEETING: KindDefinition[] = [
  {
    id: "decision",
    label: "Decision",
    definition: "A choice the group settled on or agreed to (not a proposal still under discussion).",
  },
  {
    id: "constraint",
    label: "Constraint",
    definition:
      "A hard limit or requirement: deadline, budget, rule, dependency or something that must or cannot happen.",
  },
  {
    id: "action_item",
    label: "Action item",
    definition: "A task someone committed to do, ideally with an owner and a due date.",
  },
  {
    id: "insight",
    label: "Insight",
    definition: "A finding, measurement or learned fact about the product, users or market.",
  },
  {
    id: "mistake",
    label: "Mistake",
    definition: "Something that went wrong and the lesson drawn from it (bug cause, wrong call, regret).",
  },
  {
    id: "preference",
    label: "Preference",
    definition: "What a person or team likes, dislikes or prefers, e.g. a tool, style or way of working.",
  },
  {
    id: "context",
    label: "Context",
    definition: "Background facts about people, projects or status that help interpret other facts.",
  },
];

const AGENT: KindDefinition[] = [
  { id: "rule", label: "Rule", definition: "An instruction the agent must always or never follow." },
  { id: "preference", label: "Preference", definition: "How the user likes things done: style, tools, format, tone." },
  {
    id: "context",
    label: "Context",
    definition: "Background about the user, their project or environment that stays true for a while.",
  },
  { id: "decision", label: "Decision", definition: "A choice the user made that later work should respect." },
  {
    id: "observation",
    label: "Observation",
    definition: "Something noticed during the work: a result, failure cause or behaviour of a system.",
  },
];

const PERSONAL: KindDefinition[] = [
  {
    id: "identity",
    label: "Identity",
    definition: "Who the person is: name, age, gender, nationality, beliefs, health or personality.",
  },
  { id: "work", label: "Work", definition: "Job, career, studies, employer, projects and professional goals." },
  { id: "family", label: "Family", definition: "Partner, children, parents, siblings, pets and what happens to them." },
  {
    id: "preference",
    label: "Preference",
    definition: "Likes, dislikes, favourites and tastes (food, books, music, places).",
  },
  { id: "location", label: "Location", definition: "Where the person lives, comes from, moved to or travelled to." },
  {
    id: "event",
    label: "Event",
    definition: "Something that happened or is planned at a point in time: trips, visits, milestones.",
  },
  {
    id: "relationship",
    label: "Relationship",
    definition: "Friends, colleagues, mentors, communities and how the person relates to them.",
  },
  { id: "hobby", label: "Hobby", definition: "Pastimes, sports, creative activities and things done for fun." },
  { id: "general", label: "General", definition: "Any other lasting fact about the person that fits no other kind." },
];

export const PRESETS = {
  meeting: { id: "meeting", label: "Meeting", kinds: MEETING },
  agent: { id: "agent", label: "Agent memory", kinds: AGENT },
  personal: { id: "personal", label: "Personal", kinds: PERSONAL },
} as const satisfies Record<string, { id: string; label: string; kinds: KindDefinition[] }>;

export type PresetId = keyof typeof PRESETS;
export const PRESET_IDS = Object.keys(PRESETS) as PresetId[];
export const DEFAULT_PRESET: PresetId = "meeting";

export function isPresetId(value: string): value is PresetId {
  return Object.prototype.hasOwnProperty.call(PRESETS, value);
}

/** A copy, so callers can edit the list without changing the preset. */
export function getPresetKinds(id: PresetId): KindDefinition[] {
  return PRESETS[id].kinds.map((k) => ({ ...k }));
}

export const KindDefinitionSchema = z.object({
  id: KindSchema,
  label: z.string().trim().min(1).max(60),
  definition: z.string().trim().min(3).max(300),
});

/** A custom taxonomy as stored in settings: 1..30 kinds with unique ids. */
export const TaxonomySchema = z
  .array(KindDefinitionSchema)
  .min(1, "A taxonomy needs at least one kind")
  .max(30, "At most 30 kinds")
  .superRefine((kinds, ctx) => {
    const seen = new Set<string>();
    kinds.forEach((k, i) => {
      if (seen.has(k.id)) {
        ctx.addIssue({ code: "custom", message: `Duplicate kind id "${k.id}"`, path: [i, "id"] });
      }
      seen.add(k.id);
    });
  });
