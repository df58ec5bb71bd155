package main

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"

	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/examples/web/internal/answer"
)

// sweep7Log is a log whose signature (trees-user-thread-tls) is on line 10.
const sweep7Log = "torch 2.11.0\nstep 1\nstep 2\nstep 3\nstep 4\nstep 5\nstep 6\nstep 7\nstep 8\n" +
	"AssertionError: assert torch._C._is_key_in_tls(attr_name)\nstep 9\n"

// utf32 encodes s as UTF-32, little- or big-endian, with a byte-order mark when bom.
func utf32(s string, order binary.AppendByteOrder, bom bool) []byte {
	var out []byte
	if bom {
		out = order.AppendUint32(out, 0xFEFF)
	}
	for _, r := range s {
		out = order.AppendUint32(out, uint32(r))
	}
	return out
}

func gzipped(t *testing.T, s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// watch is JavaScript that records, from now on, every change of the status line, of
// the answer's aria-busy and of #answer-text's data-state, as [status, busy, state]
// in window.t_log; window.t_answered() resolves once an answer was asked for and
// shown after it.
const watch = `(() => {
  const st = document.getElementById("status"), ans = document.getElementById("answer"), at = document.getElementById("answer-text");
  window.t_log = [];
  const rec = () => window.t_log.push([st.textContent, ans.getAttribute("aria-busy"), at.dataset.state]);
  const ob = new MutationObserver(rec);
  ob.observe(st, {childList: true, characterData: true, subtree: true});
  ob.observe(ans, {attributes: true, attributeFilter: ["aria-busy"]});
  ob.observe(at, {attributes: true, attributeFilter: ["data-state"]});
  window.t_answered = () => new Promise((resolve) => {
    const poll = () => {
      const i = window.t_log.findIndex((e) => e[2] === "pending");
      if (i >= 0 && window.t_log.slice(i).some((e) => e[2] === "ready") && at.dataset.state === "ready") resolve(true);
      else setTimeout(poll, 20);
    };
    poll();
  });
  return true;
})()`

// upload chooses the file at path with the log tab's "open a file" and waits for its
// answer; it returns what watch recorded meanwhile.
func upload(tab context.Context, path string) ([][3]any, error) {
	if _, err := eval[bool](tab, watch); err != nil {
		return nil, err
	}
	if err := chromedp.Do(tab, chromedp.SetUploadFiles("#log-file", []string{path})); err != nil {
		return nil, err
	}
	if _, err := eval[bool](tab, `window.t_answered()`); err != nil {
		return nil, err
	}
	return eval[[][3]any](tab, `window.t_log`)
}

// TestBrowserSweep7: a log file is read from its bytes by the command's own code
// (decompressed, decoded), the answer shown is marked stale while the next is
// computed, and a file's name is escaped as the command escapes it (sweep7 findings
// 1, 2, 6 and 10).
func TestBrowserSweep7(t *testing.T) {
	s, ctx, _ := browserTest(t, 1280, 900)
	crlf := strings.ReplaceAll(sweep7Log, "\n", "\r\n")
	file := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}

	for _, tc := range []struct {
		name string
		data []byte
		text bool // the box shows the log's text
	}{
		// finding 1: the page had decoded a file's bytes by its own rules
		{"UTF-8 after the bytes FF FE", append([]byte{0xFF, 0xFE}, crlf...), true},
		{"UTF-32LE with a BOM", utf32(sweep7Log, binary.LittleEndian, true), true},
		{"UTF-32BE with a BOM", utf32(sweep7Log, binary.BigEndian, true), true},
		{"UTF-32LE without a BOM", utf32(sweep7Log, binary.LittleEndian, false), true},
		{"UTF-16LE without a BOM, CRLF", utf16le(crlf, false), true},
		{"UTF-32LE with a BOM, CRLF", utf32(crlf, binary.LittleEndian, true), true},
		// finding 2: compressed logs
		{"gzip", gzipped(t, sweep7Log), true},
		{"gzip of UTF-16LE with a BOM", gzipped(t, string(utf16le(crlf, true))), true},
		{"xz", file("sweep7_base.log.xz"), false},
		{"bzip2", file("sweep7_base.log.bz2"), false},
		{"zstd", file("sweep7_base.log.zst"), false},
	} {
		t.Run("a "+tc.name+" file is answered as the command answers it (findings 1, 2)", func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "run.log")
			if err := os.WriteFile(path, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			want := answer.Diagnose(string(tc.data), answer.Options{})
			wantText := want.Text
			if want.Stderr != "" {
				wantText = want.Stderr
			}
			tab, cancel := chromedp.NewContext(ctx)
			defer cancel()
			if _, err := open(tab, s.url); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(tab, chromedp.Click("#tab-log")); err != nil {
				t.Fatal(err)
			}
			if _, err := upload(tab, path); err != nil {
				t.Fatal(err)
			}
			got, err := text(tab, "answer-text")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(wantText, got); diff != "" {
				t.Errorf("the page's answer differs from the command's (-want +got):\n%s", diff)
			}
			box, err := eval[string](tab, `document.getElementById("log").value`)
			if err != nil {
				t.Fatal(err)
			}
			if tc.text != strings.Contains(box, "AssertionError: assert torch._C._is_key_in_tls(attr_name)\nstep 9") {
				t.Errorf("the log box holds %q; want the log's text shown: %v", box, tc.text)
			}
		})
	}

	t.Run("a link's log with lone CRs is answered as the command reads it (finding 1's class)", func(t *testing.T) {
		// A progress bar's \r: the command keeps the physical line's number, a text area
		// would make each \r a line of its own (line 6 for the command's line 4).
		log := "torch 2.11.0\nstep 1\rstep 2\rstep 3\nstep 4\nAssertionError: assert torch._C._is_key_in_tls(attr_name)\n"
		state, err := json.Marshal(map[string]any{"v": 1, "tab": "log", "log": log})
		if err != nil {
			t.Fatal(err)
		}
		var z bytes.Buffer
		w, err := flate.NewWriter(&z, flate.BestCompression)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(state); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		if _, err := open(tab, s.url+"#z="+base64.RawURLEncoding.EncodeToString(z.Bytes())); err != nil {
			t.Fatal(err)
		}
		got, err := text(tab, "answer-text")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(answer.Diagnose(log, answer.Options{}).Text, got); diff != "" {
			t.Errorf("the page's answer differs from the command's (-want +got):\n%s", diff)
		}
	})

	t.Run("the answer shown is marked stale while the next is read (finding 6)", func(t *testing.T) {
		dir := t.TempDir()
		first, second := filepath.Join(dir, "first.log"), filepath.Join(dir, "second.log")
		if err := os.WriteFile(first, []byte(sweep7Log), 0o644); err != nil {
			t.Fatal(err)
		}
		// 2 MiB of lines, then a line with no finding: a different answer, read for a while.
		big := strings.Repeat("[rank0]: step 1 loss 0.5 lr 0.001\n", 2<<20/34) + "hello\n"
		if err := os.WriteFile(second, []byte(big), 0o644); err != nil {
			t.Fatal(err)
		}
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		if _, err := open(tab, s.url); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(tab, chromedp.Click("#tab-log")); err != nil {
			t.Fatal(err)
		}
		if _, err := upload(tab, first); err != nil {
			t.Fatal(err)
		}
		seen, err := upload(tab, second)
		if err != nil {
			t.Fatal(err)
		}
		reading := false
		for _, e := range seen {
			st, busy, state := e[0].(string), e[1], e[2]
			if strings.HasPrefix(st, "exit 0: log read, 1 finding") {
				t.Errorf("the first log's status came back while the second was read: %q", seen)
			}
			if st == "Reading… (2.0 MiB)" && busy == "true" && state == "pending" {
				reading = true
			}
		}
		last := seen[len(seen)-1]
		if !reading || last[0] != "exit 0: log read, no known signature" || last[1] != nil {
			t.Errorf("status, aria-busy, data-state while the second log was read: %q; want \"Reading… (2.0 MiB)\" with aria-busy true, then its answer, not busy", seen)
		}
	})

	t.Run("a file's name is escaped as the command escapes it (finding 10)", func(t *testing.T) {
		big := bytes.Repeat([]byte("step 1 loss 0.5\n"), 17<<20/16)
		for _, name := range []string{"big\u202egol.txt", "a\nb\x1b[31m.log", "plain name.log"} {
			path := filepath.Join(t.TempDir(), name)
			if err := os.WriteFile(path, big, 0o644); err != nil {
				t.Fatal(err)
			}
			tab, cancel := chromedp.NewContext(ctx)
			if _, err := open(tab, s.url); err != nil {
				cancel()
				t.Fatal(err)
			}
			if err := chromedp.Do(tab, chromedp.Click("#tab-log"), chromedp.SetUploadFiles("#log-file", []string{path})); err != nil {
				cancel()
				t.Fatal(err)
			}
			got, err := eval[string](tab, `new Promise((resolve) => { const poll = () => { const s = document.getElementById("status").textContent; s.includes("MiB:") ? resolve(s) : setTimeout(poll, 20); }; poll(); })`)
			cancel()
			printed := name
			if strings.ContainsAny(name, "\u202e\n\x1b") {
				printed = strconv.QuoteToASCII(name)
			}
			if want := printed + " is 17.0 MiB: the page reads up to 16 MiB"; err != nil || !strings.HasPrefix(got, want) {
				t.Errorf("status %q (err %v), want it to start %q", got, err, want)
			}
		}
	})
}
