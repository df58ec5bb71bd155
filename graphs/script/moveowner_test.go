package script

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// movingLine returns the line moving_static_inputs is inferred from for the site
// (0: not inferred).
func movingLine(st Site) int {
	for _, in := range st.Inferred {
		if in.Field == "moving_static_inputs" {
			return in.Line
		}
	}
	return 0
}

// TestMoveOwner: a parameter rebound after the compile moves a static input only
// when it is the compiled module's own (newuser29 finding 7: an SWA copy made with
// deepcopy, an EMA teacher, were taken as the compiled model's, on every site).
func TestMoveOwner(t *testing.T) {
	t.Parallel()
	const head = "import copy\nimport torch\nimport torch.nn as nn\n\nmodel = nn.Linear(8, 8).cuda()\ncmodel = torch.compile(model, mode=\"reduce-overhead\")\n"
	const loop = "for step in range(10):\n    y = cmodel(x)\n"
	cases := []struct {
		name, reason, src string
		moving            int // the line moving_static_inputs is inferred from (0: none)
	}{
		{name: "swa-deepcopy-zip", reason: "swa_min.py: the SWA copy's parameters, zip(swa.parameters(), model.parameters())",
			src: head + "swa = copy.deepcopy(model)\n" + loop + "    for p_swa, p in zip(swa.parameters(), model.parameters()):\n        p_swa.data = (p_swa.data * step + p.data) / (step + 1)\n"},
		{name: "teacher-ctor", reason: "unrelated3.py: a teacher built by its own constructor",
			src: head + "teacher = nn.Linear(8, 8).cuda()\n" + loop + "    for p_t in teacher.parameters():\n        p_t.data = 0.9 * p_t.data\n"},
		{name: "teacher-zip-second", reason: "unrelated4.py: the teacher is zip's second argument",
			src: head + "teacher = nn.Linear(8, 8).cuda()\n" + loop + "    for p, p_t in zip(model.parameters(), teacher.parameters()):\n        p_t.data = 0.9 * p_t.data + 0.1 * p.data\n"},
		{name: "teacher-named", reason: "named_parameters() of the teacher, its second element",
			src: head + "teacher = copy.deepcopy(model)\n" + loop + "    for n, p_t in teacher.named_parameters():\n        p_t.data = p_t.data * 0.5\n"},
		{name: "teacher-from-import", reason: "from copy import deepcopy, None first (senpai's swa_model)",
			src: "from copy import deepcopy\n" + head + "swa = None\n" + loop + "    if swa is None:\n        swa = deepcopy(model)\n    for sp, mp in zip(swa.parameters(), model.parameters()):\n        sp.data = (sp.data + mp.data) / 2\n"},
		{name: "ema-def-param", reason: "an EMA update def, its parameter given the teacher by the file's call",
			src: head + "ema = copy.deepcopy(model)\n\ndef update(t, s):\n    for a, b in zip(t.parameters(), s.parameters()):\n        a.data = 0.9 * a.data + 0.1 * b.data\n\n" + loop + "    update(ema, model)\n"},
		{name: "ema-self-attr", reason: "a trainer's self.ema made with deepcopy of the module it compiles",
			src: "import copy\nimport torch\n\nclass Trainer:\n    def __init__(self, m):\n        self.model = torch.compile(m, mode=\"reduce-overhead\")\n        self.ema = copy.deepcopy(m)\n\n    def step(self, x):\n        self.model(x)\n        for pe in self.ema.parameters():\n            pe.data = pe.data * 0.9\n\nnet = torch.nn.Linear(8, 8)\ntr = Trainer(net)\nfor i in range(10):\n    tr.step(x)\n"},
		{name: "teacher-assign-load", reason: "load_state_dict(assign=True) of the teacher",
			src: head + "teacher = nn.Linear(8, 8)\n" + loop + "    teacher.load_state_dict(sd, assign=True)\n"},
		{name: "teacher-parameter", reason: "nn.Parameter assigned to the teacher's weight",
			src: head + "teacher = nn.Linear(8, 8)\n" + loop + "    teacher.weight = nn.Parameter(torch.randn(8, 8))\n"},
		// Lookalikes: the compiled module's own parameters move.
		{name: "own-loop", reason: "the compiled model's own parameters rebound", moving: 10,
			src: head + loop + "    for p in model.parameters():\n        p.data = p.data.half()\n"},
		{name: "zip-own-target", reason: "zip's target that takes the compiled model's parameters", moving: 11,
			src: head + "teacher = copy.deepcopy(model)\n" + loop + "    for p_t, p in zip(teacher.parameters(), model.parameters()):\n        p.data = 0.9 * p_t.data\n"},
		{name: "alias", reason: "teacher = model is the same object", moving: 11,
			src: head + "teacher = model\n" + loop + "    for p in teacher.parameters():\n        p.data = p.data * 0.9\n"},
		{name: "wrapper", reason: "a wrapper built on the compiled model holds its parameters", moving: 11,
			src: head + "ddp = nn.parallel.DistributedDataParallel(model)\n" + loop + "    for p in ddp.parameters():\n        p.data = p.data * 0.9\n"},
		{name: "either", reason: "a copy or the model itself, by a condition", moving: 11,
			src: head + "teacher = copy.deepcopy(model) if ema else model\n" + loop + "    for p in teacher.parameters():\n        p.data = p.data * 0.9\n"},
		{name: "own-assign-load", reason: "the compiled model's load_state_dict(assign=True)", moving: 9,
			src: head + loop + "    model.load_state_dict(sd, assign=True)\n"},
		{name: "def-param-own", reason: "the update def given the compiled model as the one it rebinds", moving: 11,
			src: head + "ema = copy.deepcopy(model)\n\ndef update(t, s):\n    for a, b in zip(t.parameters(), s.parameters()):\n        a.data = 0.9 * a.data + 0.1 * b.data\n\n" + loop + "    update(model, ema)\n"},
		{name: "list-not-followed", reason: "a parameter list the reader does not follow stays the compiled model's", moving: 11,
			src: head + "ps = list(model.parameters())\n" + loop + "    for p in ps:\n        p.data = p.data * 0.9\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("m.py", []byte(tc.src))
			require.NoError(t, err)
			require.NotEmpty(t, s.Sites)
			require.Equal(t, tc.moving, movingLine(s.Sites[0]), "%s: inferred %+v", tc.reason, s.Sites[0].Inferred)
		})
	}
}

// TestMoveOwnerSenpai: senpai's train.py (testdata/newuser29) rebinds the SWA
// copy's parameters at line 3058; none of its six sites moves (newuser29 finding 7).
func TestMoveOwnerSenpai(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile(filepath.Join("testdata", "newuser29", "senpai_train.py"))
	require.NoError(t, err)
	s, err := readBytes("senpai_train.py", src)
	require.NoError(t, err)
	require.Len(t, s.Sites, 6)
	for _, st := range s.Sites {
		require.Zero(t, movingLine(st), "site line %d: %+v", st.Line, st.Inferred)
	}
}
