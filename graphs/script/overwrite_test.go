package script

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestOutputOverwritten: an output is overwritten when a later compiled call starts a
// new cudagraph-tree generation while the script still holds it, and only then
// (sweep3 findings 6 and 7: the docs' y1 = m(x); y2 = m(x); print(y1) was missed;
// per-block modules chained with gradients were planned as raising).
func TestOutputOverwritten(t *testing.T) {
	t.Parallel()
	const fn = "import torch\n@torch.compile(mode=\"reduce-overhead\")\ndef m(x):\n    return torch.matmul(x, x)\n"
	const mod = "import torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\n"
	const blocks = "import torch\nblock1 = torch.compile(Block(), mode=\"reduce-overhead\")\nblock2 = torch.compile(Block(), mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, reason, src string
		kept              []bool // per site
	}{
		{"docs", "sweep3 #7: the docs' example raises", fn + "y1 = m(x)\ny2 = m(x)\nprint(y1)\n", []bool{true}},
		{"docs-compile-call", "torch.compile(f) of a self-contained def, assigned",
			"import torch\ndef f(x):\n    return torch.matmul(x, x)\nm = torch.compile(f, mode=\"reduce-overhead\")\ny1 = m(x)\ny2 = m(x)\nprint(y1)\n", []bool{true}},
		{"docs-in-def", "the same in a def", fn + "def main():\n    y1 = m(x)\n    y2 = m(x)\n    return y1 + y2\nmain()\n", []bool{true}},
		{"docs-if", "read in an if's test", fn + "y1 = m(x)\ny2 = m(x)\nif y1.sum() > 0:\n    pass\n", []bool{true}},
		{"docs-clone", "a clone is not the output", fn + "y1 = m(x).clone()\ny2 = m(x)\nprint(y1)\n", []bool{false}},
		{"docs-read-before", "read before the next call", fn + "y1 = m(x)\nprint(y1)\ny2 = m(x)\n", []bool{false}},
		{"docs-rebound", "rebound before the read", fn + "y1 = m(x)\ny2 = m(x)\ny1 = y2 * 2\nprint(y1)\n", []bool{false}},
		{"module-grad", "a module's forward with gradients leaves its backward pending: no new generation",
			mod + "y1 = model(x)\ny2 = model(x)\nprint(y1)\n", []bool{false}},
		{"module-no-grad", "the same under torch.no_grad() raises",
			mod + "with torch.no_grad():\n    y1 = model(x)\n    y2 = model(x)\n    print(y1)\n", []bool{true}},
		{"module-inference-mode-def", "a def decorated @torch.inference_mode()",
			mod + "@torch.inference_mode()\ndef run():\n    y1 = model(x)\n    y2 = model(x)\n    return y1\nrun()\n", []bool{true}},
		{"module-backward-between", "after backward() the next call starts a new generation",
			mod + "y1 = model(x)\ny1.sum().backward()\ny2 = model(x)\nprint(y1)\n", []bool{true}},
		{"mark-step-before", "cudagraph_mark_step_begin() before both calls only: one generation",
			fn + "torch.compiler.cudagraph_mark_step_begin()\ny1 = m(x)\ny2 = m(x)\nprint(y1)\n", []bool{false}},
		{"mark-step-inductor", "sweep9 #5: 2.1's torch._inductor.cudagraph_mark_step_begin() is the same call",
			fn + "torch._inductor.cudagraph_mark_step_begin()\ny1 = m(x)\ny2 = m(x)\nprint(y1)\n", []bool{false}},
		{"mark-step-between", "cudagraph_mark_step_begin() between the calls starts a new one (issue #170604)",
			fn + "torch.compiler.cudagraph_mark_step_begin()\ny1 = m(x)\ntorch.compiler.cudagraph_mark_step_begin()\ny2 = m(x)\nprint(y1)\n", []bool{true}},
		{"chain-grad", "sweep3 #6: per-block modules chained with gradients run",
			blocks + "for step in range(10):\n    y = block1(x)\n    z = block2(y)\n    z.sum().backward()\n    opt.step()\n    opt.zero_grad()\n", []bool{false, false}},
		{"chain-grad-no-zero-grad", "measured on 2.11 (chain-grad-backward): backward each step without zero_grad accumulates into freed .grad",
			blocks + "for step in range(10):\n    y = block1(x)\n    z = block2(y)\n    z.sum().backward()\n", []bool{true, true}},
		{"zero-grad-none", "p.grad = None clears them too",
			blocks + "for step in range(10):\n    z = block2(block1(x))\n    z.sum().backward()\n    for p in params:\n        p.grad = None\n", []bool{false, false}},
		{"zero-grad-in-place", "zero_grad(set_to_none=False) writes into the freed .grad",
			blocks + "for step in range(10):\n    z = block2(block1(x))\n    z.sum().backward()\n    opt.zero_grad(set_to_none=False)\n", []bool{true, true}},
		{"chain-grad-hidden", "sweep3 #6: per-block outputs kept in a list, with gradients, backward after",
			"import torch\nblocks = [torch.compile(b, mode=\"reduce-overhead\") for b in layers]\nblk = blocks[0]\nfor step in range(10):\n    hidden = []\n    h = x\n    for i in range(4):\n        h = blk(h)\n        hidden.append(h)\n    h.sum().backward()\n    opt.zero_grad()\n", []bool{false}},
		{"chain-no-grad", "per-block modules chained under torch.no_grad(): block2's call frees block1's output, its own input (cudagraph_trees.py @2.6.0, @2.14.1; not measured)",
			blocks + "with torch.no_grad():\n    y = block1(x)\n    z = block2(y)\n", []bool{true, false}},
		{"list-no-grad", "measured: outputs kept across a loop under torch.no_grad() raise",
			mod + "outs = []\nwith torch.no_grad():\n    for b in data:\n        outs.append(model(b))\nprint(torch.cat(outs))\n", []bool{true}},
		{"dict-no-grad", "outputs kept in a dict across a loop, the same",
			mod + "res = {}\nwith torch.no_grad():\n    for i, b in enumerate(data):\n        res[i] = model(b)\nprint(res)\n", []bool{true}},
		{"list-rebuilt", "a list rebuilt each step holds only that step's outputs",
			mod + "for step in range(10):\n    outs = []\n    outs.append(model(x))\n    torch.stack(outs).sum().backward()\n    opt.zero_grad()\n", []bool{false}},
		{"list-grad-no-backward", "with gradients and no backward, no call starts a new generation",
			mod + "preds = []\nfor b in data:\n    preds.append(model(b))\nprint(preds)\n", []bool{false}},
		{"tuple-target-loop", "sweep9 #1: a tuple target binds its names, it reads none (PufferLib's actions, logprob, _, value = policy(o))",
			mod + "with torch.no_grad():\n    for i in range(3):\n        a, b = model(x)\n        y = model(x)\n", []bool{false}},
		{"tuple-target-rebound", "sweep9 #1: a, b = … after a new generation rebinds a",
			mod + "with torch.no_grad():\n    a, b = model(x)\n    y = model(x)\n    a, b = model(x)\n", []bool{false}},
		{"list-target", "[a, b] = … binds", mod + "with torch.no_grad():\n    a = model(x)\n    y = model(x)\n    [a, b] = [1, 2]\n", []bool{false}},
		{"starred-target", "*a, = … binds", mod + "with torch.no_grad():\n    a = model(x)\n    y = model(x)\n    *a, = [1]\n", []bool{false}},
		{"one-tuple-target", "a, = … binds", mod + "with torch.no_grad():\n    a = model(x)\n    y = model(x)\n    a, = [1]\n", []bool{false}},
		{"paren-target", "(a, b) = … binds", mod + "with torch.no_grad():\n    a = model(x)\n    y = model(x)\n    (a, b) = 1, 2\n", []bool{false}},
		{"nested-target", "x, (y, a) = … binds", mod + "with torch.no_grad():\n    a = model(x)\n    y = model(x)\n    x, (y, a) = 1, (2, 3)\n", []bool{false}},
		{"annotated-target", "a: int = … binds", mod + "with torch.no_grad():\n    a = model(x)\n    y = model(x)\n    a: int = 3\n", []bool{false}},
		{"walrus-target", "(a := …) binds", mod + "with torch.no_grad():\n    a = model(x)\n    y = model(x)\n    if (a := 3):\n        pass\n", []bool{false}},
		{"del-target", "del a reads no tensor", mod + "with torch.no_grad():\n    a = model(x)\n    y = model(x)\n    del a\n", []bool{false}},
		{"for-target-in-loop", "a for target in the loop body binds", mod + "with torch.no_grad():\n    for i in range(3):\n        for a in range(2):\n            pass\n        a = model(x)\n        y = model(x)\n", []bool{false}},
		{"with-target-in-loop", "a with … as target in the loop body binds", mod + "with torch.no_grad():\n    for i in range(3):\n        with open(p) as a:\n            pass\n        a = model(x)\n        y = model(x)\n", []bool{false}},
		{"rebound-before-read-in-loop", "sweep9: nanoVLM's eval loss, rebound by the next iteration's training call before it is read",
			mod + "for step in range(10):\n    with ctx:\n        _, loss = model(x)\n    loss = loss / 2\n    loss.backward()\n    opt.zero_grad()\n    if step % 5 == 0:\n        with torch.no_grad():\n            for b in val:\n                _, loss = model(b)\n                print(loss.item())\n", []bool{false}},
		{"rebound-in-other-branch", "a rebinding in another branch of an if is not on the way to the read",
			mod + "with torch.no_grad():\n    for step in range(10):\n        if c:\n            y = 1\n        else:\n            print(y)\n        y = model(x)\n        z = model(x)\n", []bool{true}},
		{"aug-assign-reads", "a += 1 reads a", mod + "with torch.no_grad():\n    a = model(x)\n    y = model(x)\n    a += 1\n", []bool{true}},
		{"subscript-target-reads", "a[0], b = … writes into a", mod + "with torch.no_grad():\n    a = model(x)\n    y = model(x)\n    a[0], b = 1, 2\n", []bool{true}},
		{"nested-tuple-output", "sweep9 #1: y, (h, c) = model(x) binds h and c to the output, read after the next call",
			mod + "with torch.no_grad():\n    y, (h, c) = model(x)\n    z = model(x)\n    print(c)\n", []bool{true}},
		{"list-output", "[y, h] = model(x) binds h to the output",
			mod + "with torch.no_grad():\n    [y, h] = model(x)\n    z = model(x)\n    print(h)\n", []bool{true}},
		{"starred-output", "y, *rest = model(x) binds rest to the output",
			mod + "with torch.no_grad():\n    y, *rest = model(x)\n    z = model(x)\n    print(rest)\n", []bool{true}},
		{"list-mark-step", "cudagraph_mark_step_begin() each iteration: the next iteration's call starts one",
			mod + "preds = []\nfor b in data:\n    torch.compiler.cudagraph_mark_step_begin()\n    preds.append(model(b))\nprint(preds)\n", []bool{true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("o.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, len(tc.kept), tc.reason)
			for i, st := range s.Sites {
				require.Equal(t, tc.kept[i], st.Workload.OutputsKept, "%s: site %d inferred %+v", tc.reason, i, st.Inferred)
			}
			if tc.kept[0] {
				p, err := s.PlanWith(PlanOptions{})
				require.NoError(t, err)
				require.Equal(t, graphs.Raises, p.Exit(), tc.reason)
			}
		})
	}
}

