#!/bin/bash
# build-gpu.sh: build every GPU test binary and program into .gpu/ (git-ignored), to be
# carried to the GPU machine (run tool, carry [".gpu"]) and run there:
#   .gpu/<pkg>.test -test.v      for each package with cuda-tagged files
#   .gpu/bench -anchor ANCHOR -plot bench.svg
#   .gpu/drafters                once examples/drafters has its main.go
# The binaries look for libcuda.so.1 in /usr/local/nvidia/lib64 first (-ldflags -r), where
# the GPU machine's driver is.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/cuda-env.sh
ld='-r /usr/local/nvidia/lib64'
mkdir -p .gpu
for pkg in $(bash .ci/cuda-packages.sh); do
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
ls -la .gpu
