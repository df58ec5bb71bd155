package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestFrameworkWordedFix: a site of kind framework gets its mode fix in the framework's
// terms, the generic fix kept (newuser21 finding 5: a Trainer user was told
// mode="max-autotune-no-cudagraphs" and optimizer.zero_grad(set_to_none=False), neither
// of which a TrainingArguments user writes); under transformers' Trainer a gradient
// accumulation also gets gradient_accumulation_steps=1. A hand-written call is unchanged.
func TestFrameworkWordedFix(t *testing.T) {
	t.Parallel()
	const trainer = "from transformers import Trainer, TrainingArguments\nargs = TrainingArguments(output_dir=\"o\", gradient_accumulation_steps=4, torch_compile=True, torch_compile_mode=\"reduce-overhead\")\nTrainer(model=m, args=args).train()\n"
	cases := []struct {
		name, src string
		want      []string // in the overwritten-output warning's fix, in order
		not       []string
	}{
		{"trainer-accum", trainer,
			[]string{`where this site's compile comes from, TrainingArguments(…, torch_compile_mode="max-autotune-no-cudagraphs")`, "TrainingArguments(…, gradient_accumulation_steps=1)", "Written for a torch.compile call of your own: give each parameter its .grad", `mode="max-autotune-no-cudagraphs")`}, nil},
		{"trl-subclass", strings.NewReplacer("from transformers import Trainer, TrainingArguments", "from trl import SFTConfig, SFTTrainer", "TrainingArguments(", "SFTConfig(", "Trainer(", "SFTTrainer(").Replace(trainer),
			[]string{`SFTConfig(…, torch_compile_mode="max-autotune-no-cudagraphs")`, "SFTConfig(…, gradient_accumulation_steps=1)"}, nil},
		{"hand-loop", "import torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\nfor it in range(100):\n    for micro in range(4):\n        model(x).sum().backward()\n    opt.step()\n    opt.zero_grad()\n",
			[]string{"give each parameter its .grad"}, []string{"where this site's compile comes from", "gradient_accumulation_steps"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader(tc.src), ReadOptions{Name: "f.py", Torch: "2.11"})
			require.NoError(t, err)
			p, err := s.Planned(graphs.Scenario{}, nil)
			require.NoError(t, err)
			require.Len(t, p.Sites, 1)
			rep := p.Sites[0].Plan.Report
			require.NotNil(t, rep)
			i := warningIndex(rep.Warnings, "overwritten-output")
			require.GreaterOrEqual(t, i, 0, "warnings %+v", rep.Warnings)
			rec, at := rep.Warnings[i].Recommendation, 0
			for _, w := range tc.want {
				j := strings.Index(rec[at:], w)
				require.GreaterOrEqual(t, j, 0, "%q not in %q after %d", w, rec, at)
				at += j + len(w)
			}
			for _, w := range tc.not {
				require.NotContains(t, rec, w)
			}
		})
	}
}

// TestFrameworkModeWords: each framework's words for a mode, where it takes one, and
// the modes a fix names (torch_compile_mode="…" is not read as a second mode="…").
func TestFrameworkModeWords(t *testing.T) {
	t.Parallel()
	cases := []struct {
		fc     *frameworkCompiler
		callee string
		want   string // "" : no words
	}{
		{hfArgs(), "TrainingArguments", `TrainingArguments(…, torch_compile_mode="max-autotune-no-cudagraphs")`},
		{dynamoPlugin(), "TorchDynamoPlugin", `TorchDynamoPlugin(…, mode="max-autotune-no-cudagraphs")`},
		{accelerator(), "Accelerator", "ACCELERATE_DYNAMO_MODE=max-autotune-no-cudagraphs in the environment (accelerate launch --dynamo_mode max-autotune-no-cudagraphs)"},
		{&frameworkCompiler{kws: map[string]string{"backend": "backend"}}, "X", ""},
	}
	for _, tc := range cases {
		fm := frameworkModeOf(tc.fc, tc.callee)
		if tc.want == "" {
			require.Nil(t, fm, tc.callee)
			continue
		}
		require.NotNil(t, fm, tc.callee)
		require.Equal(t, tc.want, fm.write("max-autotune-no-cudagraphs"))
	}
	require.Equal(t, []string{"max-autotune-no-cudagraphs", "default"}, modesNamed(`use mode="max-autotune-no-cudagraphs" or torch_compile_mode="x", or mode="default", or mode="max-autotune-no-cudagraphs"`))
	require.Empty(t, frameworkRecommendation(frameworkModeOf(hfArgs(), "TrainingArguments"), "clone the outputs", false))
}
