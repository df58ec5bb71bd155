//go:build js && wasm

// Command wasm is the library compiled to WebAssembly for the web page (examples/web):
// it runs in the page's Web Worker, registers one JavaScript function,
// compilemodeAnswer(request, text), and then waits for calls. A request is a JSON object
// {"kind": "call" | "log" | "script", "call": answer.Call, "name": "…", "torch": "…", "python": "…",
// "bytes": true (the text is a file's bytes, one character each), "options": answer.Options}; text is the log or script, a string of its own (a
// request's "text" member is read when the second argument is absent), or a
// Uint8Array of a file's bytes (a log file: the library decompresses and decodes them
// as the command does);
// the reply is answer.Answer as JSON. After each call the global compilemodeParts holds
// the milliseconds its parts took: copy (the text out of JavaScript), answer (the
// library) and reply (the Answer's JSON).
package main

import (
	"encoding/json"
	"runtime/debug"
	"syscall/js"
	"time"

	"github.com/compilemode/compilemode/examples/web/internal/answer"
)

type request struct {
	Kind string      `json:"kind"`
	Call answer.Call `json:"call"`
	Text string      `json:"text"`
	Name string      `json:"name"`
	// Torch is the script's or the log's -torch ("": not given).
	Torch string `json:"torch"`
	// Python is the script's -python ("": not given).
	Python string `json:"python"`
	// Bytes says the text is a file's bytes, one character (U+0000–U+00FF) per byte:
	// a script file that is not UTF-8, which the library reads as Python reads it.
	Bytes bool `json:"bytes"`
	// Options say which forms of the answer to compute.
	Options answer.Options `json:"options"`
}

func main() {
	// The worker is a single thread with plenty of memory: collect garbage less often.
	debug.SetGCPercent(400)
	js.Global().Set("compilemodeAnswer", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 && len(args) != 2 {
			return reply(answer.Answer{Stderr: "compilemode: want a request and its text\n", Exit: 2})
		}
		t0 := time.Now()
		var text *string
		if len(args) == 2 {
			s := textArg(args[1])
			text = &s
		}
		t1 := time.Now()
		a := handle(args[0].String(), text)
		t2 := time.Now()
		r := reply(a)
		js.Global().Set("compilemodeParts", map[string]any{"copy": ms(t1.Sub(t0)), "answer": ms(t2.Sub(t1)), "reply": ms(time.Since(t2))})
		return r
	}))
	select {}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// handle answers one request; text, when not nil, is its text.
func handle(data string, text *string) answer.Answer {
	var req request
	if err := json.Unmarshal([]byte(data), &req); err != nil {
		return answer.Answer{Stderr: "compilemode: page request: " + err.Error() + "\n", Exit: 2}
	}
	if text != nil {
		req.Text = *text
	}
	if req.Bytes {
		req.Text = latin1Bytes(req.Text)
	}
	switch req.Kind {
	case "call":
		return answer.Check(req.Call, req.Options)
	case "log":
		return answer.DiagnoseFor(req.Text, req.Torch, req.Options)
	case "script":
		return answer.Script(req.Name, req.Text, req.Torch, req.Python, req.Options)
	}
	return answer.Answer{Stderr: "compilemode: unknown request kind " + req.Kind + "\n", Exit: 2}
}

// textArg is a text argument: a string, or the bytes of a Uint8Array.
func textArg(v js.Value) string {
	if v.Type() != js.TypeObject {
		return v.String()
	}
	b := make([]byte, v.Get("length").Int())
	js.CopyBytesToGo(b, v)
	return string(b)
}

// latin1Bytes turns a string of characters U+0000–U+00FF into those bytes.
func latin1Bytes(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}

func reply(a answer.Answer) string {
	data, err := json.Marshal(a)
	if err != nil {
		return `{"stderr":"compilemode: reply: ` + err.Error() + `\n","exit":2}`
	}
	return string(data)
}
