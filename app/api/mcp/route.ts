import { after } from "next/server";
import { handleMcpRequest } from "@/lib/mcp/http";

export const dynamic = "force-dynamic";

/** MCP for agents (Streamable HTTP, stateless): tools search_facts, get_fact, propose_facts, get_run. */
const handle = (request: Request) => handleMcpRequest(request, after);

export { handle as GET, handle as POST, handle as DELETE };
