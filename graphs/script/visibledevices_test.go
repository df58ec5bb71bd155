package script

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestVisibleCount: the device count a CUDA_VISIBLE_DEVICES value gives, as
// torch/cuda/__init__.py _parse_visible_devices reads it (@ 2.6.0 and @ 2.14.1).
func TestVisibleCount(t *testing.T) {
	t.Parallel()
	cases := []struct {
		value, reason string
		n             int
		ok            bool
	}{
		{"0", "one ordinal", 1, true},
		{"0,1,2,3", "four ordinals", 4, true},
		{" 1 , 3 ", "items are stripped", 2, true},
		{"", "empty: no device", 0, true},
		{"-1", "a negative ordinal ends the list", 0, true},
		{"1,-1,2", "the list stops at the negative ordinal", 1, true},
		{"0,x,1", "an item that is not a number is -1: it ends the list", 1, true},
		{"1gpu2,2ampere", "strtoul reads the leading digits (the comment's own example)", 2, true},
		{"0,0", "a repeated ordinal names no device", 0, true},
		{"0,1,+1", "+1 is 1, repeated", 0, true},
		{"0,+", "int('+') raises", 0, false},
		{"GPU-aa,GPU-bb", "two UUIDs", 2, true},
		{"GPU-aa,1", "an item without the prefix ends a UUID list", 1, true},
		{"GPU-aa,GPU-aa", "a repeated UUID names no device", 0, true},
		{"MIG-a,MIG-b,MIG-c", "MIG identifiers", 3, true},
		{"99999999999999999999,0", "a huge ordinal is an ordinal", 2, true},
		{"٣", "a non-ASCII digit: not said", 0, false},
	}
	for _, tc := range cases {
		n, ok := visibleCount(tc.value)
		if n != tc.n || ok != tc.ok {
			t.Errorf("visibleCount(%q) = %d, %v; want %d, %v (%s)", tc.value, n, ok, tc.n, tc.ok, tc.reason)
		}
	}
}

// FuzzVisibleCount: any value is read without a panic, and never names more devices
// than it has items.
func FuzzVisibleCount(f *testing.F) {
	for _, s := range []string{"0", "0,1", "", "-1", "GPU-a,GPU-b", "1gpu2,2ampere", "+", "0,+x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		n, _ := visibleCount(v)
		if n < 0 || n > strings.Count(v, ",")+1 {
			t.Fatalf("visibleCount(%q) = %d", v, n)
		}
	})
}

