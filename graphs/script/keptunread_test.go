package script

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestKeptUnread: an output kept in a list or dict across a new generation raises only
// when the container is read after it (testdata/measured/kept_unread_2.11.out): a
// container nothing reads is outputs_kept=false, with its line, and plans no
// overwritten-output failure (nu32 item 2: losses.append(out), losses never read).
func TestKeptUnread(t *testing.T) {
	t.Parallel()
	const head = "import torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\nlosses, res = [], {}\nfor i, (x, y) in enumerate(data):\n    out = model(x)\n    opt.zero_grad()\n    loss_fn(out, y).backward()\n"
	cases := []struct {
		name, tail string
		kept       bool // outputs_kept=true: read after a later call
		reason     string
	}{
		{"never-read", "    losses.append(out)\n", false, "nu32 train.py"},
		{"len-only", "    losses.append(out)\nprint(len(losses))\n", false, "len() reads no tensor"},
		{"dict-store-only", "    res[i] = out\nres.clear()\n", false, "a store and clear read nothing"},
		{"read-after-loop", "    losses.append(out)\nprint(losses[0].sum())\n", true, "nu32 train2.py"},
		{"stacked", "    losses.append(out)\ntorch.stack(losses)\n", true, "a call given the list reads it"},
		{"returned", "    losses.append(out)\ndef f():\n    return losses\n", true, "returned: read elsewhere"},
		{"iterated", "    losses.append(out)\nfor l in losses:\n    print(l)\n", true, "a loop over the list reads it"},
		{"fstring-last", "    losses.append(out)\nprint(f\"{losses[-1]}\")\n", false, "an f-string of the last item after the loop (kept_last_2.11.out print_last_after_loop)"},
		{"fstring-sum", "    losses.append(out)\nprint(f\"{sum(losses)}\")\n", true, "an f-string is one token: its sum reads every item"},
		{"last-after-loop", "    losses.append(out)\nprint(losses[-1].sum())\n", false, "the last call's output: no later call overwrote it (c.py)"},
		{"print-last-in-loop", "    losses.append(out)\n    print(losses[-1])\n", false, "this iteration's output read before the next call"},
		{"sum-after-loop", "    losses.append(out)\ntotal = sum(o.sum() for o in losses)\n", true, "every item (d.py)"},
		{"item-of-append-call", "    losses.append(model(x))\n    print(losses[-1].item())\n", false, "the call inside the append is before the copy"},
		{"item-before-next-call", "    losses.append(out)\n    print(losses[-1].item())\n", false, "a copy of this iteration's output before the next call"},
		{"detach-cpu-before-next-call", "    losses.append(out)\n    host = losses[-1].detach().cpu()\n", false, "a copy to host memory before the next call"},
		{"item-after-next-call", "    losses.append(out)\n    model(x)\n    print(losses[-1].item())\n", true, "a compiled call between the keep and the copy"},
		{"first-item", "    losses.append(out)\n    print(losses[0].item())\n", true, "losses[0] is the first iteration's output, overwritten"},
		{"view-before-next-call", "    losses.append(out)\n    last = losses[-1]\n", true, "a view, not a copy: it may be read later"},
		{"conditional-keep", "    if i % 10 == 0:\n        losses.append(out)\n    print(losses[-1].item())\n", true, "L[-1] may be an earlier iteration's output"},
		{"attribute-container", "    self.outs.append(out)\n", true, "a container the reader cannot name is read"},
		{"same-name-attribute", "    losses.append(out)\nprint(stats.losses)\n", false, "another object's attribute of the same name"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("k.py", []byte(head+tc.tail))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			st := s.Sites[0]
			require.Equal(t, tc.kept, st.Workload.OutputsKept, "%s: inferred %+v", tc.reason, st.Inferred)
			var line int
			for _, in := range st.Inferred {
				if in.Field == "outputs_kept" && in.Value == "false" {
					line = in.Line
				}
			}
			if want := map[bool]int{true: 0, false: 8}[tc.kept]; line != want {
				t.Errorf("%s: outputs_kept=false at line %d, want %d (%+v)", tc.reason, line, want, st.Inferred)
			}
			p, err := s.Planned(graphs.Scenario{}, nil)
			require.NoError(t, err)
			for _, d := range p.Sites[0].Plan.Report.CUDAGraphs.Devices {
				if got := d.Outcome == graphs.Fail; got != tc.kept {
					t.Errorf("%s: %s fails = %v, want %v: %s", tc.reason, d.Label(), got, tc.kept, d.Reason)
				}
			}
		})
	}
}
