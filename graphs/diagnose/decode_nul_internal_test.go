package diagnose

import (
	"strings"
	"testing"
)

// TestUTF8WithNULs: nulParity's test of UTF-8 text with NULs in it, on heads of each
// kind, cut where sniffBytes cuts them.
func TestUTF8WithNULs(t *testing.T) {
	t.Parallel()
	head := func(s string) []byte { return []byte(s)[:min(sniffBytes, len(s))] }
	for _, tc := range []struct {
		name, reason string
		head         []byte
		want         bool
	}{
		{"ASCII, a NUL a line", "the bug's head", head(strings.Repeat("step 12 of 500: lo\x00s 2.306\n", 200)), true},
		{"Japanese, ideographic spaces", "U+3000 is text (unicode.IsPrint leaves it out)", head(strings.Repeat("\x00学習を　開始します　モデルを　コンパイル\n", 100)), true},
		{"cut inside a rune", "the head's last rune cut", head(strings.Repeat("\x00训练启动\n", 400))[:4095], true},
		{"control bytes", "valid UTF-8 but no text", head(strings.Repeat("\x00\x01\x02\x03\x04\x05a\n", 100)), false},
		{"UTF-16LE Chinese", "continuation bytes without a lead", utf16le(strings.Repeat("训练启动，第二轮损失为二点三。\n", 100))[:sniffBytes], false},
		{"UTF-16LE hiragana", "units 3080 to 3096 have a byte over 7F", utf16le(strings.Repeat("これはくんれんのろぐです。\n", 200))[:sniffBytes], false},
		{"NULs alone", "no character other than NUL", make([]byte, 64), false},
	} {
		if got := utf8WithNULs(tc.head); got != tc.want {
			t.Errorf("%s (%s): utf8WithNULs = %v, want %v", tc.name, tc.reason, got, tc.want)
		}
	}
}
