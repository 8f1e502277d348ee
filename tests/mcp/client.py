"""Drives repotoire's MCP server with the official Python SDK and prints what it saw as JSON.

usage: client.py stdio MODE BINARY REPO | client.py http MODE URL
MODE is `legacy` (the 2025-11-25 initialize handshake) or `auto` (current revision first).
The Rust test (tests/it/mcp.rs) makes the assertions; this script only reports.
"""

import asyncio
import json
import sys

from mcp import Client
from mcp.client.stdio import StdioServerParameters


def result_of(result):
    text = "".join(getattr(block, "text", "") for block in result.content)
    return {"is_error": bool(result.is_error), "text": text, "structured": result.structured_content}


async def exercise(target, mode):
    report = {"calls": {}, "progress": []}
    async with Client(target, mode=mode) as client:
        report["protocol"] = client.protocol_version
        listed = await client.list_tools()
        report["tools"] = [tool.name for tool in listed.tools]
        report["read_only"] = {
            tool.name: bool(tool.annotations and tool.annotations.read_only_hint) for tool in listed.tools
        }
        report["has_output_schema"] = all(tool.output_schema for tool in listed.tools)
        calls = {
            "find_callers": {"symbol": "shop.checkout.checkout"},
            "file_outline": {"file": "shop/models.py"},
            "search_code": {"query": "payment gateway card"},
            "impact_of": {"symbol": "shop.models.Order.total"},
            "find_symbol_missing": {"query": "zzzzqqq"},
        }
        for key, arguments in calls.items():
            name = key.removesuffix("_missing")
            report["calls"][key] = result_of(await client.call_tool(name, arguments))

        async def on_progress(progress, total, message):
            report["progress"].append([progress, total, message])

        report["calls"]["run_detectors"] = result_of(
            await client.call_tool("run_detectors", {}, progress_callback=on_progress)
        )
    return report


def main():
    transport, mode = sys.argv[1], sys.argv[2]
    if transport == "stdio":
        target = StdioServerParameters(command=sys.argv[3], args=["serve", "--path", sys.argv[4]])
    else:
        target = sys.argv[3]
    print(json.dumps(asyncio.run(exercise(target, mode))))


if __name__ == "__main__":
    main()
