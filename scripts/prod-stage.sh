#!/usr/bin/env bash
# Lays out the container's runtime stage in a folder, without Docker: the production
# dependencies only (the packages `npm ci --omit=dev` installs from the lock file, linked
# from this checkout's node_modules rather than fetched again) and exactly what the
# Dockerfile's runtime stage copies. Prints the folder. Run after `npm run build`.
#   STAGE=$(scripts/prod-stage.sh) && E2E_APP_ROOT=$STAGE npx vitest run --config tests/helpers/vitest.e2e.config.ts …
set -euo pipefail
cd "$(dirname "$0")/.."
stage=$(mktemp -d)
# Every installed production package (npm ls follows the lock file's tree), hard-linked in
# place: the folder gets them and nothing else, in about a second.
# (npm ls exits non-zero over an extraneous package of the full install; the list is whole.)
packages=$(npm ls --omit=dev --all --parseable 2>/dev/null || true)
[ -n "$packages" ] || { echo "npm ls listed no packages" >&2; exit 1; }
tail -n +2 <<<"$packages" | sed "s|^$PWD/||" | sort -u |
  while read -r pkg; do
    [ -e "$stage/$pkg" ] && continue
    mkdir -p "$stage/$(dirname "$pkg")"
    cp -al "$pkg" "$stage/$pkg"
  done
# The runtime stage's COPY lines, in order (the .next cache is left out, as the build stage
# removes it).
mkdir -p "$stage/.next"
(cd .next && find . -mindepth 1 -maxdepth 1 ! -name cache -exec cp -al {} "$stage/.next/" \;)
cp -al dist "$stage/dist"
cp package.json next.config.ts tsconfig.json "$stage/"
cp -al messages "$stage/messages"
mkdir -p "$stage/.data"
echo "$stage"
