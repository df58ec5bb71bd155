package diagnose

import (
	"strings"
	"testing"
)

// TestTreesBareAssertOpen16: cudagraph trees' get_obj assert shown without its statement
// (a traceback whose frame has no source line under it, or a retelling that names
// cudagraph_trees.py with a bare AssertionError on the next line). get_obj's is the one
// assert a user thread hits first (torch/_inductor/cudagraph_trees.py get_obj @ 2.1–2.13:
// a thread other than the importer has no threading.local attribute and no TLS key), so a
// frame in get_obj is the TLS assert; a path with no function is, only where the text shows
// user threads; a frame in another function (run's static-input assert, pytorch/pytorch#120474,
// one thread) is another assert.
func TestTreesBareAssertOpen16(t *testing.T) {
	t.Parallel()
	frame := func(fn string) string {
		return `  File "/usr/local/lib/python3.10/dist-packages/torch/_inductor/cudagraph_trees.py", line 332, in ` + fn
	}
	for _, tt := range []struct {
		name, text string
		want       Code
	}{
		{"brief's probe: worker threads, the file, a bare assert",
			"I run 4 worker threads with torch.compile(mode=\"reduce-overhead\").\nThe failure comes from torch/_inductor/cudagraph_trees.py\nAssertionError", TreesUserThreadTLS},
		{"frame in get_obj, no source line, no thread named",
			frame("get_container") + "\n" + frame("get_obj") + "\nAssertionError", TreesUserThreadTLS},
		{"frame in get_obj, Windows path, AssertionError:",
			`  File "C:\app\torch\_inductor\cudagraph_trees.py", line 359, in get_obj` + "\nAssertionError:", TreesUserThreadTLS},
		{"path, a blank line, ThreadPoolExecutor",
			"We serve requests from a ThreadPoolExecutor(max_workers=8).\nThe traceback ends in torch/_inductor/cudagraph_trees.py:\n\nAssertionError", TreesUserThreadTLS},
		{"path and bare assert on one line, one thread per GPU",
			"Each model runs on its own threading.Thread, one thread per GPU.\nerror: torch/_inductor/cudagraph_trees.py AssertionError", TreesUserThreadTLS},
		{"markdown path, thread pool",
			"the gradio handler runs in a thread pool\n`torch/_inductor/cudagraph_trees.py`\n`AssertionError`", TreesUserThreadTLS},
		// negatives
		{"frame in run (pytorch/pytorch#120474's assert), threads named",
			"I call it from worker threads\n" + frame("run") + "\nAssertionError", ""},
		{"path, bare assert, no threads",
			"python train.py --compile\nThe failure comes from torch/_inductor/cudagraph_trees.py\nAssertionError", ""},
		{"path, bare assert, intra-op threads only",
			"torch.set_num_threads(4); OMP_NUM_THREADS=8\nThe failure comes from torch/_inductor/cudagraph_trees.py\nAssertionError", ""},
		{"path, bare assert, DataLoader workers only",
			"DataLoader(ds, num_workers=4)\nThe failure comes from torch/_inductor/cudagraph_trees.py\nAssertionError", ""},
		{"path, an AssertionError with a message, threads",
			"worker threads\ntorch/_inductor/cudagraph_trees.py\nAssertionError: expected current_node to not be None", ""},
		{"log line of the file, bare assert after, threads",
			"worker threads\nI1129 17:08:33.558000 2558 torch/_inductor/cudagraph_trees.py:423] [__cudagraphs] Recording cudagraph tree for graph without symints\nAssertionError", ""},
		{"path, another error after, threads",
			"worker threads\ntorch/_inductor/cudagraph_trees.py\nRuntimeError: boom", ""},
	} {
		d, err := Read(strings.NewReader(tt.text + "\n"))
		if err != nil {
			t.Fatal(err)
		}
		var got Code
		var m Match
		for _, f := range d.Findings {
			if f.Code == TreesUserThreadTLS {
				got, m = f.Code, f.Match
			}
		}
		if got != tt.want {
			t.Errorf("%s: %q gives %q, want %q (findings %+v)", tt.name, tt.text, got, tt.want, d.Findings)
		} else if got != "" && m != Paraphrased {
			t.Errorf("%s: match %q, want %q", tt.name, m, Paraphrased)
		}
	}
}
