package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// largeLogs are the logs TestBrowserLargeLog pastes: the real log repeated to 1 MB
// and 10 MB (many lines), and 10 MB of one line (sweep finding 14's link).
var largeLogs = []struct {
	name string
	size int
	line bool // one line of "a" instead of the real log repeated
}{
	{"1 MB log", 1 << 20, false},
	{"10 MB log", 10 << 20, false},
	{"10 MB one line", 10_000_000, true},
}

// largeText returns the text of a large log, as largeHooks builds it in the page.
func largeText(seed string, size int, line bool) string {
	if line {
		return strings.Repeat("a", size)
	}
	return strings.Repeat(seed, size/len(seed)+1)[:size]
}

// largeHooks pastes a large log into the page and times its parts in the page
// (performance.now(), ms): assign (the text area given the text, and laid out), readState
// and stringify (the state read and turned into JSON, as each update and link does),
// encode (the URL fragment made for the state: encodeState), total (the input event to
// the answer shown), compute (the worker's part, data-compute-ms), render (showing
// it, data-render-ms), settle (after the answer, until the main thread runs a task
// again 300 ms later: the fragment's update), and the page's own timings.
const largeHooks = `
window.t_large = async (seed, size, line) => {
  const text = line ? "a".repeat(size) : seed.repeat(Math.floor(size / seed.length) + 1).slice(0, size);
  const el = document.getElementById("log");
  const r = {};
  let t = performance.now();
  // As a dropped file or a link puts it there (before showText: the whole text).
  if (typeof showText === "function") showText(el, text); else el.value = text;
  void el.scrollHeight;
  r.assign = performance.now() - t;
  r.boxLength = el.value.length;
  t = performance.now();
  const s = readState();
  r.readState = performance.now() - t;
  t = performance.now();
  JSON.stringify(s);
  r.stringify = performance.now() - t;
  t = performance.now();
  const link = await window.compilemodeLink();
  r.encode = performance.now() - t;
  r.linkBytes = link.length;
  t = performance.now();
  el.dispatchEvent(new Event("input", {bubbles: true}));
  await window.t_ready();
  r.total = performance.now() - t;
  const a = document.getElementById("answer-text");
  r.compute = Number(a.dataset.computeMs);
  r.render = Number(a.dataset.renderMs);
  t = performance.now();
  await new Promise((res) => setTimeout(res, 300));
  r.settle = performance.now() - t - 300;
  r.hashBytes = location.hash.length;
  r.parts = window.compilemodeTimings.parts;
  r.answer = a.textContent;
  if (typeof showText === "function") showText(el, ""); else el.value = "";
  el.dispatchEvent(new Event("input", {bubbles: true}));
  await window.t_ready();
  return r;
};
true`

// largeTimes is what t_large returns.
type largeTimes struct {
	Assign, ReadState, Stringify, Encode, Total, Compute, Render, Settle float64
	LinkBytes, HashBytes, BoxLength                                      int
	Parts                                                                map[string]any
	Answer                                                               string
}

// TestBrowserLargeLog pastes 1 MB and 10 MB logs into the page's log tab and logs
// where the time to their answer goes, beside the library's time for the same text
// in this process (native, what `compilemode -diagnose` spends). It measures, and
// checks only that the page's answer is the command's: the figures are recorded in
// the README (examples/web), not asserted.
func TestBrowserLargeLog(t *testing.T) {
	seed, err := os.ReadFile(realLog)
	if err != nil {
		t.Fatal(err)
	}
	s, ctx, _ := browserTest(t, 1280, 900)
	if _, err := open(ctx, s.url); err != nil {
		t.Fatal(err)
	}
	if _, err := eval[bool](ctx, largeHooks+`; document.getElementById("tab-log").click(); window.t_ready()`); err != nil {
		t.Fatal(err)
	}
	seedJSON, err := json.Marshal(string(seed))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range largeLogs {
		text := largeText(string(seed), l.size, l.line)
		start := time.Now()
		d, err := diagnose.Read(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := d.WriteText(&want); err != nil {
			t.Fatal(err)
		}
		native := time.Since(start)
		got, err := eval[largeTimes](ctx, fmt.Sprintf("window.t_large(%s, %d, %v)", seedJSON, l.size, l.line))
		if err != nil {
			t.Fatalf("%s: %v", l.name, err)
		}
		if got.Answer != want.String() {
			t.Errorf("%s: the page's answer is not the command's:\n%s\nwant:\n%s", l.name, got.Answer, want.String())
		}
		if l.size > 256<<10 && got.BoxLength > 70<<10 {
			t.Errorf("%s: the log's text area holds %d characters, want its head only", l.name, got.BoxLength)
		}
		load, _ := loadAverage()
		t.Logf("%s: input to answer %.0f ms (native diagnose.Read+WriteText %.0f ms, load average %.1f); in the page: assign+layout %.0f, readState %.0f, JSON.stringify %.0f, link %.0f (%d bytes), worker %.0f (parts %v), render %.0f, main thread busy after the answer %.0f; fragment %d bytes",
			l.name, got.Total, float64(native.Microseconds())/1000, load, got.Assign, got.ReadState, got.Stringify, got.Encode, got.LinkBytes,
			got.Compute, got.Parts, got.Render, got.Settle, got.HashBytes)
	}
}
