#!/usr/bin/env bash
# Side by side with Directus: runs the peer setup's compare.sh on this checkout (the build is
# made or reused by it). PEER_SETUP names the folder of that setup (its setup.sh must have run).
#   PEER_SETUP=<folder> npm run bench:compare
set -euo pipefail
: "${PEER_SETUP:?set PEER_SETUP to the folder of the Directus peer setup (with compare.sh)}"
PROJECT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" exec bash "$PEER_SETUP/compare.sh"
