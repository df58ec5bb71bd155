package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/examples/internal/cliflags"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/graphs/script"
)

// Budgets of issue 24: measured by BenchmarkPage (its result: testdata/budgets.txt),
// reported by TestBrowser, never enforced by a test.
const (
	firstAnswerBudget = 1500 * time.Millisecond // page opened to the first answer shown
	editBudget        = 50 * time.Millisecond   // an edit to its answer shown (median of the edits)
	// A shared link opened to its first answer, computed in the WebAssembly (the
	// worker's start and the release's first plan): the first answer's budget.
	linkBudget     = firstAnswerBudget
	transferBudget = 3 << 20 // bytes: every file of the page, gzipped (issue 24: ≤ 3 MB); TestTransferSize fails above it
)

// The real inputs the browser test pastes.
const (
	realLog    = "../../graphs/diagnose/testdata/logs/trees_tls_two_gpus.log"
	realScript = "../scripts/train.py"
)

// browserPath returns a Chromium or Chrome to drive, or "" when none is installed.
func browserPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// site is the built page, served on a loopback port, shared by the tests and the
// benchmark of one test binary (the WebAssembly build is the slow part).
type site struct {
	dir, url string
	ready    <-chan struct{} // the handler's Ready: every file its smallgzip stream
	err      error
}

var (
	siteOnce sync.Once
	built    site
)

func servedSite(tb testing.TB) site {
	siteOnce.Do(func() {
		dir, err := os.MkdirTemp("", "compilemode-web-test-")
		if err != nil {
			built.err = err
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		if built.err = Build(ctx, dir); built.err != nil {
			return
		}
		h, err := NewHandler(dir)
		if err != nil {
			built.err = err
			return
		}
		srv := httptest.NewServer(h) // 127.0.0.1: loopback
		built = site{dir: dir, url: srv.URL + "/", ready: h.Ready()}
	})
	if built.err != nil {
		tb.Fatalf("building the page: %v", built.err)
	}
	return built
}

// browserTest skips where a browser test does not run (-short; -race, which .ci/run
// leaves out of the browser step), builds and serves the page, then starts Chromium
// (browser): the site first, so that browser's three-minute deadline is not spent on
// the WebAssembly build on a loaded machine. Every browser test starts with it.
func browserTest(t *testing.T, width, height int) (site, context.Context, *requestLog) {
	t.Helper()
	if testing.Short() {
		t.Skip("the browser test builds the WebAssembly and starts Chromium")
	}
	if raceEnabled {
		t.Skip("the browser test runs without -race (.ci/run runs it in a step of its own)")
	}
	s := servedSite(t)
	ctx, reqs := browser(t, width, height)
	return s, ctx, reqs
}

// browser starts headless Chromium and returns a context for its first tab, and the
// URLs the browser requested (to check that nothing leaves the loopback server).
func browser(tb testing.TB, width, height int) (context.Context, *requestLog) {
	path := browserPath()
	if path == "" {
		msg := "NO BROWSER: examples/web's browser test needs Chromium (apt-get install -y chromium); SKIPPING IT"
		fmt.Fprintln(os.Stderr, "\n*** "+msg+" ***")
		tb.Skip(msg)
	}
	opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]),
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.WindowSize(width, height),
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-dev-shm-usage", true))
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute)
	tb.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })
	log := &requestLog{}
	if err := chromedp.Listen(ctx, log.record); err != nil {
		tb.Fatalf("starting %s: %v", path, err)
	}
	return ctx, log
}

type requestLog struct {
	mu   sync.Mutex
	urls []string
}

func (l *requestLog) record(ev any) {
	if e, ok := ev.(*network.EventRequestWillBeSent); ok {
		l.mu.Lock()
		l.urls = append(l.urls, e.Request.URL)
		l.mu.Unlock()
	}
}

// count returns how many requests asked for url.
func (l *requestLog) count(url string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, u := range l.urls {
		if u == url {
			n++
		}
	}
	return n
}

// foreign returns the requests to anything but the page's server.
func (l *requestLog) foreign(base string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, u := range l.urls {
		if !strings.HasPrefix(u, base) && !strings.HasPrefix(u, "data:") {
			out = append(out, u)
		}
	}
	return out
}

