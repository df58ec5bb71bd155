package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// The linker's "cannot find -lcuda" is any build's that links the NVIDIA driver's library,
// not Triton's alone: PyCUDA's `pip install pycuda` ("### Issue: PyCUDA build fails with
// \"cannot find -lcuda\"", a TensorRT setup doc that shows torch.compile elsewhere:
// hc_sam2_wsl2_trt_troubleshooting_invalid_context_pycuda), bitsandbytes, CuPy, llama.cpp
// and llama-cpp-python, tiny-cuda-nn, torch-memory-saver, a Ruby extension's extconf
// (neg_sgcruby2_lcuda_extconf), a CMake project. The text tells whose link it is where it
// tells the failure: the hit's line and the lines above it in its section (up to its
// markdown heading or list item's start, at most lcudaOwnerReach lines). Where the nearest of
// them that names a build names another package's (otherLinkers), not Triton, Inductor or
// torch.compile (tritonContext), the link is that package's, and libcuda-not-found's cause (Triton's
// launcher) and fix (TRITON_LIBCUDA_PATH) are not the text's: no finding, even where the
// text shows torch.compile elsewhere. The kernel libraries that compile their CUDA
// sources on first use under torch, vLLM and SGLang are among them (a decision on the
// corpus's labels, issue 21's round 36: their JIT's link is another program's failure in
// the same words): FlashInfer's (~/.cache/flashinfer/…, its sampling ops' ninja link,
// "FlashInfer looks at CUDA_HOME"), sgl-kernel's, DeepGEMM's and TileLang's JITs; a text
// that shows Triton's own build failing too keeps the code on Triton's line.

// lcudaOwnerReach is how many lines above a libcuda hit otherLinked reads for the build's
// owner, of those the scanner's ring still holds.
const lcudaOwnerReach = 6

// otherLinkers are builds other than Triton's that link against libcuda: Python packages
// with CUDA code built at install time or by their own JIT, and build systems of C/C++
// projects. Each alternative keeps a literal of five bytes or more.
var otherLinkers = &lazyregexp.Regexp{Expr: `(?i)(?:\bpy-?cuda|bitsandbytes|\bcupy\b|llama[-_.]?cpp|\bggml\b|` +
	`tiny-?cuda-?nn|tinycudann|torch[-_]memory[-_]saver|\bextconf\b|\bmkmf\b|cmakelists|\bcmake\b|` +
	`nvdiffrast|\bdarknet\b|\bffmpeg\b|\bcpyrit\b|flashinfer|sgl[-_]kernel|deep_?gemm|tilelang)`}

// tritonNamed is tritonContext on one line.
var tritonNamed = &lazyregexp.Regexp{Expr: tritonContext}

// otherLinked reports whether row i, libcuda-not-found's, is on e where the text tells
// another package's build as the one that failed to link: the nearest line, from e's up
// through its section, that names a build names another package's (otherLinkers) and not
// Triton or torch.compile (tritonNamed); where the lines the scanner still holds end
// before the section's start, its heading (linkerHead) within lcudaHeadReach lines above.
func (s *scanner) otherLinked(i int, e *ringLine) bool {
	if s.rows[i].Code != LibcudaNotFound {
		return false
	}
	for p, n := e, 0; n <= lcudaOwnerReach; p, n = s.lineAbove(p), n+1 {
		if p == nil {
			return s.linkerHead > 0 && s.linkerHead < e.line && e.line-s.linkerHead <= lcudaHeadReach
		}
		if tritonNamed.Match(p.clean) {
			return false
		}
		if otherLinkers.Match(p.clean) {
			return true
		}
		if t := bytes.TrimLeft(p.clean, " \t"); isHeading(t) || listItem.Match(t) {
			return false
		}
	}
	return false
}

// lcudaHeadReach is how many lines below its heading a libcuda hit is read as the
// section's build: a heading, a sentence and a fenced linker's output.
const lcudaHeadReach = 12

// linkerHeading returns line where raw, a markdown heading, names another package's build
// (otherLinkers) and no Triton or torch.compile, else 0.
func linkerHeading(raw []byte, line int) int {
	if otherLinkers.Match(raw) && !tritonNamed.Match(raw) {
		return line
	}
	return 0
}

// dropKernelLinks drops libcuda-not-found where the text names a kernel library that
// links -lcuda in its own JIT (factKernelJIT) and names no Triton, Inductor or
// torch.compile anywhere (factTritonNamed, factCompile): every -lcuda of the text is that
// library's, also where a title or a log line above the owner's name holds it
// (sgl-project/sglang#36058's title, ey_sglang36058_kaggle_t4_flashinfer_jit_cannot_find_lcuda_title;
// flashinfer's commit title over its sampling ops' link, ai_flashinfer_commit_wsl2_vllm_worker_jit_cannot_find_lcuda)
// and an engine's worker prefix or a JIT word is the rows' only context. Where Triton
// shows too, otherLinked decides by the lines above each hit.
func (d *Diagnosis) dropKernelLinks(t *textFacts) {
	if !t.shows(factKernelJIT) || t.shows(factTritonNamed) || t.shows(factCompile) {
		return
	}
	kept := d.Findings[:0] // in place, the tail cleared, as slices.DeleteFunc does
	for _, f := range d.Findings {
		if f.Code != LibcudaNotFound {
			kept = append(kept, f)
		}
	}
	clear(d.Findings[len(kept):])
	d.Findings = kept
}
