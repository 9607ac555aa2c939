#!/usr/bin/env bash
# Makes a self-contained release folder: everything the server reads at run time, and nothing of
# the repository's besides. It runs with `node apps/server/dist/main.mjs` (or `npm start`) from any
# directory on a machine with Node 24, without the repository beside it. The Dockerfile's build
# stage runs this script and its final stage only copies the folder; CI runs the folder from a clean
# directory on PostgreSQL (npm test's "release" stage: scripts/check-release.mjs).
#
#   scripts/build-release.sh [OUT]     (default: release/; npm run build:release -- OUT)
#   --reuse-build                      use the web app and documentation parts `npm run build`
#                                      already made in this checkout (npm test's release stage,
#                                      right after its build stage) instead of building them again
#
# The folder:
#   apps/server/dist/           main.mjs, chain-engine.mjs and moderation.mjs (bundled server, version baked in),
#                               source maps, docs/ (the documentation area's generated parts)
#   apps/server/src/db/migrations/   applied at start (src/paths.ts finds the server from them)
#   apps/web/dist/, apps/web/dist-server/   the web app and its server renderer
#   docs/site/                  the documentation area's pages (en-US, pt-PT) and images
#   package.json, package-lock.json, node_modules/   production dependencies only, at the
#                               versions of the repository's lockfile (scripts/release-manifest.mjs)
#   CHANGELOG.md, .env.example, RELEASE   what this is and how to configure it
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

reuse=false
out=""
for arg in "$@"; do
  case "$arg" in
    --reuse-build) reuse=true ;;
    -*) echo "[release] unknown option $arg" >&2; exit 2 ;;
    *) out="$arg" ;;
  esac
done
out="${out:-release}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
# Never empties a folder that is not an earlier release (a mistyped path must not lose anything).
if [ -n "$(ls -A "$out")" ] && [ ! -f "$out/RELEASE" ]; then
  echo "[release] $out is not empty and is not a release folder (no RELEASE file): give an empty or new folder" >&2
  exit 1
fi
case "$root/" in "$out/"*) echo "[release] $out contains the repository" >&2; exit 1 ;; esac
find "$out" -mindepth 1 -maxdepth 1 -exec rm -rf {} +

started=$(date +%s)
node --input-type=module -e "(await import('$root/scripts/check-node.mjs')).checkNode()"
if [ "$reuse" = true ]; then
  for f in apps/web/dist/index.html apps/web/dist-server/entry-server.js apps/server/dist/docs/testing.json; do
    [ -f "$f" ] || { echo "[release] --reuse-build: $f is missing; run npm run build first" >&2; exit 1; }
  done
else
  # The web app (always a production bundle) and the documentation area's generated parts.
  NODE_ENV=production npm run build
fi

echo "[release] bundling the server into $out/apps/server/dist"
node --input-type=module -e "
  const { buildServer } = await import('$root/scripts/build-server.mjs');
  await buildServer(process.argv[1], { metafile: true });
" "$out/apps/server/dist"

mkdir -p "$out/apps/server/src/db" "$out/apps/web" "$out/docs"
cp -R apps/server/dist/docs "$out/apps/server/dist/docs"
cp -R apps/server/src/db/migrations "$out/apps/server/src/db/migrations"
cp -R apps/web/dist apps/web/dist-server "$out/apps/web/"
cp -R docs/site "$out/docs/site"
cp CHANGELOG.md .env.example "$out/"

node scripts/release-manifest.mjs "$out"
rm "$out/apps/server/dist/meta.json"
version="$(node -p "require('$out/package.json').version")"
printf 'SwapU %s\nbuilt %s from %s\nstart: node apps/server/dist/main.mjs (configuration: .env.example; docs: README.md of the repository, "Shipping it")\n' \
  "$version" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "${SWAPU_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo 'an unknown commit')}" >"$out/RELEASE"

echo "[release] npm ci --omit=dev in $out"
(cd "$out" && npm ci --omit=dev --no-audit --no-fund --prefer-offline --loglevel=error)

echo "[release] $out: SwapU $version, $(du -sh "$out" | cut -f1) ($(du -sh "$out/node_modules" | cut -f1) of it node_modules), in $(( $(date +%s) - started )) s"
