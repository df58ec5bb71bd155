package script

import (
	"fmt"

	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// A config global assigned `A if C else B` (literals A and B) or a comparison
// (`device not in ["cpu", "mps"]`, `x == "cuda"`, `not flag`: True or False) is
// planned as Python would run `if C: KEY = A else: KEY = B`: each value is a branch
// of one if/else chain, and every site it is in force for is planned under each
// (unseen2: u15 torchchat generate, u16 torchchat eval).

// comparison matches source text whose outermost operation can be a comparison or a
// "not": its values are True and False.
var comparison = &lazyregexp.Regexp{Expr: `^not\s|\s(==|!=|<=|>=|<|>|in|not\s+in|is|is\s+not)\s`}

// valueBranches records the global KEY = v as an if/else of the literals v can be,
// and reports whether v was one.
func (r *reader) valueBranches(line int, key string, v *expr, via string) bool {
	vals, conds := r.valueAlternatives(v)
	if len(vals) < 2 {
		return false
	}
	r.chains++
	chain := r.chains
	head := fmt.Sprintf("if %s (line %d)", conds[0], line)
	for i, val := range vals {
		g := guard{text: head, chain: chain, branch: int32(i), nbranch: int32(len(vals)), hasElse: true, head: head}
		if i > 0 {
			g.text = fmt.Sprintf("else (line %d) of %s", line, head)
		}
		r.guards = append(r.guards, g)
		r.out.Globals = append(r.out.Globals, Global{Line: line, Key: key, Value: val, Literal: true, Via: via, Guard: r.guardText()})
		r.inForce(line, key+"="+val)
		r.guards = r.guards[:len(r.guards)-1]
	}
	return true
}

// valueAlternatives returns the literal values v can be, in branch order, and the
// condition that picks the first: both branches of a if c else b when both are
// literals, or True and False for a comparison.
func (r *reader) valueAlternatives(v *expr) (vals, conds []string) {
	switch {
	case v == nil:
		return nil, nil
	case v.kind == ifElse && len(v.elts) == 3:
		a, aok := r.literal(v.elts[0])
		b, bok := r.literal(v.elts[2])
		if !aok || !bok || a.String() == b.String() {
			return nil, nil
		}
		return []string{a.String(), b.String()}, []string{oneLine(r.text(v.elts[1]))}
	case v.kind == other && !v.is(dictDisplay) && !v.is(comp) && comparison.MatchString(oneLine(r.text(v))):
		return []string{"True", "False"}, []string{oneLine(r.text(v))}
	}
	return nil, nil
}
