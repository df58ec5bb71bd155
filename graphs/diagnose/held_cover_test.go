package diagnose

import (
	"slices"
	"strings"
	"testing"
)

// heldNot lists, by code and heldActions key, the codes whose fix names an action's
// literal with no row of heldFixes, and why.
var heldNot = map[[2]string]string{
	// printed only with CUDA graphs on (CUDAGraphCodes): a call the text shows with
	// mode="max-autotune-no-cudagraphs" is not the one that printed it, and the plan
	// takes the call with CUDA graphs on (chooseCall)
	{string(TreesUserThreadTLS), "no-cudagraphs"}:        cudaGraphsOnly,
	{string(TreesConcurrentCallers), "no-cudagraphs"}:    cudaGraphsOnly,
	{string(AllocatorIncompatible), "no-cudagraphs"}:     cudaGraphsOnly,
	{string(SkipMultipleDevices), "no-cudagraphs"}:       cudaGraphsOnly,
	{string(TreesUntrackedPoolTensors), "no-cudagraphs"}: cudaGraphsOnly,
	{string(TreesStaticInputChanged), "no-cudagraphs"}:   cudaGraphsOnly,
	{string(TreesInputDeallocated), "no-cudagraphs"}:     cudaGraphsOnly,
	{string(TreesStorageNotInPool), "no-cudagraphs"}:     cudaGraphsOnly,
	{string(ModeAndOptions), "no-cudagraphs"}: "the fix names the mode as what an options dict " +
		"equals, not as a step to take",
	{string(LegacyStaticInputMoved), "no-grad"}: "torch.no_grad() is the frame of the fix's step " +
		"(param.data.copy_(new)), which the text does or not apart from it",
	{string(TreesStaticInputChanged), "no-grad"}: "torch.no_grad() is the frame of the fix's step " +
		"(p.copy_(new)), which the text does or not apart from it",
	{string(CaptureDefaultStream), "join"}: "the join is the warm-up's, after the fix's step " +
		"(capturing on a side stream), not the fix",
	{string(CaptureNestedCUDAGraphs), "no-cudagraphs"}: "the fix already names both ways (no CUDA " +
		"graphs in the compiled function, or no hand capture); what replays inside the capture when " +
		"the one call shown has none is not read in PyTorch's sources here",
	{string(NoValidAutotuneChoices), "no-cudagraphs"}: "the fix's first step for flex_attention; " +
		"its other steps (ATEN among the backends, no torch.compile) are in the same fix",
	{string(StaticLauncherOverflow), "no-cudagraphs"}: "the fix's third way: a program's own side stream " +
		"meets it without CUDA graphs (Comfy-Org/ComfyUI#10957's async offload), so a call shown with " +
		"max-autotune-no-cudagraphs does not show the fix done",
}

// cudaGraphsOnly is heldNot's reason for a code printed only with CUDA graphs on.
const cudaGraphsOnly = "printed only with CUDA graphs on (CUDAGraphCodes): a call with " +
	"mode=\"max-autotune-no-cudagraphs\" is not the one that printed it"

// TestHeldFixesCover checks heldFixes against the codes' fixes: each code whose fix
// names an action of heldActions (one of its literals) has a row for it or a reason in
// heldNot, each row's inFix is held by some fix of its code, and each row's action is
// one of heldActions (knowledge as rows: a new fix that asks for an action a text can
// show done gets a row or a reason).
func TestHeldFixesCover(t *testing.T) {
	rows := map[[2]string]bool{}
	for _, r := range heldFixes {
		rows[[2]string{string(r.code), r.action}] = true
		if !slices.ContainsFunc(heldActions, func(a heldAction) bool { return a.key == r.action }) {
			t.Errorf("%s: action %q is none of heldActions'", r.code, r.action)
		}
		if !slices.ContainsFunc(Signatures(), func(s Signature) bool { return s.Code == r.code && strings.Contains(s.Fix, r.inFix) }) {
			t.Errorf("%s %s: no fix of the code holds %q", r.code, r.action, r.inFix)
		}
	}
	seen := map[[2]string]bool{}
	for _, s := range Signatures() {
		for _, a := range heldActions {
			k := [2]string{string(s.Code), a.key}
			if seen[k] || !holdsAny([]byte(s.Fix), a.literals) {
				continue
			}
			seen[k] = true
			if _, why := heldNot[k]; !rows[k] && !why {
				t.Errorf("%s's fix names %s (%q) with no row of heldFixes nor a reason in heldNot: %.120s", s.Code, a.key, a.literals, s.Fix)
			}
		}
	}
	for k := range heldNot {
		if !seen[k] {
			t.Errorf("heldNot's %v: no fix of the code names the action", k)
		}
	}
}

// TestHeldAnchorsLong checks that every anchor of heldAnchors has minAnchor bytes or
// more, as TestAnchorsMinLength holds every anchor to (the prefilter reads anchors by
// their 4-byte pieces, so that "HIP" or "MI3" would never be found, and probes every
// other byte only while every anchor has five or more).
func TestHeldAnchorsLong(t *testing.T) {
	for _, a := range heldAnchors() {
		if len(a) < minAnchor {
			t.Errorf("anchor %q is shorter than %d bytes", a, minAnchor)
		}
	}
}
