package diagnose

import (
	"regexp/syntax"
	"slices"
	"testing"
)

// TestPruneClause checks that a gate's clause keeps one literal of each that another of
// its literals makes needless, and that the gate admits the texts it did: the clause is
// met where it was, ending where it did (meetsFrom).
func TestPruneClause(t *testing.T) {
	for _, c := range []struct {
		expr   string
		want   []string // the pruned clause's literals
		texts  []string // texts whose verdict must not change
		reason string
	}{
		{`(?i)[ab]python|\bpython\b|python!`, []string{"python"},
			[]string{"Python 3.12", "apython", "py 3.12"}, "one literal three times"},
		{`compile\b|compil(?:es|ed)|dynamo`, []string{"compil", "dynamo"},
			[]string{"compiled", "dynamo", "comp"}, "compile holds compil: every text with it has compil"},
		{`(?i)[xy]COMPILE|\bcompil\b`, []string{"compil"},
			[]string{"xCOMPILE", "Compil", "compiles"}, "both without regard to case"},
		{`Compile|(?i)compil(?:es|ed)`, []string{"Compile", "compil"},
			[]string{"Compile", "COMPILES"}, "one with regard to case, one without: both kept"},
		{`abc|ab|b`, []string{"b"}, []string{"abc", "b", "a"}, "a chain: the shortest is left"},
	} {
		re, err := syntax.Parse(c.expr, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		cs := prunedHold(re)
		if len(cs) != 1 {
			t.Fatalf("%s: %d clauses (%s)", c.expr, len(cs), c.reason)
		}
		var got []string
		for _, l := range cs[0] {
			got = append(got, string(l.lit))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: pruned to %q, want %q (%s)", c.expr, got, c.want, c.reason)
		}
		whole := &gate{clauses: mustHold(re)}
		pruned := &gate{clauses: cs}
		for _, text := range c.texts {
			var s1, s2 []byte
			in1, in2 := gateText{text: []byte(text), scratch: &s1}, gateText{text: []byte(text), scratch: &s2}
			e1, ok1 := in1.meetsFrom(whole.clauses[0], 0)
			e2, ok2 := in2.meetsFrom(pruned.clauses[0], 0)
			if ok1 != ok2 || e1 != e2 {
				t.Errorf("%s on %q: met %v at %d, pruned %v at %d (%s)", c.expr, text, ok1, e1, ok2, e2, c.reason)
			}
		}
	}
}