// TestOutputViewsOverwritten: a view of an output (an item, an attribute, a name
// bound to it) is the output's memory; a method's result (.clone(), .cpu()) is not.
func TestOutputViewsOverwritten(t *testing.T) {
	t.Parallel()
	const mod = "import torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\nwith torch.no_grad():\n"
	cases := []struct {
		name, reason, body string
		kept               bool
	}{
		{"item", "model(x)[0]: a view", "    a = model(x)[0]\n    b = model(x)\n    print(a)\n", true},
		{"attribute", "out.logits of an output object", "    a = model(x).logits\n    b = model(x)\n    print(a)\n", true},
		{"alias", "prev = out is the same tensor", "    out = model(x)\n    prev = out\n    out = model(x)\n    print(prev)\n", true},
		{"alias-view", "a slice of a name bound to an output", "    out = model(x)\n    last = out[:, -1]\n    out2 = model(x)\n    print(last)\n", true},
		{"cpu", ".cpu() copies", "    a = model(x).cpu()\n    b = model(x)\n    print(a)\n", false},
		{"clone-of-name", "a clone before the next call", "    out = model(x)\n    keep = out.clone()\n    out2 = model(x)\n    print(keep)\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("v.py", []byte(mod+tc.body))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			require.Equal(t, tc.kept, s.Sites[0].Workload.OutputsKept, "%s: inferred %+v", tc.reason, s.Sites[0].Inferred)
		})
	}
}

