package script

import "slices"

// nameSet is a set of names, a list searched in order: a package-level one is data,
// where a map literal is code at initialisation (examples/web: Transfer size).
type nameSet []string

// has reports whether name is in s.
func (s nameSet) has(name string) bool { return slices.Contains(s, name) }
