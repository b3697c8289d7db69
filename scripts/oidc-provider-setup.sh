#!/bin/bash
# Installs the real OpenID Provider the console's OIDC sign-in tests run against: panva's certified
# oidc-provider, at the version pinned in src/test/oidc-provider/package-lock.json, into
# work/oidc-provider (ignored by git), where the tests start it with src/test/oidc-provider/provider.mjs.
# Installs Node.js and npm first when this Debian machine lacks them (that needs root); does nothing
# when the pinned version is already installed. scripts/test.sh runs it before the tests; the
# product itself needs none of this (the console speaks to any OpenID Provider over HTTPS).
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 20 ]; then
  echo "oidc-provider 9 needs Node.js 20 or newer; this machine has $(node --version):" \
    "install a newer Node.js (e.g. from NodeSource) and run this again" >&2
  exit 1
fi
source_dir=src/test/oidc-provider
target=work/oidc-provider
mkdir -p "$target"
if ! cmp -s "$source_dir/package-lock.json" "$target/package-lock.json" \
    || [ ! -d "$target/node_modules/oidc-provider" ]; then
  cp "$source_dir/package.json" "$source_dir/package-lock.json" "$target/"
  (cd "$target" && npm ci --no-audit --no-fund --loglevel=error)
fi
