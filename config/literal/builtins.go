package literal

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"
)

// builtinsTxt is dir(builtins) of each Python 3.8-3.14, one line per version,
// generated from the interpreters by testdata/probe/gen_builtins.py (see its header).
//
//go:embed builtins.txt
var builtinsTxt string

// builtinNames maps a version ("3.13") to the names of its builtins module; the key
// "" holds the names of any version. Built once from builtinsTxt on first use, and
// only read after: no mutable state.
var (
	builtinNamesOnce  sync.Once
	builtinNamesValue map[string]map[string]bool
)

func builtinNames() map[string]map[string]bool {
	builtinNamesOnce.Do(func() { builtinNamesValue = newBuiltinNames() })
	return builtinNamesValue
}

// newBuiltinNames builds [builtinNames]'s value.
func newBuiltinNames() map[string]map[string]bool {
	m := map[string]map[string]bool{"": {}}
	for _, line := range strings.Split(builtinsTxt, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		set := map[string]bool{}
		for _, name := range f[1:] {
			set[name] = true
			m[""][name] = true
		}
		m[f[0]] = set
	}
	return m
}

// versioner is the part of a Lang that names its Python version (a *pyver.Python).
type versioner interface {
	PyVersion() (major, minor int)
}

// isBuiltin reports whether a script's expression finds name in builtins on the
// Lang's Python; with no Lang, or a version without a table, on any of 3.8-3.14.
func (ev *evaluator) isBuiltin(name string) bool {
	key := ""
	if v, ok := ev.lang.(versioner); ok {
		major, minor := v.PyVersion()
		if k := strconv.Itoa(major) + "." + strconv.Itoa(minor); builtinNames()[k] != nil {
			key = k
		}
	}
	return builtinNames()[key][name]
}
