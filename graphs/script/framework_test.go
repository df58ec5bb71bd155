package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestFrameworkCompile: a framework constructor that makes torch.compile run for the
// script gives a framework-compile warning naming what reaches torch.compile (sweep
// finding 4), and none when it does not compile.
func TestFrameworkCompile(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, src string
		want              []string // the warnings' messages, file order
	}{
		{
			name: "hf-mode-backend", reason: "sweep s5: TrainingArguments(torch_compile_mode=…) compiles in Trainer",
			src:  "from transformers import Trainer, TrainingArguments\nargs = TrainingArguments(output_dir=\"o\", torch_compile=True, torch_compile_backend=\"inductor\", torch_compile_mode=\"reduce-overhead\")\n",
			want: []string{`transformers' Trainer calls torch.compile(model, backend="inductor", mode="reduce-overhead") for this script (transformers training_args.py __post_init__, trainer.py via accelerate's TorchDynamoPlugin); the call is not in this file: it is planned as a site of kind framework at this line, with the keywords that reach it`},
		},
		{
			name: "hf-flag-only", reason: "torch_compile=True alone compiles with the defaults",
			src:  "import transformers\nargs = transformers.TrainingArguments(output_dir=\"o\", torch_compile=True)\n",
			want: []string{`transformers' Trainer calls torch.compile(model) for this script (transformers training_args.py __post_init__, trainer.py via accelerate's TorchDynamoPlugin); the call is not in this file: it is planned as a site of kind framework at this line, with the keywords that reach it`},
		},
		{
			name: "hf-off", reason: "torch_compile=False and no mode or backend: nothing compiles",
			src: "from transformers import TrainingArguments\nargs = TrainingArguments(output_dir=\"o\", torch_compile=False)\n",
		},
		{
			name: "accelerate-plugin-no-backend", reason: "TorchDynamoPlugin without backend= compiles only when ACCELERATE_DYNAMO_BACKEND says so",
			src:  "from accelerate.utils import TorchDynamoPlugin\np = TorchDynamoPlugin(mode=\"max-autotune\")\n",
			want: []string{`accelerate's Accelerator.prepare calls torch.compile(model, mode="max-autotune") for this script (accelerate accelerator.py prepare_model, utils/dataclasses.py TorchDynamoPlugin); the call is not in this file, so no site is planned for it; no backend=: accelerate then reads ACCELERATE_DYNAMO_BACKEND (accelerate launch --dynamo_backend), default "no", which does not compile; neither the script nor the environment given sets it: plan it with -env ACCELERATE_DYNAMO_BACKEND=inductor`},
		},
		{
			name: "accelerator-dynamo-backend", reason: "Accelerator(dynamo_backend=…) builds the plugin",
			src:  "from accelerate import Accelerator\na = Accelerator(dynamo_backend=\"aot_eager\")\n",
			want: []string{`accelerate's Accelerator.prepare calls torch.compile(model, backend="aot_eager") for this script (accelerate accelerator.py Accelerator.__init__ and prepare_model); the call is not in this file: it is planned as a site of kind framework at this line, with the keywords that reach it`},
		},
		{
			name: "hf-no-compile-keyword", reason: "TrainingArguments without torch_compile keywords does not compile (testdata/scripts/hf_trainer.py)",
			src: "from transformers import TrainingArguments\nargs = TrainingArguments(output_dir=\"o\", bf16=True)\n",
		},
		{
			name: "accelerator-no", reason: "unseen5: accelerate upper-cases the backend; DynamoBackend.NO compiles nothing",
			src: "from accelerate import Accelerator\na = Accelerator(dynamo_backend=\"no\")\n",
		},
		{
			name: "plugin-NO", reason: "unseen5: TorchDynamoPlugin(backend=\"NO\") compiles nothing",
			src: "from accelerate.utils import TorchDynamoPlugin\np = TorchDynamoPlugin(backend=\"NO\", mode=\"max-autotune\")\n",
		},
		{
			name: "accelerator-name", reason: "unseen5 x31: sd-scripts' dynamo_backend is \"NO\" or the --dynamo_backend option",
			src:  "import argparse\nfrom accelerate import Accelerator\np = argparse.ArgumentParser()\np.add_argument(\"--dynamo_backend\", default=\"inductor\", choices=[\"eager\", \"inductor\"])\nargs = p.parse_args()\nb = \"NO\"\nif args.torch_compile:\n    b = args.dynamo_backend\na = Accelerator(dynamo_backend=b)\n",
			want: []string{`accelerate's Accelerator.prepare calls torch.compile(model, backend=b) for this script (accelerate accelerator.py Accelerator.__init__ and prepare_model); the call is not in this file, so no site is planned for it; backend ` + "`b`" + ` can be "NO" (line 6), which compiles nothing, "inductor" (line 4), "eager" (line 4): plan it with the mode it runs with (-mode)`},
		},
		{
			name: "accelerator-name-only-no", reason: "every value compiles nothing: no warning",
			src: "from accelerate import Accelerator\nb = \"no\"\na = Accelerator(dynamo_backend=b)\n",
		},
		{
			name: "accelerator-plain", reason: "sweep4 #3: Accelerator() without dynamo arguments compiles when accelerate launch sets ACCELERATE_DYNAMO_BACKEND",
			src:  "from accelerate import Accelerator\na = Accelerator(mixed_precision=\"bf16\")\n",
			want: []string{"accelerate's Accelerator.prepare calls torch.compile(model, …) for this script when ACCELERATE_DYNAMO_BACKEND names a backend other than \"no\" (accelerate utils/dataclasses.py TorchDynamoPlugin.__post_init__): `accelerate launch` sets it from --dynamo_backend or the dynamo_config of the accelerate config file, with ACCELERATE_DYNAMO_MODE, _USE_FULLGRAPH, _USE_DYNAMIC; neither the script nor the environment given sets it, so nothing is planned: plan it with -env ACCELERATE_DYNAMO_BACKEND=inductor and -env ACCELERATE_DYNAMO_MODE=<mode>"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("f.py", []byte(tc.src))
			require.NoError(t, err)
			var got []string
			for _, w := range s.Warnings {
				if w.Code == WarningFrameworkCompile {
					got = append(got, w.Message)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("warnings (-want +got) (%s):\n%s", tc.reason, diff)
			}
		})
	}
}

