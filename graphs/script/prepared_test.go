package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestPreparedModelCallers: the model accelerate's prepare returns is the compiled
// one, so threads calling it are the framework site's callers (sweep5 finding 17:
// "main capture").
func TestPreparedModelCallers(t *testing.T) {
	t.Parallel()
	const head = "import threading, torch\nfrom accelerate import Accelerator\nfrom accelerate.utils import TorchDynamoPlugin\n"
	const threads = "def work():\n    model(x)\nfor _ in range(2):\n    threading.Thread(target=work).start()\n"
	cases := []struct {
		name, reason, src string
		want              graphs.Threads
	}{
		{"plugin", "h41_accel_threads.py", "plugin = TorchDynamoPlugin(backend=\"inductor\", mode=\"reduce-overhead\")\naccelerator = Accelerator(dynamo_plugin=plugin)\nmodel = accelerator.prepare(net)\n" + threads, graphs.Callers},
		{"tuple", "model, opt = accelerator.prepare(net, opt): the first is the model", "plugin = TorchDynamoPlugin(backend=\"inductor\", mode=\"reduce-overhead\")\naccelerator = Accelerator(dynamo_plugin=plugin)\nmodel, opt = accelerator.prepare(net, opt)\n" + threads, graphs.Callers},
		{"no-threads", "called on main only", "plugin = TorchDynamoPlugin(backend=\"inductor\", mode=\"reduce-overhead\")\naccelerator = Accelerator(dynamo_plugin=plugin)\nmodel = accelerator.prepare(net)\nmodel(x)\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("p.py", []byte(head+tc.src))
			require.NoError(t, err)
			require.NotEmpty(t, s.Sites)
			if got := s.Sites[0].Workload.Threads; got != tc.want {
				t.Errorf("%s: threads %q, want %q", tc.reason, got, tc.want)
			}
		})
	}
}
