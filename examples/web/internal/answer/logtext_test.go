package answer

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDiagnoseLogText: Diagnose answers a file's bytes as the command does and, when
// asked, gives the text it read from them (sweep7 findings 1 and 2).
func TestDiagnoseLogText(t *testing.T) {
	const log = "torch 2.11.0\nAssertionError: assert torch._C._is_key_in_tls(attr_name)\n"
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	if _, err := zw.Write([]byte(log)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	huge := strings.Repeat("é", LogTextMax/2) + "x" // 1 byte over, ending a rune in two
	for _, tc := range []struct {
		name, data string
		o          Options
		want       string
		cut        bool
		stderr     string
	}{
		{"not asked", log, Options{}, "", false, ""},
		{"UTF-8", log, Options{LogText: true}, log, false, ""},
		{"UTF-8 after FF FE", "\xff\xfe" + log, Options{LogText: true}, "\xff\xfe" + log, false, ""},
		{"gzip", gz.String(), Options{LogText: true}, log, false, ""},
		{"xz", "\xfd7zXZ\x00\x00\x04", Options{LogText: true}, "", false,
			"compilemode: -diagnose run.log: the input is xz-compressed: decompress it first (xzcat FILE | compilemode -diagnose -)\n"},
		{"over LogTextMax", "\xc3" + huge[:len(huge)-1], Options{LogText: true}, "\xc3" + huge[:LogTextMax-2], true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := Diagnose(tc.data, tc.o)
			if a.Stderr != tc.stderr {
				t.Errorf("Stderr = %q, want %q", a.Stderr, tc.stderr)
			}
			if a.Log != tc.want || a.LogCut != tc.cut {
				t.Errorf("Log (%d bytes), LogCut %v; want %d bytes, %v:\n%s", len(a.Log), a.LogCut, len(tc.want), tc.cut,
					cmp.Diff(tc.want[:min(len(tc.want), 200)], a.Log[:min(len(a.Log), 200)]))
			}
		})
	}
}
