#!/bin/bash
# Installs what the product needs to build and run (a JDK 17 and Maven) when this Debian machine
# lacks it. Run as root. The test suite's extra tools (the MCP clients of the interoperability
# tests, with Node.js and Python) are scripts/test.sh's business: scripts/mcp-interop-setup.sh.
set -euo pipefail
missing=()
command -v javac >/dev/null || missing+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null || missing+=(maven)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
