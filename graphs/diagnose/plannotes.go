package diagnose

import (
	"fmt"
	"slices"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// The plan of the call a text shows says what PyTorch does with it on an NVIDIA GPU
// from the call alone; the text may show more. Two notes keep the plan from
// contradicting it (newuser28's findings 1 and 4):
//   - under a finding whose failure happens at a capture or a recording
//     (CaptureFailCodes), a device that the plan says captures gets "the log shows this
//     capture failing: line N, CODE" (pytorch/pytorch#185546 was planned "cuda:0 main:
//     capture" under its stream-capture-unjoined);
//   - a text that shows a ROCm run (rocmShape: a +rocm build, torch.version.hip's value,
//     collect_env's ROCm and HIP lines, an AMD Instinct or gfx9xx GPU, a HIP error) gets
//     a note that the device is AMD's: torch.cuda drives HIP there, and torch.cuda.graph
//     and cudagraph trees make HIP graphs (PyTorch's docs, notes/hip.rst: ROCm builds
//     reuse the torch.cuda interfaces), while the plan's facts are read from PyTorch's
//     CUDA code and NVIDIA runs (graphs' field reports hold one ROCm-only refusal).

// CaptureFailCodes returns the codes whose texts PyTorch prints when a CUDA-graph
// capture or a cudagraph-tree recording fails or goes wrong: the stream-capture errors,
// the copy, random-state, stream and optimizer checks made while capturing, an empty
// capture, a nested one, and the trees' recording into a pool already recording. A
// fresh slice on each call.
func CaptureFailCodes() []Code {
	return []Code{
		StreamCaptureUnjoined, StreamCaptureIllegal, CaptureUnpinnedCopy, CaptureRNGState,
		CaptureDefaultStream, CaptureNestedCUDAGraphs, OptimizerNotCapturable, CUDAGraphEmpty,
		TreesConcurrentCallers,
	}
}

// rocmAnchors are the prefilter's anchors of rocmShape (minAnchor bytes or more, as
// every anchor: TestAnchorsMinLength).
var rocmAnchors = []string{"+rocm", "rocm/", "ROCm ", "ROCM used", "HIP: ", "HIP error", "HIP runtime", "HIP version",
	"hipError", "gfx90", "gfx94", "gfx95", "gfx10", "gfx11", "gfx12", "AMD Instinct", "version.hip",
	"MI100", "MI210", "MI250", "MI300", "MI325", "MI355"}

// rocmShape matches what shows a ROCm run on a line: a ROCm build's release
// ("2.5.1+rocm6.2", AMD's rocm/pytorch images), torch.version.hip's value,
// collect_env's "ROCM used to build PyTorch: 6.2.41133" and "HIP runtime version: 6.2",
// a "HIP: 7.14.60850" line, a ROCm release ("ROCm 6.2"), an AMD Instinct GPU (MI250X,
// MI300X), a gfx9xx or gfx1xxx target, HIP's error names and messages, ggml's HIP
// build's error prefix ("ROCm error: operation not permitted when stream is capturing",
// hb_ggml_rocm_known_bug_capture_argsort).
var rocmShape = &lazyregexp.Regexp{Expr: `\+rocm\d|\brocm/pytorch:|\btorch\.version\.hip\W{0,6}\d|\bROCM used to build PyTorch:\s*\d|` +
	`\bHIP runtime version:\s*\d|\bHIP(?: version)?:\s*\d|\bROCm\s+v?\d+\.\d[\w.]*|\bAMD Instinct\b|\bMI[123]\d\d[AXH]?\b|` +
	`\bgfx(?:9\d[\da-f]|1[01]\d\d)\b|\bhipError[A-Z]\w+|\bHIP error:|\bROCm error:`}

// planNotes sets d's ROCm line (from h) and PlanNotes: a call the plan says compiles
// or captures that a finding shows failing, and a device other than NVIDIA's.
func (d *Diagnosis) planNotes(h *heldState) {
	if !d.devicesPlanned() {
		return
	}
	if h.rocm.line > 0 {
		d.ROCmLine, d.ROCmText = h.rocm.line, h.rocm.quote
	}
	if w, _, ok := d.planFailing(); ok {
		d.PlanNotes = append(d.PlanNotes, w)
	}
	if n := d.rocmNote(); n != "" {
		d.PlanNotes = append(d.PlanNotes, n)
	}
}

// devicesPlanned reports whether d's plan has a line per device (no raise, compile on).
func (d *Diagnosis) devicesPlanned() bool {
	return d.Plan != nil && d.Plan.Error == nil && !d.Plan.CompileDisabled
}

// rocmNote says that the text shows a ROCm run, or another device than NVIDIA's
// (fit.go's runtimeWords), "" when it shows none.
func (d *Diagnosis) rocmNote() string {
	n := d.runtime
	if n == "" && d.ROCmLine > 0 {
		n = rocmWords(d.ROCmLine, d.ROCmText, false)
	}
	if n == "" {
		return ""
	}
	return n + ", while this plan's facts are NVIDIA CUDA's"
}

// rocmWords says that line shows ROCm (quote: what shows it), whose program is
// PyTorch's torch.cuda, or ggml's CUDA backend where ggml is set (its HIP build:
// ggml-cuda.h's GGML_CUDA_NAME "ROCm" under GGML_USE_HIP, which prefixes its errors
// "ROCm error:"). "ROCm", not "a ROCm run": a HIP reference table shows ROCm too.
func rocmWords(line int, quote string, ggml bool) string {
	by := "torch.cuda drives HIP"
	if ggml {
		by = "ggml's CUDA backend is built for HIP"
	}
	return fmt.Sprintf("line %d shows ROCm (%q): the device is AMD's, where %s and captures make HIP graphs", line, quote, by)
}

// compileFailCodes are the codes whose texts a compile prints when it fails at the
// call's first run, before any kernel runs or any capture: Triton, the C and C++
// toolchains and their headers, the GPU's capability, the kernels' autotuning (rows_build.go;
// holdoutFB's fb_gpt2_bench_issue17_tritonmissing_sms: a reduce-overhead call planned "capture" above its
// TritonMissing).
var compileFailCodes = []Code{TritonMissing, PythonHeadersMissing, CXXCompilerMissing, GPUTooOldForTriton,
	OpenMPMissing, CUDAHeadersMissing, LibcudaNotFound, NoValidAutotuneChoices}

// planFailing returns the words of the first finding that shows the planned call
// failing, and whether they hold for every device (a compile that fails: a code of
// compileFailCodes) or only for those the plan says capture (a code of
// CaptureFailCodes).
func (d *Diagnosis) planFailing() (words string, every, ok bool) {
	if !d.devicesPlanned() {
		return "", false, false
	}
	for _, f := range d.Findings {
		if slices.Contains(compileFailCodes, f.Code) {
			return fmt.Sprintf("the log shows this call failing at its first run, before any capture: line %d, %s", f.Line, f.Code), true, true
		}
	}
	if !slices.ContainsFunc(d.Plan.CUDAGraphs.Devices, captures) {
		return "", false, false
	}
	codes := CaptureFailCodes()
	for _, f := range d.Findings {
		if slices.Contains(codes, f.Code) {
			return captureFailingWords(f), false, true
		}
	}
	return "", false, false
}

// captures reports whether a device plan's outcome is a capture (of the whole graph or
// of its partitions).
func captures(dp graphs.DevicePlan) bool {
	return dp.Outcome == graphs.Capture || dp.Outcome == graphs.Partitioned
}

// captureFailingWords says that the log shows the planned capture failing.
func captureFailingWords(f Finding) string {
	return fmt.Sprintf("the log shows this capture failing: line %d, %s", f.Line, f.Code)
}
