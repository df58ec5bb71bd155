package diagnose_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestCompressedLogs checks compressed logs (sweep3 finding 8: a train.log.gz read as
// text gave "no known signature", as if the log were clean): gzip, one member or two,
// is read as its text; zstd, xz and bzip2 are refused with a *CompressedError naming
// the tool; text that starts with the same letters is text; a corrupt gzip stream is a
// *ReadError.
func TestCompressedLogs(t *testing.T) {
	t.Parallel()
	const log = "torch==2.11.0\nRuntimeError: Either mode or options can be specified, but both can't be specified at the same time.\n"
	gz := func(parts ...string) []byte {
		var b bytes.Buffer
		for _, p := range parts {
			w := gzip.NewWriter(&b)
			_, err := w.Write([]byte(p))
			require.NoError(t, err)
			require.NoError(t, w.Close())
		}
		return b.Bytes()
	}
	codes := func(d *diagnose.Diagnosis) []diagnose.Code {
		var out []diagnose.Code
		for _, f := range d.Findings {
			out = append(out, f.Code)
		}
		return out
	}
	plain, err := diagnose.Read(bytes.NewReader([]byte(log)))
	require.NoError(t, err)
	require.NotEmpty(t, plain.Findings)
	tests := []struct {
		name   string
		in     []byte
		format string // a *CompressedError's format; "" for none
		read   bool   // a *ReadError
		text   bool   // read as the plain log
	}{
		{"gzip", gz(log), "", false, true},
		{"gzip, two members", gz(log[:20], log[20:]), "", false, true},
		{"zstd", append([]byte{0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x00}, log...), "zstd", false, false},
		{"xz", append([]byte{0xfd, '7', 'z', 'X', 'Z', 0, 0, 4}, log...), "xz", false, false},
		{"bzip2", append([]byte("BZh91AY&SY"), log...), "bzip2", false, false},
		{"text starting BZh", []byte("BZh is my host\n" + log), "", false, false},
		{"corrupt gzip", []byte{0x1f, 0x8b, 0x08, 'g', 'a', 'r', 'b'}, "", true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := diagnose.Read(bytes.NewReader(tc.in))
			var ce *diagnose.CompressedError
			var re *diagnose.ReadError
			switch {
			case tc.format != "":
				require.ErrorAs(t, err, &ce)
				if ce.Format != tc.format {
					t.Errorf("format %q, want %q", ce.Format, tc.format)
				}
			case tc.read:
				require.True(t, errors.As(err, &re), "err %v, want a *ReadError", err)
			default:
				require.NoError(t, err)
				if diff := cmp.Diff(codes(plain), codes(d)); tc.text && diff != "" {
					t.Errorf("codes differ from the plain log's (-plain +got):\n%s", diff)
				}
				if len(d.Findings) == 0 {
					t.Errorf("no finding")
				}
			}
		})
	}
}
