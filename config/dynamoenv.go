package config

import (
	"github.com/compilemode/compilemode/modes"
)

// dynamoIntVar is a variable that torch/_dynamo/config.py or
// torch/fx/experimental/_config.py reads with int() when torch.compile first imports
// them: a malformed value raises ValueError at torch.compile, whatever the call.
type dynamoIntVar struct {
	Var      string
	Releases modes.Releases
	Source   string
}

// dynamoIntVars are those variables, by release. Measured on 2.6.0 and 2.14.1
// (testdata/torch/*-debian/calls2.json "env TORCHDYNAMO_REPRO_LEVEL=abc", "env
// TORCHDYNAMO_TRANSLATION_VALIDATION_TIMEOUT=abc": stage compile, ValueError).
func dynamoIntVars() []dynamoIntVar {
	r := modes.Minors
	return []dynamoIntVar{
		{"TORCHDYNAMO_REPRO_LEVEL", r(6, 14), "torch/_dynamo/config.py repro_level = int(os.environ.get(\"TORCHDYNAMO_REPRO_LEVEL\", 2)) @ 2.6.0, 2.14.1"},
		{"TORCHDYNAMO_TRANSLATION_VALIDATION_TIMEOUT", r(6, 14), "torch/fx/experimental/_config.py translation_validation_timeout = int(...) @ 2.6.0, 2.14.1"},
	}
}

// dynamoImportStage is the first release in which importing torch._inductor.config
// already imports Dynamo's and FX's configs (through torch._inductor.custom_graph_pass),
// so their variables raise at import; before, the first torch.compile imports them.
// Measured: 2.6.0 raises at torch.compile, 2.14.1 at import (calls2.json "env
// TORCHDYNAMO_REPRO_LEVEL=abc": stage compile; stage import, import
// torch._inductor.config); 2.7-2.13 inferred.
var dynamoImportStage = modes.Version{Major: 2, Minor: 14}

// dynamoEnvError is the ValueError of the first malformed variable of
// [dynamoIntVars] the environment holds, as the resolved Python's int() words it,
// raised at the stage this release imports them (stage "import" or "compile").
func (r *Resolver) dynamoEnvError(res *Result, stage string) error {
	if (stage == "import") != r.facts.Torch.AtLeast(dynamoImportStage) {
		return nil
	}
	for _, v := range dynamoIntVars() {
		raw, set := res.env[v.Var]
		if !set || !v.Releases.Contains(r.facts.Torch) {
			continue
		}
		if _, msg := res.py.Int(raw); msg != "" {
			return &CallError{Stage: stage, Arg: v.Var, Exc: "ValueError", Msg: msg}
		}
	}
	return nil
}
