package diagnose

import (
	"bytes"
	"testing"
)

// TestWordCutCallersAgree: the two callers that join a wrapped line back (the quote of a
// wrapped message, quoteLines' quoteJoin, and the torch.compile call recovered over
// several lines, recoverer.callWindow) decide each break the same way when what they
// know agrees: the row's literal is the text whole, and Python's syntax holds for the
// call. A break is joined without a space where a terminal cut a word or a quoted string;
// it keeps a space at a space, beside a keyword and before a line indented deeper than
// the line before it.
func TestWordCutCallersAgree(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		prev, next string
		whole      string // the two lines as the text was before a terminal cut them
		tight      bool   // the break falls inside a word
	}{
		{"inside a quoted key", `    model = torch.compile(model, options={"triton.cudagraph`, `s": False`,
			`model = torch.compile(model, options={"triton.cudagraphs": False`, true},
		{"inside a name", `    model = torch.compile(model, mode="max-autotune", opt`, `ions={`,
			`model = torch.compile(model, mode="max-autotune", options={`, true},
		{"inside a value's name", `torch.compile(model, mode=mo`, `de`, `torch.compile(model, mode=mode`, true},
		{"same indentation", `    y = torch.compile(model, dynamic=dyn`, `    amic`, `y = torch.compile(model, dynamic=dynamic`, true},
		{"beside a keyword", `    model = torch.compile(model, backend=b if`, `cond else c`,
			`model = torch.compile(model, backend=b if cond else c`, false},
		{"a deeper continuation", `    model = torch.compile(model,`, `        mode="max-autotune"`,
			`model = torch.compile(model, mode="max-autotune"`, false},
		{"a deeper line inside a word", `    model = torch.compile(model, dynamic=dyn`, `        amic`,
			`model = torch.compile(model, dynamic=dynamic`, false},
		{"at a comma", `    model = torch.compile(model, mode="max-autotune",`, `dynamic=True`,
			`model = torch.compile(model, mode="max-autotune", dynamic=True`, false},
		{"at a space", `    model = torch.compile(model, mode="max-autotune",`, `dynamic=True`,
			`model = torch.compile(model, mode="max-autotune", dynamic=True`, false},
	}
	for _, tt := range tests {
		// the call: two lines through the recoverer, the call left open so that its text
		// stays collected
		r := newRecoverer()
		r.callWindow([]byte(tt.prev), true, 1)
		r.callWindow([]byte(tt.next), true, 2)
		callTight := !bytes.Contains(r.call, []byte(" "+trimmed(tt.next)))
		// the quote: the same lines as a wrapped message whose literal is the text whole
		lines := [][]byte{[]byte(trimmed(tt.prev)), []byte(trimmed(tt.next))}
		quote := quoteJoin(lines, []int{indentOf([]byte(tt.prev)), indentOf([]byte(tt.next))}, []byte(tt.whole), nil)
		quoteTight := !bytes.Contains(quote, []byte(" "+trimmed(tt.next)))
		if callTight != tt.tight || quoteTight != tt.tight {
			t.Errorf("%s: joined tight by the call %v (%q), by the quote %v (%q), want %v",
				tt.name, callTight, r.call, quoteTight, quote, tt.tight)
		}
	}
}

func trimmed(s string) string { return string(bytes.TrimSpace([]byte(s))) }
