#!/bin/bash
# cuda-check.sh: compile and vet the cuda-tagged code on a machine without a GPU.
#
# 1. fetch cuda.h and the libcuda.so link stub (.ci/cuda-sdk.sh; CUDA_SDK, default .cuda-sdk);
# 2. go vet -tags cuda ./... with CGO_CFLAGS/CGO_LDFLAGS pointing at them;
# 3. go test -c -tags cuda for each package with cuda-tagged files (compiles and links the
#    GPU tests; they cannot run here: a cuda binary exits at start without a driver);
# 4. checks that CGO_ENABLED=0 go build -tags cuda ./graphs/backend FAILS, naming
#    backendRequiresCGOEnabled1, instead of silently dropping the backend.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/cuda-env.sh

echo "cuda-check: go vet -tags cuda ./..."
go vet -tags cuda ./...

for pkg in $(bash .ci/cuda-packages.sh); do
  echo "cuda-check: go test -c -tags cuda $pkg"
  go test -c -tags cuda -o /dev/null "$pkg"
done

echo "cuda-check: CGO_ENABLED=0 go build -tags cuda ./graphs/backend must fail"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if CGO_ENABLED=0 go build -tags cuda ./graphs/backend >"$log" 2>&1; then
  echo "cuda-check: FAIL: the cuda backend built without cgo (it would be silently empty)"
  exit 1
fi
if ! grep -q backendRequiresCGOEnabled1 "$log"; then
  echo "cuda-check: FAIL: the CGO_ENABLED=0 build failed, but not with backendRequiresCGOEnabled1:"
  cat "$log"
  exit 1
fi
echo "cuda-check: ok (CGO_ENABLED=0 build refused: $(grep -m1 backendRequiresCGOEnabled1 "$log"))"
