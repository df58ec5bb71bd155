package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestKeepCopyNote: a site whose output an append keeps and a later read finds
// overwritten (outputs_kept) names the line and what to keep instead, in the script's
// own words (an attribute's list too, which the reader counts as read); a copy kept, a
// list never read, or a dict's item gets no such note (a new user's finding: the overwritten-output fix never said to
// change line 22 to losses.append(loss.item())).
func TestKeepCopyNote(t *testing.T) {
	t.Parallel()
	const head = "import torch\nm = torch.compile(net, mode=\"reduce-overhead\")\nlosses, res = [], {}\nfor i, x in enumerate(xs):\n    opt.zero_grad()\n    loss = m(x)\n    loss.backward()\n"
	cases := []struct {
		name, tail, want string
	}{
		{"append-stacked", "    losses.append(loss)\nprint(torch.stack(losses).mean())\n",
			"line 8: losses.append(loss) keeps the output tensor itself, which a later call overwrites; keep a copy: losses.append(loss.item()) for a number (a loss), losses.append(loss.detach().cpu()) for a tensor (both read without error after later calls, measured on 2.11)"},
		{"append-attribute-list", "    self.hist.append(loss)\n", // a container the reader cannot name is read (TestKeptUnread)
			"line 8: self.hist.append(loss) keeps the output tensor itself, which a later call overwrites; keep a copy: self.hist.append(loss.item()) for a number (a loss), self.hist.append(loss.detach().cpu()) for a tensor (both read without error after later calls, measured on 2.11)"},
		{"append-item", "    losses.append(loss.item())\nprint(sum(losses))\n", ""},
		{"append-never-read", "    losses.append(loss)\n", ""},
		{"dict-kept", "    res[i] = loss\nprint(res[0])\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("k.py", []byte(head+tc.tail))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			var got string
			for _, n := range s.Sites[0].Notes {
				if strings.Contains(n, "keeps the output tensor itself") {
					got = n
				}
			}
			require.Equal(t, tc.want, got, "notes %q", s.Sites[0].Notes)
		})
	}
}
