#!/bin/bash
# Installs the build toolchain (a JDK 17, Maven, Node.js + npm and Python 3 with venv for the MCP
# interoperability tests) when this Debian machine lacks it. Run as root.
set -euo pipefail
missing=()
command -v javac >/dev/null || missing+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null || missing+=(maven)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
python3 -c 'import venv, ensurepip' 2>/dev/null || missing+=(python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
# The third-party MCP clients the interoperability tests drive the servers with (versions pinned).
bash "$(dirname "$0")/mcp-interop-setup.sh"
