import { openApiDocument } from "@/lib/api/openapi";

// Made once per server from the operations' schemas; it changes only with the code.
const document = openApiDocument();

export function GET() {
  return Response.json(document);
}
