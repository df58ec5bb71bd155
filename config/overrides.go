package config

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config/schema"
)

// 2.14's debug override variables, TORCH_COMPILE_OVERRIDE_BACKENDS and
// TORCH_COMPILE_OVERRIDE_INDUCTOR_CONFIGS ("filter:value;filter:value"), are
// validated when Dynamo converts the first frame, before it traces it
// (torch/_dynamo/convert_frame.py and graph_id_filter.py @ 2.14.1:
// _validate_backend_names, _validate_inductor_config_keys): a bad one raises
// ValueError at the first call ([Facts.FirstCallValidatesOverrides]). What they then
// change is per graph, and a function whose capture makes none is not changed.
// TORCH_COMPILE_OVERRIDE_DYNAMO_CONFIGS is validated between the two, against the
// names hasattr(torch._dynamo.config, …) is true for: dynamo-attrs-2.14.txt, written
// in the 2.14.1 chroot by testdata/probe/gen_dynamo_attrs.py. Measured on 2.14.1:
// testdata/torch/2.14.1-debian/calls7.json.

//go:embed dynamo-attrs-2.14.txt
var dynamoAttrs214 string

// hasDynamoAttr is hasattr(torch._dynamo.config, k) on 2.14.1.
func hasDynamoAttr(k string) bool {
	for _, line := range strings.Split(dynamoAttrs214, "\n") {
		if line == k {
			return true
		}
	}
	return false
}

// overrideRules splits an override variable into its rules' values, as
// _GraphRouterBase._parse does: rules split on ";", blank ones and ones without ':'
// or with an empty filter or value skipped.
func overrideRules(s string) []string {
	var out []string
	for _, rule := range strings.Split(s, ";") {
		rule = strings.TrimSpace(rule)
		i := strings.IndexByte(rule, ':')
		if rule == "" || i < 0 {
			continue
		}
		filter, value := strings.TrimSpace(rule[:i]), strings.TrimSpace(rule[i+1:])
		if filter == "" || value == "" {
			continue
		}
		out = append(out, value)
	}
	return out
}

// overrideConfigKeys returns the keys a rule value "k=v,k2=v2" sets, in order
// (GraphConfigRouter._parse_value_str: items without '=' are skipped).
func overrideConfigKeys(value string) []string {
	var keys []string
	for _, item := range strings.Split(value, ",") {
		item = strings.TrimSpace(item)
		k, _, ok := strings.Cut(item, "=")
		if item == "" || !ok {
			continue
		}
		keys = append(keys, strings.TrimSpace(k))
	}
	return keys
}

// overrideErr is the ValueError the first call raises for a bad override variable,
// nil when there is none.
func (r *Resolver) overrideErr(env map[string]string) error {
	if !r.facts.FirstCallValidatesOverrides {
		return nil
	}
	// _validate_backend_names: the backend of each rule, after the first ':'.
	for _, rule := range strings.Split(env["TORCH_COMPILE_OVERRIDE_BACKENDS"], ";") {
		rule = strings.TrimSpace(rule)
		i := strings.IndexByte(rule, ':')
		if rule == "" || i < 0 {
			continue
		}
		name := strings.TrimSpace(rule[i+1:])
		if name != "" && name != "inductor" && !slices.Contains(r.facts.Backends, name) {
			return &CallError{Stage: "first-call", Arg: "TORCH_COMPILE_OVERRIDE_BACKENDS", Exc: "ValueError",
				Msg: fmt.Sprintf("TORCH_COMPILE_OVERRIDE_BACKENDS: '%s' is not a valid backend, see `torch._dynamo.list_backends()` for available backends", name)}
		}
	}
	for _, value := range overrideRules(env["TORCH_COMPILE_OVERRIDE_DYNAMO_CONFIGS"]) {
		for _, k := range overrideConfigKeys(value) {
			if !hasDynamoAttr(k) {
				return &CallError{Stage: "first-call", Arg: "TORCH_COMPILE_OVERRIDE_DYNAMO_CONFIGS", Exc: "ValueError",
					Msg: fmt.Sprintf("TORCH_COMPILE_OVERRIDE_DYNAMO_CONFIGS: '%s' is not a valid torch._dynamo.config option", k)}
			}
		}
	}
	for _, value := range overrideRules(env["TORCH_COMPILE_OVERRIDE_INDUCTOR_CONFIGS"]) {
		for _, k := range overrideConfigKeys(value) {
			if !r.hasConfigAttr(k) {
				return &CallError{Stage: "first-call", Arg: "TORCH_COMPILE_OVERRIDE_INDUCTOR_CONFIGS", Exc: "ValueError",
					Msg: fmt.Sprintf("TORCH_COMPILE_OVERRIDE_INDUCTOR_CONFIGS: '%s' is not a valid torch._inductor.config option", k)}
			}
		}
	}
	return nil
}

// hasConfigAttr is hasattr(torch._inductor.config, k) for a key or a subconfig
// name (triton, cpp.…). The module's other attributes (its imports, the
// ConfigModule methods) are not known here and count as absent.
func (r *Resolver) hasConfigAttr(k string) bool {
	if _, ok := r.schema.Index(schema.Key(k)); ok {
		return true
	}
	for _, spec := range r.schema.Keys() {
		if strings.HasPrefix(string(spec.Key), k+".") {
			return true
		}
	}
	return false
}
