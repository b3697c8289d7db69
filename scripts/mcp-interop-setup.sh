#!/bin/bash
# Installs the third-party MCP clients that McpInteropIT drives `exa mcp serve` with: the reference
# TypeScript MCP SDK, at the version pinned in src/test/mcp-interop/package-lock.json, into
# work/mcp-interop (ignored by git), and the reference Python MCP SDK (below). Needs node, npm and
# python3 with venv (scripts/setup.sh installs node and npm); does nothing for a client whose
# pinned version is already installed.
set -euo pipefail
cd "$(dirname "$0")/.."
source_dir=src/test/mcp-interop
target=work/mcp-interop
mkdir -p "$target"
if ! cmp -s "$source_dir/package-lock.json" "$target/package-lock.json" \
    || [ ! -d "$target/node_modules/@modelcontextprotocol/sdk" ]; then
  cp "$source_dir/package.json" "$source_dir/package-lock.json" "$target/"
  (cd "$target" && npm ci --no-audit --no-fund --loglevel=error)
fi

# The reference Python MCP SDK, at the version pinned in src/test/mcp-interop-py/requirements.txt,
# in a virtual environment of its own in work/mcp-interop-py (McpInteropIT's second client).
py_source=src/test/mcp-interop-py
py_target=work/mcp-interop-py
if ! cmp -s "$py_source/requirements.txt" "$py_target/requirements.txt" \
    || [ ! -x "$py_target/venv/bin/python" ]; then
  rm -rf "$py_target"
  mkdir -p "$py_target"
  python3 -m venv "$py_target/venv"
  "$py_target/venv/bin/pip" install --quiet --disable-pip-version-check -r "$py_source/requirements.txt"
  cp "$py_source/requirements.txt" "$py_target/"
fi
