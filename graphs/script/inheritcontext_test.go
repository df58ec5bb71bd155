package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestInheritContextGlobals: on 2.14 a global assigned in main is not seen by a plain
// worker thread (per-thread ContextVar config, 2.12+), but asyncio.to_thread and
// anyio's workers run the function in a copy of main's context and do see it
// (sweep5 finding 13, measured on 2.14.1: to_thread sees triton.cudagraphs True,
// run_in_executor and a ThreadPoolExecutor False).
func TestInheritContextGlobals(t *testing.T) {
	t.Parallel()
	const head = "import asyncio, threading, torch\nimport torch._inductor.config as c\nc.triton.cudagraphs = True\nmodel = torch.compile(torch.nn.Linear(4, 4).cuda())\n"
	cases := []struct {
		name, reason, src string
		workersSee        bool
	}{
		{"to-thread", "h34_to_thread_global.py", "async def main():\n    await asyncio.to_thread(model, x)\nasyncio.run(main())\n", true},
		{"fastapi-def", "h35: anyio's workers", "from fastapi import FastAPI\napp = FastAPI()\n@app.get(\"/p\")\ndef p():\n    return model(x)\n", true},
		{"plain-thread", "a threading.Thread does not copy the context", "def work():\n    model(x)\nt = threading.Thread(target=work)\nt.start()\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("i.py", []byte(head+tc.src))
			require.NoError(t, err)
			p, err := s.Planned(graphs.Scenario{Torch: "2.14"}, nil)
			require.NoError(t, err)
			rep := p.Sites[0].Plan.Report
			require.NotNil(t, rep)
			if got := rep.CUDAGraphs.WorkerThreads == nil; got != tc.workersSee {
				t.Errorf("%s: workers see main's globals %v, want %v (%+v)", tc.reason, got, tc.workersSee, rep.CUDAGraphs.WorkerThreads)
			}
		})
	}
}
