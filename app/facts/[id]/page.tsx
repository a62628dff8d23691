import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { ArchiveButton, FactEditor, RestoreButton } from "@/components/facts/fact-editor";
import { MoveFact } from "@/components/facts/move-fact";
import { VisibleText } from "@/components/ui/visible-text";
import { WordDiff } from "@/components/ui/word-diff";
import { getDb } from "@/lib/db/client";
import { getFactDetail, type FactDetail } from "@/lib/db/fact-detail";
import { getSettings } from "@/lib/db/settings";
import { MANUAL_ENTRY_REASON } from "@/lib/facts/schema";
import { formatOffset } from "@/lib/format";
import { firstLines, lastLines } from "@/lib/text/lines";
import { kindOptions } from "@/lib/settings/schema";
import { reachableSpaces, requireObjectPage } from "@/app/access";
import { roleAllows } from "@/lib/accounts/schema";
import { maskSecrets } from "@/lib/secrets/mask";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Fact" };

const RELATION_OUT: Record<string, string> = {
  related: "Related to",
  duplicate_of: "Duplicate of",
  supersedes: "Supersedes",
  contradicts: "Contradicts",
};
const RELATION_IN: Record<string, string> = {
  related: "Related to",
  duplicate_of: "Repeated by",
  supersedes: "Superseded by",
  contradicts: "Contradicted by",
};
const ACTION_LABEL: Record<string, string> = {
  create: "Approved",
  merge: "Merged a repeat",
  supersede: "Superseded",
  unmerge: "Merge undone",
  restore: "Restored",
  edit: "Edited",
  archive: "Archived",
  unarchive: "Brought back",
  move: "Moved",
  copy: "Copied",
};

const quoteClass = "whitespace-pre-wrap break-words border-l-2 border-border pl-3 text-muted-foreground";
const day = (d: Date) => d.toISOString().slice(0, 10);

/** A fact: what it says, where it was said (quotes in their transcripts), what it relates to, its history. */
export default async function FactPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const { viewer, space } = await requireObjectPage("read", "fact", id);
  const canEdit = viewer.allows.includes("review");
  const db = await getDb();
  const spaces = await reachableSpaces();
  const reach = new Set(spaces.map((s) => s.id));
  const [fact, settings] = await Promise.all([
    // A quote whose source lies in a space this reader does not reach shows without it.
    getFactDetail({ db, factId: id, mayRead: (spaceId) => reach.has(spaceId) }),
    getSettings({ db, spaceId: space.id }),
  ]);
  if (!fact) notFound();
  const targets = canEdit ? spaces.filter((s) => s.id !== space.id && roleAllows(s.role, "review")) : [];
  const kinds = kindOptions(settings);
  const manual = fact.provenance.some((p) => p.extractor === "manual");
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Fact"
        description={`Version ${fact.version} · ${manual ? "entered" : "approved"} ${day(fact.createdAt)}`}
      />
      <Card role="region" aria-label="Fact" className="mb-6 flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <Badge tone="primary">{fact.kind.replace(/_/g, " ")}</Badge>
          <Badge tone={fact.status === "active" ? "success" : "warning"}>{fact.status}</Badge>
          <Badge>{fact.temporal}</Badge>
          {fact.subject ? <Badge>about {fact.subject}</Badge> : null}
          <span className="text-muted-foreground">
            importance {Math.round(fact.importance * 100)}% · confidence {Math.round(fact.confidence * 100)}%
            {fact.validFrom ? ` · valid from ${day(fact.validFrom)}` : ""}
            {fact.validTo ? ` · until ${day(fact.validTo)}` : ""}
          </span>
        </div>
        <p className="text-lg">
          <VisibleText text={fact.content} />
        </p>
        {fact.status === "active" || fact.status === "archived" ? (
          <div className="flex flex-wrap items-start gap-2">
            {canEdit && fact.status === "active" ? <FactEditor key={fact.version} fact={fact} kinds={kinds} /> : null}
            {canEdit ? (
              <ArchiveButton factId={fact.id} version={fact.version} archived={fact.status === "archived"} />
            ) : null}
            {fact.status === "active" && targets.length > 0 ? (
              <MoveFact
                key={fact.version}
                fact={{ id: fact.id, version: fact.version, content: fact.content }}
                from={space}
                targets={targets.map(({ id: spaceId, slug, name }) => ({ id: spaceId, slug, name }))}
                relations={fact.relationsOut.length + fact.relationsIn.length}
              />
            ) : null}
          </div>
        ) : null}
      </Card>
      <Provenance fact={fact} />
      <Relations fact={fact} />
      <History fact={fact} canEdit={canEdit} />
    </div>
  );
}

