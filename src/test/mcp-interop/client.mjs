// Drives `exa mcp serve` with the reference TypeScript MCP SDK's own Client and stdio transport:
// lists the tools, then makes each call given as a JSON argument, and prints one JSON document
// with what the server answered. The SDK validates every structured result against the tool's
// output schema. Usage: node client.mjs COMMAND_JSON CALLS_JSON
//   COMMAND_JSON: {"command": "...", "args": [...], "env": {...}}
//   CALLS_JSON:   [{"name": "hpc_clusters", "arguments": {}}, ...]
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const server = JSON.parse(process.argv[2]);
const calls = JSON.parse(process.argv[3]);
const transport = new StdioClientTransport({
  command: server.command,
  args: server.args,
  env: server.env,
  stderr: "inherit",
});
const client = new Client({ name: "ts-sdk-interop", version: "1.0.0" });
await client.connect(transport);
const tools = await client.listTools();
const results = [];
for (const call of calls) {
  results.push(await client.callTool(call));
}
console.log(JSON.stringify({
  server: client.getServerVersion(),
  tools: tools.tools,
  results,
}));
await client.close();
