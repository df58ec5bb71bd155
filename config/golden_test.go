package config

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/modes"
)

var update = flag.Bool("update", false, "rewrite the golden files under ../testdata/resolve")

// TestGoldenPerVersion pins, for every supported release, its mode table and
// torch.compile's errors (modes.golden) and the resolved config of each mode
// (<mode>.golden: the keys the mode sets, sorted, "key=value  # origin", then the
// CUDA-graph verdict and the warnings). Rewrite with go test ./config -update.
func TestGoldenPerVersion(t *testing.T) {
	t.Parallel()
	for _, v := range modes.Supported() {
		r, err := NewResolver(v)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join("..", "testdata", "resolve", v.String())
		files := map[string]string{"modes.golden": goldenModes(t, r)}
		for _, e := range r.Table().Entries {
			mode := string(e.Mode)
			res, err := r.Resolve(Request{Mode: &mode})
			if err != nil {
				t.Fatalf("%s %s: %v", v, mode, err)
			}
			files[mode+".golden"] = goldenResult(res)
		}
		for name, got := range files {
			path := filepath.Join(dir, name)
			if *update {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./config -update)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
			}
		}
	}
}

func goldenModes(t *testing.T, r *Resolver) string {
	var b strings.Builder
	tbl := r.Table()
	fmt.Fprintf(&b, "# torch %s mode table (%s: %s)\n", tbl.Torch, tbl.Evidence, tbl.SourceNote)
	for _, e := range tbl.Entries {
		fmt.Fprintf(&b, "%s: %s\n", e.Mode, e.Patch)
	}
	fmt.Fprintf(&b, "# schema %s (%s), %d keys\n", r.Schema().Torch, r.SchemaEvidence(), r.Schema().Len())
	try := func(label string, req Request) {
		_, err := r.Resolve(req)
		fmt.Fprintf(&b, "%s -> %s\n", label, orOK(pyErr(err)))
	}
	bogus, empty, def := "bogus", "", "default"
	emptyOpts := literal.Dict()
	try(`mode="bogus"`, Request{Mode: &bogus})
	try(`mode=""`, Request{Mode: &empty})
	try(`mode="default", options={}`, Request{Mode: &def, Options: &emptyOpts})
	for _, o := range []string{`{"max_autotune": 1}`, `{"max_autotune": True}`, `{"coordinate_descent_search_radius": True}`, `{"triton.cudagraph_dynamic_shape_warn_limit": 3}`, `{"guard_filter_fn": None}`} {
		opts := literal.MustParse(o)
		res, err := r.Resolve(Request{Options: &opts})
		line := orOK(pyErr(err))
		if err == nil {
			var ws []string
			for _, w := range res.Warnings {
				ws = append(ws, string(w.Code))
			}
			if len(ws) > 0 {
				line += " warnings " + strings.Join(ws, ",")
			}
		}
		if len(line) > 160 {
			line = line[:160] + "…"
		}
		fmt.Fprintf(&b, "options=%s -> %s\n", o, line)
	}
	return b.String()
}

func orOK(s string) string {
	if s == "" {
		return "ok"
	}
	return s
}

func goldenResult(res *Result) string {
	var lines []string
	for _, k := range res.Keys() {
		if k.Origin.Source != FromDefault {
			lines = append(lines, fmt.Sprintf("%s=%s  # %s", k.Key, k.Value, k.Origin))
		}
	}
	sort.Strings(lines)
	var ws []string
	for _, w := range res.Warnings {
		ws = append(ws, string(w.Code))
	}
	return fmt.Sprintf("%s\ncudagraphs=%v implementation=%s\nwarnings=%s\n", strings.Join(lines, "\n"), res.CUDAGraphs.Enabled, res.CUDAGraphs.Implementation, strings.Join(ws, ","))
}
