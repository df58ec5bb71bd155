package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestDeviceTypeInferred: a script that places its tensors on mps or the CPU only is
// planned without CUDA graphs (sweep3 finding 20: model.to("mps") with reduce-overhead
// was planned as a CUDA capture). Every way people name the device, and the scripts
// that must stay CUDA plans.
func TestDeviceTypeInferred(t *testing.T) {
	t.Parallel()
	const site = "model = torch.compile(net, mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, reason, src string
		want              string // Workload.DeviceType
	}{
		{name: "to-mps-literal", reason: "model.to(\"mps\")",
			src: "import torch\nnet = Net().to(\"mps\")\n" + site, want: "mps"},
		{name: "torch-device-name", reason: "device = torch.device(\"mps\"); .to(device)",
			src: "import torch\ndevice = torch.device(\"mps\")\nnet = Net().to(device)\n" + site, want: "mps"},
		{name: "mps-or-cpu", reason: "\"mps\" if available else \"cpu\": neither is CUDA",
			src: "import torch\ndevice = \"mps\" if torch.backends.mps.is_available() else \"cpu\"\nnet = Net().to(device)\nx = torch.randn(2, device=device)\n" + site, want: "mps"},
		{name: "cpu-keyword", reason: "device=\"cpu\" on the inputs and the model",
			src: "import torch\nnet = Net().to(device=\"cpu\")\nx = torch.randn(4, 16, device=\"cpu\")\n" + site, want: "cpu"},
		{name: "default-device", reason: "torch.set_default_device(\"mps\")",
			src: "import torch\ntorch.set_default_device(\"mps\")\n" + site, want: "mps"},
		{name: "self-attribute", reason: "self.device = torch.device(\"mps\") in a class, .to(self.device)",
			src: "import torch\nclass R:\n    def __init__(self):\n        self.device = torch.device(\"mps\")\n        self.net = Net().to(self.device)\n" + site, want: "mps"},
		{name: "dtype-ignored", reason: ".to(torch.float16) names no device",
			src: "import torch\nnet = Net().to(\"mps\").to(torch.float16)\n" + site, want: "mps"},
		{name: "cuda-or-cpu", reason: "\"cuda\" if available else \"cpu\": CUDA on a GPU machine",
			src: "import torch\ndevice = \"cuda\" if torch.cuda.is_available() else \"cpu\"\nnet = Net().to(device)\n" + site},
		{name: "cuda-call", reason: "a .cuda() anywhere",
			src: "import torch\nx = torch.randn(2, device=\"cpu\")\nnet = Net().cuda()\n" + site},
		{name: "cuda-api", reason: "torch.cuda.synchronize() runs on CUDA",
			src: "import torch\nnet = Net().to(\"cpu\")\n" + site + "torch.cuda.synchronize()\n"},
		{name: "device-of-device", reason: "device = x.device names device again (gpt-fast generate.py's shape): each name followed once, else 2^64 ways and -script never ended; x.device, never assigned as such, is a tensor's device the reader does not follow: unknown",
			src: "import torch\ndevice = \"cpu\"\nx = torch.zeros(2, device=device)\ndevice = x.device\ny = torch.ones(2, device=device)\ndevice = y.device\nnet = Net().to(device)\n" + site},
		{name: "device-of-self-device", reason: "a cycle through an attribute the file assigns still ends, and is read",
			src: "import torch\nclass R:\n    def __init__(self, n):\n        device = \"cpu\"\n        self.device = device\n        device = self.device\n        self.net = n.to(device)\n" + site, want: "cpu"},
		{name: "param-device", reason: "unseen7 z02: 0-D CPU scalars, and buffers on p.device (a parameter's): not the CPU alone",
			src: "import torch\nt = torch.tensor(0.0, device=\"cpu\")\ndef f(params):\n    p = params[0]\n    shape, device, dtype = p.shape, p.device, p.dtype\n    b = torch.zeros(3, dtype=dtype, device=device)\n    t.to(b.dtype)\n" + site},
		{name: "dtype-of-tensor", reason: ".to(x.dtype) casts: it names no device",
			src: "import torch\nx = torch.zeros(2, device=\"cpu\")\ny = torch.ones(2, device=\"cpu\").to(x.dtype)\n" + site, want: "cpu"},
		{name: "device-of-device-cuda", reason: "the same with a CUDA value among them",
			src: "import torch\ndevice = \"cpu\"\nx = torch.zeros(2, device=device)\ndevice = x.device\ny = torch.ones(2, device=device)\ndevice = y.device if y.is_cuda else \"cuda\"\nnet = Net().to(device)\n" + site},
		{name: "unknown-device", reason: "device=args.device: not read",
			src: "import torch\nnet = Net().to(\"mps\")\nx = torch.randn(2, device=args.device)\n" + site},
		{name: "int-device", reason: ".to(local_rank): a CUDA index",
			src: "import torch\nx = torch.randn(2, device=\"cpu\")\nnet = Net().to(local_rank)\n" + site},
		{name: "imported-device", reason: "from config import DEVICE: not read",
			src: "import torch\nfrom config import DEVICE\nnet = Net().to(\"mps\")\nx = torch.randn(2, device=DEVICE)\n" + site},
		{name: "no-device", reason: "no device named at all: planned as CUDA, as ever",
			src: "import torch\n" + site},
		{name: "map-location-only", reason: "map_location=\"cpu\" loads a checkpoint: not where the model runs",
			src: "import torch\nsd = torch.load(p, map_location=\"cpu\")\n" + site},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("d.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload.DeviceType); diff != "" {
				t.Errorf("%s: device type (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}
