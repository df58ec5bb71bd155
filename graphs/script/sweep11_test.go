package script

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestUnshownNameNotByName: a module name assigned only values the reader cannot
// follow (a method call on the value, sys.argv) has those values, not the values of
// every other "mode" in the file (sweep11 finding 4: `mode = args.mode.replace("_",
// "-")` took the argparse option's default "Reduce_Overhead" and planned it raising;
// `mode = sys.argv[1].lower()` took another def's local "max-autotune" alone).
func TestUnshownNameNotByName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		want      []string // the modes planned for the last site
		note      string   // a note of the last site holds it
	}{
		{name: "argparse-dest-same-name",
			src:  "import argparse\np = argparse.ArgumentParser()\np.add_argument(\"--mode\", default=\"Reduce_Overhead\")\nargs = p.parse_args()\nmode = args.mode.replace(\"_\", \"-\").lower()\nm = torch.compile(model, mode=mode)\n",
			want: testModes, note: "`args.mode.replace(\"_\", \"-\").lower()` (line 6)"},
		{name: "other-def-local",
			src:  "import sys\ndef bench(model):\n    mode = \"max-autotune\"\n    return torch.compile(model, mode=mode)\nmode = sys.argv[1].lower()\nm = torch.compile(model, mode=mode)\n",
			want: testModes, note: "`sys.argv[1].lower()` (line 6)"},
		{name: "literal-method",
			src:  "import argparse\np = argparse.ArgumentParser()\np.add_argument(\"--mode\", default=\"max-autotune\")\nmode = \"Lit_Mode\".replace(\"_\", \"-\")\nm = torch.compile(model, mode=mode)\n",
			want: testModes, note: "(line 5)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("u.py", []byte("import torch\n"+tc.src))
			require.NoError(t, err)
			site := s.Sites[len(s.Sites)-1]
			got := planLabels(site.Modes(testModes))
			want := make([]string, len(tc.want))
			for i, m := range tc.want {
				want[i] = "'" + m + "'"
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("modes (-want +got):\n%s\nnotes %q", diff, site.Notes)
			}
			require.True(t, strings.Contains(strings.Join(site.Notes, "\n"), tc.note), "notes %q", site.Notes)
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			require.NotEqual(t, graphs.Raises, p.Exit(), "no plan raises")
		})
	}
}

