package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/compilemode/compilemode/examples/web/internal/answer"
)

// TestBrowserPageWords (newuser28 #7, #14): the Log tab's readable view names the
// page's controls where the command's text names its flags, the Log tab reads a log
// for the release its own selector names (the command line shown says -torch, the
// readable view the selector), an
// empty box is answered in the page's words, and a damaged link says so in the page's
// words, not the browser's.
func TestBrowserPageWords(t *testing.T) {
	s, ctx, _ := browserTest(t, 1280, 900)
	const finding = "RuntimeError: Error: accessing tensor output of CUDAGraphs that has been overwritten by a subsequent run.\n" +
		"model = torch.compile(model, mode=\"reduce-overhead\")\n"
	page := answer.PageHints()

	t.Run("the readable view names the page's controls", func(t *testing.T) {
		if _, err := open(ctx, s.url); err != nil {
			t.Fatal(err)
		}
		if _, err := eval[bool](ctx, `document.getElementById("tab-log").click(), window.t_ready()`); err != nil {
			t.Fatal(err)
		}
		if err := set(ctx, "log", finding); err != nil {
			t.Fatal(err)
		}
		readable, err := eval[string](ctx, `document.getElementById("rendered-0").innerText`)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{page.Torch, page.Whole} {
			if !strings.Contains(readable, want) {
				t.Errorf("readable view lacks %q:\n%s", want, readable)
			}
		}
		for _, flag := range []string{"-torch X.Y", "-json has"} {
			if strings.Contains(readable, flag) {
				t.Errorf("readable view names the command's %q:\n%s", flag, readable)
			}
		}
		// The Text view is the command's output, as the command line shown says.
		if txt, _ := text(ctx, "answer-text"); !strings.Contains(txt, "-torch X.Y sets one") {
			t.Errorf("text view %q, want the command's words", txt)
		}
	})

	t.Run("the Log tab's release", func(t *testing.T) {
		if err := set(ctx, "log", "torch 2.11.0\n"+finding, "log-torch", "2.9"); err != nil {
			t.Fatal(err)
		}
		txt, _ := text(ctx, "answer-text")
		cmd, _ := text(ctx, "command")
		if !strings.Contains(txt, "torch 2.9 (from -torch; line 1 states 2.11)") || cmd != "COLUMNS=100 compilemode -torch 2.9 -diagnose run.log" {
			t.Errorf("log read for 2.9: command %q, text %q", cmd, txt)
		}
		// The readable view names the selector the release came from, not -torch
		// (fixmisc31: it said "(from -torch)" on a page with no flags).
		readable, _ := eval[string](ctx, `document.getElementById("rendered-0").innerText`)
		if !strings.Contains(readable, `torch 2.9 (from "read for release"; line 1 states 2.11)`) || strings.Contains(readable, "-torch") {
			t.Errorf("log read for 2.9: readable view %q, want the selector named", readable)
		}
		if err := set(ctx, "log-torch", ""); err != nil {
			t.Fatal(err)
		}
		if txt, _ := text(ctx, "answer-text"); !strings.Contains(txt, "torch 2.11 (from line 1)") {
			t.Errorf("the log's own release: text %q", txt)
		}
	})

	t.Run("an empty box", func(t *testing.T) {
		if err := set(ctx, "log", ""); err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"answer-text", "rendered-0", "status"} {
			got, _ := text(ctx, id)
			if strings.Contains(got, "run.log") || strings.Contains(got, "-diagnose") {
				t.Errorf("#%s: %q names a file or a flag the page's user never gave", id, got)
			}
		}
		if got, _ := text(ctx, "rendered-0"); !strings.Contains(got, "The box is empty: paste a log") {
			t.Errorf("readable view %q, want the page's words", got)
		}
	})

	t.Run("a damaged link", func(t *testing.T) {
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		if _, err := open(tab, s.url+"#z=AAAA%%%garbage"); err != nil {
			t.Fatal(err)
		}
		got, err := text(tab, "status")
		if err != nil || !strings.Contains(got, "the link is damaged or cut short: copy it again") || strings.Contains(got, "atob") {
			t.Errorf("status %q (err %v), want the page's words on a damaged link", got, err)
		}
	})
}