// The page's test hooks, in JavaScript: set a field as typing would, wait for the
// answer to the current input, time an edit.
const hooks = `
window.t_set = (id, v) => {
  const el = document.getElementById(id);
  if (el.type === "checkbox") el.checked = v; else el.value = v;
  el.dispatchEvent(new Event("input", {bubbles: true}));
};
window.t_ready = () => new Promise((resolve) => {
  const el = document.getElementById("answer-text");
  if (el.dataset.state === "ready") return resolve(true);
  const ob = new MutationObserver(() => {
    if (el.dataset.state === "ready") { ob.disconnect(); resolve(true); }
  });
  ob.observe(el, {attributes: true});
});
window.t_edit = async (id, v) => {
  const t0 = performance.now();
  window.t_set(id, v);
  await window.t_ready();
  return performance.now() - t0;
};
true`

// eval runs JavaScript in the page and returns its value, awaiting a promise.
func eval[T any](ctx context.Context, js string) (T, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
}

// open navigates to url, waits for its first answer and returns how long that took
// from the navigation's start.
func open(ctx context.Context, url string) (time.Duration, error) {
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		return 0, err
	}
	ms, err := eval[float64](ctx, hooks+";\nwindow.t_ready().then(() => window.compilemodeFirstAnswerMs)")
	return time.Duration(ms * float64(time.Millisecond)), err
}

// set fills fields in order, then waits for the answer.
func set(ctx context.Context, fields ...any) error {
	var js strings.Builder
	for i := 0; i < len(fields); i += 2 {
		v, err := json.Marshal(fields[i+1])
		if err != nil {
			return err
		}
		fmt.Fprintf(&js, "window.t_set(%q, %s);\n", fields[i], v)
	}
	js.WriteString("window.t_ready()")
	_, err := eval[bool](ctx, js.String())
	return err
}

func text(ctx context.Context, id string) (string, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf("document.getElementById(%q).textContent", id)))
}

// seed is the seed scenario: reduce-overhead, 2 devices, one thread each.
func seed(torch string) *graphs.Scenario {
	mode := "reduce-overhead"
	return &graphs.Scenario{Torch: torch, Mode: &mode, Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice}}
}

// output is the command's text and JSON for one input.
type output struct{ Text, JSON string }

// expectations are the library's answers to the test's inputs, as the command prints
// them: graphs.Check on the seed scenario (2.11), cliflags.Compare on it (2.11
// beside 2.14, -torch 2.11,2.14), diagnose.Read on the log, script.Read and Planned on
// the script.
type expectations map[string]output

func computeExpectations() (expectations, error) {
	out := expectations{}
	rep, err := graphs.Check(seed("2.11"))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := rep.WriteText(&b, graphs.TextOptions{Width: graphs.DefaultWidth}); err != nil {
		return nil, err
	}
	if out["seed 2.11"], err = withJSON(b.String(), rep); err != nil {
		return nil, err
	}
	c, err := cliflags.Compare(seed(""), "2.11,2.14", nil)
	if err != nil {
		return nil, err
	}
	b.Reset()
	if err := c.WriteText(&b, graphs.DefaultWidth); err != nil {
		return nil, err
	}
	if out["seed compare"], err = withJSON(b.String(), c); err != nil {
		return nil, err
	}
	logSrc, err := os.ReadFile(realLog)
	if err != nil {
		return nil, err
	}
	d, err := diagnose.Read(bytes.NewReader(logSrc))
	if err != nil {
		return nil, err
	}
	b.Reset()
	if err := d.WriteText(&b); err != nil {
		return nil, err
	}
	if out["log"], err = withJSON(b.String(), d); err != nil {
		return nil, err
	}
	scriptSrc, err := os.ReadFile(realScript)
	if err != nil {
		return nil, err
	}
	sc, err := script.ReadNamed("train.py", bytes.NewReader(scriptSrc))
	if err != nil {
		return nil, err
	}
	planned, err := sc.PlanWith(script.PlanOptions{})
	if err != nil {
		return nil, err
	}
	b.Reset()
	if err := planned.WriteText(&b, graphs.DefaultWidth); err != nil {
		return nil, err
	}
	out["script"], err = withJSON(b.String(), planned)
	return out, err
}

