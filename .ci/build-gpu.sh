#!/bin/bash
# build-gpu.sh: build every GPU test binary and program into .gpu/ (git-ignored), to be
# carried to the GPU machine (run tool, carry [".gpu"]) and run there:
#   .gpu/<pkg>.test -test.v      for each package with cuda-tagged files (stored gzipped:
#                                gunzip .gpu/*.gz first, as run-h200.sh does)
#   .gpu/bench -anchor ANCHOR -plot bench.svg
#   .gpu/drafters                once examples/drafters has its main.go
#   bash examples/bench/run-h200.sh   issue 17's one command (tests, baselines, bench, JSON)
# .gpu/COMMIT records the commit built (with -dirty when the tree had changes), for the JSON.
# The binaries look for libcuda.so.1 in /usr/local/nvidia/lib64 first (-ldflags -r), where
# the GPU machine's driver is.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/cuda-env.sh
# -s -w: no symbol tables, so that .gpu/ stays well under the run tool's 64 MiB carry limit.
ld='-r /usr/local/nvidia/lib64 -s -w'
mkdir -p .gpu
rm -f .gpu/*.test # no stale test binary of a package that no longer has cuda tests
for pkg in $(bash .ci/cuda-packages.sh); do
  # A test binary only where a test file is cuda-tagged: the others' tests run on the CPU
  # machine, and each binary is 7-16 MB of the run tool's 64 MiB carry limit.
  grep -qsE '^//go:build .*\bcuda\b' "$pkg"/*_test.go || continue
  name=$(basename "$pkg")
  echo "build-gpu: .gpu/$name.test"
  go test -c -tags cuda -ldflags="$ld" -o ".gpu/$name.test" "$pkg"
done
for prog in ./examples/bench ./examples/drafters; do
  if [ "$(go list -tags cuda -f '{{.Name}}' "$prog")" = main ] && grep -qs '^func main()' "$prog"/*.go; then
    echo "build-gpu: .gpu/$(basename "$prog")"
    go build -tags cuda -ldflags="$ld" -o ".gpu/$(basename "$prog")" "$prog"
  fi
done
cp examples/bench/anchor_graph.cu .gpu/
commit=$(git rev-parse HEAD)
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then commit="$commit-dirty"; fi
echo "$commit" >.gpu/COMMIT
# gzip -9: the binaries take 58 MB plain, 22 MB gzipped, and travel with the working tree
# (23 MB on 2026-12-03) under the run tool's 64 MiB; run-h200.sh unpacks them.
for f in .gpu/*.test .gpu/bench .gpu/drafters; do
  if [ -e "$f" ]; then gzip -9f "$f"; fi
done
ls -la .gpu
