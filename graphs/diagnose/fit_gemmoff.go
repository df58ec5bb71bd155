package diagnose

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// max-autotune-gemm-off's warning is torch/_inductor/utils.py is_big_gpu's, which
// use_triton_template asks for each matmul Inductor lowers (kernel/mm.py tuned_mm, bmm,
// addmm, mm_plus_mm). Up to 2.5 it asks only under max-autotune: _use_template_for_cuda
// checks use_max_autotune() before is_big_gpu (2.4.0: Oucru-Innovations/tmas@fd68758, 2.5.1:
// tinymonster123/DOMR_torch@510b3e7, testdata/wordings/sources.tsv). From 2.6 it asks
// first and looks at max-autotune after (_use_template_for_cuda, _use_template_for_gpu from
// 2.8; 2.6.0: JonathanGille/ImageRec@a42a7ef, 2.7.1: yossideutsch1973/freq-compress-llm@337a053,
// 2.8.0: youssy99/LLM-for-Software-Engineering-Labs@a714f14, 2.9.1: mikebeth/MSLG-SPA-2026@a448a19,
// and pytorch/pytorch@520ba55's main; 2.9.1's tuned_mm passes check_max_autotune=False and
// template_heuristics/gemm.py gives the templates' configs only under max-autotune), so any compile that lowers a matmul on a small GPU
// prints it once (is_big_gpu is cached): the default mode, reduce-overhead, an engine's own
// compile (vLLM's: hk_vllm_log_qwen36_nvfp4_mtp_not_enough_sms). Without max-autotune
// Inductor lowers matmuls to ATen's kernels whatever the GPU, so the warning changes nothing
// there (hk_zh_rwkv_qa_not_enough_sms_harmless_mx450: "autotune 本身默认就是关闭的").
const (
	gemmOffPlainCause = "; from torch 2.6 Inductor makes this check whenever it lowers a matmul, before it looks at " +
		"whether max-autotune is on, so a compile without max-autotune (the default mode, reduce-overhead, an " +
		"engine's own compile such as vLLM's) prints it too, once per GPU; without max-autotune Inductor runs " +
		"ATen's matmuls on any GPU, so there it changes nothing"
	gemmOffPlainFix = "harmless here, nothing to do: the text shows no max-autotune, and a compile without it uses " +
		"ATen's (cuBLAS or rocBLAS) matmuls on any GPU, so nothing is lost; the warning matters only to a compile " +
		"with max-autotune (mode=\"max-autotune\", max_autotune=True), whose Triton matmul templates Inductor uses " +
		"only on a GPU it counts as big"
	gemmOffPlainSource = "; printed without max-autotune from 2.6: torch/_inductor/utils.py use_triton_template calls " +
		"is_big_gpu before use_max_autotune() @ 2.6.0 (JonathanGille/ImageRec@a42a7ef), 2.7.1, 2.8.0, 2.9.1 " +
		"(mikebeth/MSLG-SPA-2026@a448a19) and main (pytorch/pytorch@520ba55), and kernel/mm.py tuned_mm calls it for " +
		"each matmul (2.9.1 with check_max_autotune=False, its GEMM templates' configs then given only under max-autotune: " +
		"template_heuristics/gemm.py should_run); @ 2.4.0 and 2.5.1 _use_template_for_cuda checks use_max_autotune() first " +
		"(Oucru-Innovations/tmas@fd68758, tinymonster123/DOMR_torch@510b3e7)"
	// gemmOffCauseCut starts the part of the rows' causes that assumes max-autotune runs.
	gemmOffCauseCut = ", so Inductor "
)

// gemmOffFits words max-autotune-gemm-off's finding f for a compile without max-autotune
// where the text shows none (factMaxAutotune) and its release, if it states one, is 2.6
// or later; a text that shows is_big_gpu forced to True (factBigGPUForced) is told that
// this hides the warning and, without max-autotune, picks no template either. A text
// with max-autotune, or of 2.0 to 2.5 (which print it only under max-autotune: a release
// stated, or 2.1 to 2.3's lower-case print, gemmOffLower), keeps the rows' words; so do
// the rows with words of their own (Apple's MPS).
func (d *Diagnosis) gemmOffFits(f *Finding, t *textFacts) {
	if f.Code != MaxAutotuneGEMMOff || f.Fix != gemmOffFix || t.shows(factMaxAutotune) || !d.bigGPUAsked(f) ||
		gemmOffLower.MatchString(f.Quote) {
		return
	}
	head, _, ok := strings.Cut(f.Cause, gemmOffCauseCut)
	if !ok {
		return
	}
	f.Cause, f.Fix, f.Source = head+gemmOffPlainCause, gemmOffPlainFix, f.Source+gemmOffPlainSource
	if t.shows(factBigGPUForced) {
		f.Fix += fmt.Sprintf("; line %d forces is_big_gpu to True (%q): that hides the warning, but without "+
			"max-autotune Inductor picks no Triton matmul template either way", t.line[factBigGPUForced], t.lit[factBigGPUForced])
	}
}

// gemmOffLower is the warning as 2.1 to 2.3 print it, in lower case, at a line's start or
// after a logger's header ("torch._inductor.utils: [WARNING] not enough SMs …",
// samfast117_not_enough_sms_lower; glog's, which the quote drops,
// ee_liveportrait63_speed_warmup_not_enough_sms_errorfromchoice_windows at utils.py:945,
// 2.3.0's line): those releases ask is_big_gpu only under max-autotune.
var gemmOffLower = &lazyregexp.Regexp{Expr: `(?:^|\] |\[WARNING\] |WARNING:\S* )not enough SMs to use max_autotune_gemm`}

// bigGPUAsked reports whether a compile without max-autotune asks is_big_gpu on the
// release read for f: 2.6 or later, f's row printing on one of them, or no release read.
func (d *Diagnosis) bigGPUAsked(f *Finding) bool {
	v26 := modes.Version{Major: 2, Minor: 6}
	after := func(r string) bool {
		v, err := modes.ParseRelease(r)
		return err == nil && v.AtLeast(v26)
	}
	return slices.ContainsFunc(f.Releases, after) && (d.Torch == "" || after(d.Torch))
}
