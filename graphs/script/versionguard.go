package script

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// Version guards, read for the release planned (sweep4 finding 13). torch.__version__
// is a TorchVersion (torch/torch_version.py @ 2.6.0 and 2.14.1: a str subclass whose
// comparisons compare as packaging versions, so torch.__version__ >= "2.10" holds on
// 2.11 although the strings compare the other way; measured in the 2.14.1 chroot),
// beginning "X.Y." for release X.Y. The forms read: torch.__version__ OP "V" (either
// side), version.parse(torch.__version__) OP version.parse("V") (packaging, also
// Version(…)), a tuple of its first components (tuple(int(x) for x in
// torch.__version__.split(".")[:2]) OP (2, 6), also through a name bound to one), and
// torch.__version__.startswith("V") (a str method: "2.1" is a prefix of "2.11.0").
// A comparison that needs the patch release (torch.__version__ >= "2.11.1" on 2.11)
// is left undecided.

var (
	verOperand  = `(?:torch\.__version__|(?:packaging\.)?(?:version\.)?(?:parse|Version)\(\s*torch\.__version__\s*\))`
	verLiteral  = `(?:(?:packaging\.)?(?:version\.)?(?:parse|Version)\(\s*)?(?:'([0-9][0-9.]*)'|"([0-9][0-9.]*)")\s*\)?`
	verCompare  = &lazyregexp.Regexp{Expr: `^` + verOperand + `\s*(>=|<=|==|!=|>|<)\s*` + verLiteral + `$`}
	verCompareL = &lazyregexp.Regexp{Expr: `^` + verLiteral + `\s*(>=|<=|==|!=|>|<)\s*` + verOperand + `$`}
	verTuple    = &lazyregexp.Regexp{Expr: `^(\w+|tuple\(.*torch\.__version__.*\))\s*(>=|<=|==|!=|>|<)\s*\(\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)$`}
	verTupleSrc = &lazyregexp.Regexp{Expr: `^tuple\((?:int\(\w+\)\s+for\s+\w+\s+in|map\(int,)\s*torch\.__version__\.split\(\s*['"]\.['"]\s*\)\s*\[\s*:\s*[23]\s*\]\s*\)?\)$`}
	verPrefix   = &lazyregexp.Regexp{Expr: `^(not\s+)?torch\.__version__\.startswith\(\s*(?:'([^'\\]*)'|"([^"\\]*)")\s*\)$`}
)

// versionTruth returns the value a guard's condition has on the release planned when
// it tests torch's version, where that is said, and whether it is one.
func (r *reader) versionTruth(cond string) (bool, string, bool) {
	if !r.hasTorch {
		return false, "", false
	}
	cond = strings.TrimSpace(cond)
	for strings.HasPrefix(cond, "(") && strings.HasSuffix(cond, ")") && !verTuple.MatchString(cond) {
		cond = strings.TrimSpace(cond[1 : len(cond)-1])
	}
	where := fmt.Sprintf("on torch %s, the release planned", r.torch)
	v, ok := r.versionValue(cond)
	return v, where, ok
}

// versionValue decides cond for the release planned (see versionTruth).
func (r *reader) versionValue(cond string) (bool, bool) {
	if m := verCompare.FindStringSubmatch(cond); m != nil {
		return r.versionCmp(m[1], m[2]+m[3], false)
	}
	if m := verCompareL.FindStringSubmatch(cond); m != nil {
		return r.versionCmp(m[3], m[1]+m[2], true)
	}
	if m := verTuple.FindStringSubmatch(cond); m != nil && r.versionSource(m[1]) {
		lit := m[3] + "." + m[4]
		if m[5] != "" {
			lit += "." + m[5]
		}
		return r.versionCmp(m[2], lit, false)
	}
	if m := verPrefix.FindStringSubmatch(cond); m != nil {
		head := fmt.Sprintf("%d.%d.", r.torch.Major, r.torch.Minor)
		p := m[2] + m[3]
		switch {
		case strings.HasPrefix(head, p):
			return m[1] == "", true
		case strings.HasPrefix(p, head):
			return false, false // the patch release decides
		}
		return m[1] != "", true
	}
	return false, false
}

