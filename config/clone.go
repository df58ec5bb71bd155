package config

import "slices"

// clone returns f with its own copies of the lists: a Facts handed out
// (Resolver.Facts, Result.Facts) never shares them with the resolver's.
func (f Facts) clone() Facts {
	f.CompileOptions, f.Backends, f.ListedBackends = slices.Clone(f.CompileOptions), slices.Clone(f.Backends), slices.Clone(f.ListedBackends)
	f.AOTIWrapperPatch, f.AliasKeys = slices.Clone(f.AOTIWrapperPatch), slices.Clone(f.AliasKeys)
	f.CompileKwargs = slices.Clone(f.CompileKwargs)
	return f
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
