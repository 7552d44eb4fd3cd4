#!/usr/bin/env bash
# The project's test command: every Rust test of the workspace, then the
# end-to-end scenarios with the real binary against ../shared/tgsim.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --locked
scripts/e2e-tgsim.sh
