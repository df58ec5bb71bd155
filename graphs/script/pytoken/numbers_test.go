package pytoken

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNumbers: a number's tokenizer error is CPython's, message, line and column
// (newuser29 finding 26: `1ubuntu` was "invalid syntax" a character later, and
// `09`, `0o8`, `0b12`, `1_` were taken). testdata/numbers.tsv holds what CPython
// 3.10.13-3.13.0 say of each source (numbers_probe.py); an "invalid syntax" is its
// parser's, after a number the tokenizer takes (1else: 1, then else), and "OK" a
// source it takes (1if 1 else 2: a keyword may follow a number, with a warning).
func TestNumbers(t *testing.T) {
	t.Parallel()
	f, err := os.Open(filepath.Join("testdata", "numbers.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		quoted, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("bad row %q", line)
		}
		src, err := strconv.Unquote(`"` + strings.ReplaceAll(strings.Trim(quoted, "'"), `"`, `\"`) + `"`)
		if err != nil {
			src = strings.Trim(quoted, "'")
		}
		src = strings.ReplaceAll(src, `\\"`, `"`)
		n++
		_, terr := Tokenize([]byte(src))
		var got *Error
		switch {
		case want == "OK" || strings.HasSuffix(want, " invalid syntax"):
			if terr != nil {
				t.Errorf("Tokenize(%q) = %v, want no tokenizer error (CPython: %s)", src, terr, want)
			}
		case !errors.As(terr, &got):
			t.Errorf("Tokenize(%q) = %v, want CPython's %s", src, terr, want)
		case fmt.Sprintf("%d:%d %s", got.Line, got.Col, got.Msg) != want:
			t.Errorf("Tokenize(%q) = %d:%d %s, want CPython's %s", src, got.Line, got.Col, got.Msg, want)
		}
	}
	if n < 30 {
		t.Fatalf("%d rows read, want the table's 31", n)
	}
}
