import Link from "next/link";
import { ClipboardCheck, Database, FileInput } from "lucide-react";
import { cn } from "@/lib/utils";

const STEPS = [
  {
    icon: FileInput,
    title: "Ingest a transcript",
    text: "Paste a meeting transcript or upload a file (text, SRT, WebVTT, JSON chat). Sift proposes facts from it.",
  },
  {
    icon: ClipboardCheck,
    title: "Review the candidates",
    text: "Approve, edit, merge or reject each proposal. Nothing enters the fact base without a decision.",
  },
  {
    icon: Database,
    title: "Search the fact base",
    text:
      "Every approved fact keeps its quotes and sources. This page then shows counts, approval rates and " +
      "the backlog.",
  },
];

/**
 * What an empty database shows instead of zeros and empty charts: the first thing to do. A viewer, who may
 * not ingest, is told what will appear and where, and offered what they can open.
 */
export function FirstRun({ canIngest }: { canIngest: boolean }) {
  if (!canIngest) {
    return (
      <section aria-labelledby="first-run" className="rounded-lg border border-border bg-white p-8 shadow-xs">
        <h2 id="first-run" className="text-lg font-semibold">
          Nothing here yet
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Once your team ingests a transcript and reviews its candidates, the approved facts appear under Facts, with
          their quotes and sources, and this page shows the counts and the backlog. Your account can read them; ask an
          admin if you need to ingest or review.
        </p>
        <Link
          href="/facts"
          className={cn(
            "mt-6 inline-flex h-9 items-center rounded-md border border-border bg-white px-4 text-sm font-medium",
            "hover:bg-muted",
          )}
        >
          Open the fact base
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="first-run" className="rounded-lg border border-border bg-white p-8 shadow-xs">
      <h2 id="first-run" className="text-lg font-semibold">
        Nothing here yet: start with a transcript
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Three steps from a conversation to facts you can trust.</p>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="rounded-md bg-muted p-4">
            <span className="flex items-center gap-2 text-sm font-semibold">
              <Icon aria-hidden className="size-4 text-primary" />
              {i + 1}. {title}
            </span>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ol>
      <Link
        href="/ingest"
        className={cn(
          "mt-6 inline-flex h-9 items-center rounded-md bg-primary px-4 text-sm font-medium",
          "text-primary-foreground hover:bg-primary/90",
        )}
      >
        Ingest your first transcript
      </Link>
    </section>
  );
}
