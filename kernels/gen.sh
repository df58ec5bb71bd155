#!/bin/bash
# gen.sh: regenerate kernels.ptx from kernels.cu with nvcc 11.8 (run from anywhere; also
# `go generate ./kernels`).
#
# nvcc comes from Debian 12 non-free (nvidia-cuda-toolkit, libnvvm4, nvidia-cuda-dev
# 11.8): the .debs are downloaded with apt-get download and unpacked, not installed, into
# $NVCC_ROOT (default: .cuda-sdk/toolkit at the repository root, git-ignored), so the
# machine's own packages and /etc stay untouched. Needs non-free in apt's sources, which
# .ci/cuda-sdk.sh enables. With NVCC set, that nvcc is used instead (e.g. nvcc 13.0 on the
# GPU machine: NVCC=nvcc bash kernels/gen.sh).
#
# The PTX targets compute_90 (.target sm_90: mlp_step runs in clusters of 8 blocks, with
# cluster barriers and distributed shared memory, which need sm_90; nvcc 11.8 emits them as
# PTX ISA 7.8): the driver JIT-compiles it for the device it loads on, a Hopper GPU (the
# H200). ptxas, when present, checks the result for sm_90.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
arch=${ARCH:-compute_90}
if [ -z "${NVCC:-}" ]; then
  tk=${NVCC_ROOT:-$root/.cuda-sdk/toolkit}
  bin=$tk/usr/lib/nvidia-cuda-toolkit/bin
  if [ ! -x "$bin/nvcc" ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    (cd "$tmp" && apt-get download -q nvidia-cuda-toolkit libnvvm4 nvidia-cuda-dev)
    mkdir -p "$tk"
    for d in "$tmp"/*.deb; do dpkg -x "$d" "$tk"; done
    # The packaged nvcc.profile is a link to /etc/nvcc.profile with system paths: replace
    # it with a file pointing into $tk.
    rm -f "$bin/nvcc.profile"
    cat >"$bin/nvcc.profile" <<PROFILE
NVVMIR_LIBRARY_DIR = $tk/usr/lib/nvidia-cuda-toolkit/libdevice
PATH += $bin:
INCLUDES += -I$tk/usr/include
LIBRARIES =+ \$(_SPACE_) -L$tk/usr/lib/x86_64-linux-gnu
PROFILE
  fi
  export LD_LIBRARY_PATH=$tk/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  NVCC="$bin/nvcc -ccbin $(command -v "${CXX:-g++}") -allow-unsupported-compiler"
  PTXAS=$tk/usr/bin/ptxas
fi
# -lineinfo off, no debug: the PTX is what the driver JITs; keep it deterministic.
$NVCC -ptx -arch="$arch" -O3 -o "$here/kernels.ptx" "$here/kernels.cu"
if [ -n "${PTXAS:-}" ] && [ -x "$PTXAS" ]; then
  "$PTXAS" -arch=sm_90 -v -o /dev/null "$here/kernels.ptx" 2>&1 | grep -E "Compiling|registers" || true
fi
echo "gen.sh: wrote $here/kernels.ptx ($(grep -c '^.visible .entry' "$here/kernels.ptx") kernels)"
