/**
 * A long, deterministic meeting transcript ("Name: words" lines) for tests of runs that span many chunks.
 * Some lines repeat across the meeting, as real meetings repeat decisions, so de-duplication across chunks
 * matters: a resumed run that forgot what earlier chunks proposed would save them twice.
 * No imports, so Playwright specs can use it too.
 */
const SPEAKERS = ["Priya", "Marcus", "Elena", "Tom", "Aisha"];
const LINES = [
  "We decided to go with {tool} for the {area} after comparing it with {tool2}.",
  "The deadline for the {area} is {day}, and the budget can't exceed ${num},000.",
  "I'll send the updated plan for the {area} to {name} by {day}.",
  "Conversion on the new onboarding flow went up {num} percent in the last two weeks.",
  "We shouldn't have shipped the {area} change on a Friday; the bug was a missing migration.",
  "I prefer {tool} over {tool2} for anything customer-facing.",
  "{name} will own the follow-up with legal about the data retention policy.",
  "The vendor contract requires us to keep audit logs for at least {num} months.",
  "Yeah, that makes sense.",
  "My team is blocked by the {area} review until the security sign-off lands.",
  "We agreed that the {area} freeze starts on {day} and nothing merges without two approvals.",
  "Lesson learned: we need a staging environment that mirrors production data volumes.",
];
const FILL: Record<string, string[]> = {
  tool: ["Postgres", "Kafka", "Grafana", "Terraform", "Redis"],
  tool2: ["MySQL", "RabbitMQ", "Kibana", "Pulumi", "Memcached"],
  area: ["billing service", "search index", "mobile app", "checkout flow", "analytics pipeline"],
  day: ["Monday", "Tuesday", "Friday", "March 3", "the end of the quarter"],
  name: ["Priya", "Marcus", "Elena", "Tom", "Aisha"],
};

export function longTranscript(turns: number, seed = 7): string {
  let state = seed;
  // A small LCG: the same transcript on every machine and run.
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
  const lines: string[] = [];
  for (let i = 0; i < turns; i++) {
    const template = LINES[next(LINES.length)] as string;
    const said = template.replace(/\{(\w+)\}/g, (_, key: string) => {
      // Numbers vary widely, so most lines say something new; names and places repeat.
      if (key === "num") return String(10 + next(990));
      const options = FILL[key] as string[];
      return options[next(options.length)] as string;
    });
    lines.push(`${SPEAKERS[i % SPEAKERS.length]}: ${said}`);
  }
  return lines.join("\n");
}
