package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAcceleratorNeverPrepared: an Accelerator bound to a def's local name that no use
// prepares a model with compiles nothing, so no framework-compile warning and no site
// (unseen6 y15: musubi-tuner's Accelerator(mixed_precision=…) used for autocast only,
// there and in a def of the file); every use the reader cannot follow keeps the
// warning (accelprepare.go).
func TestAcceleratorNeverPrepared(t *testing.T) {
	t.Parallel()
	const head = "import accelerate\nimport torch\n"
	const enc = "def encode(p, acc=None):\n    with acc.autocast():\n        return p\n"
	const prep = "def prep(m, acc):\n    return acc.prepare(m)\n"
	cases := []struct {
		name, src string
		warned    bool
		sites     int
	}{
		{"autocast only", head + "def main():\n    accelerator = accelerate.Accelerator(mixed_precision=\"bf16\")\n    with torch.no_grad(), accelerator.autocast():\n        pass\nmain()\n", false, 0},
		{"handed to a def that autocasts", head + enc + "def main():\n    accelerator = accelerate.Accelerator()\n    encode(1, accelerator)\n    encode(2, acc=accelerator)\nmain()\n", false, 0},
		{"backend given, never prepared", head + "def main():\n    a = accelerate.Accelerator(dynamo_backend=\"inductor\")\n    print(a.device)\nmain()\n", false, 0},
		{"prepared", head + "def main(m):\n    a = accelerate.Accelerator()\n    m = a.prepare(m)\n", true, 0},
		{"prepare_model", head + "def main(m):\n    a = accelerate.Accelerator(dynamo_backend=\"inductor\")\n    m = a.prepare_model(m)\n", true, 1},
		{"handed to a def that prepares", head + prep + "def main(m):\n    a = accelerate.Accelerator()\n    prep(m, a)\n", true, 0},
		{"handed to another file's callable", head + "from trainer import Trainer\ndef main(m):\n    a = accelerate.Accelerator()\n    Trainer(m, a).fit()\n", true, 0},
		{"returned", head + "def make():\n    a = accelerate.Accelerator()\n    return a\n", true, 0},
		{"stored", head + "class T:\n    def __init__(self):\n        a = accelerate.Accelerator()\n        self.acc = a\n", true, 0},
		{"in a container", head + "def main():\n    a = accelerate.Accelerator()\n    objs = [a]\n    return objs\n", true, 0},
		{"module level", head + "a = accelerate.Accelerator()\n", true, 0},
		{"global", head + "def main():\n    global a\n    a = accelerate.Accelerator()\n", true, 0},
		{"splatted", head + "def main(m):\n    a = accelerate.Accelerator()\n    f(*[a])\n", true, 0},
	}
	for _, tc := range cases {
		s, err := readBytes("a.py", []byte(tc.src))
		require.NoError(t, err)
		warned := false
		for _, w := range s.Warnings {
			warned = warned || w.Code == WarningFrameworkCompile
		}
		if warned != tc.warned || len(s.Sites) != tc.sites {
			t.Errorf("%s: framework-compile warned %v, %d sites; want %v, %d", tc.name, warned, len(s.Sites), tc.warned, tc.sites)
		}
	}
}
