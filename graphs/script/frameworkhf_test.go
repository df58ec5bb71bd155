package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestFrameworkBuilt: framework constructors built the ways scripts build them (sweep4
// finding 4: TrainingArguments(**cfg), HfArgumentParser and TRL's SFTConfig were
// missed silently): ** of a dict the reader places passes its items as keywords, TRL's
// configs are TrainingArguments, and HfArgumentParser over TrainingArguments warns.
func TestFrameworkBuilt(t *testing.T) {
	t.Parallel()
	const hf = "from transformers import TrainingArguments, HfArgumentParser, Seq2SeqTrainingArguments\n"
	type want struct {
		sites         int
		mode, backend string
		warn          string // a part of the framework-compile warning ("" none at all)
	}
	cases := []struct {
		name, src string
		want      want
	}{
		{"dict call", hf + "cfg = dict(output_dir=\"out\", torch_compile=True, torch_compile_mode=\"max-autotune\")\nargs = TrainingArguments(**cfg)\n",
			want{1, "max-autotune", "", "mode=\"max-autotune\""}},
		{"dict display", hf + "cfg = {\"output_dir\": \"o\", \"torch_compile_mode\": \"reduce-overhead\"}\nargs = TrainingArguments(**cfg)\n",
			want{1, "reduce-overhead", "", "mode=\"reduce-overhead\""}},
		{"inline display", hf + "args = TrainingArguments(**{\"output_dir\": \"o\", \"torch_compile\": True})\n", want{1, "", "", "torch.compile(model)"}},
		{"updated dict", hf + "cfg = dict(output_dir=\"o\")\ncfg.update(torch_compile=True, torch_compile_backend=\"INDUCTOR\")\nargs = TrainingArguments(**cfg)\n",
			want{1, "", "inductor", "backend=\"inductor\""}},
		{"dict without compile", hf + "cfg = dict(output_dir=\"o\", bf16=True)\nargs = TrainingArguments(**cfg)\n", want{}},
		{"off in dict", hf + "cfg = dict(output_dir=\"o\", torch_compile=False)\nargs = TrainingArguments(**cfg)\n", want{}},
		{"not followed", hf + "args = TrainingArguments(**load_cfg())\n", want{0, "", "", "**load_cfg() not followed"}},
		{"seq2seq", hf + "args = Seq2SeqTrainingArguments(output_dir=\"o\", torch_compile_mode=\"max-autotune\")\n", want{1, "max-autotune", "", "mode=\"max-autotune\""}},
		{"trl sft", "from trl import SFTConfig\nc = SFTConfig(output_dir=\"o\", torch_compile=True, torch_compile_mode=\"reduce-overhead\")\n", want{1, "reduce-overhead", "", "mode=\"reduce-overhead\""}},
		{"trl grpo module path", "import trl\nc = trl.GRPOConfig(output_dir=\"o\", torch_compile=True)\n", want{1, "", "", "torch.compile(model)"}},
		{"trl config module", "from trl.trainer.dpo_config import DPOConfig\nc = DPOConfig(output_dir=\"o\", torch_compile_backend=\"aot_eager\")\n", want{1, "", "aot_eager", "backend=\"aot_eager\""}},
		{"trl model config is not", "from trl import ModelConfig\nc = ModelConfig(torch_compile=True)\n", want{}},
		{"hf parser tuple", hf + "p = HfArgumentParser((ScriptArgs, TrainingArguments))\na, t = p.parse_args_into_dataclasses()\n", want{0, "", "", "--torch_compile_mode"}},
		{"hf parser single", "import transformers\np = transformers.HfArgumentParser(transformers.TrainingArguments)\n", want{0, "", "", "--torch_compile_mode"}},
		{"hf parser sft", "from transformers import HfArgumentParser\nfrom trl import SFTConfig\np = HfArgumentParser([ScriptArgs, SFTConfig])\n", want{0, "", "", "parses SFTConfig"}},
		{"hf parser other", hf + "p = HfArgumentParser(ScriptArgs)\n", want{}},
		{"accelerator kw", "from accelerate import Accelerator\nkw = {\"dynamo_backend\": \"Inductor\", \"mixed_precision\": \"bf16\"}\na = Accelerator(**kw)\n", want{1, "", "inductor", "backend=\"inductor\""}},
		{"plugin kw", "from accelerate.utils import TorchDynamoPlugin\nkw = dict(backend=\"inductor\", mode=\"max-autotune\")\np = TorchDynamoPlugin(**kw)\n", want{1, "max-autotune", "inductor", "mode=\"max-autotune\""}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte(tc.src))
			require.NoError(t, err)
			var got want
			got.sites = len(s.Sites)
			for _, w := range s.Warnings {
				if w.Code == WarningFrameworkCompile && (tc.want.warn == "" || strings.Contains(w.Message, tc.want.warn)) {
					got.warn = tc.want.warn
					if tc.want.warn == "" {
						got.warn = w.Message
					}
				}
			}
			if got.sites == 1 {
				if m := s.Sites[0].Mode; m != nil {
					got.mode = *m
				}
				if b := s.Sites[0].Backend; b != nil {
					got.backend = *b
				}
			}
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestIsTrainingArgs: the dotted paths read as TrainingArguments, and some that are not.
func TestIsTrainingArgs(t *testing.T) {
	t.Parallel()
	for q, want := range map[string]bool{
		"transformers.TrainingArguments": true, "trl.SFTConfig": true, "trl.trainer.SFTConfig": true,
		"trl.trainer.grpo_config.GRPOConfig": true, "trl.ModelConfig": false, "trl.trainer.sft_trainer.SFTConfig": false,
		"transformers.TrainingArgs": false, "mylib.SFTConfig": false,
	} {
		require.Equal(t, want, isTrainingArgs(q), q)
	}
}
