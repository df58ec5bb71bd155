#!/bin/bash
# cuda-sdk.sh DEST: fetch the build-time CUDA SDK the cuda-tagged code compiles against,
# cuda.h and the libcuda.so link stub only, into DEST (default .cuda-sdk).
#
# They come from Debian 12's nvidia-cuda-dev (CUDA 11.8, non-free), downloaded with
# apt-get download and unpacked without installing it. NVIDIA's licence forbids
# redistributing them: DEST is git-ignored and nothing here is ever committed.
# Then build with:
#   CGO_CFLAGS="-I$DEST/include" CGO_LDFLAGS="-L$DEST/stubs" go build -tags cuda ...
# The stub only satisfies the linker; at run time the driver's libcuda.so.1 is used.
# Source: /work/shared/gpu/fetch-cuda-sdk.sh (the verified recipe this copies).
set -euo pipefail
dest=${1:-.cuda-sdk}
if [ -f "$dest/include/cuda.h" ] && [ -f "$dest/stubs/libcuda.so" ]; then
  echo "cuda-sdk: already present in $dest"
  exit 0
fi

# Enable contrib/non-free in the deb822 sources, idempotently: only Components
# lines that lack non-free are changed.
src=/etc/apt/sources.list.d/debian.sources
if [ -f "$src" ] && grep -q '^Components:' "$src" && grep '^Components:' "$src" | grep -qv 'non-free'; then
  sed -i '/^Components:/{/non-free/!s/$/ contrib non-free non-free-firmware/}' "$src"
  echo "cuda-sdk: enabled contrib non-free non-free-firmware in $src"
fi
apt-get update -qq

mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(
  cd "$tmp"
  apt-get download -q nvidia-cuda-dev # about 774 MB
  dpkg-deb --fsys-tarfile nvidia-cuda-dev_*.deb |
    tar -x ./usr/include/cuda.h ./usr/lib/x86_64-linux-gnu/stubs/libcuda.so
)
mkdir -p "$dest/include" "$dest/stubs"
cp "$tmp/usr/include/cuda.h" "$dest/include/"
cp "$tmp/usr/lib/x86_64-linux-gnu/stubs/libcuda.so" "$dest/stubs/"
echo "cuda-sdk: $(grep -m1 '#define CUDA_VERSION' "$dest/include/cuda.h") in $dest"
