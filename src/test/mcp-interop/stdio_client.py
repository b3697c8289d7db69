# Drives `exa mcp serve` with the reference Python MCP SDK's own ClientSession and stdio client:
# lists the tools, then makes each call given as a JSON argument (each asking for progress), and
# prints one JSON document with what the server answered, the progress and the log lines it sent.
# The SDK checks every structured result against the tool's output schema.
# Usage: python client.py COMMAND_JSON CALLS_JSON
#   COMMAND_JSON: {"command": "...", "args": [...], "env": {...}}
#   CALLS_JSON:   [{"name": "hpc_clusters", "arguments": {}}, ...]
import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client


async def main():
    server = json.loads(sys.argv[1])
    calls = json.loads(sys.argv[2])
    params = StdioServerParameters(
        command=server["command"], args=server["args"], env=server.get("env") or {}
    )
    logged = []

    async def on_log(message):
        logged.append(message.model_dump(mode="json", exclude_none=True))

    async with stdio_client(params) as (read, write):
        async with ClientSession(
            read,
            write,
            logging_callback=on_log,
            client_info=types.Implementation(name="py-sdk-interop", version="1.0.0"),
        ) as session:
            initialized = await session.initialize()
            await session.set_logging_level("debug")
            tools = await session.list_tools()
            results = []
            for call in calls:
                progress = []

                async def on_progress(done, total, message, progress=progress):
                    progress.append({"progress": done, "message": message})

                try:
                    result = await session.call_tool(
                        call["name"], call["arguments"], progress_callback=on_progress
                    )
                    answer = result.model_dump(mode="json", by_alias=True, exclude_none=True)
                except Exception as e:  # a protocol error: reported, not fatal
                    answer = {"protocolError": str(e)}
                answer["progressSeen"] = progress
                results.append(answer)
    print(
        json.dumps(
            {
                "server": initialized.server_info.model_dump(mode="json", exclude_none=True),
                "protocolVersion": initialized.protocol_version,
                "tools": [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools.tools],
                "results": results,
                "logged": logged,
            }
        )
    )


asyncio.run(main())
