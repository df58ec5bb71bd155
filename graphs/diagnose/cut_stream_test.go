package diagnose_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestCutGzip: a gzip'd log whose stream ends early is read as far as it goes, as zcat
// prints it, and the diagnosis says where it ends (sweep7 finding 13).
func TestCutGzip(t *testing.T) {
	t.Parallel()
	log := "torch 2.11.0\nAssertionError: assert torch._C._is_key_in_tls(attr_name)\n" + strings.Repeat("step 1 loss 0.5\n", 2000)
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	_, err := w.Write([]byte(log))
	require.NoError(t, err)
	require.NoError(t, w.Close())
	whole := z.Bytes()
	tests := []struct {
		name  string
		in    []byte
		cut   bool
		codes int
	}{
		{"whole", whole, false, 1},
		{"no trailer", whole[:len(whole)-8], true, 1},
		{"half", whole[:len(whole)/2], true, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := diagnose.Read(bytes.NewReader(tc.in))
			require.NoError(t, err)
			require.Len(t, d.Findings, tc.codes)
			require.Equal(t, tc.cut, d.GzipCutAfter > 0, "GzipCutAfter %d", d.GzipCutAfter)
			var b bytes.Buffer
			require.NoError(t, d.WriteTextWidth(&b, 0))
			require.Equal(t, tc.cut, strings.HasPrefix(b.String(), "the gzip stream ends early, after line "), b.String())
		})
	}
	// A stream corrupt inside (not cut short) stays an error, which names gzip.
	bad := bytes.Clone(whole)
	bad[len(bad)-6] ^= 0xff // the CRC-32 trailer
	_, err = diagnose.Read(bytes.NewReader(bad))
	require.ErrorContains(t, err, "gzip: ")
}

// TestEmptyInputs: an input with no text is ErrEmpty, saying how many bytes it held and
// whether all were NUL; a byte order mark alone is no text, whichever (sweep7 finding 13).
func TestEmptyInputs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		want diagnose.EmptyError
	}{
		{"nothing", "", diagnose.EmptyError{}},
		{"NULs", strings.Repeat("\x00", 1000), diagnose.EmptyError{Bytes: 1000, NUL: true}},
		{"NULs in lines", "\x00\x00\n\x00\n", diagnose.EmptyError{Bytes: 5}},
		{"newlines", "\n\n\n", diagnose.EmptyError{Bytes: 3}},
		{"UTF-8 byte order mark", "\ufeff", diagnose.EmptyError{Bytes: 3}},
		{"UTF-8 byte order mark and newlines", "\ufeff\r\n\n", diagnose.EmptyError{Bytes: 6}},
		{"UTF-16 byte order mark", "\xff\xfe", diagnose.EmptyError{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := diagnose.Read(strings.NewReader(tc.in))
			require.Nil(t, d)
			require.ErrorIs(t, err, diagnose.ErrEmpty)
			var e *diagnose.EmptyError
			require.True(t, errors.As(err, &e), "%T", err)
			if diff := cmp.Diff(tc.want, *e); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	require.Equal(t, "diagnose: empty input: its 1000 bytes are all NUL", (&diagnose.EmptyError{Bytes: 1000, NUL: true}).Error())
}
