package diagnose_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestControlsInMessage: a control character a terminal shows nothing for (NUL, BEL,
// DEL, the other C0 controls, a C1 control in UTF-8, a bidirectional mark, override
// or isolate) inside a message hides none of it, VT and FF read as a space, and the
// quote shows the control escaped where the log has it (sweep9 #9: "skipping
// cudagraphs due\x07 to cpu device" gave no finding).
func TestControlsInMessage(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, ctl, shown string }{
		{"BEL", "\a", `\x07`}, {"DEL", "\x7f", `\u007f`}, {"NUL", "\x00", `\x00`},
		{"SOH", "\x01", `\x01`}, {"SO", "\x0e", `\x0e`}, {"SI", "\x0f", `\x0f`},
		{"SUB", "\x1a", `\x1a`}, {"US", "\x1f", `\x1f`}, {"NULs", "\x00\x00\x00", `\x00\x00\x00`},
		{"BEL and DEL", "\a\x7f", `\x07\u007f`},
		{"VT", "\v", `\x0b`}, {"FF", "\f", `\x0c`},
		{"C1 DCS", "\u0090", `\u0090`}, {"C1 NEL", "\u0085", `\u0085`}, {"C1 PM", "\u009e", `\u009e`},
		{"RLO", "\u202e", `\u202e`}, {"PDF after RLO", "\u202e\u202c", `\u202e\u202c`},
		{"RLI", "\u2067", `\u2067`}, {"RLM", "\u200f", `\u200f`}, {"ALM", "\u061c\u200b", `\u061c`},
	} {
		for _, at := range []string{"due" + tt.ctl + " to", "due " + tt.ctl + "to", "sk" + tt.ctl + "ipping"} {
			msg := strings.Replace("skipping cudagraphs due to cpu device", strings.ReplaceAll(strings.ReplaceAll(at, tt.ctl, ""), "  ", " "), at, 1)
			d, err := diagnose.Read(strings.NewReader("step 1\n" + msg + "\nstep 2\n"))
			if err != nil || len(d.Findings) != 1 || d.Findings[0].Code != diagnose.SkipCPUDevice {
				t.Errorf("%s in %q: Read = %+v, %v; want skip-cpu-device", tt.name, msg, d, err)
				continue
			}
			if q := d.Findings[0].Quote; !strings.Contains(q, tt.shown) {
				t.Errorf("%s: quote %q lacks %s", tt.name, q, tt.shown)
			}
			var b bytes.Buffer
			if err := d.WriteText(&b); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(b.String(), tt.ctl) {
				t.Errorf("%s: the text output holds it unescaped:\n%s", tt.name, b.String())
			}
		}
	}
}

// TestControlsPrecision: a line with controls and no message gives no finding, and a
// line of controls alone is no text.
func TestControlsPrecision(t *testing.T) {
	t.Parallel()
	for _, log := range []string{
		"training step 10 loss 0.5\x07\n\x00\x00skipping nothing: cudagraphs\x7f ran\n",
		"cpu\a device\n\x1b]0;skipping cudagraphs due to\n",
	} {
		d, err := diagnose.Read(strings.NewReader(log))
		if err != nil || len(d.Findings) != 0 {
			t.Errorf("%q: Read = %+v, %v; want no finding", log, d, err)
		}
	}
	if _, err := diagnose.Read(strings.NewReader("\a\a\a\x00\x7f\n")); !errors.Is(err, diagnose.ErrEmpty) {
		t.Errorf("controls alone: %v, want ErrEmpty", err)
	}
}

// TestMarkBeforeBytes: text of one byte a character whose first bytes are FF FE or
// FE FF (Latin-1 "ÿþ", UTF-8 after two stray bytes, either with Latin-1 bytes later)
// is read as bytes, not as UTF-16, because its line ends are no UTF-16 line ends; the
// quote shows each byte that is no UTF-8 as \xNN (sweep9 #19: Latin-1 after FF FE gave
// no finding, and the UTF-8 case's quote showed one U+FFFD for the two bytes).
func TestMarkBeforeBytes(t *testing.T) {
	t.Parallel()
	msg := "skipping cudagraphs due to cpu device\n"
	for _, tt := range []struct{ name, in, shown string }{
		{"FF FE, UTF-8", "\xff\xfe" + msg, `\xff\xfeskipping`},
		{"FF FE, Latin-1 after", "\xff\xfe" + "r\xe9sum\xe9 du run\n" + msg, ""},
		{"FF FE, Latin-1 on the line", "\xff\xfe" + strings.TrimSuffix(msg, "\n") + " (\xe9t\xe9)\n", `\xff\xfeskipping cudagraphs due to cpu device (\xe9t\xe9)`},
		{"FE FF, Latin-1 after", "\xfe\xff" + msg + "caf\xe9\n", `\xfe\xffskipping`},
		{"FF FE twice, Latin-1", "\xff\xfe\xff\xfe" + msg + "\xe0 la ligne\n", `\xff\xfe\xff\xfeskipping`},
		{"FF FE, CRLF, Latin-1", "\xff\xfe" + "na\xefve\r\n" + strings.ReplaceAll(msg, "\n", "\r\n"), ""},
	} {
		d, err := diagnose.Read(strings.NewReader(tt.in))
		if err != nil || len(d.Findings) != 1 || d.Findings[0].Code != diagnose.SkipCPUDevice {
			t.Errorf("%s: Read = %+v, %v; want skip-cpu-device", tt.name, d, err)
			continue
		}
		if q := d.Findings[0].Quote; !strings.Contains(q, tt.shown) || strings.ContainsRune(q, '\uFFFD') {
			t.Errorf("%s: quote %q, want it to hold %s and no U+FFFD", tt.name, q, tt.shown)
		}
	}
}