// withJSON adds v's JSON as the command's -json prints it.
func withJSON(text string, v any) (output, error) {
	data, err := json.MarshalIndent(v, "", " ")
	return output{text, string(data) + "\n"}, err
}

// expected returns the expectations. The page gives -no-env, so its host is the
// fixed default host (graphs.Scenario.Host), as the zero Scenario here: the
// host-dependent defaults agree whatever machine runs the test.
func expected(t *testing.T) expectations {
	t.Helper()
	e, err := computeExpectations()
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// reportBudget reports a missed budget: the budgets of the page's times are printed,
// never enforced by a test (performance targets live in BenchmarkPage and its result
// file, testdata/budgets.txt). A test's wall-clock time measures the machine it runs
// on as much as the page: CI's machine, under its own load, took 2.4-4.8 s for a
// shared link's first answer that takes 0.8-1.1 s here, and an enforced edit budget
// failed CI's run of 656b482 while every answer was right.
func reportBudget(t *testing.T, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...) + " (REPORTED, NOT ENFORCED)"
	t.Log(msg)
	fmt.Fprintln(os.Stderr, "examples/web: "+msg)
}

// loadAverage returns the one-minute load average (Linux).
func loadAverage() (float64, bool) {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return 0, false
	}
	l, err := strconv.ParseFloat(f[0], 64)
	return l, err == nil
}

// shown is one answer the page shows: its text and JSON views.
type shown struct{ what, textID, jsonID string }

