package script

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// accelerate never hands the user's spelling of the backend to torch.compile (sweep4
// finding 2): TorchDynamoPlugin.__post_init__ does `self.backend =
// DynamoBackend(self.backend.upper())` and to_dict `dynamo_config["backend"] =
// dynamo_config["backend"].value.lower()`, from which to_kwargs builds what
// Accelerator.prepare_model passes to torch.compile (huggingface/accelerate @16cb6eb8
// src/accelerate/utils/dataclasses.py; src/accelerate/accelerator.py:327
// `TorchDynamoPlugin(backend=dynamo_backend)` and :1709 `torch.compile(model,
// **self.state.dynamo_plugin.to_kwargs())`). transformers' TrainingArguments goes the
// same way: its Trainer builds TorchDynamoPlugin(backend=torch_compile_backend, …), or
// with accelerate before 1.2.0 sets ACCELERATE_DYNAMO_BACKEND, which __post_init__ reads
// (huggingface/transformers training_args.py __post_init__, stored commit 00349ae8).
// So "INDUCTOR" and "Inductor" compile with "inductor", and a name outside
// DynamoBackend raises Python's enum ValueError in accelerate, before torch.compile:
// "'X' is not a valid DynamoBackend", X upper-cased (the message of a str-mixed Enum,
// measured with a stand-in of DynamoBackend on Python 3.13.5 and 3.14.10:
// testdata/measured/enum_valueerror.txt). to_kwargs also drops fields equal to the
// plugin's defaults (mode "default", fullgraph False, disable False), which change no
// plan.

// dynamoBackends are the values of accelerate's DynamoBackend enum
// (huggingface/accelerate @16cb6eb8 src/accelerate/utils/dataclasses.py:690).
func dynamoBackends() []string { return dynamoBackendsList }

// dynamoBackendsList is a package-level slice, not built on each call: a literal built in a
// function allocates its array, whose type the web page then carries (examples/web's
// Transfer size).
var dynamoBackendsList = []string{"NO", "EAGER", "AOT_EAGER", "INDUCTOR", "AOT_TS_NVFUSER", "NVPRIMS_NVFUSER",
	"CUDAGRAPHS", "OFI", "FX2TRT", "ONNXRT", "TENSORRT", "AOT_TORCHXLA_TRACE_ONCE",
	"TORCHXLA_TRACE_ONCE", "TVM", "HPU_BACKEND", "NEURON"}

// dynamoEnumPaths are the dotted paths of accelerate's DynamoBackend as a script
// imports it (`DynamoBackend.INDUCTOR` is a str whose value is "INDUCTOR").
func dynamoEnumPaths() []string {
	return []string{"accelerate.utils.DynamoBackend", "accelerate.utils.dataclasses.DynamoBackend"}
}

// dynamoBackend returns the backend torch.compile receives when accelerate is given s,
// and false when s is not one of DynamoBackend's values, upper-cased.
func dynamoBackend(s string) (string, bool) {
	u := strings.ToUpper(s)
	if !slices.Contains(dynamoBackends(), u) {
		return u, false
	}
	return strings.ToLower(u), true
}

// frameworkStr returns the string value e gives a framework keyword whose torch.compile
// name is to: a string literal, or for a backend that goes through DynamoBackend, a
// member of the enum (`DynamoBackend.INDUCTOR`).
func (r *reader) frameworkStr(fc *frameworkCompiler, to string, e *expr) (string, bool) {
	if s, ok := r.literalStr(e); ok {
		return s, true
	}
	if !fc.dynamoEnum || to != "backend" || e == nil || e.kind != attr {
		return "", false
	}
	if slices.Contains(dynamoEnumPaths(), r.qual(e.x)) && slices.Contains(dynamoBackends(), e.name) {
		return e.name, true
	}
	return "", false
}

// frameworkBackendText is how the warning shows a backend value s the framework hands
// on: accelerate's lower-cased name when s is one of DynamoBackend's.
func frameworkBackendText(fc *frameworkCompiler, s string) string {
	if n, ok := dynamoBackend(s); fc.dynamoEnum && ok {
		return n
	}
	return s
}

// setFrameworkBackend gives the framework site st the backend b that torch.compile
// receives, or accelerate's ValueError when b is not a DynamoBackend.
func setFrameworkBackend(fc *frameworkCompiler, st *siteState, b string) {
	n, ok := dynamoBackend(b)
	if !fc.dynamoEnum || ok {
		st.Backend = &n
		if !fc.dynamoEnum {
			st.Backend = &b
		}
		return
	}
	st.Backend = &b
	st.frameworkErr = &graphs.RaisedError{Stage: "framework", Exception: "ValueError",
		Message: fmt.Sprintf("%s is not a valid DynamoBackend", pyRepr(n)), Evidence: modes.Inferred}
	st.note("backend %q is not one of accelerate's DynamoBackend values (%s): accelerate raises ValueError when it builds its TorchDynamoPlugin, before torch.compile runs",
		b, strings.ToLower(strings.Join(dynamoBackends(), ", ")))
}

// notDynamoBackend is what the framework-compile warning adds when backend b does
// not reach torch.compile at all: accelerate's ValueError.
func notDynamoBackend(fc *frameworkCompiler, b string) string {
	if n, ok := dynamoBackend(b); fc.dynamoEnum && b != "" && !ok {
		return fmt.Sprintf(" — but %q is not a DynamoBackend, so accelerate raises ValueError(\"%s is not a valid DynamoBackend\") instead of calling it", b, pyRepr(n))
	}
	return ""
}

// pyRepr is Python's repr of a str without quotes or backslashes in it.
func pyRepr(s string) string {
	if strings.ContainsAny(s, "'\\") {
		return fmt.Sprintf("%q", s)
	}
	return "'" + s + "'"
}

// frameworkRaised returns rep as the framework's own error when the site's framework
// raises before torch.compile is reached. rep itself is not changed.
func frameworkRaised(st *Site, rep *graphs.Report) *graphs.Report {
	if st.frameworkErr == nil || rep == nil {
		return rep
	}
	e := *st.frameworkErr
	return raisedReport(rep, &e)
}
