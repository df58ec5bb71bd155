package config_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/modes"
)

// TestFirstCallGraph compares the first call of a function that makes a graph
// (Request.Graph) with testdata/torch/*-debian/firstcall_graph.json, written by
// testdata/probe/cpu_firstcall_graph.py: backend='eager', options={'guard_filter_fn': V}.
func TestFirstCallGraph(t *testing.T) {
	t.Parallel()
	for _, rel := range []struct {
		dir string
		v   modes.Version
	}{{"2.6.0-debian", modes.Version{Major: 2, Minor: 6}}, {"2.14.1-debian", modes.Version{Major: 2, Minor: 14}}} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "torch", rel.dir, "firstcall_graph.json"))
		if err != nil {
			t.Fatal(err)
		}
		var d struct {
			Calls map[string]json.RawMessage `json:"calls"`
		}
		if err := json.Unmarshal(data, &d); err != nil {
			t.Fatal(err)
		}
		r, err := config.NewResolver(rel.v)
		if err != nil {
			t.Fatal(err)
		}
		for src, raw := range d.Calls {
			want := "ok"
			var e []string
			if json.Unmarshal(raw, &e) == nil {
				want = fmt.Sprintf("%s: %s: %s", e[0], e[2], e[3])
			}
			opts := literal.MustParse("{'guard_filter_fn': " + src + "}")
			res, err := r.Resolve(config.Request{Backend: "eager", BackendGiven: true, Options: &opts, FirstCall: true, Graph: true})
			got := "ok"
			if err != nil {
				got = fmt.Sprintf("%s: %s", res.Stage, pyText(err))
			}
			if got != want {
				t.Errorf("%s guard_filter_fn=%s: got %q, want %q", rel.dir, src, got, want)
			}
		}
	}
}