// TestKeptOutputForms: an output kept across a loop's iterations without gradients
// is kept however it is written: by a name bound to it under torch.no_grad(), as a
// view of it (detach(), an item, an attribute, a slice), through extend (sweep11
// finding 5: each was planned "capture"; cudagraph trees overwrite it, measured for
// the output itself in testdata/measured/overwrite_2.11.out, dict-no-grad). A copy
// (argmax, cpu, clone, tolist) or metadata (shape) is not.
func TestKeptOutputForms(t *testing.T) {
	t.Parallel()
	cases := []struct {
		body string
		kept bool
	}{
		{"preds.append(model(x))", true},
		{"out = model(x)\n        preds.append(out)", true},
		{"out = model(x)\n        preds.append(out.detach())", true},
		{"out = model(x).detach()\n        preds.append(out)", true},
		{"logits, _ = model(x)\n        preds.append(logits)", true},
		{"preds.append(model(x)[0])", true},
		{"out = model(x)\n        preds.append(out.logits)", true},
		{"out = model(x)\n        preds.append(out[:, 0])", true},
		{"preds.append(model(x).view(-1))", true},
		{"preds.extend([model(x)])", true},
		{"preds.extend(model(x))", true},
		{"out = model(x)\n        results[i] = out.detach()", true},
		{"out = model(x)\n        results[i] = out", true},
		{"out = model(x)\n        results[i] = out.float().cpu()", false},
		{"preds.append(model(x).argmax(-1))", false},
		{"preds.append(model(x).cpu())", false},
		{"out = model(x)\n        preds.append(out.clone())", false},
		{"out = model(x)\n        out = out.argmax(-1)\n        preds.append(out)", false},
		{"out = model(x)\n        preds.append(out.shape)", false},
		{"out = model(x)\n        preds.append(out.tolist())", false},
	}
	for _, tc := range cases {
		t.Run(tc.body, func(t *testing.T) {
			t.Parallel()
			src := "import torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\npreds, results = [], {}\nwith torch.no_grad():\n    for i, x in enumerate(loader):\n        " + tc.body + "\nprint(preds, results)\n"
			s, err := readBytes("k.py", []byte(src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			require.Equal(t, tc.kept, s.Sites[0].Workload.OutputsKept, "inferred %+v", s.Sites[0].Inferred)
		})
	}
}

// TestGivenArgv: a parse_args call given an argument list the file writes reads that
// list, not the command line: an option it gives has that value alone, and no option
// is "any value the command line gives" (sweep11 finding 3: parse_args(["--mode",
// "default"]) planned the parser's default, reduce-overhead, as "a run given nothing").
func TestGivenArgv(t *testing.T) {
	t.Parallel()
	const opt = "import argparse\np = argparse.ArgumentParser()\np.add_argument(\"-m\", \"--mode\", default=\"reduce-overhead\")\n"
	cases := []struct {
		name, parse string
		want        []string
		open        bool // the note that the command line may give any value
	}{
		{"list", "args = p.parse_args([\"--mode\", \"default\"])", []string{"'default'"}, false},
		{"split", "args = p.parse_args(\"--mode default\".split())", []string{"'default'"}, false},
		{"args-keyword-equals", "args = p.parse_args(args=[\"-m=max-autotune\"])", []string{"'max-autotune'"}, false},
		{"known-args-tuple", "args, _ = p.parse_known_args((\"--mode\", \"default\", \"--x\"))", []string{"'default'"}, false},
		{"empty", "args = p.parse_args([])", []string{"'reduce-overhead'"}, false},
		{"command-line", "args = p.parse_args()", []string{"'reduce-overhead'"}, true},
		{"two-calls", "args = p.parse_args([\"--mode\", \"default\"]) if nb else p.parse_args()", []string{"'reduce-overhead'"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("a.py", []byte("import torch\n"+opt+tc.parse+"\nm = torch.compile(model, mode=args.mode)\n"))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, planLabels(s.Sites[0].Modes(testModes))); diff != "" {
				t.Errorf("modes (-want +got):\n%s\nnotes %q", diff, s.Sites[0].Notes)
			}
			open := strings.Contains(strings.Join(s.Sites[0].Notes, "\n"), "any value the command line gives")
			require.Equal(t, tc.open, open, "notes %q", s.Sites[0].Notes)
		})
	}
}

// TestAccelerateAccumulate: under accelerator.accumulate(model) of an
// Accelerator(gradient_accumulation_steps=N > 1), the optimizer's zero_grad() runs only
// every N-th micro-step (accelerate/optimizer.py), so the backwards between accumulate
// into .grad tensors a new generation freed, as nanoGPT's micro-steps (sweep11 finding
// 6: planned capture).
func TestAccelerateAccumulate(t *testing.T) {
	t.Parallel()
	const loop = "import torch\nfrom accelerate import Accelerator\naccelerator = Accelerator(%s)\nmodel = torch.compile(net.cuda(), mode=\"reduce-overhead\")\nfor batch in loader:\n    with accelerator.accumulate(model):\n        loss = model(batch).mean()\n        accelerator.backward(loss)\n        optimizer.step()\n        optimizer.zero_grad()\n"
	for _, tc := range []struct {
		args string
		want bool
	}{
		{"gradient_accumulation_steps=4", true},
		{"gradient_accumulation_steps=1", false},
		{"", false},
	} {
		t.Run(tc.args, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("acc.py", []byte(strings.Replace(loop, "%s", tc.args, 1)))
			require.NoError(t, err)
			var st *Site
			for i := range s.Sites {
				if s.Sites[i].Kind != Framework {
					st = &s.Sites[i]
				}
			}
			require.NotNil(t, st)
			require.Equal(t, tc.want, st.Workload.OutputsKept, "inferred %+v", st.Inferred)
		})
	}
}

