#!/bin/bash
# run-h200.sh: the one command on the GPU machine (issues 17, 25, 27). Build first, on the
# CPU machine:
#   bash .ci/build-gpu.sh          # .gpu/: test binaries, bench, drafters, COMMIT
# then pass this to the device run tool from the repository root, carrying .gpu:
#   run(command="bash examples/bench/run-h200.sh", carry=[".gpu"])
# It runs the GPU tests (correctness first: the kernels against their CPU references,
# replay bit-identical to eager, the step paths under concurrency, memory back to
# baseline, no goroutine left), builds the two CUDA C++ baselines with nvcc -O3, and runs
# .gpu/bench: the issue-5 table, then the synchronous step at K=16,64,256 beside
# launch_sync.cu and the drafter step (every kernel variant) beside drafter_torch.py
# (when python3 -c "import torch" works; skipped with a note otherwise); then
# .gpu/drafters -devices 1 (issue 27's one-GPU numbers: eager, replay, sync step), with
# the plan for PyTorch 2.11 and for 2.14. Everything lands in $OUT (or ./h200-out), at
# most 8 files (the run tool's limit): tests.log, bench.txt, bench-stderr.log,
# results-h200.json, bench.svg, drafters-single-gpu.txt, results-single-gpu.json. Copy
# the JSON files to examples/bench/ and examples/drafters/ and commit them only from
# such a run.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-h200-out}
mkdir -p "$out"
# build-gpu.sh gzips the binaries: the working tree and .gpu travel together under the run
# tool's 64 MiB, which the tree (23 MB) and the plain binaries (58 MB) passed on 2026-12-03.
for f in .gpu/*.gz; do
  if [ -e "$f" ]; then gunzip -f "$f"; chmod +x "${f%.gz}"; fi
done
commit=$(cat .gpu/COMMIT)
for t in backend kernels drafter drafters; do
  echo "== .gpu/$t.test" | tee -a "$out/tests.log"
  ".gpu/$t.test" -test.v -test.timeout 3m >"$out/test-$t.tmp" 2>&1 || {
    cat "$out/test-$t.tmp" >>"$out/tests.log"; tail -50 "$out/test-$t.tmp"; rm -f "$out"/*.tmp
    echo "run-h200: $t tests FAILED"; exit 1; }
  cat "$out/test-$t.tmp" >>"$out/tests.log"
  grep -E '^(--- FAIL|ok|PASS|FAIL)' "$out/test-$t.tmp" | tail -3
  rm -f "$out/test-$t.tmp"
done
grep -hE 'max \|GPU fp32|free [0-9]+ bytes' "$out/tests.log" || true
nvcc -O3 -o .gpu/anchor examples/bench/anchor_graph.cu
nvcc -O3 -o .gpu/launch_sync examples/bench/launch_sync.cu
torch=examples/bench/drafter_torch.py
if ! python3 -c "import torch" 2>/dev/null; then
  echo "run-h200: note: python3 -c 'import torch' failed: the PyTorch drafter is skipped (null in the JSON)"
  torch=""
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv 2>&1 | tee "$out/bench.txt" || true
echo "commit $commit" | tee -a "$out/bench.txt"
.gpu/bench -anchor .gpu/anchor -plot "$out/bench.svg" -launch-sync .gpu/launch_sync -torch "$torch" \
  -commit "$commit" -json "$out/results-h200.json" 2>"$out/bench-stderr.log" | tee -a "$out/bench.txt"
echo "run-h200: wrote $out/results-h200.json"
# Where the fused step's time goes: kernels/mlp_bench.cu with the default mlp_step (ks: the
# K split over clusters of 8, issue 25's third pass), its per-phase clock64 profile
# (ksprof) and its loader warps left out (ksnoload); then the previous kernel (-DMLP_KS=0)
# built with stages left out (MLP_SKIP: 1 matmul, 2 grid barriers, 4 weight loads, 8
# input staging and LayerNorm), its defaults before (old: MLP_XFIRST 0, MLP_BARRIER 2),
# and its profile with an empty kernel's replay and the occupancy API's cluster counts (prof).
(
  cd kernels
  nvcc -O3 -arch=sm_90 -o ../.gpu/mlp_bench_ks mlp_bench.cu &
  nvcc -O3 -arch=sm_90 -DMLP_KS_PROF=1 -o ../.gpu/mlp_bench_ksprof mlp_bench.cu &
  nvcc -O3 -arch=sm_90 -DKS_LOADER=0 -o ../.gpu/mlp_bench_ksnoload mlp_bench.cu &
  for s in 0 1 2 4 8 13 15; do nvcc -O3 -arch=sm_90 -DMLP_KS=0 -DMLP_SKIP=$s -o ../.gpu/mlp_bench_$s mlp_bench.cu & done
  nvcc -O3 -arch=sm_90 -DMLP_KS=0 -DMLP_SPLITB=0 -o ../.gpu/mlp_bench_splitb0 mlp_bench.cu &
  nvcc -O3 -arch=sm_90 -DMLP_KS=0 -DMLP_XFIRST=0 -DMLP_BARRIER=2 -o ../.gpu/mlp_bench_old mlp_bench.cu &
  nvcc -O3 -arch=sm_90 -DMLP_KS=0 -DMLP_PROF=1 -DMLP_BENCH_EXTRA -o ../.gpu/mlp_bench_prof mlp_bench.cu &
  wait
) >>"$out/bench-stderr.log" 2>&1 || true
for s in ks ksprof ksnoload 0 1 2 4 8 13 15 splitb0 old prof; do n=$s; case $s in [0-9]*) n=skip=$s;; esac; [ -x .gpu/mlp_bench_$s ] && timeout 60 .gpu/mlp_bench_$s "$n"; done 2>&1 | tee -a "$out/bench.txt" || true
{
  .gpu/drafters -devices 1 -mode reduce-overhead -torch 2.11 -json "$out/results-single-gpu.json" -commit "$commit"
  echo
  .gpu/drafters -devices 1 -mode reduce-overhead -torch 2.14
} 2>&1 | tee "$out/drafters-single-gpu.txt"
echo "run-h200: wrote $out/results-single-gpu.json"
