import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { getApiFactDetail, listFactsPage } from "@/lib/api/facts";
import { getApiRun, proposeFacts } from "@/lib/api/runs";
import { forgetApiSubject, previewApiForgetSubject } from "@/lib/api/subjects";
import { ForgetSubjectInputSchema } from "@/lib/facts/schema";
import {
  ApiFactDetailSchema,
  ApiRunSchema,
  FactListQuerySchema,
  FactPageSchema,
  ForgottenSubjectSchema,
  ProposeFactsSchema,
  StartedRunSchema,
  SubjectForgetPlanSchema,
  SubjectQuerySchema,
} from "@/lib/api/schemas";
import { toActionResult } from "@/lib/action";
import type { Permission } from "@/lib/accounts/schema";
import { assertAllowedIn, type Actor } from "@/lib/auth/access";
import { isInSpace } from "@/lib/db/spaces";
import type { Db } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import type { SpaceRef } from "@/lib/spaces/schema";
import type { Env } from "@/lib/env";
import type { RunInBackground } from "@/lib/jobs/start-extraction";

const IdInput = z.object({ id: z.uuid() });

/** The API's schema as a tool's output: the same fields, as an object at the top (MCP wants no top-level $ref). */
const toolOutput = <S extends z.ZodObject>(schema: S) => z.object(schema.shape);

const INSTRUCTIONS =
  "Sift is a reviewed fact base: facts extracted from meetings and conversations that a person approved. " +
  "search_facts and get_fact read approved facts with where each was said. propose_facts adds what you learned " +
  "as candidates: they wait in Sift's review queue for a person and are never facts until approved. " +
  "get_run follows a proposal's run. preview_forget_subject and forget_subject forget everything about one " +
  "person (a subject), previewed first.";

/**
 * Sift for agents over MCP: the REST API's operations as tools, with the same zod schemas as inputs and
 * outputs. One server per request (stateless), for the reviewer the request was checked for.
 */
export function createSiftMcpServer({
  db,
  env,
  actor,
  space,
  runInBackground,
}: {
  db: Db;
  env: Env;
  /** The space every tool reads and writes (lib/spaces/resolve.ts). */
  space: SpaceRef;
  /** Who calls: each tool checks its permission against their role or token scopes. */
  actor: Actor;
  runInBackground: RunInBackground;
}): McpServer {
  /** A tool's result, after the caller's role or scopes were checked for what the tool needs. */
  const answer = <T extends Record<string, unknown>>(need: Permission, body: () => Promise<T>) =>
    toolResult(async () => {
      // What the caller may do in this endpoint's space: its role there, or its token's scopes.
      assertAllowedIn(actor, space, need);
      return body();
    });
  /** Another space's fact or run is answered as one that does not exist. */
  const own = async (kind: "fact" | "run", id: string) => {
    if (!(await isInSpace({ db, spaceId: space.id, kind, id }))) {
      throw new AppError("NOT_FOUND", kind === "fact" ? "No fact has this id." : "No run has this id.");
    }
  };
  const server = new McpServer({ name: "sift", version: "1.0.0" }, { instructions: INSTRUCTIONS });

  server.registerTool(
    "search_facts",
    {
      title: "Search approved facts",
      description:
        "Search Sift's fact base: words (ranked; close spellings when nothing has the words), kind, status, " +
        "source, speaker, dates; as_of (yyyy-mm-dd) gives what was true that day. Pages by nextCursor.",
      inputSchema: FactListQuerySchema,
      outputSchema: toolOutput(FactPageSchema),
      annotations: { readOnlyHint: true },
    },
    (query) => answer("read", () => listFactsPage({ db, spaceId: space.id, query })),
  );

  server.registerTool(
    "get_fact",
    {
      title: "Read one fact",
      description: "A fact with its provenance (quotes and sources), relations and revision history.",
      inputSchema: IdInput,
      outputSchema: toolOutput(ApiFactDetailSchema),
      annotations: { readOnlyHint: true },
    },
    ({ id }) =>
      answer("read", async () => {
        await own("fact", id);
        return getApiFactDetail({ db, factId: id });
      }),
  );

  server.registerTool(
    "propose_facts",
    {
      title: "Propose facts for review",
      description:
        "Propose what you learned: a text (a transcript or notes, which Sift extracts) or a list of facts " +
        "(content, kind, confidence; quote from the text if you send one). They become candidates in the " +
        "review queue, marked as coming from an agent, checked against the fact base, and wait for a person: " +
        "never approved automatically. Returns the run; follow it with get_run.",
      inputSchema: ProposeFactsSchema,
      outputSchema: toolOutput(StartedRunSchema),
    },
    (input) =>
      answer("propose", () =>
        proposeFacts({ db, env, spaceId: space.id, input, runInBackground, reviewerId: actor.id }),
      ),
  );

  server.registerTool(
    "get_run",
    {
      title: "Follow a run",
      description: "An extraction run's status, chunks done and candidates saved so far.",
      inputSchema: IdInput,
      outputSchema: toolOutput(ApiRunSchema),
      annotations: { readOnlyHint: true },
    },
    ({ id }) =>
      answer("read", async () => {
        await own("run", id);
        return getApiRun({ db, runId: id });
      }),
  );

  server.registerTool(
    "preview_forget_subject",
    {
      title: "Preview forgetting someone",
      description:
        "What forgetting a subject (an end user the facts are about) would change: their facts, their sources, " +
        "the cards still waiting. Nothing changes; pass its `expected` to forget_subject to do it.",
      inputSchema: SubjectQuerySchema,
      outputSchema: toolOutput(SubjectForgetPlanSchema),
      annotations: { readOnlyHint: true },
    },
    ({ subject }) => answer("review", () => previewApiForgetSubject({ db, spaceId: space.id, subject })),
  );

  server.registerTool(
    "forget_subject",
    {
      title: "Forget someone",
      description:
        "Forget everything about a subject as preview_forget_subject showed it: delete (their facts, sources, " +
        "runs, candidates) or archive (their facts leave the fact base). Refused if anything about them changed " +
        "since the preview: preview again.",
      inputSchema: ForgetSubjectInputSchema,
      outputSchema: toolOutput(ForgottenSubjectSchema),
      annotations: { destructiveHint: true },
    },
    (input) => answer("review", () => forgetApiSubject({ db, spaceId: space.id, input, reviewerId: actor.id })),
  );

  return server;
}

/** A tool's result: the data as structured content (and as text for older clients), or the error's message. */
async function toolResult<T extends Record<string, unknown>>(body: () => Promise<T>) {
  const result = await toActionResult(body);
  if (result.ok) {
    return { content: [{ type: "text" as const, text: JSON.stringify(result.data) }], structuredContent: result.data };
  }
  return { isError: true, content: [{ type: "text" as const, text: `${result.code}: ${result.message}` }] };
}