// TestLambdaTargetCold: a thread whose target is a lambda calling the file's def
// (Thread(target=lambda: run(i))) makes the first call itself, as target=run,
// args=(i,) does: the main thread does not call first (sweep11 finding 2: the run
// walked the lambda's body where it is written and counted run's call as main's).
func TestLambdaTargetCold(t *testing.T) {
	t.Parallel()
	for _, target := range []string{"lambda: run(i)", "lambda i=i: run(i)", "run, args=(i,)", "lambda: model(x)"} {
		t.Run(target, func(t *testing.T) {
			t.Parallel()
			src := "import torch, threading\nmodel = torch.compile(net, mode=\"reduce-overhead\")\ndef run(i):\n    model(x)\nts = [threading.Thread(target=" + target + ") for i in range(2)]\nfor t in ts: t.start()\nfor t in ts: t.join()\n"
			s, err := readBytes("t.py", []byte(src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			require.True(t, s.Sites[0].Workload.ColdStart, "inferred %+v", s.Sites[0].Inferred)
		})
	}
}

// TestLoopModes: a mode bound by a for loop over a name the file assigns a list or
// tuple display, enumerate's second target, or a dict display's values is planned with
// those values (sweep11 finding 1: every mode, "the file assigns it no literal").
func TestLoopModes(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, src string }{
		{"named-list", "modes = [\"default\", \"max-autotune\"]\nfor mode in modes:\n    c = torch.compile(model, mode=mode)\n"},
		{"enumerate-name", "MODES = (\"default\", \"max-autotune\")\nfor i, mode in enumerate(MODES):\n    c = torch.compile(model, mode=mode)\n"},
		{"enumerate-display", "for i, mode in enumerate([\"default\", \"max-autotune\"]):\n    c = torch.compile(model, mode=mode)\n"},
		{"dict-items", "MODES = {\"a\": \"default\", \"b\": \"max-autotune\"}\nfor name, mode in MODES.items():\n    c = torch.compile(model, mode=mode)\n"},
		{"dict-values", "MODES = {\"a\": \"default\", \"b\": \"max-autotune\"}\nfor mode in MODES.values():\n    c = torch.compile(model, mode=mode)\n"},
		{"walrus-if", "import os\nif (mode := os.environ.get(\"CM\", \"default\")) or (mode := \"max-autotune\"):\n    c = torch.compile(model, mode=mode)\n"},
		{"in-def", "def bench(model):\n    ms = [\"default\", \"max-autotune\"]\n    for m in ms:\n        c = torch.compile(model, mode=m)\nbench(net)\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("l.py", []byte("import torch\n"+tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff([]string{"'default'", "'max-autotune'"}, planLabels(s.Sites[0].Modes(testModes))); diff != "" {
				t.Errorf("modes (-want +got):\n%s\nnotes %q", diff, s.Sites[0].Notes)
			}
		})
	}
}

// TestCompAndReturnKept: outputs kept by a list comprehension and read after it, or
// returned by a def of the file and kept by its caller, without gradients, are kept
// (a comprehension's list that nothing reads is not: keptunread.go) (sweep11 finding 8:
// [model(x) for x in xs] under torch.no_grad(), results.append(predict(x)) of a
// predict returning model(x), were planned capture).
func TestCompAndReturnKept(t *testing.T) {
	t.Parallel()
	const head = "import torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, src string
		kept      bool
	}{
		{"listcomp-no-grad", "with torch.no_grad():\n    results = [model(x) for x in xs]\nprint(results[0])\n", true},
		{"listcomp-no-grad-unread", "with torch.no_grad():\n    results = [model(x) for x in xs]\n", false},
		{"listcomp-stacked", "with torch.no_grad():\n    y = torch.stack([model(x) for x in xs])\n", true},
		{"listcomp-grad", "results = [model(x) for x in xs]\n", false},
		{"dictcomp-no-grad", "with torch.no_grad():\n    results = {i: model(x) for i, x in enumerate(xs)}\nprint(results)\n", true},
		{"dictcomp-no-grad-unread", "with torch.no_grad():\n    results = {i: model(x) for i, x in enumerate(xs)}\n", false},
		{"dictcomp-copy", "with torch.no_grad():\n    results = {i: model(x).item() for i, x in enumerate(xs)}\n", false},
		{"generator-summed", "with torch.no_grad():\n    total = sum(model(x) for x in xs)\n", false},
		{"listcomp-copy", "with torch.no_grad():\n    results = [model(x).cpu() for x in xs]\n", false},
		{"def-return", "@torch.no_grad()\ndef predict(x):\n    return model(x)\nresults = []\nfor x in xs:\n    results.append(predict(x))\nprint(results)\n", true},
		{"method-return", "class P:\n    @torch.no_grad()\n    def predict(self, x):\n        return model(x)\np = P()\nresults = []\nfor x in xs:\n    results.append(p.predict(x))\nprint(results)\n", true},
		{"def-return-read-after", "def predict(x):\n    return model(x)\nwith torch.no_grad():\n    y1 = predict(a)\n    y2 = predict(b)\n    print(y1)\n", true},
		{"view-read-after", "with torch.no_grad():\n    y1 = model(a).detach()\n    y2 = model(b)\n    print(y1)\n", true},
		{"copy-read-after", "with torch.no_grad():\n    y1 = model(a).cpu()\n    y2 = model(b)\n    print(y1)\n", false},
		{"def-return-copy", "@torch.no_grad()\ndef predict(x):\n    return model(x).cpu()\nresults = []\nfor x in xs:\n    results.append(predict(x))\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("c.py", []byte(head+tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			require.Equal(t, tc.kept, p.Sites[0].Workload.OutputsKept && p.Exit() == graphs.Raises, "inferred %+v", p.Sites[0].Inferred)
		})
	}
}

