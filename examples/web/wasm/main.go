//go:build js && wasm

// Command wasm is the library compiled to WebAssembly for the web page (examples/web):
// it runs in the page's Web Worker, registers one JavaScript function,
// compilemodeAnswer(request), and then waits for calls. A request is a JSON object
// {"kind": "call" | "log" | "script", "call": answer.Call, "text": "…", "name": "…", "torch": "…",
// "options": answer.Options};
// the reply is answer.Answer as JSON.
package main

import (
	"encoding/json"
	"runtime/debug"
	"syscall/js"

	"github.com/compilemode/compilemode/examples/web/internal/answer"
)

type request struct {
	Kind string      `json:"kind"`
	Call answer.Call `json:"call"`
	Text string      `json:"text"`
	Name string      `json:"name"`
	// Torch is the script's -torch ("": not given).
	Torch string `json:"torch"`
	// Options say which forms of the answer to compute.
	Options answer.Options `json:"options"`
}

func main() {
	// The worker is a single thread with plenty of memory: collect garbage less often.
	debug.SetGCPercent(400)
	js.Global().Set("compilemodeAnswer", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 {
			return reply(answer.Answer{Stderr: "compilemode: want one request\n", Exit: 2})
		}
		return reply(handle(args[0].String()))
	}))
	select {}
}

// handle answers one request.
func handle(data string) answer.Answer {
	var req request
	if err := json.Unmarshal([]byte(data), &req); err != nil {
		return answer.Answer{Stderr: "compilemode: page request: " + err.Error() + "\n", Exit: 2}
	}
	switch req.Kind {
	case "call":
		return answer.Check(req.Call, req.Options)
	case "log":
		return answer.Diagnose(req.Text, req.Options)
	case "script":
		return answer.Script(req.Name, req.Text, req.Torch, req.Options)
	}
	return answer.Answer{Stderr: "compilemode: unknown request kind " + req.Kind + "\n", Exit: 2}
}

func reply(a answer.Answer) string {
	data, err := json.Marshal(a)
	if err != nil {
		return `{"stderr":"compilemode: reply: ` + err.Error() + `\n","exit":2}`
	}
	return string(data)
}
