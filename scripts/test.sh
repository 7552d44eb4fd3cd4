#!/usr/bin/env bash
# The project's test command. Needs only the repository (and cargo):
#  1. `cargo test --workspace`: every Rust test, including the end-to-end
#     flows in tests/e2e_flows, where the real binary plays whole games
#     against an in-process fake Telegram Bot API (tests/support);
#  2. as an extra, when ../shared/tgsim (or $TGSIM_DIR) and python3 are
#     there, the same flows once more against tgsim (scripts/e2e-tgsim.sh);
#     otherwise it says that it skipped them and why.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --locked --no-fail-fast
tgsim="${TGSIM_DIR:-$(cd .. && pwd)/shared/tgsim}"
if [ ! -f "$tgsim/tgsim.py" ]; then
  echo "skipped the tgsim scenarios (tests/e2e/scenarios.py): no tgsim at $tgsim (set TGSIM_DIR to run them)."
  echo "The same end-to-end flows ran above against the in-process fake Bot API (tests/e2e_flows)."
elif ! command -v python3 >/dev/null; then
  echo "skipped the tgsim scenarios (tests/e2e/scenarios.py): python3 is not installed."
  echo "The same end-to-end flows ran above against the in-process fake Bot API (tests/e2e_flows)."
else
  TGSIM_DIR="$tgsim" scripts/e2e-tgsim.sh
fi
