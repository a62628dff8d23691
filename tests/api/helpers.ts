import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { openApiDocument } from "@/lib/api/openapi";

/**
 * Calls route handlers the way Next.js does (a Request, and the path's params as a promise) and checks
 * each answer against the OpenAPI document: its status is one the operation documents, and its body
 * validates against that response's schema.
 */

export const document = openApiDocument();

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat("binary", true);
ajv.addSchema(document, "openapi");

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface Call {
  method?: string;
  /** The path and query, e.g. /api/facts?q=x */
  url: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  params?: Record<string, string>;
}

export async function call(handler: Handler, { method = "GET", url, json, body, headers = {}, params = {} }: Call) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    (init.headers as Record<string, string>)["content-type"] ??= "application/json";
  } else if (body !== undefined) init.body = body;
  const response = await handler(new Request(`http://127.0.0.1${url}`, init), { params: Promise.resolve(params) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : null };
}

/** The response conforms to the document: a documented status for (path, method) and a body matching it. */
export function expectConforms(res: { status: number; body: unknown }, path: string, method: string) {
  const operation = (document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[path]?.[
    method.toLowerCase()
  ];
  expect(operation, `${method} ${path} is in the document`).toBeDefined();
  expect(Object.keys(operation?.responses ?? {}), `${method} ${path} documents ${res.status}`).toContain(
    String(res.status),
  );
  const pointer = ["paths", path, method.toLowerCase(), "responses", String(res.status), "content", "application/json"]
    .map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1"))
    .join("/");
  const validate = ajv.getSchema(`openapi#/${pointer}/schema`);
  expect(validate, `schema of ${method} ${path} ${res.status}`).toBeDefined();
  const ok = validate?.(res.body);
  expect(validate?.errors ?? [], JSON.stringify(res.body).slice(0, 400)).toEqual([]);
  expect(ok).toBe(true);
}
