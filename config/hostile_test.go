package config

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/config/strictjson"
	"github.com/compilemode/compilemode/modes"
)

// refDistance is the plain O(len(a)·len(b)) Levenshtein distance.
func refDistance(a, b []rune) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// TestEditDistanceWithin checks the banded distance against the plain one.
func TestEditDistanceWithin(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewSource(1))
	gen := func() []rune {
		b := make([]rune, r.Intn(12))
		for i := range b {
			b[i] = rune('a' + r.Intn(3))
		}
		return b
	}
	var rows [2][]int
	for it := 0; it < 50000; it++ {
		a, b, k := gen(), gen(), r.Intn(8)
		want := refDistance(a, b)
		d, ok := editDistanceWithin(a, b, k, &rows)
		if ok != (want <= k) || (ok && d != want) {
			t.Fatalf("editDistanceWithin(%q, %q, %d) = %d, %v; want %d", string(a), string(b), k, d, ok, want)
		}
	}
}

// TestHostileText pins how NUL, byte order marks, invalid UTF-8 and control
// characters are handled: refused with the offset where Python refuses them too (the
// Python column shows what Python 3.11 does with the same text), accepted where
// Python accepts them.
func TestHostileText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		src    string
		offset int    // -1: accepted
		python string // what ast.literal_eval (or json.loads) does with it
	}{
		{"nul-after-dict", "{'a': 1}\x00junk", 8, "SyntaxError: source code string cannot contain null bytes"},
		{"nul-in-string", "'a\x00b'", 2, "SyntaxError: source code string cannot contain null bytes"},
		{"bom", "\ufeff{}", 0, "SyntaxError: invalid non-printable character U+FEFF"},
		{"bom-in-string", "'\ufeff'", -1, "accepted: '\\ufeff'"},
		{"control-in-string", "'\x01'", -1, "accepted: '\\x01'"},
		{"control-outside", "\x01{}", 0, "SyntaxError: invalid non-printable character U+0001"},
		{"invalid-utf8", "{'a': '\xff'}", 7, "(argv and files decode it with surrogateescape; the library refuses it rather than turn it into U+FFFD)"},
		{"digits-after-comment-quote", "# '\n" + strings.Repeat("7", 4301), 4, "SyntaxError: Exceeds the limit (4300 digits)"},
		{"digits-after-triple", "['''a''', " + strings.Repeat("7", 4301) + "]", 10, "SyntaxError: Exceeds the limit (4300 digits)"},
		{"digits-in-triple", "'''" + strings.Repeat("7", 5000) + "'''", -1, "accepted: a string"},
		{"hex-long", "0x" + strings.Repeat("f", 5000), 0, "accepted (the library refuses it: MaxNonDecimalDigits)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := literal.Parse(tc.src)
			if tc.offset < 0 {
				if err != nil {
					t.Errorf("literal.Parse(%.40q) = %v; Python: %s", tc.src, err, tc.python)
				}
				return
			}
			var le *literal.Error
			if !errors.As(err, &le) || le.Offset != tc.offset {
				t.Errorf("literal.Parse(%.40q) = %v, want a *literal.Error at offset %d; Python: %s", tc.src, err, tc.offset, tc.python)
			}
		})
	}
}

// TestLimitErrors checks that every limit is refused with a *LimitError naming it.
func TestLimitErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, limit string
		err         error
	}{
		{"literal-bytes", "literal.MaxBytes", second(literal.Parse(strings.Repeat(" ", literal.MaxBytes) + "1"))},
		{"literal-depth", "literal.MaxDepth", second(literal.Parse(strings.Repeat("[", 65)))},
		{"int-digits", "literal.MaxIntDigits", second(literal.Parse(strings.Repeat("1", 4301)))},
		{"hex-digits", "literal.MaxNonDecimalDigits", second(literal.Parse("0x" + strings.Repeat("1", 4301)))},
		{"key-parts", "schema.MaxKeyParts", second(ParseAssignment(strings.Repeat("a.", 32) + "a=1"))},
		{"json-depth", "strictjson.MaxDepth", strictjson.Check([]byte(`{"a":` + strings.Repeat("[", 64) + strings.Repeat("]", 64) + "}"))},
		{"schema-bytes", "schema.MaxBytes", second(schema.Load("x", bytes.NewReader(make([]byte, schema.MaxBytes+1))))},
		{"env-entries", "config.MaxEnvEntries", second(Resolve(modes.DefaultRelease(), Request{Env: func() []string { return make([]string, MaxEnvEntries+1) }}))},
	}
	for _, tc := range tests {
		var le *inputerr.LimitError
		if !errors.As(tc.err, &le) || le.Limit != tc.limit {
			t.Errorf("%s: %v, want a *LimitError for %s", tc.name, tc.err, tc.limit)
		} else if !strings.Contains(tc.err.Error(), tc.limit) {
			t.Errorf("%s: %q does not name %s", tc.name, tc.err, tc.limit)
		}
	}
}

func second[T any](_ T, err error) error { return err }

// optionsOf builds a Python options dict of about n bytes.
func optionsOf(n int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := 0; b.Len() < n-30; i++ {
		fmt.Fprintf(&b, "'key_%d': [%d, 'v', None], ", i, i)
	}
	b.WriteString("}")
	return b.String()
}

// jsonOf builds a JSON object of about n bytes.
func jsonOf(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"o": {`)
	for i := 0; b.Len() < n-40; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `"key_%d": [%d, "v\u00e9", null, {"x": true}]`, i, i)
	}
	b.WriteString("}}")
	return b.Bytes()
}

var benchSizes = []struct {
	name string
	n    int
}{{"1KB", 1 << 10}, {"100KB", 100 << 10}, {"1MB", 1<<20 - 64}}

// BenchmarkInputPaths measures each parser at 1 KB, 100 KB and 1 MB: time per byte
// must stay flat (linear growth); the numbers are in the package graphs doc,
// "Reliability".
func BenchmarkInputPaths(b *testing.B) {
	for _, sz := range benchSizes {
		opts := optionsOf(sz.n)
		js := jsonOf(sz.n)
		key := strings.Repeat("a", sz.n-4)
		env := "X=" + strings.Repeat("v", sz.n-2)
		run := func(name string, size int, f func() error) {
			b.Run(name+"/"+sz.name, func(b *testing.B) {
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					_ = f()
				}
			})
		}
		run("literal.Parse", len(opts), func() error { return second(literal.Parse(opts)) })
		run("strictjson.Check", len(js), func() error { return strictjson.Check(js) })
		run("ParseAssignment", len(key)+2, func() error { return second(ParseAssignment(key + "=1")) })
		run("ParseEnvAssignment", len(env), func() error { _, _, err := ParseEnvAssignment(env); return err })
		run("UnknownOptionHint", len(key), func() error {
			_ = (&UnknownOptionError{Key: key, Known: []schema.Key{"triton.cudagraphs", "max_autotune"}}).Hint()
			return nil
		})
	}
}
