package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsHypothetical: a message quoted as a hypothetical or an instruction ("If \"…\"
// appears", "look for `…`", "you may see \"…\"", "in case of \"…\"", and the same in the
// languages the retelling rows know) gives no finding, for every code, unless a fix
// follows in its sentence (a troubleshooting tip); the message as it happened, unquoted
// beside the same words, or a conditional told in the past, still does (branch recallF,
// holdoutAB's rl-hockey docstring, holdoutAC's rwkv7 tip).
func TestFormsHypothetical(t *testing.T) {
	exact := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Exact, ""} }
	cpu := "skipping cudagraphs due to cpu device"
	capture := "operation not permitted when stream is capturing"
	checkForms(t, []formTest{
		{"hypo: if … appears, the if on the line above", "- Repo compiles _plan with torch.compile(reduce-overhead). If\n  \"" + cpu + "\" appears, compile adds overhead\n", form{}, "holdoutAB's rl-hockey docstring"},
		{"hypo: diff of the docstring", "-  compiles _plan with torch.compile(reduce-overhead). If\n-  \"" + cpu + "\" appears, compile adds overhead\n", form{}, "a deleted file's diff"},
		{"hypo: if … appears, one line", "If `" + cpu + "` appears in the log, the graph runs eagerly.\n", form{}, "in a code span, its meaning"},
		{"hypo: should … show up", "Should \"" + cpu + "\" show up, the step is not captured.\n", form{}, "should first"},
		{"hypo: when … is printed", "When 'RuntimeError: CUDA error: " + capture + "' is printed, a sync ran inside the capture.\n", form{}, "the class inside the quote"},
		{"hypo: look for", "Look for \"" + cpu + "\" in the output.\n", form{}, "an instruction"},
		{"hypo: watch out for", "# watch out for `" + capture + "` on the first replay\n", form{}, "a comment"},
		{"hypo: grep for", "grep for \"" + cpu + "\" to see whether graphs were skipped\n", form{}, "grep for, prose"},
		{"hypo: you may see", "You may see a warning like \"" + cpu + "\"; it is harmless here.\n", form{}, "documentation's hedge"},
		{"hypo: if you see", "If you see `" + capture + "`, a sync ran inside the capture.\n", form{}, "if you see"},
		{"hypo: in case of", "In case of \"" + capture + "\" the capture is lost.\n", form{}, "in case of"},
		{"hypo: expect", "Expect \"" + cpu + "\" on the first call.\n", form{}, "expect"},
		{"hypo: if the log contains", "if the log contains \"" + cpu + "\", the tensor is on the host\n", form{}, "a log that may hold it"},
		{"hypo: zh 如果出现", "如果出现 \"" + cpu + "\" 警告，说明有张量在 CPU 上。\n", form{}, "Chinese"},
		{"hypo: zh 当…出现时", "当 `" + capture + "` 出现时，说明捕获中有同步。\n", form{}, "Chinese, the verb after"},
		{"hypo: ja 出たら", "「" + capture + "」が出たら、キャプチャ中に同期があります。\n", form{}, "Japanese"},
		{"hypo: ko 나오면", "`" + cpu + "` 경고가 나오면 텐서가 CPU에 있다는 뜻입니다.\n", form{}, "Korean"},
		{"hypo: ru если вы видите", "Если вы видите \"" + capture + "\", значит, внутри захвата была синхронизация.\n", form{}, "Russian"},
		{"hypo: ru если … появится", "Если \"" + cpu + "\" появится, граф выполняется без CUDA graphs.\n", form{}, "Russian, the verb after"},
		{"hypo: ja 表示された場合", "`" + cpu + "` という警告が表示された場合は、グラフは eager で動きます。\n", form{}, "Japanese, the noun between"},
		{"hypo: de wenn … erscheint", "Wenn \"" + cpu + "\" erscheint, läuft der Graph ohne CUDA graphs.\n", form{}, "German"},
		{"hypo: fr si … apparaît", "Si « " + cpu + " » apparaît, le graphe tourne sans CUDA graphs.\n", form{}, "French, guillemets"},
		{"hypo: es si ves", "Si ves \"" + capture + "\", hubo una sincronización dentro de la captura.\n", form{}, "Spanish"},
		{"hypo: pt se você vir", "Se você vir \"" + capture + "\", houve uma sincronização dentro da captura.\n", form{}, "Portuguese"},
		// A troubleshooting tip, the failure named with its fix, stays a finding (holdoutAC's
		// rwkv7 contributing tip, routed).
		{"tip: if … appears, move it", "If `" + cpu + "` appears in the log, move the tensor to the GPU.\n", exact(diagnose.SkipCPUDevice, 1), "a fix after the comma"},
		{"tip: in case of, disable", "In case of \"" + capture + "\", disable CUDA graphs.\n", exact(diagnose.StreamCaptureIllegal, 1), "in case of, a fix"},
		{"tip: if you see, then", "If you see `" + capture + "` then remove the .item() call\n", exact(diagnose.StreamCaptureIllegal, 1), "then and a fix"},
		{"tip: zh 请把", "如果出现 \"" + cpu + "\" 警告，请把张量移到 GPU。\n", exact(diagnose.SkipCPUDevice, 1), "Chinese, 请"},
		{"tip: ja してください", "「" + capture + "」が出たら、同期を外してください。\n", exact(diagnose.StreamCaptureIllegal, 1), "Japanese, してください"},
		{"tip: ko 세요", "`" + cpu + "` 경고가 나오면 텐서를 GPU로 옮기세요.\n", exact(diagnose.SkipCPUDevice, 1), "Korean, 세요"},
		{"tip: ru уберите", "Если вы видите \"" + capture + "\", уберите синхронизацию.\n", exact(diagnose.StreamCaptureIllegal, 1), "Russian, an imperative"},
		{"tip: de legen", "Wenn \"" + cpu + "\" erscheint, den Tensor auf die GPU legen.\n", exact(diagnose.SkipCPUDevice, 1), "German, an infinitive"},
		{"tip: fr déplacez", "Si « " + cpu + " » apparaît, déplacez le tenseur.\n", exact(diagnose.SkipCPUDevice, 1), "French, an imperative"},
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

// TestFormsAbsentZero: a message quoted as the last item of a list after "zero" (or "free
// of", "without any"), the list's start on the line above too, and the words of absence of
// other languages, give no finding; "zero" elsewhere does not hide the message (branch
// recallF, holdoutAC's genesis changelog, routed).
func TestFormsAbsentZero(t *testing.T) {
	capture := "operation not permitted when stream is capturing"
	checkForms(t, []formTest{
		{"zero: list over two lines", "  @ 4.40 it/s, FULL 1/1 @ 1.25 it/s) with **zero graph-capture corruption / IMA\n  / \"" + capture + "\"** across the whole\n  container life.\n", form{}, "holdoutAC's genesis changelog"},
		{"zero: list, or", "Three days with zero OOMs, IMAs or `" + capture + "`.\n", form{}, "a list with or"},
		{"zero: free of", "The run is free of \"" + capture + "\" since the fix.\n", form{}, "free of"},
		{"zero: zh 没有出现", "修复后没有出现 \"" + capture + "\"。\n", form{}, "Chinese"},
		{"zero: ja はゼロ", "「" + capture + "」はゼロ件でした。\n", form{}, "Japanese"},
		{"zero: ko 없음", "`" + capture + "` 없음\n", form{}, "Korean"},
		{"zero: de keine", "Seitdem keine \"" + capture + "\" mehr.\n", form{}, "German"},
		{"zero: ru ни одного", "После исправления ни одного \"" + capture + "\".\n", form{}, "Russian"},
		{"zero: zero-copy is no count", "The zero-copy path raised \"" + capture + "\" on replay.\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "zero in a word"},
		{"zero: zero issues until", "We had zero issues until \"" + capture + "\" appeared at step 40.\n", form{diagnose.StreamCaptureIllegal, 1, diagnose.Exact, ""}, "no list: the message came after"},
	})
}
