package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBrowserCompare: the form's "Compare with release" is the command's -torch A,B
// (newuser32: the page showed two plans side by side, without the command's defaults
// that differ): its Text and JSON views are what `compilemode -no-env -torch 2.6,2.11
// -mode max-autotune` prints (the files examples/compilemode's TestComparePageGolden
// checks the command against), the command line shown is that one, and the Readable
// view shows the differing defaults as a table, then each release's plan.
func TestBrowserCompare(t *testing.T) {
	s, ctx, _ := browserTest(t, 1280, 900)
	if _, err := open(ctx, s.url); err != nil {
		t.Fatal(err)
	}
	if err := set(ctx, "torch", "2.6", "compare", "2.11", "mode", "max-autotune", "devices", "1", "threads", "main"); err != nil {
		t.Fatal(err)
	}
	if cmd, err := text(ctx, "command"); err != nil || cmd != "compilemode -no-env -torch 2.6,2.11 -mode max-autotune" {
		t.Errorf("the command line shown is %q (err %v), want compilemode -no-env -torch 2.6,2.11 -mode max-autotune", cmd, err)
	}
	for _, v := range []struct{ view, id, file string }{{"text", "answer-text", "compare-max-autotune.txt"}, {"json", "answer-json", "compare-max-autotune.json"}} {
		want, err := os.ReadFile(filepath.Join("internal", "answer", "testdata", v.file))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(want), "autotune_fallback_to_aten") {
			t.Fatalf("%s lacks the defaults that differ", v.file)
		}
		if _, err := eval[bool](ctx, `document.getElementById("view-`+v.view+`").click(); window.t_ready()`); err != nil {
			t.Fatal(err)
		}
		got, err := text(ctx, v.id)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(want), got); diff != "" {
			t.Errorf("the %s view differs from the command's (-command +page):\n%s", v.view, diff)
		}
	}
	if _, err := eval[bool](ctx, `document.getElementById("view-read").click(); window.t_ready()`); err != nil {
		t.Fatal(err)
	}
	// The readable view's table rows, each as its cells joined by " | ", and its plans' titles.
	rows, err := eval[[]string](ctx, `[...document.querySelectorAll("#rendered-0 tr")].map((tr) => [...tr.cells].map((c) => c.textContent).join(" | "))`)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"EXIT | compiles | compiles",
		"autotune_fallback_to_aten | True (default) | False (default)",
		"graph_partition | (no such key) | True (default)",
		"cuda:0 | main | capture · cudagraph_trees | capture · cudagraph_trees",
	} {
		if !strings.Contains(strings.Join(rows, "\n"), want) {
			t.Errorf("the readable view has no table row %q; its rows:\n%s", want, strings.Join(rows, "\n"))
		}
	}
	if titles, err := eval[string](ctx, `[...document.querySelectorAll("#rendered-0 h3")].map((h) => h.textContent).join(", ")`); err != nil || titles != "torch 2.6, torch 2.11" {
		t.Errorf("the readable view's plans are %q (err %v), want torch 2.6 and torch 2.11 side by side", titles, err)
	}
	if st, err := text(ctx, "status"); err != nil || st != "exit 0: torch 2.6: compiles · torch 2.11: compiles" {
		t.Errorf("status = %q (err %v), want each release's exit", st, err)
	}
}
