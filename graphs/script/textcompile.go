package script

import (
	"strings"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
	"github.com/compilemode/compilemode/internal/lazyregexp"
)

// maxTextCompiles bounds the compile-in-text warnings of a file.
const maxTextCompiles = 8

// calledChain matches a dotted name called in Python source: "torch.compile(",
// "tc . compile (" (group 1 is the chain).
var calledChain = &lazyregexp.Regexp{Expr: `(?:^|[^\w.])([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*\(`}

// compilesInText warns of each torch.compile call the reader does not parse
// (WarningCompileInText): inside an f-string's (or t-string's) replacement fields,
// and inside a string literal given to eval or exec, the chain read with the file's
// imports (import torch as tc: tc.compile).
func (r *reader) compilesInText() {
	found := 0
	for i, t := range r.toks {
		if t.kind != pytoken.String || found >= maxTextCompiles {
			continue
		}
		text := r.tokText(t)
		prefix, body := stringPrefix(text)
		var code, where string
		switch {
		case r.evalArg(i):
			code, where = body, "the text "+r.tokText(r.toks[i-2])+"() runs"
		case strings.ContainsAny(prefix, "fFtT"):
			code, where = replacementFields(body), "an f-string's replacement field"
		}
		if call := r.textCompileCall(code); call != "" {
			found++
			r.warn(r.lines.line(t.off), WarningCompileInText, "%s is called inside %s, which this reader does not parse: Python runs that call, and no plan here is made for it (%s); compile in a statement of its own (compiled = torch.compile(…)) and use the result, or plan it with -mode and -options", call, where, cut(strings.Join(strings.Fields(text), " "), MaxCallText))
		}
	}
}

// stringPrefix splits a string literal's text into its prefix (f, rb, …) and the rest.
func stringPrefix(text string) (prefix, rest string) {
	i := strings.IndexAny(text, `'"`)
	if i < 0 {
		return "", text
	}
	return text[:i], text[i:]
}

// evalArg reports whether token i is the first argument of a bare eval( or exec(.
func (r *reader) evalArg(i int) bool {
	if i < 2 || r.toks[i-1].kind != pytoken.Op || r.tokText(r.toks[i-1]) != "(" || r.toks[i-2].kind != pytoken.Name {
		return false
	}
	if n := r.tokText(r.toks[i-2]); n != "eval" && n != "exec" {
		return false
	}
	return i < 3 || r.tokText(r.toks[i-3]) != "." // builtins.eval aside, not obj.eval(
}

// replacementFields returns the text of an f-string's replacement fields (body: the
// literal from its opening quote), each followed by a newline: outside them a "{{"
// is a brace, and inside them a quoted string is skipped whole.
func replacementFields(body string) string {
	var b strings.Builder
	depth := 0
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case depth == 0 && c == '{' && i+1 < len(body) && body[i+1] == '{':
			i++
		case c == '{':
			depth++
		case depth > 0 && c == '}':
			if depth--; depth == 0 {
				b.WriteByte('\n')
			}
		case depth > 0 && (c == '\'' || c == '"'):
			if j := strings.IndexByte(body[i+1:], c); j >= 0 {
				i += j + 1
			}
		case depth > 0:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// textCompileCall returns the first chain called in code that the file's imports make
// torch.compile or torch.compiler.compile, as written; "" when there is none.
func (r *reader) textCompileCall(code string) string {
	if code == "" || !strings.Contains(code, "(") {
		return ""
	}
	for _, m := range calledChain.FindAllStringSubmatch(code, -1) {
		parts := strings.Split(m[1], ".")
		for k := range parts {
			parts[k] = strings.TrimSpace(parts[k])
		}
		base, ok := r.aliases[parts[0]]
		if !ok {
			continue
		}
		if isCompile(strings.Join(append([]string{base}, parts[1:]...), ".")) {
			return strings.Join(parts, ".")
		}
	}
	return ""
}
