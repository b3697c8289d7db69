#!/bin/bash
# Installs the build toolchain (a JDK 17, Maven, and Node.js + npm for the MCP interoperability
# test) when this Debian machine lacks it. Run as root.
set -euo pipefail
missing=()
command -v javac >/dev/null || missing+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null || missing+=(maven)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
# The third-party MCP client that McpInteropIT drives exa mcp serve with (npm, version pinned).
bash "$(dirname "$0")/mcp-interop-setup.sh"
