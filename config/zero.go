package config

import "github.com/compilemode/compilemode/config/inputerr"

// checkUsable refuses a nil or zero Resolver, and a request past the limits.
func (r *Resolver) checkUsable(req Request) error {
	if r == nil || r.schema == nil || r.clean == nil {
		return &inputerr.ZeroError{Func: "Resolver.Resolve", Arg: "the *Resolver (make one with NewResolver or NewResolverFromSchema)"}
	}
	return checkRequest(req)
}
