package graphs_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/graphs/script"
)

// Readers that break io.Reader's contract.
type (
	stuckReader struct{} // (0, nil) forever
	negReader   struct{} // a negative count
	bigReader   struct{} // more bytes than the buffer
	panicReader struct{} // panics
	panicWriter struct{} // panics
	bigWriter   struct{} // claims more bytes than given
)

func (stuckReader) Read([]byte) (int, error)  { return 0, nil }
func (negReader) Read([]byte) (int, error)    { return -1, nil }
func (bigReader) Read(p []byte) (int, error)  { return len(p) + 1, nil }
func (panicReader) Read([]byte) (int, error)  { panic("boom") }
func (panicWriter) Write([]byte) (int, error) { panic("boom") }
func (bigWriter) Write(p []byte) (int, error) { return len(p) + 1, nil }

// TestHostileReaders: every function that takes a reader returns an error, never
// hangs or panics, for a reader that makes no progress, returns a bad count, panics,
// or is a typed nil; every text writer survives a typed-nil or misbehaving writer
// (issue 23 item 6).
func TestHostileReaders(t *testing.T) {
	t.Parallel()
	readers := map[string]io.Reader{
		"(0, nil) forever": stuckReader{}, "negative count": negReader{}, "count too large": bigReader{},
		"panics": panicReader{}, "typed nil": (*strings.Reader)(nil), "nil": nil,
	}
	funcs := map[string]func(io.Reader) error{
		"graphs.LoadScenario":   func(r io.Reader) error { _, err := graphs.LoadScenario("s.json", r); return err },
		"schema.Load":           func(r io.Reader) error { _, err := schema.Load("s.json", r); return err },
		"diagnose.Read":         func(r io.Reader) error { _, err := diagnose.Read(r); return err },
		"diagnose.Options.Read": func(r io.Reader) error { _, err := diagnose.Options{Torch: "2.11"}.Read(r); return err },
		"script.Read":           func(r io.Reader) error { _, err := script.Read(r); return err },
		"script.ReadNamed":      func(r io.Reader) error { _, err := script.ReadNamed("x.py", r); return err },
	}
	for fname, f := range funcs {
		for rname, r := range readers {
			done := make(chan error, 1)
			go func() {
				defer func() {
					if p := recover(); p != nil {
						done <- errors.New("panicked")
					}
				}()
				done <- f(r)
			}()
			select {
			case err := <-done:
				if err == nil || err.Error() == "panicked" {
					t.Errorf("%s(%s) = %v, want an error", fname, rname, err)
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("%s(%s) hangs", fname, rname)
			}
		}
	}
	rep, err := graphs.Check(&graphs.Scenario{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := diagnose.Read(strings.NewReader("assert torch._C._is_key_in_tls(attr_name)\n"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := script.Read(strings.NewReader("import torch\nf = torch.compile(m, mode='reduce-overhead')\n"))
	if err != nil {
		t.Fatal(err)
	}
	writers := map[string]io.Writer{"typed nil": (*bytes.Buffer)(nil), "nil": nil, "panics": panicWriter{}, "count too large": bigWriter{}}
	texts := map[string]func(io.Writer) error{
		"Report.WriteText":    func(w io.Writer) error { return rep.WriteText(w, graphs.TextOptions{}) },
		"Diagnosis.WriteText": func(w io.Writer) error { return d.WriteText(w) },
		"Script.WriteText":    func(w io.Writer) error { return s.WriteText(w, 0) },
	}
	for tname, f := range texts {
		for wname, w := range writers {
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Errorf("%s(%s writer) panicked: %v", tname, wname, p)
					}
				}()
				if err := f(w); err == nil {
					t.Errorf("%s(%s writer) = nil, want an error", tname, wname)
				}
			}()
		}
	}
	_ = inputerr.MaxEmptyReads
}

// TestWidthZeroIsDefault: a text width of 0 means the default width, for every text
// writer that takes one (issue 23 item 6: Script.WriteText(w, 0) wrapped at about 20).
func TestWidthZeroIsDefault(t *testing.T) {
	t.Parallel()
	s, err := script.Read(strings.NewReader("import torch\nf = torch.compile(model_with_a_long_name, mode='reduce-overhead', options=None, dynamic=False)\n"))
	if err != nil {
		t.Fatal(err)
	}
	var zero, def bytes.Buffer
	if err := s.WriteText(&zero, 0); err != nil {
		t.Fatal(err)
	}
	if err := s.WriteText(&def, graphs.DefaultWidth); err != nil {
		t.Fatal(err)
	}
	if zero.String() != def.String() {
		t.Errorf("Script.WriteText(w, 0) differs from width %d:\n%s\nvs\n%s", graphs.DefaultWidth, zero.String(), def.String())
	}
}

// failAfter returns its text, then an error.
type failAfter struct {
	r   io.Reader
	err error
}

func (f *failAfter) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, f.err
	}
	return n, err
}

// TestReadErrorLine: a reader's error is reported at the line being read: after two
// whole lines, line 3; inside the second line, line 2 (issue 23 item 6).
func TestReadErrorLine(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	for _, tt := range []struct {
		text string
		line int
	}{{"a\nb\n", 3}, {"a\nb", 2}, {"", 1}, {"a", 1}} {
		_, err := diagnose.Read(&failAfter{r: strings.NewReader(tt.text), err: boom})
		var re *diagnose.ReadError
		if !errors.As(err, &re) || re.Line != tt.line || !errors.Is(err, boom) {
			t.Errorf("Read(%q then an error) = %v, want a *ReadError at line %d", tt.text, err, tt.line)
		}
	}
}
