#!/usr/bin/env bash
# hexref set-up for a fresh Debian/Ubuntu machine with Node (>= 20.19) and npm.
#   bash scripts/setup.sh                 install everything, then start the bot (console mode without a token)
#   bash scripts/setup.sh --install-only  install everything and stop (used by .ci/run and the Dockerfile)
# It installs the system packages node-canvas needs to build from source (no prebuilt binary can be
# fetched here), redis-server for the tests, and the npm dependencies from package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."

start=1
[ "${1:-}" = "--install-only" ] && start=0

APT_PACKAGES=(build-essential python3 pkg-config libpango1.0-dev libcairo2-dev libgif-dev libjpeg-dev
  librsvg2-dev fonts-dejavu-core redis-server)

node_ok=$(node -e 'const [a,b]=process.versions.node.split(".").map(Number); console.log(a>20||(a===20&&b>=19)?1:0)' 2>/dev/null || echo 0)
if [ "$node_ok" != 1 ]; then
  echo "hexref needs Node 20.19 or newer (found: $(node --version 2>/dev/null || echo none))." >&2
  exit 1
fi

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing system packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

echo "==> installing npm dependencies"
# node-gyp builds canvas against the local Node headers when they are installed with Node.
if [ -d /usr/include/node ]; then export npm_config_nodedir=/usr; fi
export JOBS=max
npm ci --no-audit --no-fund --loglevel=error
# npm 11 does not run install scripts it has not been told about; package.json's allowScripts
# approves canvas and esbuild. Make sure canvas really built (older npm runs scripts anyway).
if ! node -e "require('canvas')" 2>/dev/null; then
  echo "==> building canvas from source"
  npm rebuild canvas --loglevel=error
fi
node -e "require('canvas')"
# Compile to dist/ so the bot and the CLI start from JavaScript (bin/hexref.js falls back to the
# TypeScript sources through tsx when they are newer than the build).
echo "==> compiling"
npm run build --silent

mkdir -p var
[ -f .env ] || cp .env.example .env
echo "==> set-up complete"

if [ "$start" = 1 ]; then
  echo "==> starting hexref (Ctrl-C to stop)"
  exec npm start --silent
fi
