package script

import (
	"math"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// A condition on one variable's value that envValueTruth's forms do not read
// (script14 item 3: bool(int(os.getenv("X", "0"))), int(os.environ.get("X", 0)) > 0,
// int(os.getenv("X", "0")) == 1, float(…) > 0.5, str(…) == "1") is decided by
// evaluating it as Python does, each read of the variable (os.environ.get(K[, D]),
// os.getenv(K[, D]), os.environ[K]) replaced by its value in the environment given,
// else its default (None without one; os.environ[K] unset raises KeyError: not
// decided), and int(…) or float(…) of a str value converted as Python converts it
// (surrounding whitespace stripped, a sign allowed; what Python refuses, ValueError,
// is not decided, and so are "1_0", hex and a float's inf and nan, which it takes); the literal evaluator computes the rest. A condition with anything
// else in it (another name, a second variable, a call the evaluator refuses) is not
// decided.

// envEvalTruth decides cond so (ok false: not such a condition, or no environment given).
func (r *reader) envEvalTruth(cond string) (bool, string, bool) {
	var b strings.Builder
	k := ""
	for rest := cond; ; {
		i, j, v, name, ok := r.envReadIn(rest)
		if i < 0 && ok {
			b.WriteString(rest)
			break
		}
		if !ok || k != "" && name != k {
			return false, "", false
		}
		k = name
		b.WriteString(rest[:i])
		b.WriteString("(" + v.String() + ")")
		rest = rest[j:]
	}
	if k == "" {
		return false, "", false
	}
	v, err := literal.Parse(b.String())
	if err != nil {
		return false, "", false
	}
	return v.Truthy(), r.envWhere(k), true
}

// envReadIn finds the first read of a variable in s: it spans s[i:j] (int(…) or
// float(…) around it included when its value is a str) and has value v; i < 0 when s
// holds none. ok is false for a read it cannot value (a key not a str literal, unset
// os.environ[K], a conversion Python refuses).
func (r *reader) envReadIn(s string) (i, j int, v literal.Value, k string, ok bool) {
	i, sub := -1, false
	for _, p := range []string{"os.environ.get(", "os.getenv(", "os.environ["} {
		if at := identAt(s, p); at >= 0 && (i < 0 || at < i) {
			i, sub = at, p[len(p)-1] == '['
		}
	}
	if i < 0 {
		return -1, 0, literal.Value{}, "", true
	}
	open := i + strings.IndexAny(s[i:], "([")
	end := closingAt(s, open)
	if end < 0 {
		return 0, 0, literal.Value{}, "", false
	}
	v, k, ok = r.readValue(s[open+1:end], sub)
	if !ok {
		return 0, 0, literal.Value{}, "", false
	}
	i, j, v, ok = convertedRead(s, i, end+1, v)
	return i, j, v, k, ok
}

// readValue returns the value of a read whose arguments are args (sub: os.environ[K])
// and the variable it reads (ok false: args are not K[, D] with K a str literal, or
// os.environ[K] of an unset K, a KeyError).
func (r *reader) readValue(args string, sub bool) (v literal.Value, k string, ok bool) {
	tv, err := literal.Parse("(" + args + ",)")
	items := tv.Items()
	if err != nil || len(items) == 0 || len(items) > 2 || sub && len(items) != 1 {
		return literal.Value{}, "", false
	}
	k, isStr := items[0].AsStr()
	v = literal.None()
	if len(items) == 2 {
		v = items[1]
	}
	if val, set := r.envValueOf(k); set {
		v = literal.Str(val)
	} else if sub {
		return literal.Value{}, "", false
	}
	return v, k, isStr
}

// convertedRead widens the read s[i:j] of value v to int(…) or float(…) around it when
// v is a str, converting it as Python does (ok false: Python raises ValueError).
func convertedRead(s string, i, j int, v literal.Value) (int, int, literal.Value, bool) {
	str, isStr := v.AsStr()
	before := strings.TrimRight(s[:i], " \t")
	after := strings.TrimLeft(s[j:], " \t")
	for _, f := range []string{"int(", "float("} {
		if !isStr || !strings.HasSuffix(before, f) || !strings.HasPrefix(after, ")") || identAt(before[len(before)-len(f):], f) != 0 {
			continue
		}
		if identEnd(before[:len(before)-len(f)]) {
			continue // myint( or x.int(: not the builtin
		}
		t := strings.TrimSpace(str)
		if strings.ContainsAny(t, "_xXoObB") && f == "int(" || strings.ContainsAny(t, "_xXpP") {
			return 0, 0, literal.Value{}, false // not decided (some of these Python takes; none is common)
		}
		nj := len(s) - len(after) + 1
		if f == "int(" {
			n, err := strconv.ParseInt(t, 10, 64)
			return len(before) - len(f), nj, literal.Int(n), err == nil
		}
		x, err := strconv.ParseFloat(t, 64)
		return len(before) - len(f), nj, literal.Float(x), err == nil && !math.IsInf(x, 0) && !math.IsNaN(x) // inf, nan: not decided (no literal writes them)
	}
	return i, j, v, true
}

// identAt returns where p first starts in s not right after a name's character or a
// dot (-1: nowhere).
func identAt(s, p string) int {
	for off := 0; off < len(s); {
		at := strings.Index(s[off:], p)
		if at < 0 {
			return -1
		}
		if !identEnd(s[:off+at]) {
			return off + at
		}
		off += at + 1
	}
	return -1
}

// identEnd reports whether s ends with a name's character or a dot.
func identEnd(s string) bool {
	if s == "" {
		return false
	}
	c := s[len(s)-1]
	return c == '_' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// closingAt returns the index of the bracket that closes the one at s[open], skipping
// str literals (-1: none).
func closingAt(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth--; depth == 0 {
				return i
			}
		case '\'', '"':
			for i++; i < len(s) && s[i] != c; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		}
	}
	return -1
}
