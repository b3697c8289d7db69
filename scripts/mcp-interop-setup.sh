#!/bin/bash
# Installs the third-party MCP clients the interoperability tests drive the servers with: the
# reference TypeScript MCP SDK, at the version pinned in src/test/mcp-interop/package-lock.json, into
# work/mcp-interop, and the reference Python MCP SDK, at the version pinned in
# src/test/mcp-interop/requirements.txt, into the virtual environment work/mcp-python (both ignored
# by git). Installs Node.js, npm and Python 3 with venv first when this Debian machine lacks them
# (that needs root); does nothing for a client whose pinned version is already installed.
# scripts/test.sh runs it before the tests; the product itself (scripts/demo.sh) needs none of this.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
python3 -c 'import venv, ensurepip' 2>/dev/null || missing+=(python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
source_dir=src/test/mcp-interop
target=work/mcp-interop
mkdir -p "$target"
if ! cmp -s "$source_dir/package-lock.json" "$target/package-lock.json" \
    || [ ! -d "$target/node_modules/@modelcontextprotocol/sdk" ]; then
  cp "$source_dir/package.json" "$source_dir/package-lock.json" "$target/"
  (cd "$target" && npm ci --no-audit --no-fund --loglevel=error)
fi
python=work/mcp-python
if ! cmp -s "$source_dir/requirements.txt" "$python/requirements.txt"; then
  rm -rf "$python"
  python3 -m venv "$python"
  "$python/bin/pip" install --quiet --retries 1 -r "$source_dir/requirements.txt"
  cp "$source_dir/requirements.txt" "$python/requirements.txt"
fi
