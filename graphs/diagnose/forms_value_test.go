package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsValueCut: a message cut short inside a structured value (a JSON, YAML or TOML
// string, a Python dict's string, a markdown table's cell, a CSV or TSV cell, a markdown code span) is found
// where the value keeps the head that anchors its row (a third of a long literal, half
// of a shorter one) and fits one code's rows; a shorter head, a head that starts
// several codes' messages, a program's own print and a runtime text no row has stay
// quiet (branch recallF, holdoutAA's MetaInfer blueprint).
func TestFormsValueCut(t *testing.T) {
	cut := func(code diagnose.Code, line int) form { return form{code, line, diagnose.Truncated, ""} }
	head := "accessing tensor output of CUDAGraphs"
	checkForms(t, []formTest{
		{"value: JSON symptom", "{\n  \"failure_modes\": [\n    {\n      \"symptom\": \"RuntimeError: " + head + "\",\n      \"fix\": \"clone\"\n    }\n  ]\n}\n", cut(diagnose.OverwrittenOutput, 4), "holdoutAA's MetaInfer blueprint"},
		{"value: JSON list", "\"known_errors\": [\"" + head + "\", \"CUDA graph is empty\"]\n", cut(diagnose.OverwrittenOutput, 1), "a list's first string"},
		{"value: YAML quoted", "- symptom: 'RuntimeError: " + head + "'\n  fix: clone the output\n", cut(diagnose.OverwrittenOutput, 1), "YAML, single quotes"},
		{"value: YAML plain", "failure:\n  symptom: RuntimeError: " + head + "\n  fix: clone the output\n", cut(diagnose.OverwrittenOutput, 2), "YAML's plain value"},
		{"value: TOML", "[[failure]]\nsymptom = \"" + head + "\"\nfix = \"clone\"\n", cut(diagnose.OverwrittenOutput, 2), "TOML"},
		{"value: Python dict", "KNOWN = {\n    \"overwrite\": \"Error: " + head + "\",\n}\n", cut(diagnose.OverwrittenOutput, 2), "a dict of known errors, \"Error: \" prefix"},
		{"value: markdown cell", "| case | error |\n|---|---|\n| decode | `RuntimeError: " + head + "` |\n", cut(diagnose.OverwrittenOutput, 3), "a table cell"},
		{"value: CSV cell", "run,status,error\n7,failed,RuntimeError: " + head + ",12.5\n", cut(diagnose.OverwrittenOutput, 2), "CSV"},
		{"value: TSV cell", "run\tstatus\terror\n7\tfailed\tRuntimeError: " + head + "\t12.5\n", cut(diagnose.OverwrittenOutput, 2), "TSV"},
		{"value: stream capture cut", "{\"error\": \"CUDA error: operation not permitted when stream\"}\n", cut(diagnose.StreamCaptureIllegal, 1), "a CUDA error's runtime text and more"},
		{"value: skip reason cut", "{\"warning\": \"skipping cudagraphs due to mutated inpu\"}\n", cut(diagnose.SkipMutatedInputs, 1), "cut inside a word: the count-less reason with no logger's header is the trees' line quoted"},
		{"value: code span in Chinese prose", "- SSH 会话不继承 ENV → `cuda.h: No such file`（丢 CUDA env）\nTriton compiles main.c\n", cut(diagnose.CUDAHeadersMissing, 1), "holdoutZ's gpupedia runbook, with a Triton line"},
		{"value: code span in English prose", "we hit `RuntimeError: " + head + "` in the decode loop\n", cut(diagnose.OverwrittenOutput, 1), "the text copied from the output"},
		{"value: table cell, the line-end row", "| stage | warning | count |\n|---|---|---|\n| decode | skipping cudagraphs due to mutated inputs | 3 |\n", form{diagnose.SkipMutatedInputs, 3, diagnose.Truncated, ""}, "the cell ends the message as a line does; count-less, no cudagraph_trees=False: the trees' line quoted"},
		// Quiet.
		{"value: code span, no Triton", "- SSH 会话不继承 ENV → `cuda.h: No such file`（丢 CUDA env）\n", form{}, "holdoutZ's runbook alone: any CUDA build's header (the row's Requires)"},
		{"value: code span, several codes", "to avoid a `skipping cudagraphs due to` warning\n", form{}, "every skip reason starts so"},
		{"value: head too short", "{\"symptom\": \"RuntimeError: accessing tensor output\"}\n", form{}, "no anchor of the row whole"},
		{"value: several codes", "{\"warning\": \"skipping cudagraphs due to\"}\n", form{}, "every skip reason starts so"},
		{"value: a print", "    print(\"Triton only supports devices of CUDA Capability >= 7.0\")\n", form{}, "a program's own print (TestForms' guard)"},
		{"value: runtime text whole", "{\"error\": \"CUDA error: operation not permitted\"}\n", form{}, "cudaErrorNotPermitted's own text"},
		{"value: prose comma", "We saw accessing tensor output of CUDAGraphs, then more.\n", form{}, "prose, not a cell"},
		{"value: an inline quote in prose", "The message \"" + head + "\" is familiar.\n", form{}, "a quote in prose is no value"},
	})
}
