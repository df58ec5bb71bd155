#!/bin/bash
# gen.sh: regenerate kernels.ptx and mlp_cluster.ptx from kernels.cu with nvcc 11.8 (run
# from anywhere; also `go generate ./kernels`).
#
# nvcc comes from Debian 12 non-free (nvidia-cuda-toolkit, libnvvm4, nvidia-cuda-dev
# 11.8): the .debs are downloaded with apt-get download and unpacked, not installed, into
# $NVCC_ROOT (default: .cuda-sdk/toolkit at the repository root, git-ignored), so the
# machine's own packages and /etc stay untouched. Needs non-free in apt's sources, which
# .ci/cuda-sdk.sh enables. With NVCC set, that nvcc is used instead (e.g. nvcc 13.0 on the
# GPU machine: NVCC=nvcc bash kernels/gen.sh).
#
# Two PTX files: kernels.ptx targets compute_80 (.target sm_80; cp.async needs sm_80) and
# holds every kernel, mlp_step being the whole-row kernel (-DMLP_KS=0), so that it loads on
# every GPU since the A100; mlp_cluster.ptx targets compute_90 (.target sm_90: the K-split
# mlp_step runs in clusters of 8 blocks, with cluster barriers and distributed shared
# memory; nvcc 11.8 emits them as PTX ISA 7.8) and holds that mlp_step alone
# (-DMLP_KS=1 -DKERNELS_MLP_ONLY=1); package kernels loads it only on devices of compute
# capability 9.0 or more. The driver JIT-compiles each for the device it loads on.
# ptxas, when present, checks kernels.ptx for sm_80 and both for sm_90.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
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
$NVCC -ptx -arch=compute_80 -O3 -DMLP_KS=0 -o "$here/kernels.ptx" "$here/kernels.cu"
$NVCC -ptx -arch=compute_90 -O3 -DMLP_KS=1 -DKERNELS_MLP_ONLY=1 -o "$here/mlp_cluster.ptx" "$here/kernels.cu"
if [ -n "${PTXAS:-}" ] && [ -x "$PTXAS" ]; then
  for check in "sm_80 kernels.ptx" "sm_90 kernels.ptx" "sm_90 mlp_cluster.ptx"; do
    set -- $check
    echo "gen.sh: ptxas -arch=$1 $2"
    "$PTXAS" -arch="$1" -v -o /dev/null "$here/$2" 2>&1 | grep -E "Compiling|registers|error" || true
    "$PTXAS" -arch="$1" -o /dev/null "$here/$2"
  done
fi
for f in kernels.ptx mlp_cluster.ptx; do
  echo "gen.sh: wrote $here/$f ($(grep -c '^.visible .entry' "$here/$f") kernels)"
done
