package diagnose

import (
	"fmt"
	"strings"
)

// tritonForks are the vendors' builds of Triton a text can show (factTritonFork), each
// with the build that goes with a torch release. PyTorch builds its ROCm and XPU Triton
// as packages of their own, pytorch-triton-rocm and pytorch-triton-xpu (the latter from
// intel/intel-xpu-backend-for-triton: .github/scripts/build_triton_wheel.py's
// triton_pkg_name, a copy in the search tool's code corpus, find_string id 6569396528),
// which its ROCm and XPU wheels require; triton-windows is the Windows series
// (installBuiltTritonWindows); FlagTree is a Triton fork for other chips (MetaX, Hygon:
// FlagScale's known issues, hk_flagscale_metax_known_issue_attrsdescriptor_shim, "which
// FlagTree does not provide").
// A fork that PyTorch's releases are built with (ROCm's, XPU's) or that follows them
// (triton-windows) keeps the upgrade of attrsFixTail: torch 2.7's matching build has no
// AttrsDescriptor import; FlagTree's releases are the vendor's to match.
var tritonForks = []struct {
	lit, build string
	upgrade    bool
}{
	{"FlagTree", "FlagTree's (or the chip vendor's) Triton release made for this torch; torch's own triton pin does not run on that chip", false},
	{"pytorch-triton-rocm", "the pytorch-triton-rocm version the ROCm torch wheel requires (importlib.metadata.requires(\"torch\")), from the same ROCm index as torch", true},
	{"pytorch-triton-xpu", "the pytorch-triton-xpu version the XPU torch wheel requires (importlib.metadata.requires(\"torch\")), from the same XPU index as torch", true},
	{"triton-windows", "the triton-windows series that goes with your torch", true},
}

// tritonForkLiterals are factTritonFork's literals: each fork's name in tritonForks, then
// in lower case and with "_" for "-" where those differ (pip's and a module's spellings:
// flagtree, pytorch_triton_rocm, triton_windows), so the names are stated once.
func tritonForkLiterals() []string {
	var out []string
	for _, f := range tritonForks {
		lower := strings.ToLower(f.lit)
		under := strings.ReplaceAll(lower, "-", "_")
		out = append(out, f.lit)
		if lower != f.lit {
			out = append(out, lower)
		}
		if under != lower {
			out = append(out, under)
		}
	}
	return out
}

// forkFix returns the fix for the fork of tritonForks that lit, a factTritonFork literal,
// names: its build, the ways round Triton, and the upgrade where it holds.
func forkFix(lit string) string {
	norm := strings.ReplaceAll(strings.ToLower(lit), "_", "-")
	for _, f := range tritonForks {
		if strings.ToLower(f.lit) != norm {
			continue
		}
		if f.upgrade {
			return f.build + attrsNoTriton + attrsFixTail
		}
		return f.build + attrsNoTriton
	}
	return "the vendor's Triton build that goes with this torch" + attrsNoTriton + attrsFixTail
}

// attrsNoTriton ends the fixes attrsFits writes: the ways round Triton that the rows give.
const attrsNoTriton = ", or compile without Triton: backend=\"aot_eager\", or turn torch.compile off"

// attrsFits words 2.6's AttrsDescriptor ImportError (the rows' fix, fixTritonKey and
// attrsFixTail, or importFits' attrsImportFix) for what the text shows (validation v39b's
// F7): a vendor's Triton (factTritonFork) gets that vendor's build for this torch, not
// torch's triton pin; a fix the text shows done says so, and gives the other ways
// (FixShownLine): 2.6's pin told as the cure (factAttrsPinned: "# use torch==2.6.0 and
// triton==3.2.0 because of: ImportError …"), a shim that defines AttrsDescriptor in
// Triton's module (factAttrsShim).
func attrsFits(f *Finding, t *textFacts) {
	if f.Code != TritonMissing || !strings.HasSuffix(f.Fix, attrsFixTail) {
		return
	}
	if t.shows(factTritonFork) {
		f.Fix = fmt.Sprintf("line %d shows a Triton build other than the triton wheel torch pins (%q): install %s", t.line[factTritonFork],
			t.lit[factTritonFork], forkFix(t.lit[factTritonFork]))
	}
	switch {
	case t.shows(factAttrsShim):
		f.FixShownLine = t.line[factAttrsShim]
		f.Fix = fmt.Sprintf("line %d already adds a shim that defines AttrsDescriptor in Triton's module (%q); if it "+
			"fails all the same: %s", f.FixShownLine, t.lit[factAttrsShim], f.Fix)
	case t.shows(factAttrsPinned):
		f.FixShownLine = t.line[factAttrsPinned]
		f.Fix = fmt.Sprintf("line %d already pins the Triton release 2.6 was built with and tells it as the cure (%q); "+
			"if it fails all the same, check that this Python imports that Triton (pip show triton: another "+
			"package's pin may replace it)%s%s", f.FixShownLine, t.lit[factAttrsPinned], attrsNoTriton, attrsFixTail)
	}
}
