package config

import "fmt"

// ZeroError reports a call on a nil or zero value that cannot do its work: a method
// of a nil *Resolver, a nil reader, a nil *Schema. The library returns it instead of
// panicking, so that a program that embeds it and passes a zero value by mistake gets
// an error it can print.
type ZeroError struct {
	Func string // the function or method called, e.g. "Resolver.Resolve"
	Arg  string // what was nil or zero, e.g. "the *Resolver", "r (the reader)"
}

func (e *ZeroError) Error() string {
	if e == nil {
		return "config: <nil *ZeroError>"
	}
	return fmt.Sprintf("config: %s: %s is nil or zero", e.Func, e.Arg)
}

// checkUsable refuses a nil or zero Resolver, and a request past the limits.
func (r *Resolver) checkUsable(req Request) error {
	if r == nil || r.schema == nil || r.clean == nil {
		return &ZeroError{Func: "Resolver.Resolve", Arg: "the *Resolver (make one with NewResolver or NewResolverFromSchema)"}
	}
	return checkRequest(req)
}
