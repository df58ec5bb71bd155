package diagnose_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"slices"
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
		// sweep8 #12: bytes after a whole member that are no gzip member are ignored, as
		// gzip -d ignores them ("trailing garbage ignored"); the stream is not cut.
		{"trailing garbage", append(bytes.Clone(whole), "garbage"...), false, 1},
		{"trailing zeros", append(bytes.Clone(whole), make([]byte, 512)...), false, 1},
		{"trailing byte", append(bytes.Clone(whole), 0x1f), false, 1},
		{"two members, then garbage", slices.Concat(whole, whole, []byte("garbage\n")), false, 1},
		{"a second member cut", slices.Concat(whole, whole[:len(whole)/2]), true, 1},
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
	require.Equal(t, 1, strings.Count(err.Error(), "gzip:"), "%v: gzip named once (sweep8 #12: \"gzip: gzip: invalid checksum\")", err)
	// A file cut after its header holds no text: that is said, not "empty input".
	_, err = diagnose.Read(bytes.NewReader(whole[:10]))
	var re *diagnose.ReadError
	require.ErrorAs(t, err, &re)
	require.ErrorContains(t, err, "gzip: the stream ends early, before any text")
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