// expectShown checks that the page's text and JSON views hold the expected answers.
func expectShown(ctx context.Context, t *testing.T, want expectations, answers ...shown) {
	t.Helper()
	for _, view := range []string{"text", "json"} {
		if _, err := eval[bool](ctx, fmt.Sprintf(`document.getElementById("view-%s").click(); window.t_ready()`, view)); err != nil {
			t.Fatal(err)
		}
		for _, a := range answers {
			id, w := a.textID, want[a.what].Text
			if view == "json" {
				id, w = a.jsonID, want[a.what].JSON
			}
			got, err := text(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(w, got); diff != "" {
				t.Errorf("%s: %s view differs from the command's (-command +page):\n%s", a.what, view, diff)
			}
		}
	}
	if _, err := eval[bool](ctx, `document.getElementById("view-read").click(); window.t_ready()`); err != nil {
		t.Fatal(err)
	}
}

func link(ctx context.Context, t *testing.T) string {
	t.Helper()
	u, err := eval[string](ctx, "window.compilemodeLink()")
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// expectLink opens link in a fresh tab and checks it shows wantText.
func expectLink(ctx context.Context, t *testing.T, what, link, wantText string) {
	t.Helper()
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	first, err := open(tab, link)
	if err != nil {
		t.Fatalf("%s: opening the shared link: %v", what, err)
	}
	timings, _ := eval[map[string]any](tab, "window.compilemodeTimings")
	t.Logf("%s: a shared link's first answer (computed in WebAssembly): %v (budget %v); page timings (ms): %v", what, first, linkBudget, timings)
	if first > linkBudget {
		reportBudget(t, "%s: a shared link's first answer after %v, over the %v budget", what, first, linkBudget)
	}
	got, err := text(tab, "answer-text")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantText, got); diff != "" {
		t.Errorf("%s: the shared link shows another answer (-want +got):\n%s", what, diff)
	}
}

// Per-edit latency is measured inside the page, as a user sees it: from the input
// event to data-state="ready" (performance.now(), so the browser's round trips to
// the test do not count), for editSamples edits of the device count after editWarmup
// edits that are not counted (the workers' first plans of the release and the
// engine's tier-up of the code they run), with editPause between edits as a typist
// leaves. The median is the budgeted figure; the slowest is printed beside it.
const (
	editWarmup  = 5
	editSamples = 15
	editPause   = 40 // ms
)

// editHooks times edits in the page: t_edits(n, warm, pause) returns each counted
// edit's time to its answer, the WebAssembly's part of it (data-compute-ms, the
// slower worker's) and the main thread's showing it (data-render-ms), in ms.
const editHooks = `
window.t_edits = async (n, warm, pause) => {
  const total = [], compute = [], render = [];
  for (let i = 0; i < warm + n; i++) {
    await new Promise((r) => setTimeout(r, pause));
    const ms = await window.t_edit("devices", String(2 + i % 2));
    if (i < warm) continue;
    total.push(ms);
    const el = document.getElementById("answer-text");
    compute.push(Number(el.dataset.computeMs));
    render.push(Number(el.dataset.renderMs));
  }
  return {total, compute, render};
};
true`

// editTimes is what t_edits returns.
type editTimes struct {
	Total   []float64 `json:"total"`
	Compute []float64 `json:"compute"`
	Render  []float64 `json:"render"`
}

// editStats is the median and slowest edit, and the medians of its WebAssembly and
// showing parts.
type editStats struct{ median, slowest, compute, render time.Duration }

// editLatency times editSamples edits of the device count in the page, after
// editWarmup uncounted ones.
func editLatency(ctx context.Context) (editStats, error) {
	if _, err := eval[bool](ctx, hooks+";\n"+editHooks); err != nil {
		return editStats{}, err
	}
	ts, err := eval[editTimes](ctx, fmt.Sprintf("window.t_edits(%d, %d, %d)", editSamples, editWarmup, editPause))
	if err != nil {
		return editStats{}, err
	}
	if len(ts.Total) == 0 {
		return editStats{}, fmt.Errorf("no edit timed")
	}
	ms := func(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
	mid := func(v []float64) time.Duration { slices.Sort(v); return ms(v[len(v)/2]) }
	slices.Sort(ts.Total)
	return editStats{median: ms(ts.Total[len(ts.Total)/2]), slowest: ms(ts.Total[len(ts.Total)-1]), compute: mid(ts.Compute), render: mid(ts.Render)}, nil
}

// dropFile drops the file at path onto the text area id as a user dragging it from a
// file manager would: Chromium's own drag events (Input.dispatchDragEvent, with the
// file's path), at the area's centre. The area is emptied first; it returns once the
// page shows the answer to the dropped file.
func dropFile(ctx context.Context, id, path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if err := set(ctx, id, ""); err != nil {
		return err
	}
	type point struct{ X, Y float64 }
	at, err := eval[point](ctx, fmt.Sprintf(`(() => { const el = document.getElementById(%q); el.scrollIntoView({block: "center"});
  const r = el.getBoundingClientRect(); return {X: r.left + r.width / 2, Y: r.top + r.height / 2}; })()`, id))
	if err != nil {
		return err
	}
	data := &input.DragData{Items: []*input.DragDataItem{}, Files: []string{abs}, DragOperationsMask: 1}
	for _, typ := range []input.DispatchDragEventType{input.DispatchDragEventTypeDragEnter, input.DispatchDragEventTypeDragOver, input.DispatchDragEventTypeDrop} {
		ev := input.DispatchDragEventParams{Type: typ, X: at.X, Y: at.Y, Data: data}
		if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.DispatchDragEvent, ev)
			return err
		})); err != nil {
			return fmt.Errorf("%s on #%s: %w", typ, id, err)
		}
	}
	// The page reads the file asynchronously: wait for it to land, then for its answer.
	_, err = eval[bool](ctx, fmt.Sprintf(`new Promise((resolve, reject) => {
  const t0 = performance.now();
  const poll = () => document.getElementById(%q).value !== "" ? window.t_ready().then(resolve)
    : performance.now() - t0 > 20000 ? reject(new Error("the dropped file never reached the area")) : setTimeout(poll, 20);
  poll();
})`, id))
	return err
}

