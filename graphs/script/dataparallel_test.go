package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestDataParallelThreads: nn.DataParallel runs a compiled module on each device in a
// thread of its own (sweep3 finding 18: planned as main). Every spelling of the
// wrapper, of its device_ids and of the compiled module it wraps.
func TestDataParallelThreads(t *testing.T) {
	t.Parallel()
	const head = "import torch\nimport torch.nn as nn\nnet = nn.Linear(16, 16).cuda()\n"
	const loop = "for _ in range(3):\n    model(x)\n"
	perDevice := func(n int) graphs.Workload { return graphs.Workload{Threads: graphs.PerDevice, Devices: n} }
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
	}{
		{name: "wraps-compiled", reason: "model = nn.DataParallel(torch.compile(…)): every visible device, 2 planned",
			src: head + "model = torch.compile(net, mode=\"reduce-overhead\")\nmodel = nn.DataParallel(model)\n" + loop, want: perDevice(2)},
		{name: "in-place", reason: "the compile call inside the wrapper",
			src: head + "model = nn.DataParallel(torch.compile(net, mode=\"reduce-overhead\"), device_ids=[0, 1, 2])\n" + loop, want: perDevice(3)},
		{name: "device-ids-positional", reason: "device_ids given by position",
			src: head + "c = torch.compile(net, mode=\"reduce-overhead\")\nmodel = torch.nn.parallel.DataParallel(c, [0, 1])\n" + loop, want: perDevice(2)},
		{name: "device-ids-range", reason: "device_ids=list(range(4))",
			src: head + "c = torch.compile(net, mode=\"reduce-overhead\")\nmodel = nn.DataParallel(c, device_ids=list(range(4)))\n" + loop, want: perDevice(4)},
		{name: "one-device", reason: "one device: the module runs in the calling thread",
			src: head + "c = torch.compile(net, mode=\"reduce-overhead\")\nmodel = nn.DataParallel(c, device_ids=[0])\n" + loop},
		{name: "import-alias", reason: "from torch.nn import DataParallel as DP",
			src: head + "from torch.nn import DataParallel as DP\nc = torch.compile(net, mode=\"reduce-overhead\")\nmodel = DP(c)\n" + loop, want: perDevice(2)},
		{name: "decorated-forward", reason: "a module whose forward is compiled, wrapped",
			src: head + "class Net(nn.Module):\n    @torch.compile(mode=\"reduce-overhead\")\n    def forward(self, x):\n        return x\nmodel = nn.DataParallel(Net().cuda())\n" + loop, want: perDevice(2)},
		{name: "wrapper-moved", reason: "nn.DataParallel(compiled).cuda(): the wrapper returned by cuda() is the same object",
			src: head + "c = torch.compile(net, mode=\"reduce-overhead\")\nmodel = nn.DataParallel(c, device_ids=[0, 1]).cuda()\n" + loop, want: perDevice(2)},
		{name: "functional", reason: "torch.nn.parallel.data_parallel(module, inputs, device_ids)",
			src: head + "c = torch.compile(net, mode=\"reduce-overhead\")\ny = torch.nn.parallel.data_parallel(c, x, device_ids=[0, 1])\n", want: perDevice(2)},
		{name: "compile-outside", reason: "torch.compile(nn.DataParallel(net)): the wrapper is compiled, not run in threads by one",
			src: head + "model = torch.compile(nn.DataParallel(net), mode=\"reduce-overhead\")\n" + loop},
		{name: "ddp", reason: "DistributedDataParallel runs in the calling thread (one process per device)",
			src: head + "c = torch.compile(net, mode=\"reduce-overhead\")\nmodel = nn.parallel.DistributedDataParallel(c)\n" + loop},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("dp.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s\ninferred %+v", tc.reason, diff, s.Sites[0].Inferred)
			}
		})
	}
}
