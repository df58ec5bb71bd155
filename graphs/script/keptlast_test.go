package script

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestKeptLastRead: which reads of a list of outputs kept under torch.no_grad() (each
// call a new cudagraph-tree generation), or in training (a backward per step), read
// an overwritten output (testdata/measured/kept_last_2.11.out, kept_stale_2.11.out):
// the last item read before another compiled call does not (outs[-1], outs[len(outs)-1], outs.pop(), print(outs[-1]) in the loop),
// nor an item's metadata or len(); the first or second item, or every item, does and
// raises (outputs_kept); a replayed call's item read after a later call, outs[-2],
// outs[2], or the last one after another call, raises nothing and holds a later
// replay's values (outputs_stale, the stale-output warning). A comprehension's list,
// and list(…) of a generator expression, are read the same way; a copy kept (.clone(),
// .item(), .cpu()) keeps no output.
func TestKeptLastRead(t *testing.T) {
	t.Parallel()
	const none, raises, stale, both = "", "raises", "stale", "both"
	const head = "import torch\nstep = torch.compile(net, mode=\"reduce-overhead\")\n"
	const loop = "outs = []\nwith torch.no_grad():\n    for x in xs:\n        outs.append(step(x))\n" // the keep at line 6
	cases := []struct {
		name, src string
		read      string // raises: outputs_kept=true, the plan fails; stale: outputs_stale=true, the plan warns stale-output; both: the two; none: neither
		line      int    // none: the line of outputs_kept=false (0: no keep at all)
	}{
		{"last", loop + "print(outs[-1].sum().item())\n", none, 6},
		{"last-len-minus-1", loop + "print(outs[len(outs)-1])\n", none, 6},
		{"pop", loop + "y = outs.pop()\nprint(y)\n", none, 6},
		{"bind-last", loop + "last = outs[-1]\nprint(last)\n", none, 6},
		{"fstring-last", loop + "print(f\"{outs[-1]}\")\n", none, 6},
		{"len-only", loop + "print(len(outs))\n", none, 6},
		{"shape", loop + "print(outs[0].shape, outs[-2].shape[0])\n", none, 6},
		{"metadata", loop + "print(outs[0].dtype, outs[1].device, outs[2].size(), outs[0].numel(), outs[0].dim(), len(outs[0]))\n", none, 6},
		{"metadata-then-data", loop + "print(outs[0].size(), outs[0].sum())\n", raises, 0},
		{"keep-in-with", "outs = []\nfor x in xs:\n    with torch.no_grad():\n        outs.append(step(x))\nprint(outs[-1])\n", none, 6},
		{"keep-in-with-first", "outs = []\nfor x in xs:\n    with torch.no_grad():\n        outs.append(step(x))\nprint(outs[0])\n", raises, 0},
		{"read-in-loop", "outs = []\nwith torch.no_grad():\n    for x in xs:\n        outs.append(step(x))\n        print(outs[-1])\n", none, 6},
		{"bind-last-then-call", loop + "last = outs[-1]\nstep(x)\nprint(last)\n", stale, 0},
		{"last-after-call", loop + "step(x)\nprint(outs[-1])\n", stale, 0},
		{"last-after-def-call", "def ev(x):\n    return step(x)\n" + loop + "ev(x)\nprint(outs[-1])\n", stale, 0},
		{"bind-in-loop", "outs = []\nwith torch.no_grad():\n    for x in xs:\n        outs.append(step(x))\n        last = outs[-1]\n", raises, 0},
		{"first", loop + "print(outs[0].sum())\n", raises, 0},
		{"second", loop + "print(outs[1].sum())\n", raises, 0},
		{"third", loop + "print(outs[2].sum())\n", stale, 0},
		{"sixth", loop + "print(outs[5])\n", stale, 0},
		{"third-to-last", loop + "print(outs[-3])\n", stale, 0},
		{"second-to-last-and-first", loop + "print(outs[-2], outs[0])\n", raises, 0},
		{"second-to-last-and-sum", loop + "print(outs[-2])\nprint(sum(outs))\n", raises, 0},
		{"second-to-last-in-loop", "outs = []\nwith torch.no_grad():\n    for x in xs:\n        outs.append(step(x))\n        if len(outs) > 1:\n            print(outs[-2])\n", raises, 0},
		{"index-by-name", loop + "print(outs[k])\n", raises, 0},
		{"comp-second-to-last", "with torch.no_grad():\n    outs = [step(x) for x in xs]\nprint(outs[-2])\n", stale, 0},
		{"listgen-last-after-call", "with torch.no_grad():\n    outs = list(step(x) for x in xs)\nstep(x)\nprint(outs[-1])\n", stale, 0},
		// In training: a replayed step's kept output reads stale (kept_stale_2.11.out train_out);
		// a backward with no zero_grad accumulates into freed .grad tensors (raises).
		{"trained-second-to-last", "outs = []\nfor x in xs:\n    out = step(x)\n    out.sum().backward()\n    outs.append(out)\nprint(outs[-2])\n", both, 0},
		{"trained-zero-grad-second-to-last", "outs = []\nfor x in xs:\n    opt.zero_grad()\n    out = step(x)\n    out.sum().backward()\n    opt.step()\n    outs.append(out)\nprint(outs[-2])\n", stale, 0},
		{"trained-loss-last-after-call", "losses = []\nfor x in xs:\n    opt.zero_grad()\n    loss = step(x)\n    loss.backward()\n    opt.step()\n    losses.append(loss)\nstep(x)\nprint(losses[-1])\n", stale, 0},
		{"trained-loss-last-after-def-call", "def ev(x):\n    return step(x)\nlosses = []\nfor x in xs:\n    opt.zero_grad()\n    loss = step(x)\n    loss.backward()\n    opt.step()\n    losses.append(loss)\nev(x)\nprint(losses[-1])\n", stale, 0},
		{"trained-loss-first", "losses = []\nfor x in xs:\n    opt.zero_grad()\n    loss = step(x)\n    loss.backward()\n    opt.step()\n    losses.append(loss)\nprint(losses[0])\n", raises, 0},
		{"trained-loss-stacked", "losses = []\nfor x in xs:\n    opt.zero_grad()\n    loss = step(x)\n    loss.backward()\n    opt.step()\n    losses.append(loss)\nprint(torch.stack(losses).mean())\n", raises, 0},
		{"second-to-last", loop + "print(outs[-2].sum())\n", stale, 0},
		{"sum", loop + "total = sum(o.sum() for o in outs)\n", raises, 0},
		{"stack", loop + "y = torch.stack(outs)\n", raises, 0},
		{"iterated", loop + "for o in outs:\n    print(o)\n", raises, 0},
		{"fstring-first", loop + "print(f\"{outs[0]}\")\n", raises, 0},
		{"call-after-keep", "outs = []\nwith torch.no_grad():\n    for x in xs:\n        outs.append(step(x))\n        step(x)\nprint(outs[-1])\n", stale, 0},
		{"conditional-keep", "outs = []\nwith torch.no_grad():\n    for i, x in enumerate(xs):\n        y = step(x)\n        if i % 2 == 0:\n            outs.append(y)\nprint(outs[-1])\n", raises, 0},
		{"break", "outs = []\nwith torch.no_grad():\n    for i, x in enumerate(xs):\n        y = step(x)\n        if i == 3:\n            break\n        outs.append(y)\nprint(outs[-1])\n", raises, 0},
		{"popped-twice", loop + "a = outs.pop()\nb = outs.pop()\nprint(b)\n", raises, 0},
		{"removed-then-last", loop + "del outs[-1]\nprint(outs[-1])\n", raises, 0},
		{"read-in-def", loop + "def show():\n    print(outs[-1])\nshow()\n", stale, 0},
		{"dict-last-key", "outs = {}\nwith torch.no_grad():\n    for i, x in enumerate(xs):\n        outs[i] = step(x)\nprint(outs[-1])\n", raises, 0},
		{"comp-unread", "with torch.no_grad():\n    outs = [step(x) for x in xs]\nprint(\"done\")\n", none, 4},
		{"comp-len", "with torch.no_grad():\n    outs = [step(x) for x in xs]\nprint(len(outs))\n", none, 4},
		{"comp-last", "with torch.no_grad():\n    outs = [step(x) for x in xs]\nprint(outs[-1])\n", none, 4},
		{"comp-first", "with torch.no_grad():\n    outs = [step(x) for x in xs]\nprint(outs[0])\n", raises, 0},
		{"comp-stacked", "with torch.no_grad():\n    y = torch.stack([step(x) for x in xs])\n", raises, 0},
		{"comp-iterated", "with torch.no_grad():\n    for o in [step(x) for x in xs]:\n        print(o)\n", raises, 0},
		{"dictcomp-unread", "with torch.no_grad():\n    outs = {i: step(x) for i, x in enumerate(xs)}\n", none, 4},
		{"dictcomp-read", "with torch.no_grad():\n    outs = {i: step(x) for i, x in enumerate(xs)}\nprint(outs[0])\n", raises, 0},
		{"listgen-unread", "with torch.no_grad():\n    outs = list(step(x) for x in xs)\n", none, 4},
		{"listgen-last", "with torch.no_grad():\n    outs = list(step(x) for x in xs)\nprint(outs[-1])\n", none, 4},
		{"listgen-first", "with torch.no_grad():\n    outs = list(step(x) for x in xs)\nprint(outs[0])\n", raises, 0},
		{"tuplegen-stacked", "with torch.no_grad():\n    y = torch.cat(tuple(step(x) for x in xs))\n", raises, 0},
		{"gen-summed", "with torch.no_grad():\n    y = sum(step(x) for x in xs)\n", none, 0},
		{"append-clone", "outs = []\nwith torch.no_grad():\n    for x in xs:\n        outs.append(step(x).clone())\nprint(outs[0])\n", none, 0},
		{"append-item", "outs = []\nwith torch.no_grad():\n    for x in xs:\n        outs.append(step(x).sum().item())\nprint(outs[0])\n", none, 0},
		{"append-cpu", "outs = []\nwith torch.no_grad():\n    for x in xs:\n        outs.append(step(x).cpu())\nprint(outs[0])\n", none, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("k.py", []byte(head+tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			st := s.Sites[0]
			require.Equal(t, tc.read == raises || tc.read == both, st.Workload.OutputsKept, "inferred %+v", st.Inferred)
			require.Equal(t, tc.read == stale || tc.read == both, st.Workload.OutputsStale, "inferred %+v", st.Inferred)
			line := 0
			for _, in := range st.Inferred {
				if in.Field == "outputs_kept" && in.Value == "false" {
					line = in.Line
				}
			}
			require.Equal(t, tc.line, line, "outputs_kept=false line: inferred %+v", st.Inferred)
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			require.Equal(t, tc.read == raises || tc.read == both, p.Exit() == graphs.Raises, "plan exit %v", p.Exit())
			require.NotNil(t, p.Sites[0].Plan)
			require.Equal(t, tc.read == stale || tc.read == both, warningIndex(p.Sites[0].Plan.Report.Warnings, "stale-output") >= 0, "warnings %+v", p.Sites[0].Plan.Report.Warnings)
		})
	}
}