func screenshot(ctx context.Context, t *testing.T, dir, name string) {
	t.Helper()
	// Lay the page out and let two frames pass, so that the capture's size is the
	// page's current one (not that of a view just hidden).
	if _, err := eval[bool](ctx, `document.body.offsetHeight, new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", p)
	fmt.Fprintf(os.Stderr, "examples/web: screenshot %s\n", p)
}

// TestBrowser drives headless Chromium through the page as a user would: the seed
// scenario on 2.11 compared with 2.14 (the command's -torch 2.11,2.14), a real log and a real script pasted; each
// answer must be the library's, byte for byte, and a shared link must reproduce it.
func TestBrowser(t *testing.T) {
	s, ctx, reqs := browserTest(t, 1280, 900)
	want := expected(t)

	first, err := open(ctx, s.url)
	if err != nil {
		t.Fatal(err)
	}
	timings, _ := eval[map[string]any](ctx, "window.compilemodeTimings")
	t.Logf("first answer: %v (budget %v); page timings (ms): %v", first, firstAnswerBudget, timings)
	if first > firstAnswerBudget {
		reportBudget(t, "first answer after %v, over the %v budget", first, firstAnswerBudget)
	}
	// The first answer is the one the build computed for the form's first state, the
	// seed scenario on 2.11: it must be the library's too.
	if timings["prerendered"] != true {
		t.Errorf("the page did not show the prerendered answer for its first state (timings %v)", timings)
	}
	if got, err := text(ctx, "answer-text"); err != nil || got != want["seed 2.11"].Text {
		t.Errorf("the first answer differs from graphs.Check's (err %v):\n%s", err, cmp.Diff(want["seed 2.11"].Text, got))
	}
	firstLink := link(ctx, t)

	// The seed scenario, 2.11 beside 2.14.
	if err := set(ctx, "torch", "2.11", "compare", "2.14", "mode", "reduce-overhead", "devices", "2", "threads", "per-device"); err != nil {
		t.Fatal(err)
	}
	expectShown(ctx, t, want, shown{"seed compare", "answer-text", "answer-json"})
	if cmd, err := text(ctx, "command"); err != nil || cmd != "compilemode -no-env -torch 2.11,2.14 -mode reduce-overhead -devices 2 -threads per-device" {
		t.Errorf("the comparison's command line is %q (err %v), want the command's -torch 2.11,2.14", cmd, err)
	}
	seedLink := link(ctx, t)
	// The screenshots outlive the test (t.TempDir would remove them): a folder under
	// the system's temporary one, or WEB_SCREENSHOTS.
	screenshotDir := os.Getenv("WEB_SCREENSHOTS")
	if screenshotDir == "" {
		var err error
		if screenshotDir, err = os.MkdirTemp("", "compilemode-web-screenshots-"); err != nil {
			t.Fatal(err)
		}
	}
	screenshot(ctx, t, screenshotDir, "desktop.png")
	viewport, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err == nil {
		err = os.WriteFile(filepath.Join(screenshotDir, "viewport.png"), viewport, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}

	edit, err := editLatency(ctx)
	if err != nil {
		t.Fatal(err)
	}
	load, _ := loadAverage()
	t.Logf("edit to answer (2.11 compared with 2.14): median %v of %d after %d uncounted, slowest %v; medians of its parts: WebAssembly %v, showing %v (budget %v; load average %.1f on %d CPUs)",
		edit.median, editSamples, editWarmup, edit.slowest, edit.compute, edit.render, editBudget, load, goruntime.NumCPU())
	if edit.median > editBudget {
		reportBudget(t, "an edit takes %v (median of %d after %d uncounted; slowest %v) to show its answer, over the %v budget", edit.median, editSamples, editWarmup, edit.slowest, editBudget)
	}

	// Typed with the keyboard: the device count, then the tabs with the arrow keys.
	if _, err := eval[bool](ctx, `document.getElementById("devices").focus(), document.getElementById("devices").select(), true`); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("4")); err != nil {
		t.Fatal(err)
	}
	if typed, err := eval[string](ctx, `window.t_ready().then(() => document.getElementById("answer-text").textContent)`); err != nil || !strings.Contains(typed, "cuda:3") {
		t.Errorf("typing 4 devices: the answer has no cuda:3 (err %v):\n%s", err, typed)
	}
	// The counts are the command's (sweep finding 8): 1.5 devices is its error, shown;
	// a field the thread layout does not use is disabled and left out of the call.
	if err := set(ctx, "compare", "", "devices", "1.5"); err != nil {
		t.Fatal(err)
	}
	const fractional = `compilemode: invalid value "1.5" for flag -devices: want a whole number in decimal, e.g. 2`
	if got, err := text(ctx, "answer-text"); err != nil || !strings.Contains(got, fractional) {
		t.Errorf("devices 1.5: the page shows %q (err %v), want the command's %q", got, err, fractional)
	}
	if err := set(ctx, "devices", "2", "threads", "per-device", "callers", "3", "thread_pool", "4"); err != nil {
		t.Fatal(err)
	}
	if got, err := eval[string](ctx, `["callers", "thread_pool", "cold_start", "devices"].map((id) => id + "=" + document.getElementById(id).disabled).join(" ") + " " + document.getElementById("command").textContent`); err != nil ||
		!strings.HasPrefix(got, "callers=true thread_pool=true cold_start=true devices=false") || strings.Contains(got, "-callers") || strings.Contains(got, "-thread-pool") {
		t.Errorf("per-device: callers and thread_pool should be disabled and not given: %q (err %v)", got, err)
	}
	if got, err := text(ctx, "answer-text"); err != nil || strings.Contains(got, "compilemode:") {
		t.Errorf("per-device with a callers count left in its disabled field: refused (err %v):\n%s", err, got)
	}
	if err := set(ctx, "callers", "", "thread_pool", "", "devices", "4"); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS("#tab-call")), chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	if active, err := eval[string](ctx, `document.activeElement.id + " " + document.getElementById("panel-log").hidden`); err != nil || active != "tab-log false" {
		t.Errorf("ArrowRight on the first tab: focus and panel %q, want the log tab shown (err %v)", active, err)
	}

	// A real log, pasted.
	logSrc, err := os.ReadFile(realLog)
	if err != nil {
		t.Fatal(err)
	}
	if err := set(ctx, "log", string(logSrc)); err != nil {
		t.Fatal(err)
	}
	expectShown(ctx, t, want, shown{"log", "answer-text", "answer-json"})
	screenshot(ctx, t, screenshotDir, "log.png")
	logLink := link(ctx, t)

	// A real script, pasted.
	scriptSrc, err := os.ReadFile(realScript)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS("#tab-log")), chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	if err := set(ctx, "script-name", "train.py", "script", string(scriptSrc)); err != nil {
		t.Fatal(err)
	}
	expectShown(ctx, t, want, shown{"script", "answer-text", "answer-json"})
	screenshot(ctx, t, screenshotDir, "script.png")
	scriptLink := link(ctx, t)

	// The same log and script, dropped onto their areas as files.
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS("#tab-script")), chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	if err := dropFile(ctx, "log", realLog); err != nil {
		t.Fatalf("dropping the log: %v", err)
	}
	expectShown(ctx, t, want, shown{"log", "answer-text", "answer-json"})
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.CSS("#tab-log")), chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	if err := set(ctx, "script-name", ""); err != nil {
		t.Fatal(err)
	}
	if err := dropFile(ctx, "script", realScript); err != nil {
		t.Fatalf("dropping the script: %v", err)
	}
	if name, err := eval[string](ctx, `document.getElementById("script-name").value`); err != nil || name != "train.py" {
		t.Errorf("dropping train.py: the script's name is %q, want train.py (err %v)", name, err)
	}
	expectShown(ctx, t, want, shown{"script", "answer-text", "answer-json"})

	if n := reqs.count(s.url + "app.wasm"); n != 1 {
		t.Errorf("the page fetched app.wasm %d times, want once (its preload reused)", n)
	}

	// Each link, in a fresh tab. A link to the form's first state shows the answer the
	// build computed, as the page's first state does.
	func() {
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		if _, err := open(tab, firstLink); err != nil {
			t.Fatalf("opening a link to the first state: %v", err)
		}
		pre, err := eval[bool](tab, "window.compilemodeTimings.prerendered === true")
		if err != nil || !pre {
			t.Errorf("a link to the form's first state was not answered from the prerendered answer (err %v)", err)
		}
		if got, err := text(tab, "answer-text"); err != nil || got != want["seed 2.11"].Text {
			t.Errorf("a link to the first state shows another answer (err %v):\n%s", err, cmp.Diff(want["seed 2.11"].Text, got))
		}
	}()
	expectLink(ctx, t, "seed", seedLink, want["seed compare"].Text)
	expectLink(ctx, t, "log", logLink, want["log"].Text)
	expectLink(ctx, t, "script", scriptLink, want["script"].Text)

	// 360 px wide, the seed scenario's answer.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 740), chromedp.Navigate(seedLink)); err != nil {
		t.Fatal(err)
	}
	if _, err := eval[bool](ctx, hooks+";\nwindow.t_ready()"); err != nil {
		t.Fatal(err)
	}
	overflow, err := eval[bool](ctx, "document.documentElement.scrollWidth > 362")
	if err != nil {
		t.Fatal(err)
	}
	if overflow {
		t.Errorf("at 360 px the page scrolls sideways")
	}
	screenshot(ctx, t, screenshotDir, "narrow-360.png")
	if shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
		if err := os.WriteFile(filepath.Join(screenshotDir, "narrow-360-top.png"), shot, 0o644); err != nil {
			t.Log(err)
		}
	}
	if _, err := eval[bool](ctx, `document.getElementById("answer").scrollIntoView(); true`); err != nil {
		t.Fatal(err)
	}
	if shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
		if err := os.WriteFile(filepath.Join(screenshotDir, "narrow-360-answer.png"), shot, 0o644); err != nil {
			t.Log(err)
		}
	}
	dark := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return err
	})
	if err := chromedp.Do(ctx, dark); err != nil {
		t.Fatal(err)
	}
	if shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
		if err := os.WriteFile(filepath.Join(screenshotDir, "narrow-360-dark.png"), shot, 0o644); err != nil {
			t.Log(err)
		}
	}

	if f := reqs.foreign(strings.TrimSuffix(s.url, "/")); len(f) > 0 {
		t.Errorf("the page requested other origins: %q", f)
	}
}

// BenchmarkPage prints the page's budgets: time to the first answer of a fresh tab
// (the form's first state, answered at build time), time to the first answer of a
// shared link (computed by the WebAssembly: the worker's start and the first plan of
// a release) to the call and to the log tab (the sample log, diagnosed), an edit's time
// to its answer (median of five) and the part of it the WebAssembly computes, and the
// transfer size.
//
//	go test -run '^$' -bench Page ./examples/web/
func BenchmarkPage(b *testing.B) {
	ctx, _ := browser(b, 1280, 900)
	s := servedSite(b)
	size, err := transferBytes(s)
	if err != nil {
		b.Fatal(err)
	}
	logSrc, err := os.ReadFile(realLog)
	if err != nil {
		b.Fatal(err)
	}
	var firsts, edits, computes []time.Duration
	var call, log linkTimes
	for b.Loop() {
		tab, cancel := chromedp.NewContext(ctx)
		first, err := open(tab, s.url)
		if err != nil {
			b.Fatal(err)
		}
		edit, err := editLatency(tab)
		if err != nil {
			b.Fatal(err)
		}
		callURL, err := eval[string](tab, "window.compilemodeLink()")
		if err == nil {
			_, err = eval[bool](tab, `document.getElementById("tab-log").click(); true`)
		}
		if err == nil {
			err = set(tab, "log", string(logSrc))
		}
		logURL, err := linkAfter(tab, err)
		cancel()
		if err == nil {
			err = call.open(ctx, callURL)
		}
		if err == nil {
			err = log.open(ctx, logURL)
		}
		if err != nil {
			b.Fatal(err)
		}
		firsts, edits = append(firsts, first), append(edits, edit.median)
		computes = append(computes, edit.compute)
	}
	b.ReportMetric(float64(mid(firsts).Microseconds())/1000, "first-answer-ms")
	call.report(b, "link")
	log.report(b, "log-link")
	b.ReportMetric(float64(mid(edits).Microseconds())/1000, "edit-ms")
	b.ReportMetric(float64(mid(computes).Microseconds())/1000, "edit-wasm-ms")
	b.ReportMetric(float64(size), "transfer-gzip-bytes")
	load, _ := loadAverage()
	b.Logf("budgets: first answer %v (≤ %v), a shared link's first answer %v (≤ %v; its worker ready at %v, its computation %v), a log link's %v (worker ready at %v, computation %v), edit %v (≤ %v; %v of it in WebAssembly), transfer %d bytes gzipped (≤ %d); load average %.1f on %d CPUs",
		mid(firsts), firstAnswerBudget, mid(call.firsts), linkBudget, mid(call.ready), mid(call.compute), mid(log.firsts), mid(log.ready), mid(log.compute),
		mid(edits), editBudget, mid(computes), size, transferBudget, load, goruntime.NumCPU())
}

// mid returns the median of ds (sorting ds).
func mid(ds []time.Duration) time.Duration { slices.Sort(ds); return ds[len(ds)/2] }

// linkAfter returns the page's link once err, the step before, is nil.
func linkAfter(tab context.Context, err error) (string, error) {
	if err != nil {
		return "", err
	}
	return eval[string](tab, "window.compilemodeLink()")
}

// linkTimes are a shared link's times, one per opening: to its first answer, the
// worker ready (WebAssembly compiled and instantiated, Go started; ms since the
// navigation) and its first computation.
type linkTimes struct{ firsts, ready, compute []time.Duration }

// open opens link in a fresh tab and records its times.
func (l *linkTimes) open(ctx context.Context, link string) error {
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	first, err := open(tab, link)
	if err != nil {
		return err
	}
	tm, err := eval[struct{ WorkerReady, FirstCompute float64 }](tab, "window.compilemodeTimings")
	if err != nil {
		return err
	}
	ms := func(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
	l.firsts, l.ready, l.compute = append(l.firsts, first), append(l.ready, ms(tm.WorkerReady)), append(l.compute, ms(tm.FirstCompute))
	return nil
}

// report reports the medians as metrics named NAME-first-answer-ms,
// NAME-worker-ready-ms and NAME-compute-ms.
func (l *linkTimes) report(b *testing.B, name string) {
	b.ReportMetric(float64(mid(l.firsts).Microseconds())/1000, name+"-first-answer-ms")
	b.ReportMetric(float64(mid(l.ready).Microseconds())/1000, name+"-worker-ready-ms")
	b.ReportMetric(float64(mid(l.compute).Microseconds())/1000, name+"-compute-ms")
}

// TestTransferSize checks the page's gzipped size against its budget.
func TestTransferSize(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("builds the WebAssembly (.ci/run runs this test without -race)")
	}
	s := servedSite(t)
	size, err := transferBytes(s)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("transfer: %d bytes gzipped (budget %d)", size, transferBudget)
	if size > transferBudget {
		t.Errorf("the page is %d bytes gzipped, %d over the %d budget", size, size-transferBudget, transferBudget)
	}
}

// transferBytes is the page's gzipped size in bytes, what a browser downloads: every
// file of s.dir as s's handler sends it to a client that accepts gzip once every
// stream is smallgzip's (from the cache or computed: NewHandler), each checked
// to decompress (compress/gzip) to the file.
func transferBytes(s site) (int, error) {
	<-s.ready // measured as served once ready, not with the fast streams sent before
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		want, err := os.ReadFile(filepath.Join(s.dir, e.Name()))
		if err != nil {
			return 0, err
		}
		req, err := http.NewRequest("GET", s.url+e.Name(), nil)
		if err != nil {
			return 0, err
		}
		req.Header.Set("Accept-Encoding", "gzip") // set here, so the client does not decompress
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			return 0, err
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return 0, err
		}
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" {
			return 0, fmt.Errorf("%s: status %d, Content-Encoding %q", e.Name(), resp.StatusCode, resp.Header.Get("Content-Encoding"))
		}
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return 0, fmt.Errorf("%s: %w", e.Name(), err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(got, want) {
			return 0, fmt.Errorf("%s: the gzip sent does not decompress to the file (%v)", e.Name(), err)
		}
		n += len(body)
	}
	return n, nil
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}
