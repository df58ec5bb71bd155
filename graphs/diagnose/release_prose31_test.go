package diagnose_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestProseMoveAlsoNames: a release read from prose that tells a move or a comparison is
// the failing run's, and the sentence's other release is named as also stated, of kind
// "prose" (fix brief 31, finding 3: it was named nowhere, so the header read as if the
// text stated one release). The phrasings are real ones (issues corpus: "worked in 2.",
// "after upgrading to torch", "regression from 2.") and the brief's; lookalikes keep
// their reading and name nothing: a list of releases tried, another package's release, a
// measure, two releases a process states (kind "").
func TestProseMoveAlsoNames(t *testing.T) {
	t.Parallel()
	const capture = "\nRuntimeError: CUDA error: operation not permitted when stream is capturing\n"
	tests := []struct {
		name, text, torch, also, why string // also: "2.4 prose", "" for none
	}{
		{"upgrade to from", "We use torch compile with `reduce-overhead`, and after upgrading to torch 2.5.1 from 2.4.1 it started to fail with:",
			"2.5", "2.4 prose", "pytorch/pytorch#140419"},
		{"worked in", "# `torch.bmm`+`torch.compile` no longer works in 2.9, but worked in 2.8", "2.9", "2.8 prose", "pytorch/pytorch#165892's title"},
		{"regression from to", "# Regression from 2.9.1 to 2.10.0 for AOTInductor with error `AttributeError: module 'torch._inductor' has no attribute 'codecache'`", "2.10", "2.9 prose", "pytorch/pytorch#173706's title"},
		{"passes but fails", "`test_generate_compilation_all_outputs` in `transformers` passes with torch 2.9.0 & 2.9.1 but fails with 2.10.0 RC",
			"2.10", "2.9 prose", "pytorch/pytorch#172442's title: two patches of one minor are one release"},
		{"tracing after upgrading", "There is an issue with tracing after upgrading to PyTorch 2.6.0 from 2.5.1. It appears to be a regression.",
			"2.6", "2.5 prose", "pytorch/pytorch#145220"},
		{"zh arrow", "经排查确定根因是 PyTorch 2.10.0 → 2.11.0 升级引入了已知性能退化。", "2.11", "2.10 prose", "a Chinese report of a regression by an upgrade"},
		{"brief upgrade", "After upgrading from 2.5 to 2.7 it fails:", "2.7", "2.5 prose", "the brief's phrasing"},
		{"brief worked broke", "It worked on 2.4, broke on 2.6:", "2.6", "2.4 prose", "the brief's phrasing"},
		{"list tried", "- It reproduces for torch 2.2.x, 2.3.x, and 2.4.x, with appropriate CUDA and Python on Windows.", "2.2", "",
			"lookalike: a list of releases tried (sesame csm#179)"},
		{"numpy move", "After upgrading numpy from 1.26 to 2.0, torch 2.6 fails:", "2.6", "", "lookalike: another package's release"},
		{"other packages", "# Enabling triton induction fails with pytorch 2.9.1+cu128, sage-attention 2.2.0, windows, swarmui (comfyui), wan 2.2",
			"2.9", "", "lookalike: other packages' releases (triton-windows#185)"},
		{"measure", "The 3x speed regression (2.1 → 0.75 step/s) on PyTorch 2.9.1 was caused by TorchInductor GEMM backend selection.", "2.9", "",
			"lookalike: a speed, not a release"},
		{"two environments", "PyTorch version: 2.6.0\nPyTorch version: 2.14.0", "2.6", "2.14 ", "lookalike: a process's release stated twice keeps kind \"\""},
	}
	for _, tc := range tests {
		d, err := diagnose.Read(strings.NewReader(tc.text + capture))
		if err != nil {
			t.Fatal(err)
		}
		var also []string
		for _, st := range d.AlsoStated {
			also = append(also, fmt.Sprintf("%s %s", st.Torch, st.Kind))
		}
		if d.Torch != tc.torch || strings.Join(also, ", ") != tc.also {
			t.Errorf("%s: torch %q, also stated %q; want %q, %q (%s)", tc.name, d.Torch, also, tc.torch, tc.also, tc.why)
		}
		var b strings.Builder
		if err := d.WriteTextWidth(&b, 0); err != nil {
			t.Fatal(err)
		}
		if said := strings.Contains(b.String(), "its prose also names"); said != strings.HasSuffix(tc.also, " prose") {
			t.Errorf("%s: header %q (%s)", tc.name, strings.SplitN(b.String(), "\n", 2)[0], tc.why)
		}
	}
}

// TestProseMoveFixedElsewhere: where a move's other release has the change that ends a
// finding's code, the fix says so instead of advising an upgrade to the release the
// writer moved from (fix brief 31, findings 1 and 3: "upgrade to 2.14" to a text that
// says it downgraded from 2.14); a move between two releases without the change keeps the
// upgrade.
func TestProseMoveFixedElsewhere(t *testing.T) {
	t.Parallel()
	const tls = "\n  File \"/x/torch/_inductor/cudagraph_trees.py\", line 327, in get_obj\n    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n"
	tests := []struct {
		name, move string
		fixed      bool
		why        string
	}{
		{"downgraded from the fix", "After downgrading from torch 2.14.0 to 2.13.0 I get:", true, "2.14 has PR #184357"},
		{"upgraded between older ones", "After upgrading from torch 2.12 to 2.13 I get:", false, "lookalike: neither release has the fix"},
	}
	for _, tc := range tests {
		d, err := diagnose.Read(strings.NewReader(tc.move + tls))
		if err != nil {
			t.Fatal(err)
		}
		if d.Torch != "2.13" || len(d.Findings) != 1 {
			t.Fatalf("%s: torch %q, %d findings (%s)", tc.name, d.Torch, len(d.Findings), tc.why)
		}
		fix := d.Findings[0].Fix
		said := strings.Contains(fix, "On torch 2.14 (line 1 states it) this is fixed")
		if said != tc.fixed || tc.fixed && strings.Contains(fix, "upgrade to 2.14") || !tc.fixed && !strings.Contains(fix, "upgrade to 2.14") {
			t.Errorf("%s: fix %q (%s)", tc.name, fix, tc.why)
		}
	}
}
