package diagnose_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestReadLenient checks that Read reads a log leniently, unlike graphs' other inputs
// (which refuse these bytes): a NUL, invalid UTF-8, a UTF-8 byte order mark and binary
// junk are read as they come, and a message next to them is still found. Junk as
// dense as 400 copies of junk in the first 4 KiB of text is binary data, refused
// (inputfix23 #1, TestBinaryInputs): here it is a copy between lines of a log (two
// control bytes in about a hundred), and junk past the first 4 KiB.
func TestReadLenient(t *testing.T) {
	t.Parallel()
	const msg = "RuntimeError: CUDA error: operation not permitted when stream is capturing\n"
	junk := string([]byte{0x00, 0x01, 0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x1b, 0x9b, 0x7f, 0xf8, 0x88, 0x80, 0x80, 0x80})
	for _, tc := range []struct{ name, text string }{
		{"nul", "step 1\x00\x00 done\n" + msg},
		{"nul in the message line", "\x00" + msg},
		{"invalid utf-8", "loss \xff\xfe\xc3\x28 nan\n" + msg},
		{"surrogate as utf-8", "\xed\xa0\x80\n" + msg},
		{"utf-8 bom", "\xef\xbb\xbf" + msg},
		// junk with its NUL, each copy's at one parity: no UTF-16 (nulparity23)
		{"binary junk", strings.Repeat(junk+"\nstep 10 of 500: loss 2.3061, lr 0.001, 1.2 s a step, 3.4 GB of memory on cuda:0\n", 40) + msg},
		{"binary junk after 4 KiB", strings.Repeat("step 10 of 500: loss 2.3061\n", 200) + strings.Repeat(junk, 200) + "\n" + msg + strings.Repeat(junk, 200)},
		{"no newline after junk", junk + "\n" + strings.TrimSuffix(msg, "\n")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := diagnose.Read(strings.NewReader(tc.text))
			require.NoError(t, err)
			require.Len(t, d.Findings, 1)
			require.Equal(t, diagnose.StreamCaptureIllegal, d.Findings[0].Code)
		})
	}
	for _, text := range []string{"\x00\x00\x00", "\xff\xff\xfe\n\x01", junk} {
		d, err := diagnose.Read(strings.NewReader(text))
		if err != nil {
			require.ErrorIs(t, err, diagnose.ErrEmpty)
			continue
		}
		require.Empty(t, d.Findings)
	}
}
