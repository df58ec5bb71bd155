package main

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/graphs"
)

// noFormField are the workload fields the page leaves out, each with why: the
// command has no flag for them either.
var noFormField = map[string]string{
	"cpu_input_name":  "a placeholder's name in PyTorch's message; no flag",
	"allocator":       "comes from the environment (PYTORCH_CUDA_ALLOC_CONF), which the env field sets",
	"dynamo":          "no flag",
	"device_type":     "no flag: -script infers it from the script (graphs/script/devicetype.go)",
	"stance":          "no flag: -script reads it from the script's torch.compiler.set_stance (graphs/script/stance.go)",
	"inherit_context": "no flag: -script infers it from the threads that call (graphs/script/callers.go)",
	"marked_dynamic":  "no flag: -script infers it from torch._dynamo.mark_dynamic (graphs/script/workload.go; sweep6 finding 11)",
}

// TestFormCoversWorkload: every field of graphs.Workload the command has a flag for
// is a form control of the page (its id the JSON name) and is in app.js's flag table,
// so that a new workload field cannot be forgotten here.
func TestFormCoversWorkload(t *testing.T) {
	t.Parallel()
	html, err := static.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	js, err := static.ReadFile("static/app.js")
	if err != nil {
		t.Fatal(err)
	}
	typ := reflect.TypeFor[graphs.Workload]()
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if _, skip := noFormField[name]; skip || name == "" || name == "-" {
			continue
		}
		if !strings.Contains(string(html), `id="`+name+`"`) {
			t.Errorf("graphs.Workload field %s (%s) has no form control id=%q in static/index.html", typ.Field(i).Name, name, name)
		}
		if !regexp.MustCompile(`\b` + name + `: "-`).Match(js) {
			t.Errorf("graphs.Workload field %s (%s) is not in app.js's FLAG table", typ.Field(i).Name, name)
		}
	}
}

// TestCommandSaysNoEnv: beside the command the page prints, a sentence says what -no-env
// answers for (a fixed host of schema.DefaultCPUs CPUs, no environment variables): a
// user who compared the page with the command without -no-env saw compile_threads=32
// against 2 and could not tell why. The CPU count is the library's.
func TestCommandSaysNoEnv(t *testing.T) {
	t.Parallel()
	html, err := static.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	p := regexp.MustCompile(`<p class="cmd">.*</p>`).Find(html)
	for _, want := range []string{`<code id="command"></code>`, "<code>-no-env</code>", fmt.Sprintf("a fixed %d-CPU host", schema.DefaultCPUs), "no environment variables"} {
		if !strings.Contains(string(p), want) {
			t.Errorf("the command's line %q lacks %q", p, want)
		}
	}
}
