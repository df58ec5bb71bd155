package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsHypothetical: a message quoted as a hypothetical or an instruction ("If \"…\"
// appears", "look for `…`", "you may see \"…\"", "in case of \"…\"", and the same in the
// languages the retelling rows know) gives no finding, for every code; the message as
// it happened, unquoted beside the same words, or a conditional told in the past, still
// does (branch recallF, holdoutAB's rl-hockey docstring).
func TestFormsHypothetical(t *testing.T) {
	exact := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Exact, ""} }
	cpu := "skipping cudagraphs due to cpu device"
	capture := "operation not permitted when stream is capturing"
	checkForms(t, []formTest{
		{"hypo: if … appears, the if on the line above", "- Repo compiles _plan with torch.compile(reduce-overhead). If\n  \"" + cpu + "\" appears, compile adds overhead\n", form{}, "holdoutAB's rl-hockey docstring"},
		{"hypo: diff of the docstring", "-  compiles _plan with torch.compile(reduce-overhead). If\n-  \"" + cpu + "\" appears, compile adds overhead\n", form{}, "a deleted file's diff"},
		{"hypo: if … appears, one line", "If `" + cpu + "` appears in the log, move the tensor to the GPU.\n", form{}, "in a code span"},
		{"hypo: should … show up", "Should \"" + cpu + "\" show up, pass a number instead.\n", form{}, "should first"},
		{"hypo: when … is printed", "When 'RuntimeError: CUDA error: " + capture + "' is printed, remove the sync.\n", form{}, "the class inside the quote"},
		{"hypo: look for", "Look for \"" + cpu + "\" in the output.\n", form{}, "an instruction"},
		{"hypo: watch out for", "# watch out for `" + capture + "` on the first replay\n", form{}, "a comment"},
		{"hypo: grep for", "grep for \"" + cpu + "\" to see whether graphs were skipped\n", form{}, "grep for, prose"},
		{"hypo: you may see", "You may see a warning like \"" + cpu + "\"; it is harmless here.\n", form{}, "documentation's hedge"},
		{"hypo: if you see", "If you see `" + capture + "`, a sync ran inside the capture.\n", form{}, "if you see"},
		{"hypo: in case of", "In case of \"" + capture + "\", disable CUDA graphs.\n", form{}, "in case of"},
		{"hypo: expect", "Expect \"" + cpu + "\" on the first call.\n", form{}, "expect"},
		{"hypo: if the log contains", "if the log contains \"" + cpu + "\", the tensor is on the host\n", form{}, "a log that may hold it"},
		{"hypo: zh 如果出现", "如果出现 \"" + cpu + "\" 警告，请把张量移到 GPU。\n", form{}, "Chinese"},
		{"hypo: zh 当…出现时", "当 `" + capture + "` 出现时，去掉同步。\n", form{}, "Chinese, the verb after"},
		{"hypo: ja 出たら", "「" + capture + "」が出たら、同期を外してください。\n", form{}, "Japanese"},
		{"hypo: ko 나오면", "`" + cpu + "` 경고가 나오면 텐서를 GPU로 옮기세요.\n", form{}, "Korean"},
		{"hypo: ru если вы видите", "Если вы видите \"" + capture + "\", уберите синхронизацию.\n", form{}, "Russian"},
		{"hypo: ru если … появится", "Если \"" + cpu + "\" появится, перенесите тензор на GPU.\n", form{}, "Russian, the verb after"},
		{"hypo: ja 表示された場合", "`" + cpu + "` という警告が表示された場合は、テンソルを GPU に移してください。\n", form{}, "Japanese, the noun between"},
		{"hypo: de wenn … erscheint", "Wenn \"" + cpu + "\" erscheint, den Tensor auf die GPU legen.\n", form{}, "German"},
		{"hypo: fr si … apparaît", "Si « " + cpu + " » apparaît, déplacez le tenseur.\n", form{}, "French, guillemets"},
		{"hypo: es si ves", "Si ves \"" + capture + "\", quita la sincronización.\n", form{}, "Spanish"},
		{"hypo: pt se você vir", "Se você vir \"" + capture + "\", remova a sincronização.\n", form{}, "Portuguese"},
		{"deny: would be handled gracefully", "Both call-sites wrap the import, so even a genuinely missing triton_key would be handled gracefully.\n", form{}, "holdoutAD's false-premise commit (routed)"},
		{"deny: is caught and ignored", "`" + capture + "` is caught and ignored by the warmup loop\n", form{}, "a failure said to do no harm"},
		{"deny: another module's triton_key", "1. `triton.runtime.triton_key` was renamed/removed in the ROCm Triton fork\n", form{}, "not the module Inductor imports it from"},
		{"deny: triton_key removed, unqualified", "but `triton_key` has since moved to `triton.runtime.cache`\n", form{diagnose.TritonMissing, 1, diagnose.Paraphrased, ""}, "holdoutO's triton-turing reply still counts"},
		// What happened stays a finding.
		{"hypo: the message logged", "W1203 12:00:00.000000 1 cudagraph_trees.py:1] " + cpu + "\n", exact(diagnose.SkipCPUDevice, 1), "a log"},
		{"hypo: unquoted beside the words", "If " + cpu + " appears, compile adds overhead\n", exact(diagnose.SkipCPUDevice, 1), "quote-only: unquoted is the message"},
		{"hypo: when … appeared", "When \"" + cpu + "\" appeared, the step took 40 ms.\n", exact(diagnose.SkipCPUDevice, 1), "past tense: a report"},
		{"hypo: if I run it, … appears", "If I run it with reduce-overhead, \"" + cpu + "\" appears.\n", exact(diagnose.SkipCPUDevice, 1), "a report's conditional with its own clause"},
		{"hypo: I see", "I see \"" + cpu + "\" on every step.\n", exact(diagnose.SkipCPUDevice, 1), "I see: a report"},
		{"hypo: ja past", "「" + capture + "」が表示された。\n", exact(diagnose.StreamCaptureIllegal, 1), "Japanese past: a report"},
		{"hypo: if on the line above ends a sentence", "It fails. If needed we retry.\n\"" + capture + "\" appears on every run\n", exact(diagnose.StreamCaptureIllegal, 2), "no conditional before the quote: the line above ends elsewhere"},
	})
}
