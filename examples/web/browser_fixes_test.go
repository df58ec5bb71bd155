package main

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/examples/web/internal/answer"
	"github.com/compilemode/compilemode/graphs"
)

// TestBrowserSweepFixes: the page's status lines, commands and inputs for the fifth
// sweep's findings 6, 7, 8, 9, 10 and 18.
func TestBrowserSweepFixes(t *testing.T) {
	s, ctx, _ := browserTest(t, 1280, 900)

	t.Run("a file over 16 MiB says its size, never empty input (finding 7)", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "big17.log")
		if err := os.WriteFile(path, bytes.Repeat([]byte("[rank0]: step 1 loss 0.5\n"), 17<<20/25+1), 0o644); err != nil {
			t.Fatal(err)
		}
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		if _, err := open(tab, s.url); err != nil {
			t.Fatal(err)
		}
		// The tab's empty log is asked for and, before its answer, the file is chosen.
		if err := chromedp.Do(tab, chromedp.Click("#tab-log"), chromedp.SetUploadFiles("#log-file", []string{path})); err != nil {
			t.Fatal(err)
		}
		if _, err := eval[bool](tab, `new Promise((resolve) => { const poll = () => document.getElementById("status").textContent.includes("MiB") ? resolve(true) : setTimeout(poll, 20); poll(); })`); err != nil {
			t.Fatal(err)
		}
		time.Sleep(3 * time.Second) // the empty box's answer, had it not been dropped, lands by now
		for _, id := range []string{"status", "answer-text"} {
			got, err := text(tab, id)
			if err != nil || !strings.Contains(got, "big17.log is 17.0 MiB: the page reads up to 16 MiB") || strings.Contains(got, "empty input") {
				t.Errorf("#%s = %q (err %v), want the file's size and the limit", id, got, err)
			}
		}
		got, err := eval[string](tab, `(() => { const e = document.getElementById("log"); e.focus(); const dt = new DataTransfer();
  dt.setData("text/plain", "x".repeat(17 << 20)); e.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true, cancelable: true}));
  return document.getElementById("status").textContent; })()`)
		if err != nil || !strings.Contains(got, "The pasted text is 17.0 MiB") {
			t.Errorf("status after a 17 MiB paste = %q (err %v), want it held to the same limit", got, err)
		}
	})

	t.Run("a log's exit 0 says the log was read (finding 8)", func(t *testing.T) {
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		if _, err := open(tab, s.url); err != nil {
			t.Fatal(err)
		}
		log := "    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n"
		if _, err := eval[bool](tab, `document.getElementById("tab-log").click(), window.t_ready()`); err != nil {
			t.Fatal(err)
		}
		if err := set(tab, "log", log); err != nil {
			t.Fatal(err)
		}
		if got, err := text(tab, "status"); err != nil || got != "exit 0: log read, 1 finding" {
			t.Errorf("status = %q (err %v), want %q", got, err, "exit 0: log read, 1 finding")
		}
		if err := set(tab, "log", "hello\n"); err != nil {
			t.Fatal(err)
		}
		if got, err := text(tab, "status"); err != nil || got != "exit 0: log read, no known signature" {
			t.Errorf("status = %q (err %v), want %q", got, err, "exit 0: log read, no known signature")
		}
	})

	t.Run("the command line escapes what a terminal would hide (finding 9)", func(t *testing.T) {
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		if _, err := open(tab, s.url); err != nil {
			t.Fatal(err)
		}
		if err := set(tab, "options", "{'max_autotune': True, '\u202eevil': 1}"); err != nil {
			t.Fatal(err)
		}
		got, err := text(tab, "command")
		if err != nil || !strings.Contains(got, `-options $'{\'max_autotune\': True, \'\u202eevil\': 1}'`) || strings.Contains(got, "\u202e") {
			t.Errorf("command = %q (err %v), want the bidi override written $'…\\u202e…'", got, err)
		}
		if err := set(tab, "options", "{'a\x00b': 1}"); err != nil {
			t.Fatal(err)
		}
		got, err = text(tab, "command")
		if err != nil || strings.Contains(got, "\x00") || !strings.Contains(got, "no command line can pass it") {
			t.Errorf("command = %q (err %v), want the NUL escaped and said to be impossible on a command line", got, err)
		}
	})

	t.Run("a link the page cannot use says why (finding 10)", func(t *testing.T) {
		for _, tc := range []struct{ state, want string }{
			{`{"v":99,"tab":"log","log":"x"}`, "link format v99 is newer than this page"},
			{`{"v":1,"tab":"nope"}`, `tab "nope"`},
			{`{"v":1,"tab":"call","call":{"torch":["2.11"],"devices":{"a":1},"mode":null,"autograd_backward":"yes"}}`, "call.torch: want a string"},
			{`{"v":1,"tab":"call","call":{"a":` + strings.Repeat(`{"a":`, 2000) + `1` + strings.Repeat("}", 2000) + `}}`, `call."a": unknown field`},
			// A script of bytes holds characters U+0000-U+00FF only: U+012D would be sent as
			// the byte 0x2D ("-"), planning "reduce-overhead" for a box that shows
			// "reduce\u012doverhead" (sweep8 finding 3).
			{`{"v":1,"tab":"script","script":"m = torch.compile(m, mode=\"reduce\u012doverhead\")\n","scriptBytes":true}`, "scriptBytes: the script holds U+012D"},
		} {
			var z bytes.Buffer
			w, err := flate.NewWriter(&z, flate.BestCompression)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.Write([]byte(tc.state)); err != nil {
				t.Fatal(err)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			tab, cancel := chromedp.NewContext(ctx)
			if _, err := open(tab, s.url+"#z="+base64.RawURLEncoding.EncodeToString(z.Bytes())); err != nil {
				cancel()
				t.Fatal(err)
			}
			got, err := text(tab, "status")
			cancel()
			if err != nil || !strings.Contains(got, "This link's input could not be read") || !strings.Contains(got, tc.want) {
				t.Errorf("link %s: status %q (err %v), want it refused naming %q", tc.state, got, err, tc.want)
			}
		}
	})

	t.Run("a link starts from the page's defaults, not the link opened before it (sweep8 findings 14, 16)", func(t *testing.T) {
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		link := func(state string) string { return "#j=" + base64.RawURLEncoding.EncodeToString([]byte(state)) }
		if _, err := open(tab, s.url+link(`{"v":1,"tab":"call","call":{"mode":"max-autotune"}}`)); err != nil {
			t.Fatal(err)
		}
		// hashchange in the same tab: each step waits until the command line says the new state.
		step := func(state, wantIn, wantOut string) {
			t.Helper()
			if err := chromedp.Do(tab, chromedp.Navigate(s.url+link(state))); err != nil {
				t.Fatal(err)
			}
			var got, st string
			for i := 0; i < 100; i++ {
				got, _ = text(tab, "command")
				st, _ = text(tab, "status")
				if strings.Contains(got, wantIn) && !strings.Contains(got, wantOut) && strings.HasPrefix(st, "exit") {
					return
				}
				time.Sleep(100 * time.Millisecond)
			}
			t.Errorf("link %s: command %q, status %q; want %q in the command, not %q, and the status its exit", state, got, st, wantIn, wantOut)
		}
		// Only the options: the mode is the page's default (-mode reduce-overhead), not max-autotune.
		step(`{"v":1,"tab":"call","call":{"options":"{'max_autotune': True}"}}`, "-mode reduce-overhead", "max-autotune -")
		// A link that cannot be read shows the default, as its notice says; the next link's
		// status is its own, without that notice.
		if err := chromedp.Do(tab, chromedp.Navigate(s.url+link(`{"v":1,"tab":"call","call":{"mode":"max-autotune"}}`))); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(tab, chromedp.Navigate(s.url+link(`null`))); err != nil {
			t.Fatal(err)
		}
		var got string
		for i := 0; i < 100 && !strings.Contains(got, "-mode reduce-overhead"); i++ {
			time.Sleep(100 * time.Millisecond)
			got, _ = text(tab, "command")
		}
		if !strings.Contains(got, "-mode reduce-overhead") {
			t.Errorf("after a link that cannot be read: command %q, want the default's (-mode reduce-overhead)", got)
		}
		step(`{"v":1,"tab":"call","call":{"mode":"default"}}`, "-mode default", "max-autotune")
		if st, _ := text(tab, "status"); strings.Contains(st, "could not be read") {
			t.Errorf("status %q: the notice of the link before stays on this link's answer", st)
		}
	})

	t.Run("a script file is read as bytes, as the command reads it (findings 6, 18)", func(t *testing.T) {
		for _, tc := range []struct {
			name string
			data []byte
		}{
			{"u16.py", utf16le("import torch\nm = torch.compile(f, mode='reduce-overhead')\n", true)},
			{"latin1.py", []byte("import torch\n# caf\xe9\nm = torch.compile(f)\n")},
			{"utf8.py", []byte("import torch\n# caf\xc3\xa9\nm = torch.compile(f)\n")},
		} {
			path := filepath.Join(t.TempDir(), tc.name)
			if err := os.WriteFile(path, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			want := answer.Script(tc.name, string(tc.data), "", "", answer.Options{})
			wantText := want.Text
			if want.Stderr != "" {
				wantText = want.Stderr
			}
			tab, cancel := chromedp.NewContext(ctx)
			if _, err := open(tab, s.url); err != nil {
				cancel()
				t.Fatal(err)
			}
			if _, err := eval[bool](tab, `document.getElementById("tab-script").click(), window.t_ready()`); err != nil {
				cancel()
				t.Fatal(err)
			}
			if err := chromedp.Do(tab, chromedp.SetUploadFiles("#script-file", []string{path})); err != nil {
				cancel()
				t.Fatal(err)
			}
			_, err := eval[bool](tab, `new Promise((resolve) => { const poll = () => document.getElementById("script-name").value === `+"`"+tc.name+"`"+` ? window.t_ready().then(resolve) : setTimeout(poll, 20); poll(); })`)
			got, err2 := text(tab, "answer-text")
			cancel()
			if err != nil || err2 != nil {
				t.Fatal(err, err2)
			}
			if diff := cmp.Diff(wantText, got); diff != "" {
				t.Errorf("%s: the page's answer differs from the command's (-want +got):\n%s", tc.name, diff)
			}
		}
	})

	t.Run("a script without a name shows a runnable command (finding 18)", func(t *testing.T) {
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		if _, err := open(tab, s.url); err != nil {
			t.Fatal(err)
		}
		if _, err := eval[bool](tab, `document.getElementById("tab-script").click(), window.t_ready()`); err != nil {
			t.Fatal(err)
		}
		if err := set(tab, "script", "import torch\n", "script-name", ""); err != nil {
			t.Fatal(err)
		}
		if got, err := text(tab, "command"); err != nil || got != "compilemode -no-env -script - < train.py" {
			t.Errorf("command = %q (err %v), want compilemode -no-env -script - < train.py", got, err)
		}
		// The Script tab's Python is the command's -python (finding 31).
		if err := set(tab, "script", "match 1:\n    case 1:\n        pass\n", "script-python", "3.9"); err != nil {
			t.Fatal(err)
		}
		if got, err := text(tab, "command"); err != nil || got != "compilemode -no-env -python 3.9 -script - < train.py" {
			t.Errorf("command = %q (err %v), want compilemode -no-env -python 3.9 -script - < train.py", got, err)
		}
		want := answer.Script("", "match 1:\n    case 1:\n        pass\n", "", "3.9", answer.Options{}).Stderr
		if got, err := text(tab, "answer-text"); err != nil || got != want || !strings.Contains(want, "a match statement needs Python 3.10") {
			t.Errorf("-python 3.9 on a match statement: the page shows %q (err %v), want the command's %q", got, err, want)
		}
	})

	t.Run("the call form gives -python, -fullgraph, any mode; a compare with itself says so (finding 31)", func(t *testing.T) {
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		if _, err := open(tab, s.url); err != nil {
			t.Fatal(err)
		}
		if err := set(tab, "torch", "2.11", "compare", "2.11", "python", "3.12", "fullgraph", true, "mode", "REDUCE-OVERHEAD", "devices", "1", "threads", "main"); err != nil {
			t.Fatal(err)
		}
		args := []string{"-no-env", "-torch", "2.11", "-python", "3.12", "-mode", "REDUCE-OVERHEAD", "-fullgraph"}
		want := answer.Check(answer.Call{Args: args, Workload: graphs.Workload{Threads: graphs.MainThread, MutatedInputs: graphs.NoMutation}}, answer.Options{})
		if !strings.Contains(want.Text, "Unrecognized mode=REDUCE-OVERHEAD") {
			t.Fatalf("the command's answer lacks PyTorch's error for the mode:\n%s", want.Text)
		}
		got, err := text(tab, "answer-text")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want.Text, got); diff != "" {
			t.Errorf("the page's answer differs from the command's (-want +got):\n%s", diff)
		}
		cmd, err := text(tab, "command")
		if wantCmd := "compilemode " + strings.Join(args, " "); err != nil || cmd != wantCmd {
			t.Errorf("command = %q (err %v), want %q", cmd, err, wantCmd)
		}
		if st, err := text(tab, "status"); err != nil || !strings.Contains(st, "Compared with itself: 2.11 is the release asked, so one answer is shown.") {
			t.Errorf("status = %q (err %v), want it to say the compare is the release itself", st, err)
		}
	})
}
