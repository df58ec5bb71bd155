package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestPatchInWorker: a config.patch (decorator or with) or an assignment in a
// thread's function, in force at that thread's first call, is what its compile sees,
// on 2.11 (process-wide config) and on 2.14 (the thread's own overrides) alike
// (sweep5 finding 16: "Changed keys: none … CUDA graphs: off").
func TestPatchInWorker(t *testing.T) {
	t.Parallel()
	const head = "import threading, torch\nimport torch._inductor.config as ic\nmodel = torch.compile(net)\n"
	const start = "t = threading.Thread(target=work)\nt.start()\n"
	cases := []struct{ name, reason, src string }{
		{"decorator", "h37: @ic.patch on the thread's function", "@ic.patch({\"triton.cudagraphs\": True})\ndef work():\n    model(x)\n" + start},
		{"with", "h37: with ic.patch(…) around the first call", "def work():\n    with ic.patch({\"triton.cudagraphs\": True}):\n        model(x)\n" + start},
		{"assign", "h39: the tool's own fix, assigning in the worker", "def work():\n    ic.triton.cudagraphs = True\n    model(x)\n" + start},
	}
	for _, tc := range cases {
		for _, torch := range []string{"2.11", "2.14"} {
			t.Run(tc.name+"/"+torch, func(t *testing.T) {
				t.Parallel()
				s, err := readBytes("w.py", []byte(head+tc.src))
				require.NoError(t, err)
				p, err := s.Planned(graphs.Scenario{Torch: torch}, nil)
				require.NoError(t, err)
				rep := p.Sites[0].Plan.Report
				require.NotNil(t, rep)
				if !rep.CUDAGraphs.Enabled || rep.CUDAGraphs.WorkerThreads != nil && !rep.CUDAGraphs.WorkerThreads.Enabled {
					t.Errorf("%s on %s: the worker's compile does not see triton.cudagraphs=True: %+v", tc.reason, torch, rep.CUDAGraphs)
				}
			})
		}
	}
}
