# Drives the console's MCP endpoint (Streamable HTTP) with the reference Python MCP SDK's own
# ClientSession and streamable_http_client: initializes, lists the tools, makes each call given as
# a JSON argument, and prints one JSON document with what the server answered. The API token comes
# from $EXA_TOKEN, never from the command line. Usage: python http_client.py URL CALLS_JSON
#   CALLS_JSON: [{"name": "hpc_clusters", "arguments": {}}, ...]
import asyncio
import json
import os
import sys

from mcp import ClientSession, types
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


async def main(url: str, calls: list) -> None:
    http = create_mcp_http_client(headers={"Authorization": "Bearer " + os.environ["EXA_TOKEN"]})
    async with http, streamable_http_client(url, http_client=http) as (read, write):
        client = types.Implementation(name="python-sdk-interop", version="1.0.0")
        async with ClientSession(read, write, client_info=client) as session:
            init = await session.initialize()
            tools = await session.list_tools()
            results = []
            for call in calls:
                result = await session.call_tool(call["name"], call["arguments"])
                results.append(result.model_dump(mode="json", by_alias=True, exclude_none=True))
    print(json.dumps({
        "server": init.server_info.model_dump(mode="json", exclude_none=True),
        "protocolVersion": init.protocol_version,
        "tools": [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools.tools],
        "results": results,
    }))


asyncio.run(main(sys.argv[1], json.loads(sys.argv[2])))
