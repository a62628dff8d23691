// The package ships no types; this declares only the part of its API that vtt.ts uses.
declare module "webvtt-parser" {
  export interface VttTextNode {
    type: "text";
    value: string;
  }
  export interface VttTimestampNode {
    type: "timestamp";
    value: number;
  }
  export interface VttObjectNode {
    type: "object";
    /** "v", "c", "i", "b", "u", "ruby", "rt", "lang" */
    name: string;
    classes: string[];
    /** the voice annotation of a `<v Name>` span */
    value?: string;
    children: VttNode[];
  }
  export type VttNode = VttTextNode | VttTimestampNode | VttObjectNode;

  export interface VttCue {
    id: string;
    /** seconds */
    startTime: number;
    endTime: number;
    text: string;
    tree: { children: VttNode[] };
  }
  export interface VttParseResult {
    cues: VttCue[];
    errors: { message: string; line: number; col?: number }[];
    styles: string[];
  }
  export class WebVTTParser {
    constructor(entities?: Record<string, string>);
    parse(input: string, mode?: "metadata" | "chapters"): VttParseResult;
  }
  const webvtt: { WebVTTParser: typeof WebVTTParser };
  export default webvtt;
}
