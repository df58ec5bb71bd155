// Package literal reads Python literals and constant expressions into immutable
// [Value]s, as a script holding the text evaluates it: the ast.literal_eval grammar
// (None, bools, ints, floats, complex numbers, strings and bytes, lists, tuples,
// dicts and sets; frozensets from frozenset()) and what Python evaluates over it
// before torch.compile sees the value (2 ** 3, 'max-' + 'autotune', [True][0],
// f'{n}', comprehensions), with Python's semantics and exception texts by Python
// version ([ParseFor] with a [Lang], which a *pyver.Python is). A Value prints as
// Python's repr and encodes as JSON, and is how every option, global and default of
// the Inductor config is held.
//
// The expression parser is Grammar/python.gram's expressions; the evaluator follows
// CPython's Objects/*.c algorithms (eval*.go), with pow, sin, cos, exp, log and
// hypot correctly rounded as glibc's are. Both are checked against the answers of
// Python 3.8.18 to 3.14.10 (testdata/exprs-*.json, written by
// testdata/probe/gen_exprs.py). A name of Python's builtins (dir(builtins) of the
// Lang's version, builtins.txt) is never a NameError: the common pure ones are
// evaluated (int, float, str, bool, len, abs, min, max, sum, list, tuple, set,
// frozenset, dict, round, pow, sorted, format, range and its index and count; int(x,
// base), pow(x, y, mod) and round(x, n); generator expressions
// and reversed() where they are consumed at once), the others refused as not
// evaluated, as is what no constant expression is (lambdas, other calls); any other
// name but None, True and False is Python's NameError. An int may exceed Python's
// 4,300-digit limit on int-to-str conversion (7 ** 7000): it computes as any int,
// while writing it as decimal text (str, repr, f-strings, %d, format) raises that
// Python's ValueError, inside an expression and from [Value.PyStr] and
// [Value.PyRepr] (an *IntStrError).
package literal
