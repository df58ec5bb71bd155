package main

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/compilemode/compilemode/examples/web/internal/answer"
	"github.com/compilemode/compilemode/graphs/diagnose"
)

// readableCase is one input whose Readable view must say every line of its Text view.
type readableCase struct {
	name   string
	tab    string // call, log or script
	fields []any  // the fields set, in order, as set() takes them
	reason string
	wants  []string // lines both views must hold (the finding's words)
}

// gptFastGlobals is gpt-fast generate.py's shape (newuser27 #1): a global assigned
// under a guard, so that each site has a plan per branch; the second site's plan is
// the first's.
const gptFastGlobals = `import torch
import torch._inductor.config

torch._inductor.config.coordinate_descent_tuning = True

def main(model, compile=True, is_speculative=False, use_tp=False):
    if compile:
        if is_speculative and use_tp:
            torch._inductor.config.triton.cudagraph_trees = False
        fwd = torch.compile(model, mode="reduce-overhead", fullgraph=True)
        dec = torch.compile(model.decode, mode="reduce-overhead", fullgraph=True)
        return fwd, dec
`

// scriptEnv sets and reads the environment and starts a thread: the header's every
// section.
const scriptEnv = `import os, threading
os.environ["TORCHINDUCTOR_CUDAGRAPHS"] = "1"
if os.environ.get("FAST"):
    os.environ["TORCHINDUCTOR_MAX_AUTOTUNE"] = "1"
level = os.environ["LEVEL"]
import torch
model = torch.compile(torch.nn.Linear(8, 8).cuda(), mode="max-autotune")
threading.Thread(target=lambda: model(torch.randn(4, 8, device="cuda"))).start()
`

// scriptModes takes its mode from the command line: a plan per mode, the plain run's
// headed as such.
const scriptModes = `import argparse
import torch
p = argparse.ArgumentParser()
p.add_argument("--mode", default="reduce-overhead", choices=["reduce-overhead", "max-autotune", "default"])
args = p.parse_args()
model = torch.compile(torch.nn.Linear(8, 8).cuda(), mode=args.mode)
`

// readableCases are the inputs of newuser27's findings 1 and 2 (their shapes, not the
// issues' texts) and one of each kind the page answers.
var readableCases = []readableCase{
	{"seed", "call", nil, "the page's first answer: the report's header, keys of the release, host defaults", nil},
	{"options raise", "call", []any{"options", "{'triton.cudagraphs': 'yes'}"}, "a call PyTorch refuses: where it raises", nil},
	{"compile disabled", "call", []any{"env", "TORCH_COMPILE_DISABLE=1"}, "the CUDA graphs line says what turns compilation off", nil},
	{"comparison", "call", []any{"torch", "2.6", "compare", "2.11", "mode", "max-autotune"}, "newuser32: a comparison of releases is the command's, its defaults that differ too",
		[]string{"autotune_fallback_to_aten True (default) False (default)", "Defaults that differ between these releases"}},
	{"comparison that raises", "call", []any{"torch", "2.6", "compare", "2.14", "options", "{'triton.cudagraphs': 'yes'}"}, "each release that raises, its hint",
		[]string{"torch 2.14 raises RuntimeError"}},
	{"conditional global", "script", []any{"script", gptFastGlobals}, "newuser27 #1: the branch's plan, the global's guard, the site's guard, the same plan named",
		[]string{"-- when if is_speculative and use_tp (line 8) does not run:", "triton.cudagraph_trees = False (assign) — conditional: if is_speculative and use_tp (line 8)"}},
	{"sample script", "script", []any{"script", mustRead(realScript)}, "the Try an example script answer", nil},
	{"environment and threads", "script", []any{"script", scriptEnv}, "the header's environment, environment read and threads", nil},
	{"mode from the command line", "script", []any{"script", scriptModes}, "a plan per mode, headed as the text heads it", nil},
	{"traceback cut, release stated", "log", []any{"log", "pytorch version: 2.7.0+cu128\n\nTraceback (most recent call last):\n  File \"x.py\", line 5, in patch\n    compiled = torch.compile(block, mode=mode)\n  File \"torch/__init__.py\", line 2572, in compile\n"}, "newuser27 #2 (comfy 7611): the cut traceback's line",
		[]string{"the traceback on line 3 ends before its exception line", "torch 2.7 (from line 1)"}},
	{"finding, no release", "log", []any{"log", "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run. Stack trace: File \"m.py\", line 90, in forward\n"}, "newuser27 #2 (tinyworlds 12): torch: not stated in the text",
		[]string{"torch: not stated in the text (each fix is for all releases that print it"}},
	{"call, no release", "log", []any{"log", "compiled = torch.compile(detector, fullgraph=True, mode=\"reduce-overhead\")\n"}, "newuser27 #2 (rt-pose 1): the plan's release is the default, which the log does not state",
		[]string{"torch 2.11 (the default: the log states no release)", "torch: not stated in the text"}},
	{"nothing matched", "log", []any{"log", "hello\n"}, "newuser27 #3: a text matching nothing still says whether it states a release",
		[]string{"no known signature", "torch: not stated in the text"}},
	{"sample log", "log", []any{"log", mustRead(realLog)}, "the Try an example log answer", nil},
	{"skip with its culprit", "log", []any{"log", "skipping cudagraphs due to mutated inputs (1 instances). Found from : \n   File \"/app/model.py\", line 88, in forward\n    self.kv_cache[:, :T] = k\n"}, "issue 21: the statement PyTorch names after \"Found from\"",
		[]string{"from /app/model.py:88 in forward: self.kv_cache[:, :T] = k"}},
}

