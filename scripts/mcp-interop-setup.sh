#!/bin/bash
# Installs the third-party MCP client that McpInteropIT drives `exa mcp serve` with: the reference
# TypeScript MCP SDK, at the version pinned in src/test/mcp-interop/package-lock.json, into
# work/mcp-interop (ignored by git). Needs node and npm (scripts/setup.sh installs them); does
# nothing when that exact lock file is already installed.
set -euo pipefail
cd "$(dirname "$0")/.."
source_dir=src/test/mcp-interop
target=work/mcp-interop
mkdir -p "$target"
if cmp -s "$source_dir/package-lock.json" "$target/package-lock.json" \
    && [ -d "$target/node_modules/@modelcontextprotocol/sdk" ]; then
  exit 0
fi
cp "$source_dir/package.json" "$source_dir/package-lock.json" "$target/"
(cd "$target" && npm ci --no-audit --no-fund --loglevel=error)
