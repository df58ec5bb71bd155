package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestPoolMapCount: a pool's map(fn, devices) runs fn once per item, as the loop
// [ex.submit(fn, d) for d in devices] does, so its items are the devices counted
// (newuser15 H1, script16 item 1: a one-worker pool over ["cuda:0"] was planned as 2
// devices racing, exit 1; 3 devices as 2).
func TestPoolMapCount(t *testing.T) {
	t.Parallel()
	const head = "from concurrent.futures import ThreadPoolExecutor\nimport argparse\nimport torch\nmodels = {}\ndef setup(device):\n    models[device] = torch.compile(torch.nn.Linear(8, 8).to(device), mode=\"reduce-overhead\")\n"
	perDevice := func(n int) graphs.Workload { return graphs.Workload{Threads: graphs.PerDevice, Devices: n} }
	pool := func(devs, call string) string {
		return head + "devices = " + devs + "\nwith ThreadPoolExecutor(max_workers=len(devices)) as ex:\n    " + call + "\n"
	}
	cases := []struct {
		name, src string
		argv      []string
		want      graphs.Workload
	}{
		{"one device, map", pool(`["cuda:0"]`, "list(ex.map(setup, devices))"), nil, perDevice(1)},
		{"one device, submit (the loop form)", pool(`["cuda:0"]`, "[ex.submit(setup, d).result() for d in devices]"), nil, perDevice(1)},
		{"three devices", pool(`["cuda:0", "cuda:1", "cuda:2"]`, "list(ex.map(setup, devices))"), nil, perDevice(3)},
		{"a display in place", pool(`None`, `list(ex.map(setup, ["cuda:0", "cuda:1", "cuda:2", "cuda:3"]))`), nil, perDevice(4)},
		{"a comprehension over range", pool(`[f"cuda:{i}" for i in range(3)]`, "list(ex.map(setup, devices))"), nil, perDevice(3)},
		{"the count the command line gives", strings.Replace(pool(`[f"cuda:{i}" for i in range(args.gpus)]`, "list(ex.map(setup, devices))"), "devices = ", "p = argparse.ArgumentParser()\np.add_argument(\"--gpus\", type=int, default=2)\nargs = p.parse_args()\ndevices = ", 1), []string{"--gpus", "1"}, perDevice(1)},
		{"the device count: unknown, 2 planned", pool(`[f"cuda:{i}" for i in range(torch.cuda.device_count())]`, "list(ex.map(setup, devices))"), nil, perDevice(2)},
		{"multiprocessing.dummy's map, iterable=", strings.Replace(pool(`["cuda:0"]`, "ex.map(setup, iterable=devices)"), "with ThreadPoolExecutor(max_workers=len(devices)) as ex", "from multiprocessing.dummy import Pool\nwith Pool(1) as ex", 1), nil, perDevice(1)},
		{"multiprocessing.dummy's imap_unordered", strings.Replace(pool(`["cuda:0"]`, "list(ex.imap_unordered(setup, devices))"), "with ThreadPoolExecutor(max_workers=len(devices)) as ex", "from multiprocessing.dummy import Pool\nwith Pool(1) as ex", 1), nil, perDevice(1)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Argv: tc.argv})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("workload (-want +got):\n%s\ninferred %+v", diff, s.Sites[0].Inferred)
			}
		})
	}
}