// versionSource reports whether s is a tuple of torch.__version__'s components, or a
// name the file binds to one.
func (r *reader) versionSource(s string) bool {
	if verTupleSrc.MatchString(s) {
		return true
	}
	return r.versionNames[s]
}

// noteVersionName records a name bound to a tuple of torch.__version__'s components
// (TORCH_VERSION = tuple(int(x) for x in torch.__version__.split(".")[:2])).
func (r *reader) noteVersionName(t, v *expr) {
	if t.kind != name || v == nil {
		return
	}
	if verTupleSrc.MatchString(oneLine(r.text(v))) {
		if r.versionNames == nil {
			r.versionNames = map[string]bool{}
		}
		r.versionNames[t.name] = true
		return
	}
	delete(r.versionNames, t.name)
}

// versionCmp compares the release planned with the literal version lit by op (swapped:
// lit is on the left), as packaging compares them; false when the patch release
// would decide.
func (r *reader) versionCmp(op, lit string, swapped bool) (bool, bool) {
	parts := strings.Split(lit, ".")
	nums := make([]int, 3)
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || i >= 3 {
			return false, false
		}
		nums[i] = n
	}
	c := cmpInts(r.torch.Major, nums[0])
	if c == 0 {
		c = cmpInts(r.torch.Minor, nums[1])
	}
	if c == 0 && nums[2] != 0 {
		return false, false // X.Y.Z: the patch release decides
	}
	if swapped {
		c = -c
	}
	return opHolds(op, c), true
}

func cmpInts(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// opHolds reports whether a comparison op holds when its operands compare as c.
func opHolds(op string, c int) bool {
	switch op {
	case ">=":
		return c >= 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	case "<":
		return c < 0
	case "==":
		return c == 0
	}
	return c != 0
}

// releaseOf parses a ReadOptions.Torch release (false: none given or not one).
func releaseOf(s string) (modes.Version, bool) {
	if s == "" {
		return modes.Version{}, false
	}
	v, err := modes.ParseVersion(s)
	return v, err == nil
}

// guardTruth returns the value an if's condition has where the plan is made: a
// host-platform test on Linux, a version test on the release planned, an
// environment test in the environment given; and where that is, and whether cond is
// one of those.
func (r *reader) guardTruth(cond string) (bool, string, bool) {
	if v, ok := constantTruth(cond); ok {
		if strings.Contains(cond, "(") {
			return v, "(the constant the name holds, assigned once)", true
		}
		return v, "(a constant)", true
	}
	if v, ok := platformTruth(cond); ok {
		return v, "on " + PlannedPlatform + ", the platform planned", true
	}
	if v, where, ok := r.versionTruth(cond); ok {
		return v, where, true
	}
	if v, where, ok := r.envValueTruth(strings.TrimSpace(cond)); ok {
		return v, where, true
	}
	return r.envTruth(cond)
}

// dropOff drops the candidates assigned under a guard that does not hold where the
// plan is made (if torch.__version__ >= "2.10": MODE = "lite" on 2.5), unless none
// would be left.
func (r *reader) dropOff(cands []Candidate) []Candidate {
	if len(r.offLines) == 0 {
		return cands
	}
	var out []Candidate
	for _, c := range cands {
		if !r.offLines[c.Line] {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cands
	}
	return out
}

// constantTruth decides a condition that is a constant, or a name the file assigns once
// to one (condSource gives its value in parentheses), "not" kept: "if False:", "if 0:",
// "use_compile = False  # torch.compile interferes with HellaSwag eval" then "if
// use_compile:" (karpathy/build-nanogpt train_gpt2.py, newuser16 finding 4: the site was
// planned as conditional and counted for the exit). Python's falsy constants are False,
// 0, None and the empty string; True and 1 are true.
func constantTruth(cond string) (bool, bool) {
	s, neg := strings.TrimSpace(cond), false
	for n := 0; n < MaxNesting; n++ {
		switch {
		case strings.HasPrefix(s, "not "):
			s, neg = strings.TrimSpace(s[len("not "):]), !neg
		case strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")"):
			s = strings.TrimSpace(s[1 : len(s)-1])
		default:
			n = MaxNesting
		}
	}
	switch s {
	case "False", "0", "None", "''", `""`:
		return neg, true
	case "True", "1":
		return !neg, true
	}
	return false, false
}