func mustRead(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	return string(data)
}

// textLabel is a line's label in the text view, which the readable view shows as a
// heading, a label or a box of its own ("cause:", "  | ", "[trees-user-thread-tls] ").
var textLabel = regexp.MustCompile(`^(\| |cause: |fix: |note: |hint: |explain: |\[[a-z0-9-]+\] )`)

// pageWorded is the Text view's text with the command's hints (diagnose.CommandHints:
// "-torch X.Y sets one", "from -torch", "-json has the report with the changed keys,
// -json -all every key") in the page's words, which the readable view says instead
// (answer.PageHints, newuser28 #7), each hint found across the text's wrapping too.
func pageWorded(text string) string {
	cmd, page := diagnose.CommandHints(), answer.PageHints()
	for _, h := range [][2]string{{cmd.Torch, page.Torch}, {cmd.Given, page.Given}, {cmd.Whole, page.Whole}} {
		words := strings.Fields(h[0])
		for i, w := range words {
			words[i] = regexp.QuoteMeta(w)
		}
		text = regexp.MustCompile(strings.Join(words, `\s+`)).ReplaceAllLiteralString(text, h[1])
	}
	return text
}

// said reports whether readable (normalised) says line: the line itself or, without
// its label, its text, lower-cased with its runs of space made one.
func said(readable, line string) bool {
	l := normalised(line)
	return l == "" || strings.Contains(readable, l) || strings.Contains(readable, textLabel.ReplaceAllString(l, ""))
}

func normalised(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// TestBrowserReadableSaysAllText: the Readable view says every line of the Text view
// (the command's output), in the same words: a line the text prints is in the
// readable view's text, but for its label (newuser27: the readable view dropped a
// site's other plan, the globals' guards, the cut traceback's line and the release's).
func TestBrowserReadableSaysAllText(t *testing.T) {
	s, ctx, _ := browserTest(t, 1400, 900)
	for _, tc := range readableCases {
		t.Run(tc.name, func(t *testing.T) {
			text, readable, err := readableAndText(ctx, s.url, tc)
			if err != nil {
				t.Fatal(err)
			}
			r := normalised(readable)
			for _, w := range tc.wants {
				if !strings.Contains(normalised(text), normalised(w)) || !strings.Contains(r, normalised(w)) {
					t.Errorf("%s: want both views to say %q", tc.reason, w)
				}
			}
			for i, line := range strings.Split(pageWorded(text), "\n") {
				if !said(r, line) {
					t.Errorf("%s: the readable view drops or changes line %d of the text: %q", tc.reason, i+1, strings.TrimSpace(line))
				}
			}
			if t.Failed() {
				t.Logf("readable view:\n%s", readable)
			}
		})
	}
}

// readableAndText opens the page, gives it tc's input and returns its Text view and
// the Readable view's text as shown.
func readableAndText(ctx context.Context, url string, tc readableCase) (text, readable string, err error) {
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if _, err := open(tab, url); err != nil {
		return "", "", err
	}
	if _, err := eval[bool](tab, fmt.Sprintf(`document.getElementById("tab-%s").click(), window.t_ready()`, tc.tab)); err != nil {
		return "", "", err
	}
	if len(tc.fields) > 0 {
		if err := set(tab, tc.fields...); err != nil {
			return "", "", err
		}
	}
	if text, err = eval[string](tab, `document.getElementById("answer-text").textContent`); err != nil {
		return "", "", err
	}
	readable, err = eval[string](tab, `document.getElementById("rendered-0").innerText`)
	return text, readable, err
}

// TestBrowserPostRefused: the page's own server refuses a POST to the page, as a
// browser sends it (newuser27 #4: it was answered 200 with the page).
func TestBrowserPostRefused(t *testing.T) {
	s, ctx, _ := browserTest(t, 1280, 900)
	if _, err := open(ctx, s.url); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ method, want, reason string }{
		{"POST", "405 GET, HEAD", "newuser27 #4: a form post"},
		{"PUT", "405 GET, HEAD", "a write"},
		{"GET", "200 ", "the page itself"},
	} {
		got, err := eval[string](ctx, fmt.Sprintf(`fetch("/", {method: %q}).then((r) => r.status + " " + (r.headers.get("Allow") || ""))`, tc.method))
		if err != nil || got != tc.want {
			t.Errorf("%s /: %q (err %v), want %q (%s)", tc.method, got, err, tc.want, tc.reason)
		}
	}
}
