package script

import (
	"fmt"
	"strings"
)

// torch.compiler.config globals (unseen6 y22: OLMo-core's
// `torch.compiler.config.dynamic_sources += "L['kwargs']['max_doc_len'],"`).
// torch.compiler.config is a config module of its own, apart from Dynamo's and
// Inductor's (torch/compiler/config.py in PyTorch's sources, the code corpus:
// `dynamic_sources: str = Config(env_name_default="TORCH_COMPILE_DYNAMIC_SOURCES",
// default="")`, "sources that should be marked as dynamic"): an assignment or augmented assignment to one of its keys is
// said as a global, not planned, and never read as an Inductor key. An augmented
// assignment to a Dynamo key (torch._dynamo.config.cache_size_limit += 8) is said the
// same way: its value depends on the one before.

// compilerConfig is the dotted path of torch.compiler's config module.
const compilerConfig = "torch.compiler.config"

// otherConfigGlobal records t = v, or t OP= v when op is not "=", on a
// torch.compiler.config key, or t OP= v on a Dynamo key, and reports whether it did.
func (r *reader) otherConfigGlobal(t, v *expr, op string) bool {
	q := r.qual(t)
	what := globalKind(Global{Key: q})
	if what == "Inductor" || what == "Dynamo" && op == "=" {
		return false // neither a torch.compiler.config key nor an augmented assignment to a Dynamo key
	}
	g := Global{Line: int(t.line), Key: q, Value: r.text(v), Via: "assign; " + what + ", not planned", Guard: r.guardText()}
	if op != "=" {
		g.Op, g.Via = op, fmt.Sprintf("augmented assignment; %s, not planned", what)
	}
	if lit, ok := r.literal(v); ok {
		g.Value, g.Literal = lit.String(), true
	}
	r.out.Globals = append(r.out.Globals, g)
	return true
}

// augGlobal records an augmented assignment statement s to a config key
// (otherConfigGlobal).
func (r *reader) augGlobal(s *stmt) {
	if len(s.targets) != 1 || s.value == nil || s.targets[0].kind != attr {
		return
	}
	t := s.targets[0]
	op := strings.TrimSpace(r.src[t.end:s.value.start])
	r.otherConfigGlobal(t, s.value, op)
}

// globalKind is what config module g sets a key of: "Inductor", "Dynamo" or
// "torch.compiler.config".
func globalKind(g Global) string {
	switch {
	case strings.HasPrefix(g.Key, dynamoConfig+"."):
		return "Dynamo"
	case strings.HasPrefix(g.Key, compilerConfig+"."):
		return "torch.compiler.config"
	}
	return "Inductor"
}
