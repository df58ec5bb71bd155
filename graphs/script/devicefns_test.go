package script

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// perDeviceCases are the ways people write "one worker per GPU"
// (testdata/perdevice/*.py; sweep6 finding 10), each with the workload the
// threading.Thread(target=worker, args=(d,)) form of the same program gets: one
// compiled function per device, each first called by its own thread (per-device),
// or, through a pool, each device's function called by any of the pool's workers
// (devices N, thread_pool W). was is what the reader inferred before the fix; the
// controls (was "") were right already and must stay so.
var perDeviceCases = []struct {
	file string
	want graphs.Workload
	was  string
}{
	{"subclass_init_fstring", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "callers=2 cold on cuda:0 (one function shared)"},
	{"subclass_torchdevice_count", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "callers cold on cuda:0"},
	{"subclass_nodevice", graphs.Workload{Threads: graphs.PerThread, Callers: 3}, "callers=3 cold (one function shared)"},
	{"dict_pool_submit", graphs.Workload{Devices: 2, ThreadPool: 2}, "thread_pool=2 on cuda:0 only"},
	{"list_pool_map", graphs.Workload{Devices: 2, ThreadPool: 2}, "thread_pool=2 (count unknown) on cuda:0 only"},
	{"threadpool_dummy_map", graphs.Workload{Devices: 2, ThreadPool: 2}, "thread_pool=2 on cuda:0 only"},
	{"dict_thread_target", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "callers=2 cold on cuda:0"},
	{"list_threads_cuda_index", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "callers cold on cuda:0"},
	{"with_cuda_device", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "per-thread, both on cuda:0"},
	{"subclass_enumerate_devices", graphs.Workload{Threads: graphs.PerDevice, Devices: 3}, "callers=3 cold on cuda:0"},
	{"subclass_of_subclass", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "main (a subclass of a Thread subclass was no thread)"},
	{"list_setdevice_pool_map_models", graphs.Workload{Devices: 2, ThreadPool: 2}, "thread_pool=2 on cuda:0 only"},
	{"helper_list_threads", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "main ([build(d) for d …] not bound to the site)"},
	{"helper_append_threads", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "main (models.append(build(d)) not bound)"},
	{"thread_torch_device_index_queue", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "per-thread, both on cuda:0"},
	{"thread_kwargs_torch_device", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "per-thread, both on cuda:0"},
	{"joblib_threads_setdevice", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, ""},
	{"dict_gather_to_thread", graphs.Workload{Devices: 2, ThreadPool: 2, InheritContext: true}, "thread_pool=20 on cuda:0 only"},
	{"subclass_gets_item_model", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "main (Server(models[i]) not followed)"},
	{"subclass_gets_loop_model", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "main (for m in models: Server(m) not followed)"},
	{"dict_items_thread_args", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "main (for d, m in models.items() not followed)"},
	{"subclass_enumerate_comp", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "main ([Server(m, …) for i, m in enumerate(models)] not followed)"},
	{"subclass_comp_models", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "main ([Server(m) for m in models] not followed)"},
	{"subclass_zip_comp", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "main ([Server(m, d) for m, d in zip(models, devices)] not followed)"},
	{"subclass_zip_loop", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "main (for d, m in zip(devices, models) not followed)"},
	{"dict_values_thread_comp", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "main ([Thread(args=(m,)) for m in models.values()] not followed)"},
	{"dict_items_thread_comp", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, "main ([Thread(args=(m, d)) for d, m in models.items()] not followed)"},
	{"subclass_run_setdevice", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, ""},
	{"pool_map_setdevice", graphs.Workload{Threads: graphs.PerDevice, Devices: 2}, ""},
	{"shared_model_subclass", graphs.Workload{Threads: graphs.Callers, Callers: 2, ColdStart: true}, ""},
	{"mp_process_per_device", graphs.Workload{}, ""},
}

func readPerDevice(t *testing.T, file string) *Script {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "perdevice", file+".py"))
	require.NoError(t, err)
	s, err := readBytes(file+".py", src)
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	return s
}

// TestPerDeviceWorkers: each way of writing one worker per GPU gets the workload
// of the target= form.
func TestPerDeviceWorkers(t *testing.T) {
	t.Parallel()
	for _, tc := range perDeviceCases {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			s := readPerDevice(t, tc.file)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("workload mismatch (-want +got; before the fix: %s):\n%s\ninferred %+v", tc.was, diff, s.Sites[0].Inferred)
			}
		})
	}
}

// TestPerDeviceGolden: the planned text of each on 2.11 and on 2.14, as the command
// prints them with no flag but -torch. go test -update rewrites
// testdata/perdevice/golden/*.txt.
func TestPerDeviceGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range perDeviceCases {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			s := readPerDevice(t, tc.file)
			var b bytes.Buffer
			for _, rel := range []string{"2.11", "2.14"} {
				p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: rel}})
				require.NoError(t, err)
				b.WriteString("== torch " + rel + ", exit: " + string(p.Exit()) + "\n\n")
				require.NoError(t, p.WriteText(&b, 100))
				b.WriteString("\n")
			}
			compareGolden(t, filepath.Join("testdata", "perdevice", "golden", tc.file+".txt"), b.Bytes())
		})
	}
}

// TestDeviceNamers: the forms a thread's code picks its device by, and forms that
// do not.
func TestDeviceNamers(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body string
		want       bool
	}{
		{"set_device", "torch.cuda.set_device(d)", true},
		{"cuda-device-with", "with torch.cuda.device(d):\n        pass", true},
		{"torch-device-index", `x = torch.device("cuda", d)`, true},
		{"module-cuda-index", "m = net.cuda(d)", true},
		{"fstring", `x = t.to(f"cuda:{d}")`, true},
		{"module-cuda-bare", "m = net.cuda()", false},
		{"torch-device-cuda", `x = torch.device("cuda")`, false},
		{"cuda-device-count", "n = torch.cuda.device_count()", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import threading, torch\nmodel = None\ndef work(d):\n    " + tc.body + "\n    model = torch.compile(net)\n    model(x)\nfor d in range(2):\n    threading.Thread(target=work, args=(d,)).start()\n"
			s, err := readBytes("w.py", []byte(src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			got := s.Sites[0].Threads == graphs.PerDevice
			if got != tc.want {
				t.Errorf("per-device = %v, want %v (threads %q)", got, tc.want, s.Sites[0].Threads)
			}
		})
	}
}

// TestBuiltDeviceString: a string literal names a device that varies when it is
// built (f-string, format, concatenation), not a constant "cuda:0".
func TestBuiltDeviceString(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		`f"cuda:{i}"`: true, `F'cuda:{rank}'`: true, `"cuda:{}"`: true, `"cuda:%d"`: true, `"cuda:"`: true,
		`rf"cuda:{i}"`: true, `"cuda:0"`: false, `"cuda"`: false, `"cpu"`: false, `b"cuda:0"`: false,
	} {
		if got := builtDeviceString(s); got != want {
			t.Errorf("builtDeviceString(%s) = %v, want %v", s, got, want)
		}
	}
}
