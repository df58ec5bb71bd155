// Package literal parses Python literals (None, bools, ints, floats, strings, lists,
// tuples, dicts and sets, as ast.literal_eval reads them) into immutable [Value]s. A Value
// prints as Python's repr and encodes as JSON, and is how every option, global and
// default of the Inductor config is held.
package literal
