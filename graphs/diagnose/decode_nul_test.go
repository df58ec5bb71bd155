package diagnose_test

import (
	"bytes"
	"encoding/binary"
	"io"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// lineWithNUL returns a line of n bytes, its line feed included, of a training log
// with a NUL at offset at (-1: none).
func lineWithNUL(n, at int) string {
	b := []byte(strings.Repeat("step 12 of 500: loss 2.3061 lr 0.001 ", 1+n/36)[:n-1] + "\n")
	if at >= 0 {
		b[at] = 0
	}
	return string(b)
}

// TestNULsNotUTF16: UTF-8 logs holding a few NULs are read as UTF-8, however their
// NULs fall, and UTF-16 without a byte-order mark whose first characters are outside
// ASCII is still decoded (nulparity23: 40 lines of 28 bytes, one NUL each, were taken
// for UTF-16 without a mark, nulParity's NULs all on one side, and the message was
// lost: no finding).
func TestNULsNotUTF16(t *testing.T) {
	t.Parallel()
	const msg = "RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.\n"
	const chinese = "训练启动，第二轮损失为二点三，编译模式为降低耗时，图被捕获后重放。\n"
	even := func(at int) string { return strings.Repeat(lineWithNUL(28, at), 40) }
	for _, tc := range []struct {
		name, reason string
		in           []byte
	}{
		{"UTF-8, NULs at even spacing", "the bug: 40 NULs, all at even offsets", []byte(even(10) + msg)},
		{"UTF-8, NULs at even spacing, odd offsets", "all at odd offsets", []byte(even(11) + msg)},
		{"UTF-8, NUL before each line feed", "each NUL and line feed one UTF-16BE line end", []byte(even(26) + msg)},
		{"UTF-8, NUL starting each line", "after each line feed", []byte(even(0) + msg)},
		{"UTF-8, NULs at odd spacing", "27-byte lines: the NULs alternate sides", []byte(strings.Repeat(lineWithNUL(27, 10), 40) + msg)},
		{"UTF-8, NULs every 200 bytes", "long lines, few NULs", []byte(strings.Repeat(lineWithNUL(200, 100), 20) + msg)},
		{"UTF-8 Chinese, NULs at even spacing", "valid UTF-8 outside ASCII, lines of 102 bytes", []byte(strings.Repeat("\x00"+chinese+"\n", 20) + msg)},
		{"Latin-1, NULs at even spacing", "invalid UTF-8, its line feeds next to a byte of text", []byte(strings.Repeat(strings.Replace(lineWithNUL(28, 10), "s", "\xe9", 1), 40) + msg)},
		{"UTF-8, a NUL run first", "a preallocated log", []byte(strings.Repeat("\x00", 5001) + msg)},
		{"UTF-8, a short NUL run first, then NULs at even spacing", "the run's NULs on both sides", []byte(strings.Repeat("\x00", 7) + even(10) + msg)},
		{"UTF-8, a NUL run first, then NULs at even spacing", "past the run", []byte(strings.Repeat("\x00", 4097) + even(10) + msg)},
		{"UTF-16LE Chinese without a mark", "nulParity", utf16Of(binary.LittleEndian, strings.Repeat(chinese, 40)+msg)},
		{"UTF-16BE Chinese without a mark", "nulParity", utf16Of(binary.BigEndian, strings.Repeat(chinese, 40)+msg)},
		{"UTF-16LE without a mark, a Chinese line in five", "too few NULs for bomlessLayouts", utf16Of(binary.LittleEndian, strings.Repeat(lineWithNUL(40, -1)+lineWithNUL(40, -1)+lineWithNUL(40, -1)+lineWithNUL(40, -1)+chinese, 20)+msg)},
		{"UTF-16LE Japanese without a mark", "hiragana: both bytes of many units ASCII", utf16Of(binary.LittleEndian, strings.Repeat("これはくんれんのろぐです、もでるをこんぱいるします。\n", 40)+msg)},
		{"UTF-8 Japanese, ideographic spaces, NULs at even spacing", "U+3000 is text in UTF-8 too", []byte(strings.Repeat("\x00学習を　開始します　モデルを　コンパイル\n", 40) + msg)},
		{"UTF-16BE Chinese without a mark, 不 and 上", "units whose bytes are 0A and 0D", utf16Of(binary.BigEndian, strings.Repeat("不上不上不上不上，上不上不。\n", 40)+msg)},
		{"UTF-16LE Chinese without a mark, a NUL run first", "NUL characters of a preallocated log", append(make([]byte, 5000), utf16Of(binary.LittleEndian, strings.Repeat(chinese, 40)+msg)...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(bytes.NewReader(tc.in))
			if err != nil || len(d.Findings) != 1 || d.Findings[0].Code != diagnose.ModeAndOptions {
				t.Errorf("%s: Read = %+v, %v; want mode-and-options", tc.reason, d, err)
			}
			// The text holds the message as UTF-8: UTF-16 read as bytes would hold
			// it with a NUL after each letter, and UTF-8 read as UTF-16 not at all.
			r, err := diagnose.NewTextReader(bytes.NewReader(tc.in))
			if err != nil {
				t.Fatalf("%s: NewTextReader: %v", tc.reason, err)
			}
			if text, err := io.ReadAll(r); err != nil || !bytes.Contains(text, []byte(msg)) {
				t.Errorf("%s: text %.80q…, %v; want it to hold the message", tc.reason, text, err)
			}
		})
	}
}
