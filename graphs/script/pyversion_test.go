package script

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// nestedF is n f-strings, each in the replacement field of the one around it, one
// quote (probe.py's nested).
func nestedF(n int) string {
	s := "1"
	for range n {
		s = `f"{` + s + `}"`
	}
	return "x = " + s + "\n"
}

// pyForms are the forms of testdata/pyversion/probe.py, by name.
var pyForms = map[string]string{
	"match":                         "match x:\n    case 1:\n        pass\n",
	"match-soft-keyword-name":       "match = 1\nmatch(x)\n",
	"fstring-same-quote":            "d = {}\nx = f\"{d[\"k\"]}\"\n",
	"fstring-other-quote":           "d = {}\nx = f\"{d['k']}\"\n",
	"fstring-backslash-in-field":    "x = f\"{chr(10).join('\\n')}\"\n",
	"fstring-comment-in-field":      "x = f\"\"\"{1 # c\n}\"\"\"\n",
	"fstring-nested-2-other-quotes": "x = f\"{f'{1}'}\"\n",
	"fstring-nested-4-quote-kinds":  "x = f'''{f\"\"\"{f'{f\"{1}\"}'}\"\"\"}'''\n",
	"fstring-nested-3-same-quote":   nestedF(3),
	"fstring-nested-149":            nestedF(149),
	"fstring-nested-150":            nestedF(150),
	"fstring-nested-151":            nestedF(151),
	"fstring-nested-200":            nestedF(200),
	"walrus":                        "if (n := 3) > 2:\n    pass\n",
	"paren-with":                    "with (open('a') as f, open('b') as g):\n    pass\n",
	"except-star":                   "try:\n    pass\nexcept* ValueError:\n    pass\n",
	"type-alias":                    "type X = int\n",
	"generic-def":                   "def f[T](x: T) -> T:\n    return x\n",
	"tstring":                       "x = t\"{1}\"\n",
	"except-no-parens":              "try:\n    pass\nexcept ValueError, TypeError:\n    pass\n",
}

// TestPythonVersionSyntax: for every Python measured (testdata/pyversion/probe.sh:
// pyenv 3.8.18-3.13.0, the chroots' 3.13.5 and 3.14.10), a form that version
// refuses is refused by Read or by SyntaxFor(version), with the message it gives
// where that message does not depend on the text, and a form it accepts is
// accepted (sweep finding 16: -python 3.8 accepted match, 3.11 accepted f"{d["k"]}",
// 150 nested f-strings were accepted).
func TestPythonVersionSyntax(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/pyversion/probe-3.*.tsv")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 8)
	for _, f := range files {
		version := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "probe-"), ".tsv")
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if strings.HasPrefix(line, "#") {
				continue
			}
			cols := strings.Split(line, "\t")
			src, ok := pyForms[cols[0]]
			require.True(t, ok, "form %s has no source here", cols[0])
			t.Run(version+"/"+cols[0], func(t *testing.T) {
				got := readForVersion(src, version)
				if cols[1] == "ok" {
					require.NoError(t, got)
					return
				}
				require.Error(t, got, "Python %s: %s", version, cols[1])
				var se *SyntaxError
				require.True(t, errors.As(got, &se))
				if fixed := fixedMessage(cols[1]); fixed {
					require.Contains(t, se.Msg, strings.TrimSuffix(cols[1], " or t-strings"))
				}
			})
		}
	}
}

// readForVersion reads src, then asks SyntaxFor(version).
func readForVersion(src, version string) error {
	s, err := readBytes("p.py", []byte(src))
	if err != nil {
		return err
	}
	return s.SyntaxFor(version)
}

// fixedMessage reports whether a measured message is one the reader gives: those of
// the forms whose message does not depend on the text.
func fixedMessage(msg string) bool {
	switch msg {
	case "too many nested f-strings", "too many nested f-strings or t-strings",
		"f-string expression part cannot include a backslash", "f-string expression part cannot include '#'",
		"multiple exception types must be parenthesized":
		return true
	}
	return false
}

// TestSyntaxForUnknownVersion: an unknown version is a *ReadError whatever the script
// holds (libsweep finding 4: SyntaxFor("2.7"), ("3.99") and ("garbage") were nil,
// "that Python accepts every form", for a script without a version-dependent form).
func TestSyntaxForUnknownVersion(t *testing.T) {
	plain, err := ReadNamed("plain.py", strings.NewReader("import torch\nfor i in range(3):\n    x = 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	match, err := ReadNamed("match.py", strings.NewReader("match x:\n    case 1:\n        pass\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []*Script{plain, match, new(Script), nil} {
		for _, v := range []string{"", "2.7", "3.7", "3.99", "garbage", "3", "4.0"} {
			var re *ReadError
			if err := s.SyntaxFor(v); !errors.As(err, &re) {
				t.Errorf("%v: SyntaxFor(%q) = %v, want a *ReadError", s.fileName(), v, err)
			}
		}
		for _, v := range []string{"3.8", "3.14", "3.13t", "3.11.7"} {
			var re *ReadError
			if err := s.SyntaxFor(v); errors.As(err, &re) {
				t.Errorf("%v: SyntaxFor(%q) = %v, want no *ReadError", s.fileName(), v, err)
			}
		}
	}
}

func (s *Script) fileName() string {
	if s == nil {
		return "nil Script"
	}
	return s.File
}

// TestColumnsBytesAndCharacters: a SyntaxError's Col counts characters, as Python's
// SyntaxError.offset does, also for the forms SyntaxFor reports (a tokenizer's form and
// a parser's, after "é" on their line: they gave bytes); a Site's Col counts bytes, as
// Python's ast col_offset (plus one) does (libsweep finding 7: the two units, side by
// side in one package).
func TestColumnsBytesAndCharacters(t *testing.T) {
	src := "import torch\nd = {}\ns = \"é\"; y = f\"{d[\"k\"]}\"\n" + // the inner quote: character 19, byte 20
		"x = \"é\"; torch.compile(m)\n" + // torch: character 10, byte 11
		"é = 1; type T = int\n" // type: character 8, byte 9
	s, err := Read(strings.NewReader(src))
	require.NoError(t, err)
	var se *SyntaxError
	require.ErrorAs(t, s.SyntaxFor("3.11"), &se)
	require.Equal(t, [2]int{3, 19}, [2]int{se.Line, se.Col}, se.Msg)
	s, err = Read(strings.NewReader("é = 1; type T = int\n"))
	require.NoError(t, err)
	require.ErrorAs(t, s.SyntaxFor("3.11"), &se)
	require.Equal(t, [2]int{1, 8}, [2]int{se.Line, se.Col}, se.Msg)
	s, err = Read(strings.NewReader(src))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	require.Equal(t, [2]int{4, 11}, [2]int{s.Sites[0].Line, s.Sites[0].Col})
	_, err = Read(strings.NewReader("é = 1; x = (\n"))
	require.ErrorAs(t, err, &se)
	require.Equal(t, [2]int{1, 12}, [2]int{se.Line, se.Col}, se.Msg)
}
