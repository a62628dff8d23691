"use client";
import { Archive, ArchiveRestore, Pencil, RotateCcw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { archiveFactAction, editFactAction, restoreFactAction } from "@/app/facts/[id]/actions";
import { callAction } from "@/components/call-action";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { KindTimeFields } from "@/components/facts/kind-time-fields";
import { Label } from "@/components/ui/label";
import { WordDiff } from "@/components/ui/word-diff";
import type { ActionResult } from "@/lib/errors";
import type { Temporal } from "@/lib/extraction/schema";
import { FormError } from "@/components/ui/form-error";

interface EditableFact {
  id: string;
  version: number;
  content: string;
  kind: string;
  temporal: string;
}

/**
 * Edit a fact against the version on screen: a newer version on the server refuses the save and says
 * what the fact says now, and the reviewer's text stays in the box.
 */
export function FactEditor({ fact, kinds }: { fact: EditableFact; kinds: Array<{ id: string; label: string }> }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState(fact.content);
  const [kind, setKind] = useState(fact.kind);
  const [temporal, setTemporal] = useState(fact.temporal);
  const [error, setError] = useState<string | null>(null);
  const [busy, startTransition] = useTransition();
  const kindOptions = kinds.some((k) => k.id === fact.kind) ? kinds : [{ id: fact.kind, label: fact.kind }, ...kinds];

  if (!open) {
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Pencil aria-hidden /> Edit
      </Button>
    );
  }
  function save() {
    setError(null);
    startTransition(async () => {
      const result = await callAction(() =>
        editFactAction({
          factId: fact.id,
          version: fact.version,
          edits: { content: content.trim(), kind, temporal: temporal as Temporal },
        }),
      );
      if (result.ok) {
        toast.success(`Saved as version ${result.data.version}`);
        setOpen(false);
        router.refresh();
      } else {
        setError(result.message);
      }
    });
  }
  return (
    <form
      aria-label="Edit this fact"
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Label htmlFor="fact-content">Fact text</Label>
      <Textarea
        id="fact-content"
        className="font-sans text-base"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        rows={3}
      />
      <WordDiff from={fact.content} to={content.trim()} label="Changes to the fact" />
      <div className="flex flex-wrap gap-3 text-sm">
        <KindTimeFields kinds={kindOptions} kind={kind} temporal={temporal} onKind={setKind} onTemporal={setTemporal} />
      </div>
      <FormError message={error} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A button that runs one fact action, says how it went, and shows the page as the server now has it. */
function FactActionButton<T>({
  run,
  done,
  children,
}: {
  run: () => Promise<ActionResult<T>>;
  done: (data: T) => string;
  children: React.ReactNode;
}) {
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={busy}
      onClick={() =>
        startTransition(async () => {
          const result = await callAction(run);
          if (result.ok) {
            toast.success(done(result.data));
            router.refresh();
          } else {
            toast.error(result.message);
          }
        })
      }
    >
      {children}
    </Button>
  );
}

/** Makes the fact say again what it said at `restore`: a new version, the history kept. */
export function RestoreButton({ factId, version, restore }: { factId: string; version: number; restore: number }) {
  return (
    <FactActionButton
      run={() => restoreFactAction({ factId, version, restore })}
      done={(data) => `Version ${restore} restored as version ${data.version}`}
    >
      <RotateCcw aria-hidden /> Restore version {restore}
    </FactActionButton>
  );
}

/**
 * Takes a fact out of the fact base without losing it, or brings it back: a new version either way,
 * refused if the fact changed since the page was opened.
 */
export function ArchiveButton({ factId, version, archived }: { factId: string; version: number; archived: boolean }) {
  return (
    <FactActionButton
      run={() => archiveFactAction({ factId, version, archived: !archived })}
      done={() => (archived ? "Fact brought back from the archive" : "Fact archived")}
    >
      {archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
      {archived ? "Bring back" : "Archive"}
    </FactActionButton>
  );
}
