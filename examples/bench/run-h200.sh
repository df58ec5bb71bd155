#!/bin/bash
# run-h200.sh: issue 17's one command on the GPU machine. Build first, on the CPU machine:
#   bash .ci/build-gpu.sh          # .gpu/: test binaries, bench, drafters, COMMIT
# then pass this to the device run tool from the repository root, carrying .gpu:
#   run(command="bash examples/bench/run-h200.sh", carry=[".gpu"])
# It runs the GPU tests of the changed packages (correctness first: the new kernels against
# their CPU references, replay bit-identical to eager), builds the two CUDA C++ baselines
# with nvcc -O3, and runs .gpu/bench: the issue-5 table, then the synchronous step at
# K=16,64,256 beside launch_sync.cu and the drafter step beside drafter_torch.py (when
# python3 -c "import torch" works; skipped with a note otherwise). Everything lands in
# $OUT (or ./h200-out): results-h200.json, bench.svg, and the logs. Copy results-h200.json
# to examples/bench/ and commit it only from such a run.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-h200-out}
mkdir -p "$out"
for t in backend kernels drafter drafters; do
  echo "== .gpu/$t.test"
  ".gpu/$t.test" -test.v -test.timeout 5m >"$out/test-$t.log" 2>&1 || { tail -50 "$out/test-$t.log"; echo "run-h200: $t tests FAILED"; exit 1; }
  tail -3 "$out/test-$t.log"
done
nvcc -O3 -o .gpu/anchor examples/bench/anchor_graph.cu
nvcc -O3 -o .gpu/launch_sync examples/bench/launch_sync.cu
torch=examples/bench/drafter_torch.py
if ! python3 -c "import torch" 2>/dev/null; then
  echo "run-h200: note: python3 -c 'import torch' failed: the PyTorch drafter is skipped (null in the JSON)"
  torch=""
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv >"$out/gpu.txt" 2>&1 || true
.gpu/bench -anchor .gpu/anchor -plot "$out/bench.svg" -launch-sync .gpu/launch_sync -torch "$torch" \
  -commit "$(cat .gpu/COMMIT)" -json "$out/results-h200.json" 2>"$out/bench-stderr.log" | tee "$out/bench.txt"
echo "run-h200: wrote $out/results-h200.json"
