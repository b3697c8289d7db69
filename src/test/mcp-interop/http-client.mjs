// Drives the console's MCP endpoint (Streamable HTTP) with the reference TypeScript MCP SDK's own
// Client and StreamableHTTPClientTransport: initializes, lists the tools, makes each call given as
// a JSON argument, ends the session (DELETE), and prints one JSON document with what the server
// answered. The SDK validates every structured result against the tool's output schema. The API
// token comes from $EXA_TOKEN, never from the command line. Usage: node http-client.mjs URL CALLS_JSON
//   CALLS_JSON: [{"name": "hpc_clusters", "arguments": {}}, ...]
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const url = new URL(process.argv[2]);
const calls = JSON.parse(process.argv[3]);
const transport = new StreamableHTTPClientTransport(url, {
  requestInit: { headers: { Authorization: `Bearer ${process.env.EXA_TOKEN}` } },
});
const client = new Client({ name: "ts-sdk-interop", version: "1.0.0" });
await client.connect(transport);
const sessionId = transport.sessionId;
const tools = await client.listTools();
const results = [];
for (const call of calls) {
  results.push(await client.callTool(call));
}
await transport.terminateSession();
await client.close();
console.log(JSON.stringify({
  server: client.getServerVersion(),
  sessionId,
  protocolVersion: transport.protocolVersion,
  tools: tools.tools,
  results,
}));
