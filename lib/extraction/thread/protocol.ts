import type { Chunk, ChunkResult, ExtractionInput } from "@/lib/extraction/types";

/** What the extraction thread keeps of a run's input: all of it but the signal, which cannot cross threads. */
export type ThreadInput = Omit<ExtractionInput, "signal">;

/** Messages to the extraction thread. An input is sent once per run (open, then segments), then its chunks. */
export type ToThread =
  | { type: "open"; inputId: number; input: ThreadInput }
  /** The input's segments, appended in order after its "open" (a big transcript's go in several). */
  | { type: "segments"; inputId: number; segments: ThreadInput["segments"] }
  | { type: "chunk"; requestId: number; inputId: number; chunk: Chunk }
  | { type: "close"; inputId: number };

/** An error thrown in the thread, as plain data: an AppError keeps its code and its message for users. */
export interface ThreadError {
  message: string;
  appCode?: string;
  /** The thread no longer holds the input (it keeps the last few): send it again. */
  unknownInput?: boolean;
}

export type FromThread =
  { type: "result"; requestId: number; result: ChunkResult } | { type: "error"; requestId: number; error: ThreadError };
