package diagnose_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestCulprits: a skip message that PyTorch prints with a stack after "Found from"
// gives its finding the stack's user frame (Finding.Culprits) in every form the
// releases print it (culprit.go's sources), wrapped in glog headers, rank prefixes,
// a JSON log's string or a warning's lines; a text without such a stack gives none.
func TestCulprits(t *testing.T) {
	t.Parallel()
	kv := diagnose.Culprit{File: "/app/model.py", Line: 88, Function: "forward", Source: "self.kv_cache[:, :T] = k", TextLine: 2}
	at := func(c diagnose.Culprit, line int) diagnose.Culprit { c.TextLine = line; return c }
	cases := []struct {
		name string
		text string
		code diagnose.Code
		want []diagnose.Culprit
		fix  string   // a part of the fix, where it names the statement
		from []string // the text output's from lines, where a case checks them whole
	}{
		{
			name: "2.6 perf hint, format_list's lines",
			text: "skipping cudagraphs due to mutated inputs (1 instances). Found from : \n" +
				"   File \"/app/model.py\", line 88, in forward\n" +
				"    self.kv_cache[:, :T] = k\n" +
				"step 1 loss 3.2\n",
			code: diagnose.SkipMutatedInputs, want: []diagnose.Culprit{kv},
			from: []string{"/app/model.py:88 in forward: self.kv_cache[:, :T] = k"},
			fix:  "for /app/model.py:88 in forward: self.kv_cache[:, :T] = k (mutates the input): do not mutate",
		},
		{
			name: "2.5 warning with its call line below",
			text: "torch 2.5.1+cu124\n" +
				"/venv/lib/python3.11/site-packages/torch/_inductor/cudagraph_trees.py:2374: UserWarning: skipping cudagraphs due to mutated inputs (1 instances). Found from : \n" +
				"   File \"/app/model.py\", line 88, in forward\n" +
				"    self.kv_cache[:, :T] = k\n" +
				"  warnings.warn(\n",
			code: diagnose.SkipMutatedInputs, want: []diagnose.Culprit{at(kv, 3)},
		},
		{
			name: "frame without its source line: the warning's call line is no source",
			text: "/venv/lib/python3.11/site-packages/torch/_inductor/cudagraph_trees.py:2374: UserWarning: skipping cudagraphs due to mutated inputs (1 instances). Found from : \n" +
				"   File \"<eval_with_key>.3\", line 9, in forward\n" +
				"  warnings.warn(\n",
			code: diagnose.SkipMutatedInputs,
			want: []diagnose.Culprit{{File: "<eval_with_key>.3", Line: 9, Function: "forward", TextLine: 2}},
			from: []string{"<eval_with_key>.3:9 in forward"},
		},
		{
			name: "2.11 TORCH_LOGS glog headers on every line",
			text: "W1129 17:07:56.133000 608 torch/_inductor/cudagraph_utils.py:207] [0/0] [__cudagraphs] skipping cudagraphs due to mutated inputs (2 instances). Found from : \n" +
				"W1129 17:07:56.133000 608 torch/_inductor/cudagraph_utils.py:207] [0/0] [__cudagraphs]    File \"/app/model.py\", line 88, in forward\n" +
				"W1129 17:07:56.133000 608 torch/_inductor/cudagraph_utils.py:207] [0/0] [__cudagraphs]     self.kv_cache[:, :T] = k\n" +
				"W1129 17:07:56.133000 608 torch/_inductor/cudagraph_utils.py:207] [0/0] [__cudagraphs] \n",
			code: diagnose.SkipMutatedInputs, want: []diagnose.Culprit{kv},
		},
		{
			name: "two ranks print one frame: one culprit",
			text: "[rank0]:W1203 10:22:31.000111 140213 torch/_inductor/cudagraph_trees.py:2374] skipping cudagraphs due to cpu device (arg3_1). Found from : \n" +
				"[rank0]:W1203 10:22:31.000111 140213 torch/_inductor/cudagraph_trees.py:2374]    File \"/data/train_ddp.py\", line 55, in forward\n" +
				"[rank0]:W1203 10:22:31.000111 140213 torch/_inductor/cudagraph_trees.py:2374]     return self.head(x) * self.scale\n" +
				"[rank1]:W1203 10:22:31.004411 140214 torch/_inductor/cudagraph_trees.py:2374] skipping cudagraphs due to cpu device (arg3_1). Found from : \n" +
				"[rank1]:W1203 10:22:31.004411 140214 torch/_inductor/cudagraph_trees.py:2374]    File \"/data/train_ddp.py\", line 55, in forward\n" +
				"[rank1]:W1203 10:22:31.004411 140214 torch/_inductor/cudagraph_trees.py:2374]     return self.head(x) * self.scale\n",
			code: diagnose.SkipCPUDevice,
			want: []diagnose.Culprit{{File: "/data/train_ddp.py", Line: 55, Function: "forward", Source: "return self.head(x) * self.scale", TextLine: 2}},
			fix:  "for /data/train_ddp.py:55 in forward: return self.head(x) * self.scale (uses the CPU tensor): move",
		},
		{
			name: "two distinct frames, innermost of a stack",
			text: "skipping cudagraphs due to mutated inputs (1 instances). Found from : \n" +
				"   File \"/app/train.py\", line 40, in step\n" +
				"    out = self.block(x)\n" +
				"  File \"/app/model.py\", line 88, in forward\n" +
				"    self.kv_cache[:, :T] = k\n" +
				"\n" +
				"skipping cudagraphs due to mutated inputs (1 instances). Found from : \n" +
				"   File \"/app/model.py\", line 91, in forward\n" +
				"    self.pos.add_(1)\n",
			code: diagnose.SkipMutatedInputs,
			want: []diagnose.Culprit{at(kv, 4), {File: "/app/model.py", Line: 91, Function: "forward", Source: "self.pos.add_(1)", TextLine: 8}},
			fix:  "for /app/model.py:88 in forward: self.kv_cache[:, :T] = k (mutates the input): do not",
		},
		{
			name: "the innermost frame outside torch's own files",
			text: "skipping cudagraphs due to mutated inputs (1 instances). Found from : \n" +
				"   File \"/app/model.py\", line 88, in forward\n" +
				"    self.kv_cache[:, :T] = k\n" +
				"  File \"/usr/lib/python3/dist-packages/torch/nn/functional.py\", line 1500, in dropout\n" +
				"    _VF.dropout_(input, p, training)\n",
			code: diagnose.SkipMutatedInputs, want: []diagnose.Culprit{kv},
		},
		{
			name: "2.3 mutation on input",
			text: "skipping cudagraphs due to mutation on input. Found from : \n" +
				"   File \"/app/model.py\", line 88, in forward\n" +
				"    self.kv_cache[:, :T] = k\n",
			code: diagnose.SkipMutatedInputs, want: []diagnose.Culprit{kv},
		},
		{
			name: "2.14 input storage mutation, Found from:",
			text: "skipping cudagraphs due to input storage mutation (1 instances). Found from:\n" +
				"   File \"/app/model.py\", line 12, in forward\n" +
				"    x.set_(y)\n",
			code: diagnose.SkipMutatedInputs,
			want: []diagnose.Culprit{{File: "/app/model.py", Line: 12, Function: "forward", Source: "x.set_(y)", TextLine: 2}},
		},
		{
			name: "incompatible op: the first frame on the message's line",
			text: "skipping cudagraphs due to disabling cudagraphs due to incompatible op aten._local_scalar_dense.default Found from   File \"/app/model.py\", line 30, in forward\n" +
				"    n = int(mask.sum())\n" +
				"\n",
			code: diagnose.SkipIncompatibleOp,
			want: []diagnose.Culprit{{File: "/app/model.py", Line: 30, Function: "forward", Source: "n = int(mask.sum())", TextLine: 1}},
			fix:  "for /app/model.py:30 in forward: n = int(mask.sum()) (calls the op): ",
		},
		{
			name: "a JSON log's string holds the lines",
			text: `{"log":"skipping cudagraphs due to mutated inputs (1 instances). Found from : \n   File \"/app/model.py\", line 88, in forward\n    self.kv_cache[:, :T] = k\n","stream":"stderr"}` + "\n",
			code: diagnose.SkipMutatedInputs, want: []diagnose.Culprit{at(kv, 1)},
		},
		{
			name: "line ends lost: the frame and its source on the message's line",
			text: "skipping cudagraphs due to mutated inputs (1 instances). Found from :    File \"/app/model.py\", line 88, in forward     self.kv_cache[:, :T] = k\n",
			code: diagnose.SkipMutatedInputs, want: []diagnose.Culprit{at(kv, 1)},
		},
		{
			name: "wrapped before Found from",
			text: "skipping cudagraphs due to mutated inputs (1 instances).\n" +
				"Found from : \n" +
				"   File \"/app/model.py\", line 88, in forward\n" +
				"    self.kv_cache[:, :T] = k\n",
			code: diagnose.SkipMutatedInputs, want: []diagnose.Culprit{at(kv, 3)},
		},
		{
			name: "quoted in markdown, blank quoted lines between",
			text: "> skipping cudagraphs due to skipping cudagraphs due to cpu device (arg1_1). Found from : \n" +
				"> \n" +
				">    File \"/home/u/repro.py\", line 12, in repro\n" +
				"> \n" +
				">     return x + y\n" +
				"> \n" +
				"> Is this issue still relevant?\n",
			code: diagnose.SkipCPUDevice,
			want: []diagnose.Culprit{{File: "/home/u/repro.py", Line: 12, Function: "repro", Source: "return x + y", TextLine: 3}},
		},
		{
			name: "frames a text cut: no line number, no function",
			text: "skipping cudagraphs due to skipping cudagraphs due to cpu device (arg7_1). Found from :\n" +
				"   File \"comfy\\ldm\\flux\\model.py\", in forward_orig\n" +
				"    vec = self.time_in(t)\n" +
				"skipping cudagraphs due to incompatible op aten._local_scalar_dense.default\n" +
				"Found from File \"toto/model/util.py\", line 217\n" +
				"    start_idx = self._current_idx[cache_idx].item()\n",
			code: diagnose.SkipCPUDevice,
			want: []diagnose.Culprit{{File: `comfy\ldm\flux\model.py`, Function: "forward_orig", Source: "vec = self.time_in(t)", TextLine: 2}},
			from: []string{`comfy\ldm\flux\model.py in forward_orig: vec = self.time_in(t)`},
		},
		{
			name: "a frame cut to its line number, on Found from's own line",
			text: "skipping cudagraphs due to incompatible op aten._local_scalar_dense.default\n" +
				"Found from File \"toto/model/util.py\", line 217\n" +
				"    start_idx = self._current_idx[cache_idx].item()\n",
			code: diagnose.SkipIncompatibleOp,
			want: []diagnose.Culprit{{File: "toto/model/util.py", Line: 217, Source: "start_idx = self._current_idx[cache_idx].item()", TextLine: 2}},
			from: []string{"toto/model/util.py:217: start_idx = self._current_idx[cache_idx].item()"},
		},
		{
			name: "a File the text names in prose is no frame",
			text: "skipping cudagraphs due to mutated inputs (1 instances). Found from : \n" +
				"   File \"/app/model.py\" holds the cache\n",
			code: diagnose.SkipMutatedInputs,
		},
		{
			name: "no stack printed",
			text: "skipping cudagraphs due to mutated inputs (1 instances)\n" +
				"Traceback (most recent call last):\n" +
				"  File \"/app/train.py\", line 10, in <module>\n" +
				"    main()\n" +
				"RuntimeError: boom\n",
			code: diagnose.SkipMutatedInputs,
		},
		{
			name: "2.2's list of reasons prints no stack",
			text: "skipping cudagraphs due to ['mutated inputs']\n" +
				"  File \"/app/train.py\", line 10, in <module>\n" +
				"    main()\n",
			code: diagnose.SkipMutatedInputs,
		},
		{
			name: "a stack after another line's Found from",
			text: "skipping cudagraphs due to mutated inputs (1 instances)\n" +
				"step 3\n" +
				"LoweringException: sparsity not handled. Found from : \n" +
				"   File \"/app/model.py\", line 5, in forward\n" +
				"    y = x.to_sparse()\n",
			code: diagnose.SkipMutatedInputs,
		},
		{
			name: "Found from with no frame after it",
			text: "skipping cudagraphs due to cpu device (arg3_1). Found from : \n" +
				"step 1 loss 3.2\n" +
				"   File \"/app/model.py\", line 5, in forward\n",
			code: diagnose.SkipCPUDevice,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tc.text))
			require.NoError(t, err)
			f, ok := findingOf(d, tc.code)
			require.True(t, ok, "no %s finding: %+v", tc.code, d.Findings)
			if diff := cmp.Diff(tc.want, f.Culprits); diff != "" {
				t.Errorf("culprits (-want +got):\n%s", diff)
			}
			if tc.fix != "" {
				require.Contains(t, f.Fix, tc.fix)
			}
			if len(tc.want) == 0 {
				require.NotContains(t, f.Fix, " in forward")
			}
			var b strings.Builder
			require.NoError(t, d.WriteTextWidth(&b, 0))
			shown := 0 // every finding's culprits, one from line each
			for _, f := range d.Findings {
				shown += len(f.Culprits)
			}
			require.Equal(t, shown, strings.Count(b.String(), "\n  from "), "from lines:\n%s", b.String())
			for _, line := range tc.from {
				require.Contains(t, b.String(), "\n  from "+line+"\n")
			}
		})
	}
}
