package textpack

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

func TestPackUnpack(t *testing.T) {
	for _, tc := range []struct {
		reason string
		files  map[string]string
		pack   string
	}{
		{"no files", map[string]string{}, ""},
		{"name order; an empty file; content with newlines and a header's look",
			map[string]string{"b.diff": "+1 x\n=a 3\n", "a.txt": "", "c": "no newline"},
			"=a.txt 0\n=b.diff 10\n+1 x\n=a 3\n=c 10\nno newline"},
	} {
		t.Run(tc.reason, func(t *testing.T) {
			got, err := Pack(tc.files)
			require.NoError(t, err)
			require.Equal(t, tc.pack, got)
			files, err := Unpack(got)
			require.NoError(t, err)
			if d := cmp.Diff(tc.files, files); d != "" {
				t.Errorf("Unpack (-want +got):\n%s", d)
			}
		})
	}
}

func TestPackRefusesNames(t *testing.T) {
	for _, name := range []string{"", "a b", "a\nb"} {
		_, err := Pack(map[string]string{name: "x"})
		require.Error(t, err, "%q", name)
	}
}

func TestUnpackErrors(t *testing.T) {
	for _, tc := range []struct {
		pack   string
		offset int
	}{
		{"x", 0},
		{"=a 1", 0},            // no newline after the header
		{"=a 2\nx", 0},         // past the end
		{"=a -1\n", 0},         // negative length
		{"=a +1\nx", 0},        // signed length
		{"= 1\nx", 0},          // no name
		{"=a\nx", 0},           // no length
		{"=a 1\nx=a 1\ny", 6},  // twice
		{"=a 1\nxtrailing", 6}, // not a header
		{"=a 0\n=b 1x\ny", 5},  // length not a number
	} {
		_, err := Unpack(tc.pack)
		var e *Error
		require.True(t, errors.As(err, &e), "%q: %v", tc.pack, err)
		require.Equal(t, tc.offset, e.Offset, "%q: %v", tc.pack, err)
	}
}

// FuzzUnpack: Unpack never panics, and what it reads packs back to the same text.
func FuzzUnpack(f *testing.F) {
	f.Add("=a.txt 0\n=b.diff 10\n+1 x\n=a 3\n=c 10\nno newline")
	f.Add("=a 2\nx")
	f.Fuzz(func(t *testing.T, pack string) {
		files, err := Unpack(pack)
		if err != nil {
			return
		}
		again, err := Pack(files)
		if err != nil {
			return // a name with a space cannot be read back: Unpack cuts at the first
		}
		files2, err := Unpack(again)
		require.NoError(t, err)
		require.Equal(t, files, files2)
	})
}
