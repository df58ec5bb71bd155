package config

import (
	"fmt"
	"strconv"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/config/schema"
)

// MaxEnvEntries is the most environment variables one request may hold (a login
// shell has about 50, a CI job a few hundred). The other limits on input are those of
// a literal ([literal.MaxBytes], [literal.MaxDepth], [literal.MaxIntDigits],
// [literal.MaxNonDecimalDigits]), of a strict JSON file ([strictjson.MaxDepth]) and of
// a schema file ([schema.MaxBytes], [schema.MaxKeyParts]). Each is checked before the
// input is parsed or stored, and an input past one gets a *inputerr.LimitError naming
// it.
const MaxEnvEntries = 4096

// checkRequest holds a request built in Go to the limits the parsers apply: global
// keys of at most schema.MaxKeyParts parts, at most MaxEnvEntries environment
// variables and a PythonPatch of 0 to 99, as pyver.ParseBuild reads one (a
// *pyver.Error; libsweep finding 7: -1 planned "3.12.-1t"). [Resolver.Resolve] calls it first, so that no later step does work beyond
// them.
func checkRequest(req Request) error {
	for _, g := range req.Globals {
		if err := schema.CheckKeyParts(string(g.Key)); err != nil {
			return fmt.Errorf("config: global %.80s: %w", g.Key, err)
		}
	}
	if req.Env != nil {
		if n := len(req.Env()); n > MaxEnvEntries {
			return &inputerr.LimitError{Limit: "config.MaxEnvEntries", Max: MaxEnvEntries, Got: int64(n), What: "the number of environment variables"}
		}
	}
	if p := req.PythonPatch; p != nil && (*p < 0 || *p > 99) {
		return &pyver.Error{Input: strconv.Itoa(*p), Msg: "config.Request.PythonPatch, a patch release: want 0 to 99"}
	}
	return nil
}