// TestOutputCarriedAcrossIterations: an output kept in a name to the next iteration
// (prev = out) and read there after that iteration's call.
func TestOutputCarriedAcrossIterations(t *testing.T) {
	t.Parallel()
	const mod = "import torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, reason, body string
		kept               bool
	}{
		{"prev-no-grad", "prev read after the next iteration's call, without gradients",
			"prev = None\nwith torch.no_grad():\n    for x in data:\n        out = model(x)\n        if prev is not None:\n            print((out - prev).abs().max())\n        prev = out\n", true},
		{"prev-read-first", "read at the top of the body, before that iteration's call: not yet overwritten",
			"prev = None\nwith torch.no_grad():\n    for x in data:\n        if prev is not None:\n            print(prev)\n        prev = model(x)\n", false},
		{"prev-read-after-call", "read after another call of the body that starts a new generation",
			"prev = None\nwith torch.no_grad():\n    for x in data:\n        y = model(x)\n        if prev is not None:\n            print(prev)\n        prev = model(x)\n", true},
		{"prev-clone", "prev = out.clone(): a copy",
			"prev = None\nwith torch.no_grad():\n    for x in data:\n        out = model(x)\n        if prev is not None:\n            print(out - prev)\n        prev = out.clone()\n", false},
		{"prev-grad", "with gradients and no backward, no new generation",
			"prev = None\nfor x in data:\n    out = model(x)\n    if prev is not None:\n        print(out - prev)\n    prev = out\n", false},
		{"rebound-each-iteration", "bound and read in the same iteration only",
			"with torch.no_grad():\n    for x in data:\n        out = model(x)\n        print(out)\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("c.py", []byte(mod+tc.body))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			require.Equal(t, tc.kept, s.Sites[0].Workload.OutputsKept, "%s: inferred %+v", tc.reason, s.Sites[0].Inferred)
		})
	}
}
