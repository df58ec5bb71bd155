package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestHandCapture: a compiled function called inside a CUDA graph capture of the
// script's own is the -capture-error-mode workload (sweep4 finding 9: planned as "No
// CUDA graph is captured"), in each way a capture is written.
func TestHandCapture(t *testing.T) {
	t.Parallel()
	const head = "import torch\nmodel = torch.compile(net.cuda(), mode=\"max-autotune-no-cudagraphs\")\ng = torch.cuda.CUDAGraph()\n"
	captured := func(m string) graphs.Workload { return graphs.Workload{CaptureErrorMode: m} }
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
		warned            bool
	}{
		{"with", "the torch.cuda.graph docs' pattern", head + "with torch.cuda.graph(g):\n    y = model(x)\ng.replay()\n", captured("global"), false},
		{"with-mode", "capture_error_mode given", head + "with torch.cuda.graph(g, capture_error_mode=\"thread_local\"):\n    y = model(x)\n", captured("thread_local"), false},
		{"with-positional", "capture_error_mode by position", head + "with torch.cuda.graph(g, None, s, \"relaxed\"):\n    y = model(x)\n", captured("relaxed"), false},
		{"with-pool-stream", "SGLang's cuda_graph_runner: pool= and stream=", head + "with torch.cuda.graph(g, pool=pool, stream=stream):\n    out = model(x)\n", captured("global"), false},
		{"through-def", "the capture calls a def that calls the compiled function (run_once)", head + "def run_once():\n    return model(x)\nfor _ in range(2):\n    run_once()\nwith torch.cuda.graph(g):\n    out = run_once()\n", captured("global"), false},
		{"alias", "from torch.cuda import graph", head + "from torch.cuda import graph as cg\nwith cg(g):\n    y = model(x)\n", captured("global"), false},
		{"capture-begin", "CUDAGraph.capture_begin … capture_end", head + "g.capture_begin(capture_error_mode=\"relaxed\")\ny = model(x)\ng.capture_end()\n", captured("relaxed"), false},
		{"after-capture-end", "a call after capture_end is not captured", head + "g.capture_begin()\ng.capture_end()\ny = model(x)\n", captured(""), false},
		{"make-graphed", "make_graphed_callables captures the callable", head + "gm = torch.cuda.make_graphed_callables(model, (x,))\n", captured("global"), false},
		{"make-graphed-mode", "make_graphed_callables' capture_error_mode (2.14)", head + "gm = torch.cuda.make_graphed_callables(model, (x,), capture_error_mode=\"thread_local\")\n", captured("thread_local"), false},
		{"side-stream-only", "a warm-up on a side stream is no capture", head + "with torch.cuda.stream(s):\n    y = model(x)\n", captured(""), false},
		{"contextmanager-yield", "with cm() as f: a @contextmanager def yielding torch.compile(…) (SGLang's patch_model)", "import contextlib\nimport torch\n@contextlib.contextmanager\ndef patch(m):\n    yield torch.compile(m.forward, mode=\"reduce-overhead\")\ng = torch.cuda.CUDAGraph()\nwith patch(net) as fwd:\n    with torch.cuda.graph(g):\n        fwd(x)\n", captured("global"), false},
		{"passed-to-method", "the compiled function handed to a method that captures it (SGLang's capture_one_batch_size)", "import torch\nclass Runner:\n    def capture(self, forward):\n        g = torch.cuda.CUDAGraph()\n        with torch.cuda.graph(g, capture_error_mode=\"thread_local\"):\n            forward(x)\n    def run(self, m):\n        self.capture(m)\nf = torch.compile(net, mode=\"max-autotune\")\nRunner().run(f)\n", captured("thread_local"), false},
		{"mode-unread", "a capture mode that is not a literal is not planned, and said", head + "with torch.cuda.graph(g, capture_error_mode=cfg.mode):\n    y = model(x)\n", captured(""), true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("h.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s", tc.reason, diff)
			}
			warned := false
			for _, w := range s.Warnings {
				warned = warned || w.Code == WarningNotLiteral
			}
			require.Equal(t, tc.warned, warned, tc.reason)
		})
	}
}

// TestHandCapturePlanned: with CUDA graphs on, the compiled function's own graph
// replays inside the hand capture and raises (measured on 2.11); without, the capture
// works.
func TestHandCapturePlanned(t *testing.T) {
	t.Parallel()
	for mode, want := range map[string]graphs.Outcome{"reduce-overhead": graphs.Fail, "max-autotune": graphs.Fail, "max-autotune-no-cudagraphs": graphs.Capture, "default": graphs.Capture} {
		src := "import torch\nmodel = torch.compile(net.cuda(), mode=\"" + mode + "\")\ng = torch.cuda.CUDAGraph()\nwith torch.cuda.graph(g):\n    y = model(x)\n"
		s, err := readBytes("h.py", []byte(src))
		require.NoError(t, err)
		p, err := s.Planned(graphs.Scenario{Torch: "2.11"}, nil)
		require.NoError(t, err)
		devs := p.Sites[0].Plan.Report.CUDAGraphs.Devices
		require.Len(t, devs, 1)
		require.Equal(t, want, devs[0].Outcome, mode)
	}
}

// TestHandCaptureThreads: two threads that each hand-capture their own compiled
// function on one device race (sweep6 finding 13, measured on 2.11 in global and
// thread_local mode: testdata/measured/capture_threads_2.11.out): every thread's row
// is "fail (race)", the plan raises; one thread capturing still captures.
func TestHandCaptureThreads(t *testing.T) {
	t.Parallel()
	worker := func(mode string) string {
		return "import threading\nimport torch\ndef worker(i):\n    model = torch.compile(torch.nn.Linear(256, 256).cuda())\n    x = torch.randn(16, 256, device=\"cuda\")\n" +
			"    model(x)\n    g = torch.cuda.CUDAGraph()\n    with torch.cuda.graph(g" + mode + "):\n        y = model(x)\n    g.replay()\n"
	}
	cases := []struct {
		name, src, torch string
		want             graphs.Outcome
		race             bool
	}{
		{"two-threads-global", worker("") + "ts = [threading.Thread(target=worker, args=(i,)) for i in range(2)]\nfor t in ts:\n    t.start()\n", "2.11", graphs.Fail, true},
		{"two-threads-thread-local", worker(", capture_error_mode=\"thread_local\"") + "for i in range(2):\n    threading.Thread(target=worker, args=(i,)).start()\n", "2.11", graphs.Fail, true},
		{"two-threads-2.14", worker("") + "ts = [threading.Thread(target=worker, args=(i,)) for i in range(2)]\nfor t in ts:\n    t.start()\n", "2.14", graphs.Fail, true},
		{"one-thread", worker("") + "threading.Thread(target=worker, args=(0,)).start()\n", "2.11", graphs.Capture, false},
		{"main-thread", worker("") + "worker(0)\n", "2.11", graphs.Capture, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("h.py", []byte(tc.src))
			require.NoError(t, err)
			p, err := s.Planned(graphs.Scenario{Torch: tc.torch}, nil)
			require.NoError(t, err)
			devs := p.Sites[0].Plan.Report.CUDAGraphs.Devices
			require.NotEmpty(t, devs)
			for _, d := range devs {
				require.Equal(t, tc.want, d.Outcome, "%s %s", d.Device, d.Thread)
				require.Equal(t, tc.race, d.Race, "%s %s", d.Device, d.Thread)
			}
		})
	}
}
