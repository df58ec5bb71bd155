package script

import (
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBranchSels: the globals of mutually exclusive branches are planned one branch
// at a time, never all together nor all left out when an else makes one run
// (usersweep item 4).
func TestBranchSels(t *testing.T) {
	t.Parallel()
	const head = "import os, torch\nimport torch._inductor.config as c\n"
	tests := []struct {
		name, body string
		want       []string // each combination: its description => the globals it keeps
	}{
		{"if else", "if USE:\n    c.triton.cudagraph_trees = True\nelse:\n    c.triton.cudagraph_trees = False\n", []string{
			"if USE (line 3) runs => triton.cudagraph_trees=True",
			"else (line 5) of if USE (line 3) runs => triton.cudagraph_trees=False"}},
		{"if elif else", "if A:\n    c.compile_threads = 1\nelif B:\n    c.compile_threads = 2\nelse:\n    c.compile_threads = 3\n", []string{
			"if A (line 3) runs => compile_threads=1",
			"elif B (line 5) runs => compile_threads=2",
			"else (line 7) of if A (line 3) runs => compile_threads=3"}},
		{"if elif, no else", "if A:\n    c.compile_threads = 1\nelif B:\n    c.compile_threads = 2\n", []string{
			"if A (line 3) runs => compile_threads=1",
			"elif B (line 5) runs => compile_threads=2",
			"none of if A (line 3), elif B (line 5) runs => "}},
		{"else without globals", "if A:\n    c.compile_threads = 1\nelse:\n    pass\n", []string{
			"if A (line 3) runs => compile_threads=1",
			"if A (line 3) does not run => "}},
		{"two ifs", "if A:\n    c.compile_threads = 1\nif B:\n    c.fx_graph_cache = True\n", []string{
			"if A (line 3) runs; if B (line 5) runs => compile_threads=1 fx_graph_cache=True",
			"if A (line 3) runs; if B (line 5) does not run => compile_threads=1",
			"if A (line 3) does not run; if B (line 5) runs => fx_graph_cache=True",
			"if A (line 3) does not run; if B (line 5) does not run => "}},
		{"try except", "try:\n    c.compile_threads = 1\nexcept Exception:\n    c.compile_threads = 2\n", []string{
			"try (line 3) runs; except Exception (line 5): runs only when the try block raises runs => compile_threads=1 compile_threads=2",
			"try (line 3) runs; except Exception (line 5): runs only when the try block raises does not run => compile_threads=1",
			"try (line 3) does not run; except Exception (line 5): runs only when the try block raises runs => compile_threads=2",
			"try (line 3) does not run; except Exception (line 5): runs only when the try block raises does not run => "}},
		{"unconditional", "c.compile_threads = 1\n", []string{" => "}},
	}
	seeds := [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("b.py", []byte(head+tc.body+"m = torch.compile(f)\n"))
			if err != nil {
				t.Fatal(err)
			}
			st := &s.Sites[0]
			sels, _ := branchSels(st, newSetIndex(s, seeds))
			var got []string
			for _, sel := range sels {
				var kept []string
				for j, kv := range st.set {
					if m := sel.mask(); m == nil || m[j] {
						kept = append(kept, kv)
					}
				}
				if len(st.set) > 0 && len(kept) == len(st.set) && sel.desc == "" {
					kept = nil
				}
				got = append(got, sel.desc+" => "+strings.Join(kept, " "))
			}
			if tc.name == "unconditional" {
				got = []string{strings.SplitN(got[0], " => ", 2)[0] + " => "}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("combinations mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestBranchHeadsWrap: the heads naming long guards are wrapped to the width.
func TestBranchHeadsWrap(t *testing.T) {
	t.Parallel()
	cond := "os.environ.get(\"A_VERY_LONG_ENVIRONMENT_VARIABLE_NAME_FOR_THIS_TEST\") == \"1\""
	src := "import os, torch\nimport torch._inductor.config as c\nif " + cond + ":\n    c.triton.cudagraph_trees = True\nelse:\n    c.triton.cudagraph_trees = False\nm = torch.compile(f, mode=\"reduce-overhead\")\n"
	s, err := readBytes("w.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.PlanWith(PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := p.WriteText(&b, 100); err != nil {
		t.Fatal(err)
	}
	// The first plan is the else's (the variable not set: the run given nothing), the
	// other is headed by the if's long condition.
	if !strings.Contains(b.String(), "-- when if os.environ.get(\"A_VERY_LONG") {
		t.Fatalf("no branch head:\n%s", b.String())
	}
	for _, l := range strings.Split(b.String(), "\n") {
		if len([]rune(l)) > 100 {
			t.Errorf("line of %d columns: %q", len([]rune(l)), l)
		}
	}
}

// TestStateWithout: the index's state of a prefix with some globals left out is the
// state prefixStates gives the globals kept, whatever the keys, values and repeats
// (the index answers in time independent of the prefix's length; it replaced a
// pass over the kept globals per site and combination).
func TestStateWithout(t *testing.T) {
	t.Parallel()
	seeds := [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 2000; trial++ {
		n := 1 + rng.IntN(12)
		items := make([]string, n)
		for j := range items {
			items[j] = fmt.Sprintf("k%d=%d", rng.IntN(3), rng.IntN(3))
		}
		ix := &setIndex{seeds: seeds, items: items, states: prefixStatesSeeded(items, seeds), hash: make([][2]uint64, n), keyAt: map[string][]int32{}, itemAt: map[string][]int32{}}
		for j, kv := range items {
			for h := range ix.hash[j] {
				ix.hash[j][h] = maphash.String(seeds[h], kv)
			}
			k, _, _ := strings.Cut(kv, "=")
			ix.keyAt[k] = append(ix.keyAt[k], int32(j))
			ix.itemAt[kv] = append(ix.itemAt[kv], int32(j))
		}
		prefix := 1 + rng.IntN(n)
		var drop []int32
		var kept []string
		for j := 0; j < prefix; j++ {
			if rng.IntN(3) == 0 {
				drop = append(drop, int32(j))
			} else {
				kept = append(kept, items[j])
			}
		}
		want := prefixStatesSeeded(kept, seeds)[len(kept)]
		if got := ix.stateWithout(prefix, drop); got != want {
			t.Fatalf("items %q, prefix %d, drop %v: state %+v, want %+v", items, prefix, drop, got, want)
		}
	}
}
