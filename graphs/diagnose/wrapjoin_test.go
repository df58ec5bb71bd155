package diagnose_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestWrapInsideWord checks that a line a terminal cut inside a word is joined back
// without a space, in the recovered call and in the quote (sweep findings 2 and 19: an
// 80-column terminal cut "triton.cudagraph|s" and "specifi|ed", which were recovered as
// the key 'triton.cudagraph s' and quoted as "specifi ed"), while a call's own lines
// (indented continuations) keep their space.
func TestWrapInsideWord(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, log     string
		wantRecovered string // Recovered as JSON
		wantQuote     string // the first finding's quote
		reason        string
	}{
		{
			name: "80 columns",
			log: "Traceback (most recent call last):\n" +
				"  File \"/work/train.py\", line 42, in <module>\n" +
				"    model = torch.compile(model, mode=\"max-autotune\", options={\"triton.cudagraph\n" +
				"s\": False})\n" +
				"  File \"/opt/conda/lib/python3.12/site-packages/torch/__init__.py\", line 2438, i\n" +
				"n compile\n" +
				"    raise RuntimeError(\n" +
				"RuntimeError: Either mode or options can be specified, but both can't be specifi\n" +
				"ed at the same time.\n",
			wantRecovered: `{"python":"3.12","mode":"max-autotune","options":"{\"triton.cudagraphs\": False}","workload":{}}`,
			wantQuote:     "RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.",
			reason:        "a Python string literal cannot hold a line break, and the message's word is whole (python: its site-packages path)",
		},
		{
			name: "cut inside a keyword name",
			log: "    model = torch.compile(model, mode=\"max-autotune\", opt\n" +
				"ions={\"triton.cudagraphs\": False})\n" +
				"RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.\n",
			wantRecovered: `{"mode":"max-autotune","options":"{\"triton.cudagraphs\": False}","workload":{}}`,
			wantQuote:     "RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.",
			reason:        "Python never puts two names side by side: opt|ions is one word",
		},
		{
			name: "call over indented lines",
			log: "    model = torch.compile(model,\n" +
				"        mode=\"max-autotune\",\n" +
				"        options={\"triton.cudagraphs\": False})\n" +
				"RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.\n",
			wantRecovered: `{"mode":"max-autotune","options":"{\"triton.cudagraphs\": False}","workload":{}}`,
			wantQuote:     "RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.",
			reason:        "a call's own continuation lines are joined as before",
		},
		{
			name: "cut between words",
			log: "RuntimeError: Either mode or options can be specified, but both can't be\n" +
				"specified at the same time.\n",
			wantQuote: "RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.",
			reason:    "a wrap at a space keeps the space",
		},
		{
			name: "count cut",
			log: "[rank0]:W0301 10:00:00.123000 4242 site-packages/torch/_inductor/cudagraph_trees.py:2500] skipping cudagraphs due to mutated inputs (3 instan\n" +
				"ces). Found from :\n",
			wantQuote: "skipping cudagraphs due to mutated inputs (3 instances). Found from :",
			reason:    "the row's pattern matches only with the cut word joined",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tt.log))
			if err != nil || len(d.Findings) == 0 {
				t.Fatalf("Read = %+v, %v", d, err)
			}
			if tt.wantRecovered != "" {
				got, err := json.Marshal(d.Recovered)
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(tt.wantRecovered, string(got)); diff != "" {
					t.Errorf("Recovered mismatch (-want +got) (%s):\n%s", tt.reason, diff)
				}
			}
			if diff := cmp.Diff(tt.wantQuote, d.Findings[0].Quote); diff != "" {
				t.Errorf("quote mismatch (-want +got) (%s):\n%s", tt.reason, diff)
			}
		})
	}
}
