package script

import (
	"errors"
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNotebookSizeHint: a notebook over MaxSourceBytes is refused with why (its saved
// outputs count) and how to read it (clear them, or export the code); a script gets
// the bare bound (sweep2 finding 16).
func TestNotebookSizeHint(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, file, want string
	}{
		{name: "notebook", reason: "sweep2 #16 nb_bigimg.ipynb", file: "dir/nb_bigimg.ipynb",
			want: "larger than 16777216 bytes, the most a script is read to (the whole notebook, its saved outputs included, which the reader skips): clear them (jupyter nbconvert --clear-output --inplace nb_bigimg.ipynb) or export its code (jupyter nbconvert --to script nb_bigimg.ipynb) and read that"},
		{name: "upper-case", reason: "the suffix in any case", file: "NB.IPYNB",
			want: "larger than 16777216 bytes, the most a script is read to (the whole notebook, its saved outputs included, which the reader skips): clear them (jupyter nbconvert --clear-output --inplace NB.IPYNB) or export its code (jupyter nbconvert --to script NB.IPYNB) and read that"},
		{name: "script", reason: "a .py has no outputs", file: "train.py", want: "larger than 16777216 bytes, the most a script is read to"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			big := io.LimitReader(zeros{}, MaxSourceBytes+1)
			_, err := ReadNamed(tc.file, big)
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("%s: error %v, want a *SyntaxError", tc.reason, err)
			}
			if diff := cmp.Diff(tc.want, se.Msg); diff != "" {
				t.Errorf("%s: message (-want +got):\n%s", tc.reason, diff)
			}
			// No line is to blame: the position is the file's (a new user read
			// "train.py:1:1:" as a fault on the first line).
			if se.Line != 0 || se.Col != 0 || se.Where() != tc.file {
				t.Errorf("%s: at %d:%d, Where %q, want the file %q alone", tc.reason, se.Line, se.Col, se.Where(), tc.file)
			}
		})
	}
}
