#!/bin/bash
# cuda-packages.sh: print the packages (./path) that have cuda-tagged Go files, one a line.
set -euo pipefail
cd "$(dirname "$0")/.."
grep -rl --include='*.go' -E '^//go:build .*\bcuda\b' . |
  grep -v -e '^\./\.' -e '/testdata/' | xargs -n1 dirname | sort -u