// TestVisibleDevices: torch.cuda.device_count() is the number of devices
// CUDA_VISIBLE_DEVICES names, set before CUDA is initialised by the script or in the
// environment it starts in (sweep5 finding 21: one pinned GPU planned as 2 devices
// and a race).
func TestVisibleDevices(t *testing.T) {
	t.Parallel()
	const body = "import threading\nimport torch\n" +
		"def run(dev):\n    m = torch.compile(torch.nn.Linear(64, 64).to(dev), mode=\"reduce-overhead\")\n    m(torch.randn(8, 64, device=dev))\n"
	const loop = "ts = [threading.Thread(target=run, args=(f\"cuda:{i}\",)) for i in range(torch.cuda.device_count())]\nfor t in ts:\n    t.start()\n"
	const set0 = "import os\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0\"\n"
	perDevice := func(n int) graphs.Workload { return graphs.Workload{Threads: graphs.PerDevice, Devices: n} }
	cases := []struct {
		name, reason, src string
		env               map[string]string
		want              graphs.Workload
		warn              string
	}{
		{name: "set-before-import", reason: "the finding's script: one device, one thread",
			src: set0 + body + loop, want: perDevice(1)},
		{name: "set-after-import", reason: "set after `import torch`, before any CUDA use: still read",
			src: "import os\n" + body + "os.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1,2\"\n" + loop, want: perDevice(3)},
		{name: "env-given", reason: "-env CUDA_VISIBLE_DEVICES=0,1,2,3",
			src: body + loop, env: map[string]string{"CUDA_VISIBLE_DEVICES": "0,1,2,3"}, want: perDevice(4)},
		{name: "script-beats-env", reason: "the script's os.environ[…] = replaces the environment's",
			src: set0 + body + loop, env: map[string]string{"CUDA_VISIBLE_DEVICES": "0,1,2,3"}, want: perDevice(1)},
		{name: "setdefault-kept", reason: "setdefault keeps the environment's value",
			src: "import os\nos.environ.setdefault(\"CUDA_VISIBLE_DEVICES\", \"0\")\n" + body + loop, env: map[string]string{"CUDA_VISIBLE_DEVICES": "2,3"}, want: perDevice(2)},
		{name: "setdefault-sets", reason: "setdefault of an unset variable sets it",
			src: "import os\nos.environ.setdefault(\"CUDA_VISIBLE_DEVICES\", \"0\")\n" + body + loop, env: map[string]string{}, want: perDevice(1)},
		{name: "set-after-cuda", reason: "set after CUDA was initialised (.cuda()): too late, the count is unknown",
			src: "import os\n" + body + "torch.zeros(1).cuda()\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0\"\n" + loop, want: perDevice(2)},
		{name: "count-before-set", reason: "sweep6 finding 2: n = device_count() read before the script sets the variable counts the host's devices: unknown, 2 planned",
			src: "import os\n" + body + "n = torch.cuda.device_count()\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0\"\nfor i in range(n):\n    threading.Thread(target=run, args=(f\"cuda:{i}\",)).start()\n", want: perDevice(2)},
		{name: "count-before-set-env", reason: "read before the script's set: the environment's value then",
			src: "import os\n" + body + "n = torch.cuda.device_count()\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0\"\nfor i in range(n):\n    threading.Thread(target=run, args=(f\"cuda:{i}\",)).start()\n", env: map[string]string{"CUDA_VISIBLE_DEVICES": "0,1,2"}, want: perDevice(3)},
		{name: "count-after-set", reason: "read after the script's set: the script's value",
			src: "import os\n" + body + "os.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0\"\nn = torch.cuda.device_count()\nfor i in range(n):\n    threading.Thread(target=run, args=(f\"cuda:{i}\",)).start()\n", env: map[string]string{"CUDA_VISIBLE_DEVICES": "0,1,2"}, want: perDevice(1)},
		{name: "factory-starts-cuda", reason: "sweep6 finding 3: torch.zeros(1, device=\"cuda\") starts CUDA, so the later set is too late: the environment's value",
			src: "import os\n" + body + "warm = torch.zeros(1, device=\"cuda\")\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1,2,3\"\n" + loop, env: map[string]string{"CUDA_VISIBLE_DEVICES": "0"}, want: perDevice(1)},
		{name: "factory-cuda-n-starts-cuda", reason: "device=\"cuda:1\" too; no environment: unknown",
			src: "import os\n" + body + "warm = torch.randn(2, device=\"cuda:1\")\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1,2,3\"\n" + loop, want: perDevice(2)},
		{name: "module-device-starts-cuda", reason: "nn.Linear(2, 2, device=\"cuda\") makes its parameters on CUDA",
			src: "import os\n" + body + "lin = torch.nn.Linear(2, 2, device=\"cuda\")\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1,2,3\"\n" + loop, env: map[string]string{"CUDA_VISIBLE_DEVICES": "0,1"}, want: perDevice(2)},
		{name: "to-cuda-starts-cuda", reason: ".to(\"cuda\") starts CUDA",
			src: "import os\n" + body + "w = torch.zeros(1).to(\"cuda\")\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1,2,3\"\n" + loop, env: map[string]string{"CUDA_VISIBLE_DEVICES": "0"}, want: perDevice(1)},
		{name: "to-device-kw-starts-cuda", reason: ".to(device=torch.device(\"cuda\")) starts CUDA",
			src: "import os\n" + body + "w = torch.zeros(1).to(device=torch.device(\"cuda\"))\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1,2,3\"\n" + loop, env: map[string]string{"CUDA_VISIBLE_DEVICES": "0"}, want: perDevice(1)},
		{name: "named-device-starts-cuda", reason: "device=dev, dev bound to \"cuda\" only",
			src: "import os\n" + body + "dev = \"cuda\"\nw = torch.ones(3, device=dev)\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1,2,3\"\n" + loop, env: map[string]string{"CUDA_VISIBLE_DEVICES": "0"}, want: perDevice(1)},
		{name: "cuda-init-env", reason: "sweep6 finding 3's note: after torch.cuda.init() the count is the environment's (-env) value, not unknown",
			src: "import os\n" + body + "torch.cuda.init()\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1,2,3\"\n" + loop, env: map[string]string{"CUDA_VISIBLE_DEVICES": "0"}, want: perDevice(1)},
		{name: "torch-device-no-start", reason: "torch.device(\"cuda\") makes nothing on CUDA: the set after it still counts",
			src: "import os\n" + body + "d = torch.device(\"cuda\")\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1,2\"\n" + loop, env: map[string]string{"CUDA_VISIBLE_DEVICES": "0"}, want: perDevice(3)},
		{name: "default-device-no-start", reason: "torch.set_default_device(\"cuda\") makes nothing yet",
			src: "import os\n" + body + "torch.set_default_device(\"cuda\")\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1,2\"\n" + loop, want: perDevice(3)},
		{name: "cpu-factory-no-start", reason: "device=\"cpu\" and .to(torch.float16) do not start CUDA",
			src: "import os\n" + body + "w = torch.zeros(1, device=\"cpu\").to(torch.float16)\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1,2\"\n" + loop, want: perDevice(3)},
		{name: "main-guard-after-defs", reason: "defs first, the variable set under if __name__ == \"__main__\": a .cuda() in a def that runs later does not make it late",
			src: "import os\n" + "import threading\nimport torch\ndef run(dev):\n    m = torch.compile(torch.nn.Linear(64, 64).cuda(), mode=\"reduce-overhead\")\n    m(x)\n" +
				"if __name__ == \"__main__\":\n    os.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0\"\n    ts = [threading.Thread(target=run, args=(f\"cuda:{i}\",)) for i in range(torch.cuda.device_count())]\n    for t in ts:\n        t.start()\n", want: perDevice(1)},
		{name: "same-guard", reason: "set and loop under one guard: the loop runs only where the set did",
			src: "import os, sys\n" + body + "if len(sys.argv) > 1:\n    os.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1,2\"\n    for i in range(torch.cuda.device_count()):\n        threading.Thread(target=run, args=(f\"cuda:{i}\",)).start()\n", want: perDevice(3)},
		{name: "guarded", reason: "set under a guard: unknown",
			src: "import os, sys\nif len(sys.argv) > 1:\n    os.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0\"\n" + body + loop, want: perDevice(2)},
		{name: "popped", reason: "removed: every device, unknown",
			src: "import os\nos.environ.pop(\"CUDA_VISIBLE_DEVICES\", None)\n" + body + loop, env: map[string]string{"CUDA_VISIBLE_DEVICES": "0"}, want: perDevice(2)},
		{name: "named-count", reason: "n = torch.cuda.device_count(); range(n)",
			src: set0 + body + "n = torch.cuda.device_count()\nfor i in range(n):\n    threading.Thread(target=run, args=(f\"cuda:{i}\",)).start()\n", want: perDevice(1)},
		{name: "device-list", reason: "devices = [f\"cuda:{i}\" for i in range(torch.cuda.device_count())]",
			src: "import os\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"4,5\"\n" + body + "devs = [f\"cuda:{i}\" for i in range(torch.cuda.device_count())]\nfor d in devs:\n    threading.Thread(target=run, args=(d,)).start()\n", want: perDevice(2)},
		{name: "no-device", reason: "\"\" names no device: warned, 2 planned",
			src: "import os\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"\"\n" + body + loop, want: perDevice(2), warn: WarningNoVisibleDevice},
		{name: "notebook-env-magic", reason: "%env in a notebook's exported script",
			src: "get_ipython().run_line_magic('env', 'CUDA_VISIBLE_DEVICES=0,1,2')\n" + body + loop, want: perDevice(3)},
		{name: "dataparallel", reason: "nn.DataParallel without device_ids uses every visible device: one, so the calling thread",
			src: set0 + "import torch\nc = torch.compile(torch.nn.Linear(4, 4), mode=\"reduce-overhead\")\nmodel = torch.nn.DataParallel(c)\nmodel(x)\n"},
		{name: "dataparallel-three", reason: "nn.DataParallel over three visible devices",
			src: "import os\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1,2\"\nimport torch\nc = torch.compile(torch.nn.Linear(4, 4), mode=\"reduce-overhead\")\nmodel = torch.nn.DataParallel(c)\nmodel(x)\n", want: perDevice(3)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(bytes.NewReader([]byte(tc.src)), ReadOptions{Name: "v.py", Env: tc.env})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s\nnotes %q", tc.reason, diff, s.Sites[0].Notes)
			}
			var codes []string
			for _, w := range s.Warnings {
				if w.Code == WarningNoVisibleDevice {
					codes = append(codes, w.Code)
				}
			}
			if want := strings.Fields(tc.warn); !cmp.Equal(want, codes, cmpopts.EquateEmpty()) {
				t.Errorf("%s: warnings %v, want %v", tc.reason, codes, want)
			}
		})
	}
}

// TestVisibleEnvNotes: -env CUDA_VISIBLE_DEVICES is read by the plan (not "unread"),
// and a set after CUDA started does not replace it (sweep6 finding 3: the CLI said
// "the plan takes the script's" for a set CUDA never sees).
func TestVisibleEnvNotes(t *testing.T) {
	t.Parallel()
	const head = "import os\nimport torch\n"
	cases := []struct {
		name, src string
		replaced  []int // the lines ReplacedEnv returns
	}{
		{"set-before-cuda", head + "os.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1\"\nx = torch.zeros(1, device=\"cuda\")\n", []int{3}},
		{"set-after-factory", head + "x = torch.zeros(1, device=\"cuda\")\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1\"\n", nil},
		{"set-after-init", head + "torch.cuda.init()\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1\"\n", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{visibleVar: "0"}
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Name: "v.py", Env: env})
			require.NoError(t, err)
			require.Empty(t, s.UnreadEnv([]string{visibleVar}))
			var lines []int
			for _, e := range s.ReplacedEnv([]string{visibleVar}) {
				lines = append(lines, e.Line)
			}
			require.Equal(t, tc.replaced, lines)
		})
	}
}
