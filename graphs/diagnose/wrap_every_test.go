package diagnose

import (
	"strings"
	"testing"
)

// TestWrapAtEverySpace: every form sample's one-line message (its release stated, as
// TestFormsCross states it) broken once, at each of its spaces, as a terminal or a page
// wraps it, is still found: the break may fall inside a row's pattern before its
// literal ("RuntimeError: Cannot call" above "CUDAGeneratorImpl::current_seed during
// CUDA graph capture.", leadReach: 26 breaks were missed before it), inside the
// literal, or after it. Left: config's KeyError broken right after "KeyError:" (a line
// of nine characters, which a terminal's width makes only after a prefix of 70 or more;
// configKeyError reads the key on the error's line); and CUDA's capture error number
// broken off its "CUDA error" ("… CUDA error" / "906 …": the rows' literal "error 906" is
// one prefilter piece, and a line that starts with a bare number lists no row).
func TestWrapAtEverySpace(t *testing.T) {
	t.Parallel()
	for _, c := range formCases(t) {
		if c.doc.msgTo-c.doc.msgFrom != 1 {
			continue
		}
		msg := c.doc.lines[c.doc.msgFrom]
		for i := 1; i < len(msg); i++ {
			if msg[i] != ' ' || msg[i-1] == ' ' || strings.TrimSpace(msg[:i]) == "" {
				continue
			}
			lines := append([]string(nil), c.doc.lines...)
			lines[c.doc.msgFrom] = msg[:i] + "\n" + msg[i+1:]
			text := strings.Join(lines, "\n") + "\n"
			d, err := Read(strings.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			numberAlone := strings.HasSuffix(msg[:i], " error") && strings.HasPrefix(msg[i+1:], "90")
			if !hasCode(d, c.sample.code) && !(c.sample.code == UnknownGlobal && strings.HasSuffix(msg[:i], "KeyError:")) && !numberAlone {
				t.Errorf("%s: not found with the message broken at byte %d:\n%s", c.sample.code, i, text)
			}
		}
	}
}

func hasCode(d *Diagnosis, c Code) bool {
	for _, f := range d.Findings {
		if f.Code == c {
			return true
		}
	}
	return false
}