// TestTimelineIndex: the timeline's index answers as a pass over the timeline does
// (the reads before sweep11 finding 9), for random timelines.
func TestTimelineIndex(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 9))
	for round := 0; round < 200; round++ {
		r := &reader{}
		seq := 0
		var loops []int32
		for i := 0; i < 60; i++ {
			switch rng.IntN(6) {
			case 0:
				loops = append(loops, int32(rng.IntN(8)))
			case 1:
				if len(loops) > 0 {
					loops = loops[:len(loops)-1]
				}
			}
			seq += 1 + rng.IntN(2)
			r.appendTimeline(tlEvent{kind: tlKind(rng.IntN(5)), seq: seq, loops: slices.Clone(loops)})
		}
		for lo := 0; lo <= seq; lo++ {
			hi := lo + rng.IntN(seq-lo+1)
			var g genState
			want := false
			for _, e := range r.timeline {
				if e.seq > hi {
					break
				}
				if g.step(e) && e.seq > lo {
					want = true
					break
				}
			}
			require.Equal(t, want, r.newGeneration(lo, hi), "round %d lo %d hi %d", round, lo, hi)
		}
		for x := int32(0); x < 8; x++ {
			var g genState
			var body []tlEvent
			for _, e := range r.timeline {
				switch {
				case slices.Contains(e.loops, x):
					body = append(body, e)
				case len(body) == 0:
					g.step(e)
				}
			}
			gg, bb := r.beforeLoop(x)
			require.Equal(t, len(body), len(bb), "round %d loop %d", round, x)
			if len(body) > 0 { // a loop without events: its state is read by no caller
				require.Equal(t, g, gg, "round %d loop %d", round, x)
			}
		}
	}
}

// TestTrainerGradAccum: a TrainingArguments with gradient_accumulation_steps > 1 and a
// CUDA-graph mode, in a file that trains, is gradient accumulation on its framework
// site (sweep11 finding 6: planned capture).
func TestTrainerGradAccum(t *testing.T) {
	t.Parallel()
	const src = "from transformers import Trainer, TrainingArguments\nargs = TrainingArguments(output_dir=\"o\", torch_compile=True, torch_compile_mode=\"reduce-overhead\"%s)\nTrainer(model=m, args=args).train()\n"
	for _, tc := range []struct {
		kw   string
		want bool
	}{{", gradient_accumulation_steps=4", true}, {", gradient_accumulation_steps=1", false}, {"", false}} {
		t.Run(tc.kw, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("hf.py", []byte(strings.Replace(src, "%s", tc.kw, 1)))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			require.Equal(t, tc.want, s.Sites[0].Workload.OutputsKept, "inferred %+v", s.Sites[0].Inferred)
		})
	}
}

// TestSelfContainedInForward: a compiled def that touches only its arguments, called
// from a forward method, is given activations autograd records: its outputs kept in a
// list are not overwritten (sweep11 finding 11: torchtune's LinearGRPOLoss, planned fail
// once tuple-unpacked outputs were tracked).
func TestSelfContainedInForward(t *testing.T) {
	t.Parallel()
	src := "import torch\nclass Loss(torch.nn.Module):\n    def chunk(self, h, t):\n        return h * t, h\n    def forward(self, hs, ts):\n        outs = []\n        f = torch.compile(self.chunk, mode=\"reduce-overhead\")\n        for i in range(4):\n            a, b = f(hs[i], ts[i])\n            outs.append(b)\n        return torch.cat(outs)\n"
	s, err := readBytes("loss.py", []byte(src))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	require.False(t, s.Sites[0].Workload.OutputsKept, "inferred %+v", s.Sites[0].Inferred)
}