// TestLightningConfigureModel: configure_model of a LightningModule is called by
// Lightning's Trainer, not "no code in this file".
func TestLightningConfigureModel(t *testing.T) {
	t.Parallel()
	src := "import lightning as L\nimport torch\nclass M(L.LightningModule):\n    def configure_model(self):\n        self.net = torch.compile(self.net, mode=\"reduce-overhead\")\n"
	s, err := readBytes("l.py", []byte(src))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	want := "in def configure_model (line 4), which Lightning's Trainer calls (fit, validate, test, predict), not this file"
	if diff := cmp.Diff(want, s.Sites[0].Guard); diff != "" {
		t.Errorf("guard (-want +got):\n%s", diff)
	}
}

// TestLightningSetupHook: setup(stage) of a LightningModule is called by Lightning's
// Trainer with the stage it runs (script11 r01, lightning-hydra-template's
// MNISTLitModule: `if self.hparams.compile and stage == "fit"`); a setup of a class
// that is no LightningModule is still no code's.
func TestLightningSetupHook(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, base, want string }{
		{"lightning", "LightningModule", "if self.hparams.compile and stage == \"fit\" (line 5), inside def setup (line 4), which Lightning's Trainer calls (fit, validate, test, predict, each with stage= its name), not this file"},
		{"other", "nn.Module", "if self.hparams.compile and stage == \"fit\" (line 5), inside def setup (line 4), which no code in this file calls"},
	}
	for _, tc := range cases {
		src := "from lightning import LightningModule\nimport torch\nclass M(" + tc.base + "):\n    def setup(self, stage):\n        if self.hparams.compile and stage == \"fit\":\n            self.net = torch.compile(self.net)\n"
		s, err := readBytes("l.py", []byte(src))
		require.NoError(t, err)
		require.Len(t, s.Sites, 1)
		if diff := cmp.Diff(tc.want, s.Sites[0].Guard); diff != "" {
			t.Errorf("%s: guard (-want +got):\n%s", tc.name, diff)
		}
	}
}
