"use client";
import { Check } from "lucide-react";
import { useState } from "react";
import type { ReviewEdits, ReviewItem } from "@/components/review/types";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { WordDiff } from "@/components/ui/word-diff";
import { TEMPORALS, TemporalSchema } from "@/lib/extraction/schema";
import { describeInvisible } from "@/lib/text/invisible";

/**
 * Edit, then approve: the text, kind, importance and time of a candidate, with the change against the
 * extracted text in view. Ctrl/Cmd+Enter saves, Escape cancels. The text box takes the focus when the
 * editor opens (the queue puts it there: `data-autofocus`), on every card.
 */
export function CardEditor({
  item,
  kinds,
  draft,
  onSave,
  onCancel,
}: {
  item: ReviewItem;
  kinds: Array<{ id: string; label: string }>;
  /** An edit the server refused, to go on with. */
  draft?: ReviewEdits;
  onSave: (edits: ReviewEdits, keepInvisible: boolean) => void;
  onCancel: () => void;
}) {
  const [content, setContent] = useState(draft?.content ?? item.content);
  const [kind, setKind] = useState(draft?.kind ?? item.kind);
  const [importance, setImportance] = useState(draft?.importance ?? item.importance);
  const [temporal, setTemporal] = useState(draft?.temporal ?? item.temporal);
  const [keepInvisible, setKeepInvisible] = useState(false);
  const id = (name: string) => `${name}-${item.id}`;
  const kindOptions = kinds.some((k) => k.id === item.kind) ? kinds : [{ id: item.kind, label: item.kind }, ...kinds];
  const trimmed = content.trim();
  const invisible = describeInvisible(trimmed);

  function save() {
    const edits: ReviewEdits = {};
    if (trimmed !== item.content) edits.content = trimmed;
    if (kind !== item.kind) edits.kind = kind;
    if (importance !== item.importance) edits.importance = importance;
    if (temporal !== item.temporal) edits.temporal = temporal;
    onSave(edits, keepInvisible && invisible !== null);
  }

  return (
    <form
      className="mt-2 flex flex-col gap-3"
      aria-label="Edit the candidate"
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed.length >= 3) save();
      }}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          onCancel();
        }
        if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
          e.preventDefault();
          e.currentTarget.requestSubmit();
        }
      }}
    >
      <Textarea
        aria-label="Fact text"
        className="min-h-20 font-sans text-base"
        value={content}
        data-autofocus
        onChange={(e) => setContent(e.target.value)}
      />
      <WordDiff from={item.content} to={trimmed} label="Changes to the extracted text" />
      <div className="flex flex-wrap gap-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor={id("kind")}>Kind</Label>
          <select id={id("kind")} className="field" value={kind} onChange={(e) => setKind(e.target.value)}>
            {kindOptions.map((k) => (
              <option key={k.id} value={k.id}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={id("temporal")}>Time</Label>
          <select
            id={id("temporal")}
            className="field"
            value={temporal}
            onChange={(e) => setTemporal(TemporalSchema.parse(e.target.value))}
          >
            {TEMPORALS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={id("importance")}>Importance {Math.round(importance * 100)}%</Label>
          <input
            id={id("importance")}
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={importance}
            onChange={(e) => setImportance(e.target.valueAsNumber)}
            className="h-9 accent-[var(--color-primary)]"
          />
        </div>
      </div>
      {invisible ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={keepInvisible} onChange={(e) => setKeepInvisible(e.target.checked)} />
          Keep the invisible characters ({invisible}); otherwise they are removed
        </label>
      ) : null}
      <div className="flex gap-2">
        <Button size="sm" variant="success" type="submit" disabled={trimmed.length < 3}>
          <Check aria-hidden /> Save and approve
        </Button>
        <Button size="sm" variant="ghost" type="button" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
