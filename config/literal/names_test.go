package literal

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/unicode/runenames"
)

var update = flag.Bool("update", false, "rewrite names.txt from golang.org/x/text/unicode/runenames")

// namesFromRunenames is names.txt as runenames gives it (the format is namesTxt's).
func namesFromRunenames() string {
	var prefixes, b strings.Builder
	prev, next := "", rune(-1)
	var cjk []string
	for r := rune(0); r <= 0x10FFFF; r++ {
		n := runenames.Name(r)
		if strings.HasPrefix(n, "<CJK Ideograph") {
			if len(cjk) > 0 && strings.HasSuffix(cjk[len(cjk)-1], fmt.Sprintf("-%X", r-1)) {
				lo, _, _ := strings.Cut(cjk[len(cjk)-1], "-")
				cjk[len(cjk)-1] = fmt.Sprintf("%s-%X", lo, r)
			} else {
				cjk = append(cjk, fmt.Sprintf("|%X-%X", r, r))
			}
			continue
		}
		if n == "" || n[0] == '<' {
			continue
		}
		if r != next {
			fmt.Fprintf(&b, "~%X\n", r)
		}
		k := 0
		for k < len(n) && k < len(prev) && k < 90 && n[k] == prev[k] {
			k++
		}
		prefixes.WriteByte(byte(' ' + k))
		b.WriteString(n[k:])
		b.WriteByte('\n')
		prev, next = n, r+1
	}
	for _, c := range cjk {
		b.WriteString(c + "\n")
	}
	return prefixes.String() + "\n" + b.String()
}

// TestNamesTable checks names.txt against runenames, and every name's lookup.
func TestNamesTable(t *testing.T) {
	want := namesFromRunenames()
	if *update {
		if err := os.WriteFile("names.txt", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if namesTxt != want {
		t.Fatalf("names.txt differs from runenames (go test ./config/literal -run TestNamesTable -update): %d bytes, want %d", len(namesTxt), len(want))
	}
	n, bad := 0, 0
	for r := rune(0); r <= 0x10FFFF; r++ {
		name := runenames.Name(r)
		var got rune
		var ok bool
		switch {
		case strings.HasPrefix(name, "<CJK Ideograph"):
			got, ok = lookupName(fmt.Sprintf("CJK UNIFIED IDEOGRAPH-%04X", r))
		case name == "" || name[0] == '<':
			continue
		default:
			got, ok = lookupName(name)
		}
		if !ok || got != r {
			bad++
			if bad > 10 {
				t.Fatal("more than 10 names wrong")
			}
			t.Errorf("lookupName(%q) = %U, %v; want %U", name, got, ok, r)
		}
		n++
	}
	if n < 34000 {
		t.Errorf("%d names looked up, want every one of runenames' (over 34000)", n)
	}
}

// TestNameEscape checks \N{...} as Python reads it.
func TestNameEscape(t *testing.T) {
	tests := []struct{ src, want string }{
		{`"\N{LATIN SMALL LETTER A WITH GRAVE}"`, "à"},
		{`"\N{bullet}"`, "•"},
		{`"\N{CJK UNIFIED IDEOGRAPH-4E00}x"`, "一x"},
		{`"\N{CJK UNIFIED IDEOGRAPH-20000}"`, "\U00020000"},
		{`"\N{SPACE}\N{DIGIT ZERO}"`, " 0"},
	}
	for _, tt := range tests {
		var b strings.Builder
		body := tt.src[1 : len(tt.src)-1]
		for i := 0; i < len(body); {
			if strings.HasPrefix(body[i:], `\N`) {
				n, err := nameEscape(&b, body, i)
				if err != nil {
					t.Fatalf("%s: %v", tt.src, err.Msg)
				}
				i += n
				continue
			}
			b.WriteByte(body[i])
			i++
		}
		if diff := cmp.Diff(tt.want, b.String()); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.src, diff)
		}
	}
	for _, bad := range []string{"NO SUCH NAME", "CJK UNIFIED IDEOGRAPH-0041", "CJK UNIFIED IDEOGRAPH-F900"} {
		if r, ok := lookupName(bad); ok {
			t.Errorf("lookupName(%q) = %U, want none", bad, r)
		}
	}
}
