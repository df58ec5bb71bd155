package schema

import (
	"maps"
	"slices"

	"github.com/compilemode/compilemode/modes"
)

// Clone returns a deep copy of s: changing its exported fields, or the key specs and
// environment rules read from it, leaves s unchanged. The built-in schemas are shared
// by every resolver of a release, so the accessors that hand a schema out
// (config.Resolver.Schema) hand out a clone. A nil s gives nil.
func (s *Schema) Clone() *Schema {
	if s == nil {
		return nil
	}
	c := *s
	c.Modes = (&modes.Table{Entries: s.Modes}).Clone().Entries
	c.EnvVarNames = slices.Clone(s.EnvVarNames)
	c.keys = make([]KeySpec, len(s.keys))
	for i, k := range s.keys {
		c.keys[i] = k.clone()
	}
	// index, prefixes and envNames are unexported and never written after loading.
	return &c
}

// clone returns k with its own copy of the environment rule.
func (k KeySpec) clone() KeySpec {
	if k.Env == nil {
		return k
	}
	r := *k.Env
	r.Vars, r.Choices, r.DefaultVars = slices.Clone(k.Env.Vars), slices.Clone(k.Env.Choices), slices.Clone(k.Env.DefaultVars)
	r.NoneWords, r.Map, r.Unset = slices.Clone(k.Env.NoneWords), maps.Clone(k.Env.Map), clonePtr(k.Env.Unset)
	r.Then, r.Else, r.Fallback = slices.Clone(k.Env.Then), slices.Clone(k.Env.Else), slices.Clone(k.Env.Fallback)
	if k.Env.Values != nil {
		r.Values = make([]*string, len(k.Env.Values))
		for i, v := range k.Env.Values {
			r.Values[i] = clonePtr(v)
		}
	}
	k.Env = &r
	return k
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
