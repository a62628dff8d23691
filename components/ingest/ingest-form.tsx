"use client";
import { Upload } from "lucide-react";
import Link from "next/link";
import { useRef, useState, useTransition } from "react";
import { toast } from "sonner";
import { startExtractionAction } from "@/app/ingest/actions";
import { RunProgress } from "@/components/ingest/run-progress";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input, Textarea } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { callAction } from "@/components/call-action";
import { formatMegabytes, tooLargeMessage } from "@/lib/format";
import { decodeBytes, prepareSourceText, utf8ByteLength } from "@/lib/sources/decode";
import { FILE_INPUT_ACCEPT } from "@/lib/sources/formats";
import { cn } from "@/lib/utils";

export interface PresetOption {
  id: string;
  label: string;
  kinds: string[];
}

export function IngestForm({
  space,
  presets,
  maxBytes,
  extractorLabel,
  defaultPreset,
}: {
  /** The space the source joins (its slug), null for the default space. */
  space: string | null;
  presets: PresetOption[];
  maxBytes: number;
  extractorLabel: string;
  defaultPreset: string;
}) {
  const [pending, startTransition] = useTransition();
  const [runId, setRunId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [fileName, setFileName] = useState<string | null>(null);
  const [preset, setPreset] = useState(defaultPreset);
  const [duplicateOf, setDuplicateOf] = useState<{ id: string; title: string; createdAt: Date } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Submitted by hand rather than through <form action>: React resets a form after its action, and a
  // refused paste must stay in the box so the user can fix it.
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit(event.currentTarget, false);
  }

  function submit(form: HTMLFormElement, again: boolean) {
    const formData = new FormData(form);
    if (again) formData.set("again", "1");
    const file = formData.get("file");
    const text = formData.get("text");
    // Refused before sending: the server would refuse too, after the wait, and a body far over the limit
    // is cut off by Next.js before Sift's check can answer with its own message.
    if (file instanceof File && file.size > 0) {
      if (file.size > maxBytes) {
        toast.error(tooLargeMessage(file.name, file.size, maxBytes));
        return;
      }
      // The server reads the file and ignores the box; not sending both keeps the body within one limit.
      formData.delete("text");
    } else if (typeof text === "string") {
      const bytes = utf8ByteLength(text);
      if (bytes > maxBytes) {
        const message = tooLargeMessage("The pasted text", bytes, maxBytes);
        setErrors({ text: [message] });
        toast.error(message);
        return;
      }
    }
    startTransition(async () => {
      const result = await callAction(() => startExtractionAction(formData));
      if (result.ok) {
        const data = result.data;
        setErrors({});
        setDuplicateOf(data.duplicateOf ?? null);
        // A text ingested before saves nothing: the form keeps what was entered, and the notice says where.
        if (data.duplicateOf) return;
        setRunId(data.runId);
        form.reset();
        setFileName(null);
        // A file that was not UTF-8 is read as Windows-1252: said, so an odd letter is traced to the file.
        toast.success(`Source saved (${data.segments} segments). Extracting…`, {
          ...(data.decoding ? { description: data.decoding } : {}),
        });
      } else {
        setErrors(result.fieldErrors ?? {});
        toast.error(result.message);
      }
    });
  }

  /**
   * A chosen file is read at once (its first 64 kB) and refused there if it is not text, or too large:
   * the same checks the server makes, before anything is sent or the user presses Extract.
   */
  async function chooseFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    setErrors(({ file: _, ...rest }) => rest);
    if (!file) {
      setFileName(null);
      return;
    }
    const refused = file.size > maxBytes ? tooLargeMessage(file.name, file.size, maxBytes) : await binaryReason(file);
    if (refused) {
      input.value = "";
      setFileName(null);
      setErrors((e) => ({ ...e, file: [refused] }));
      return;
    }
    setFileName(file.name);
  }

  const kinds = presets.find((p) => p.id === preset)?.kinds ?? [];

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <form ref={formRef} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="New source">
        {space ? <input type="hidden" name="space" value={space} /> : null}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="title">Title</Label>
          <Input id="title" name="title" placeholder="A name for it (optional)" maxLength={200} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="text">Transcript</Label>
          <Textarea
            id="text"
            name="text"
            rows={14}
            placeholder={"Paste the transcript here, one turn per line, as “Name: what they said”."}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={errors.text ? "text-error" : undefined}
          />
          {errors.text ? (
            <p id="text-error" className="text-sm text-danger">
              {errors.text[0]}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {/* The input itself keeps the focus (visible on its label, styled as a button) and its name. */}
          <input
            ref={fileInput}
            id="file"
            name="file"
            type="file"
            accept={FILE_INPUT_ACCEPT}
            className="peer sr-only"
            aria-describedby="file-hint"
            onChange={(e) => void chooseFile(e.currentTarget)}
          />
          <label
            htmlFor="file"
            className={cn(
              "inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-border bg-white px-4",
              "text-sm font-medium hover:bg-muted peer-focus-visible:outline-2 peer-focus-visible:outline-primary",
              "peer-focus-visible:outline-offset-2",
            )}
          >
            <Upload aria-hidden className="size-4" /> Upload a file
          </label>
          <span id="file-hint" className="text-sm text-muted-foreground">
            {fileName ?? `txt, md, VTT, SRT or JSON chat export · up to ${formatMegabytes(maxBytes)}`}
          </span>
          {errors.file ? (
            <p role="alert" className="w-full text-sm text-danger">
              {errors.file[0]}
            </p>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="preset">Preset</Label>
            <select
              id="preset"
              name="preset"
              value={preset}
              onChange={(e) => setPreset(e.target.value)}
              className="h-9 rounded-md border border-border bg-white px-3 text-sm"
            >
              {presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="meetingDate">Meeting date</Label>
            <Input id="meetingDate" name="meetingDate" type="date" />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="contextHints">Context hints</Label>
          <Input
            id="contextHints"
            name="contextHints"
            placeholder="Anything the extractor should know, e.g. “project: billing v2”"
            maxLength={2000}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="subject">About (optional)</Label>
          <Input
            id="subject"
            name="subject"
            placeholder="Whom it is about, e.g. a customer or an end user: their facts can be found and forgotten by it"
            maxLength={200}
          />
        </div>
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : "Extract"}
          </Button>
          <span className="text-xs text-muted-foreground">{extractorLabel}</span>
        </div>
      </form>
      <aside className="flex flex-col gap-4">
        {duplicateOf ? (
          <Card role="alert" className="flex flex-col gap-3 border-warning">
            <p className="text-sm">
              This text was already ingested as <span className="font-medium">“{duplicateOf.title}”</span> on{" "}
              {new Date(duplicateOf.createdAt).toISOString().slice(0, 10)}. Nothing was saved.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm">
                <Link href={`/sources/${duplicateOf.id}`}>Open that source</Link>
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={pending}
                onClick={() => formRef.current && submit(formRef.current, true)}
              >
                Extract it again
              </Button>
            </div>
          </Card>
        ) : null}
        {runId ? <RunProgress key={runId} runId={runId} space={space} /> : null}
        <div className="text-sm text-muted-foreground">
          <p className="font-medium text-foreground">Kinds in this preset</p>
          <p className="mt-1">{kinds.join(", ")}</p>
        </div>
      </aside>
    </div>
  );
}

/** Why a file is not a transcript (binary data: an image, a PDF, an archive), from its first bytes; null if text. */
async function binaryReason(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
  try {
    prepareSourceText(decodeBytes(head));
    return null;
  } catch (error) {
    // An empty file is refused by the server with its own message; only binary data is refused here.
    if (head.length === 0) return null;
    return `${file.name}: ${error instanceof Error ? error.message : "not a text file"}`;
  }
}
