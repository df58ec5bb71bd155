package inputerr

import (
	"strings"
	"testing"
)

// TestEncodingNote (sweep finding 16): a text in UTF-16 or UTF-32, as PowerShell
// writes it, is named in the refusal, with or without a byte order mark.
func TestEncodingNote(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, in, want string }{
		{"utf-16le bom", "\xff\xfe{\x00}\x00", "UTF-16 (little-endian, with a byte order mark)"},
		{"utf-16be bom", "\xfe\xff\x00{\x00}", "UTF-16 (big-endian, with a byte order mark)"},
		{"utf-32le bom", "\xff\xfe\x00\x00{\x00\x00\x00", "UTF-32 (little-endian, with a byte order mark)"},
		{"utf-32be bom", "\x00\x00\xfe\xff\x00\x00\x00{", "UTF-32 (big-endian, with a byte order mark)"},
		{"utf-16le", "{\x00\"\x00", "UTF-16 (little-endian)"},
		{"utf-16be", "\x00{\x00\"", "UTF-16 (big-endian)"},
		{"latin-1", "caf\xe9", ""},
		{"nul inside", "ab\x00cd", ""},
		// A mark alone, or one followed by bytes without a NUL, is no evidence (sweep
		// finding 6: -mode $'\xff\xfe' was said to be PowerShell's UTF-16).
		{"ff fe alone", "\xff\xfe", ""},
		{"fe ff alone", "\xfe\xff", ""},
		{"ff fe then latin-1", "\xff\xfeab", ""},
	} {
		got := EncodingNote(tc.in)
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s: EncodingNote = %q, want %q", tc.name, got, tc.want)
		}
		err := CheckText(tc.in)
		if err == nil {
			t.Fatalf("%s: CheckText accepted %q", tc.name, tc.in)
		}
		if tc.want != "" && !strings.Contains(err.Error(), "save it as UTF-8") {
			t.Errorf("%s: CheckText's error %q does not name the encoding", tc.name, err)
		}
	}
}
