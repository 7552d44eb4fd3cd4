#!/usr/bin/env bash
# Builds the release binary, starts ../shared/tgsim (a fake Telegram Bot API),
# points the bot at it with TELOXIDE_API_URL and plays the end-to-end
# scenarios of tests/e2e/scenarios.py: whole games between simulated users.
# Extra arguments go to the scenario runner (e.g. -k resign).
set -euo pipefail
cd "$(dirname "$0")/.."
export TGSIM_DIR="${TGSIM_DIR:-$(cd .. && pwd)/shared/tgsim}"
if [ ! -f "$TGSIM_DIR/tgsim.py" ]; then
  echo "tgsim not found at $TGSIM_DIR (set TGSIM_DIR)" >&2
  exit 2
fi
cargo build --release --locked --bin srazhenie
exec python3 tests/e2e/scenarios.py --bin "${CARGO_TARGET_DIR:-target}/release/srazhenie" "$@"
