//go:build compilemode_nosources

package graphs

// src is "": a program built with -tags compilemode_nosources carries no Source of
// the planner's rows ([Rule], [Hazard], the Dynamo keys' table), which no code of the
// module reads (they say where each fact was read, for the reader of the tables and
// for [Rules] and [Hazards]). The web page is built so; this package is inlined
// there, so each call is folded to "" and its text is not linked (examples/web's
// Transfer size).
func src(string) string { return "" }

// prose is "" under compilemode_nosources, as src is: the Condition of the rule table
// and of the warnings' triggers, and the Dynamo keys' Effect, say in words what the
// code decides, for the reader of the tables and for [Rules]; no code reads them.
func prose(string) string { return "" }