function Provenance({ fact }: { fact: FactDetail }) {
  return (
    <section aria-labelledby="said" className="mb-6">
      <h2 id="said" className="mb-2 font-semibold">
        Where it was said ({fact.provenance.length})
      </h2>
      <ul className="flex flex-col gap-3" aria-label="Provenance">
        {fact.provenance.map((p) => {
          const context = fact.contexts.get(p.id);
          if (p.extractor === "manual") return <ManualEntry key={p.id} fact={fact} note={p.quote} />;
          return (
            <li key={p.id} className="rounded-md border border-border bg-white p-3 text-sm">
              <p className="mb-1 text-xs text-muted-foreground">
                {p.source ? (
                  <Link className="font-medium text-foreground hover:underline" href={`/sources/${p.source.id}`}>
                    {p.source.title}
                  </Link>
                ) : p.elsewhere ? (
                  "a source in another space"
                ) : (
                  "a deleted source"
                )}
                {p.speaker ? ` · said by ${p.speaker}` : ""}
                {context?.startMs != null ? ` · at ${formatOffset(context.startMs)}` : ""}
                {p.extractor
                  ? ` · ${p.extractor === "offline" ? "offline extractor" : (p.modelId ?? p.extractor)}`
                  : ""}
                {p.promptVersion ? ` (${p.promptVersion})` : ""}
              </p>
              {p.quote ? (
                <blockquote className={quoteClass}>
                  {context ? <VisibleText text={maskSecrets(lastLines(context.before, 2))} /> : null}
                  <mark className="rounded bg-warning/25 px-0.5 text-foreground">
                    <VisibleText text={context ? maskSecrets(context.quote ?? p.quote) : p.quote} />
                  </mark>
                  {context ? <VisibleText text={maskSecrets(firstLines(context.after, 2))} /> : null}
                </blockquote>
              ) : (
                <p className="text-muted-foreground">Entered without a quote.</p>
              )}
              {p.source && p.start !== null ? (
                <Link
                  className="mt-1 inline-block text-xs text-primary hover:underline"
                  href={`/sources/${p.source.id}#at-${p.start}`}
                >
                  Open in the source
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A fact a person typed in: who and when (its first revision), and their note on where it comes from. */
function ManualEntry({ fact, note }: { fact: FactDetail; note: string | null }) {
  const created = fact.revisions.find((r) => r.action === "create");
  return (
    <li className="rounded-md border border-border bg-white p-3 text-sm">
      <p className="text-xs text-muted-foreground">
        Entered by hand by{" "}
        {created?.reviewer ? `${created.reviewer.name} (${created.reviewer.id.slice(0, 8)})` : "a reviewer"}
        {created ? ` on ${day(created.createdAt)}` : ""}
      </p>
      {note ? <p className="mt-1">{note}</p> : null}
    </li>
  );
}

function Relations({ fact }: { fact: FactDetail }) {
  const all = [
    ...fact.relationsOut.map((r) => ({ id: r.id, label: RELATION_OUT[r.type] ?? r.type, other: r.toFact })),
    ...fact.relationsIn.map((r) => ({ id: r.id, label: RELATION_IN[r.type] ?? r.type, other: r.fromFact })),
  ];
  if (all.length === 0) return null;
  return (
    <section aria-labelledby="relations" className="mb-6">
      <h2 id="relations" className="mb-2 font-semibold">
        Related facts
      </h2>
      <ul className="flex flex-col gap-1 text-sm" aria-label="Relations">
        {all.map((r) => (
          <li key={r.id}>
            <span className="font-medium">{r.label}</span>{" "}
            <Link className="hover:underline" href={`/facts/${r.other.id}`}>
              {r.other.content}
            </Link>{" "}
            <span className="text-muted-foreground">({r.other.status})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function History({ fact, canEdit }: { fact: FactDetail; canEdit: boolean }) {
  return (
    <section aria-labelledby="history">
      <h2 id="history" className="mb-2 font-semibold">
        History
      </h2>
      <ol className="flex flex-col gap-3" aria-label="History">
        {fact.revisions.map((r) => (
          <li key={r.id} className="text-sm">
            <p>
              <span className="font-medium">
                v{r.version} · {r.reason === MANUAL_ENTRY_REASON ? "Entered" : (ACTION_LABEL[r.action] ?? r.action)}
              </span>{" "}
              <span className="text-muted-foreground">
                by {r.reviewer ? `${r.reviewer.name} (${r.reviewer.id.slice(0, 8)})` : "Sift (automatic)"} on{" "}
                {r.createdAt.toISOString().slice(0, 16).replace("T", " ")}
                {r.reason ? ` · ${r.reason}` : ""}
              </span>
            </p>
            {r.before && r.after ? (
              <WordDiff from={r.before.content} to={r.after.content} label={`Changes in version ${r.version}`} />
            ) : null}
            {fact.status === "active" && r.after && r.version < fact.version && r.after.content !== fact.content ? (
              <div className="mt-1">
                {canEdit ? <RestoreButton factId={fact.id} version={fact.version} restore={r.version} /> : null}
              </div>
            ) : null}
            {r.before && r.after && r.before.status !== r.after.status ? (
              <p className="text-muted-foreground">
                Status: {r.before.status} → {r.after.status}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
