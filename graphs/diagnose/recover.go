package diagnose

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/internal/catalog"
	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// Patterns of the compile call and its config.
var (
	reMode    = &lazyregexp.Regexp{Expr: `\bmode\s*=\s*["']([^"']*)["']`}
	reBackend = &lazyregexp.Regexp{Expr: `\bbackend\s*=\s*["']([^"']*)["']`}
	reDynamic = &lazyregexp.Regexp{Expr: `\bdynamic\s*=\s*(True|False)\b`}
	// reFullgraph: fullgraph=True changes the plan (a graph break raises instead of
	// splitting the function; fix brief 29, finding 5: rt-pose's call lost it).
	reFullgraph = &lazyregexp.Regexp{Expr: `\bfullgraph\s*=\s*(True|False)\b`}
	reOptions   = &lazyregexp.Regexp{Expr: `\boptions\s*=\s*\{`}
	reGlobal    = &lazyregexp.Regexp{Expr: `\b(?:torch\._inductor\.config|inductor_config)\.([A-Za-z_][\w.]*)\s*=\s*(True|False|None|-?\d+(?:\.\d+)?|"[^"]*"|'[^']*')\s*(?:#.*)?$`}
	// reGlobalProse: an assignment retold in prose, "vllm patch inductor_config.fx_graph_cache
	// to True" (pytorch/pytorch#166138, beside "I set TORCHINDUCTOR_FX_GRAPH_CACHE=0"),
	// "we set torch._inductor.config.triton.cudagraphs to False".
	reGlobalProse = &lazyregexp.Regexp{Expr: `(?i)\b(?:set|sets|setting|patch|patches|patched|patching|override|overrides|overrode|overriding|force|forces|forced|forcing)\s+` +
		`(?:torch\._inductor\.config|inductor_config)\.([A-Za-z_][\w.]*)\s+to\s+(True|False|-?\d+)\b`}
	reEnv     = &lazyregexp.Regexp{Expr: `(?:^|[\s;'"(])(` + envNames + `)=("[^"]*"|'[^']*'|[^\s;'"]*)`}
	reEnviron = &lazyregexp.Regexp{Expr: `os\.environ\[["'](` + envNames + `)["']\]\s*=\s*["']([^"']*)["']`}
)

// envNames matches the variables recovered from a log: inductor's, the sourced ones
// of catalog.AllocatorEnv, and TORCH_COMPILE_DISABLE.
var envNames = func() string {
	names := []string{`TORCHINDUCTOR_[A-Z0-9_]+`}
	for _, v := range catalog.AllocatorEnv() {
		if v.Source != "" {
			names = append(names, regexp.QuoteMeta(v.Name))
		}
	}
	return `(?:` + strings.Join(append(names, `TORCH_COMPILE_DISABLE`), "|") + `)`
}()

// recoverer collects the torch.compile call and config a log shows.
type recoverer struct {
	call      []byte // the call being collected, from "torch.compile("
	callLines int
	// callIndent is the indentation of the call's last line (wordCut).
	callIndent int
	callLine   int        // the line the call being collected starts on
	calls      []callArgs // the calls recovered, in line order, up to maxCalls
	dump       *string    // a mode a config dump shows, used when no call shows one
	set        []string
	env        map[string]string
	envLines   map[string]envLine
	python     pythonSeen
}

func newRecoverer() recoverer {
	return recoverer{env: map[string]string{}, envLines: map[string]envLine{}}
}

// callArgs are the arguments of one torch.compile call a log shows.
type callArgs struct {
	_       [0]func() // incomparable: no equality code (examples/web: Transfer size)
	line    int
	mode    *string
	backend string
	dynamic *bool
	// fullgraph is the call's fullgraph= (nil: not shown).
	fullgraph *bool
	options   string
}

// maxCalls is how many torch.compile calls a log's plan chooses among (sweep5 finding
// 4: "with A everything works, with B it fails" shows two).
const maxCalls = 8

// envLine is where a log sets an environment variable: its line and the line quoted.
type envLine struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	line int
	text string
}

// recoverAnchors are the prefilter's anchors for the recoverer: a line without one is
// not read for the call, config or environment (a call's continuation lines are).
func recoverAnchors() []string { return recoverAnchorsList }

// recoverAnchorsList is a package-level slice, not built on each call: a literal built in a
// function allocates its array, whose type the web page then carries (examples/web's
// Transfer size).
var recoverAnchorsList = []string{"torch.compile(", "torch._inductor.config.", "inductor_config.", "TORCHINDUCTOR_", "PYTORCH_",
	"TORCH_COMPILE_DISABLE", "os.environ", "reduce-overhead", "max-autotune", "Python version", "Python 3."}

// pythonPathAnchors are the prefilter's anchors for a path the interpreter's packages are
// under (".../lib/python3.12/site-packages/..."), which every frame of a traceback holds:
// such a line is read for the Python alone, from the raw line, and only until a path or a
// stated version has been seen (BenchmarkVersusGrep: as a recoverer anchor it took the
// rare-hit log from 0.4 to 1.3 times grep's time on its own). One anchor for each layout
// pythonForms reads: Unix's lib/python3.X, python.org's Windows folder PythonXY (a JSON's
// doubled backslash too) and the Microsoft Store's package folder.
var pythonPathAnchors = []string{"python3.", "\\Python3", "\\\\Python3", "Python.3."}

// deviceAnchors are the prefilter's anchors for the device counter.
var deviceAnchors = []string{"[rank", "cuda:", "index="}

// reModeDump matches a mode a config dump or a launcher prints, without a call:
// "mode: max-autotune", "compile_mode=reduce-overhead" (only PyTorch's mode names).
var reModeDump = &lazyregexp.Regexp{Expr: `\b(?:torch_)?(?:compile_)?mode["']?\s*[:=]\s*["']?(reduce-overhead|max-autotune-no-cudagraphs|max-autotune)\b`}

// window recovers what one window of the input shows: a torch.compile call, a mode a
// dump prints, a global config assignment and environment variables.
func (r *recoverer) window(text []byte, lineStart bool, line int) {
	r.callWindow(text, lineStart, line)
	r.dumpWindow(text)
	r.globalWindow(text)
	r.envWindow(text, line)
	r.python.window(text, line)
}

// dumpWindow records the mode a config dump or launcher prints, when no call gave one.
func (r *recoverer) dumpWindow(text []byte) {
	if r.dump != nil || len(r.calls) > 0 && r.calls[0].mode != nil {
		return
	}
	if mode, ok := refusedMode(text); ok {
		r.dump = &mode
		return
	}
	if m := reModeDump.FindSubmatch(text); m != nil && !bytes.Contains(text, []byte("torch.compile(")) {
		mode := string(m[1])
		r.dump = &mode
	}
}

// refusedMode returns the mode PyTorch's unknown-mode refusal in text names, exactly
// as the call gave it ("Unrecognized mode=reduce-overhead , should be one of: …" is
// mode "reduce-overhead ", with its space), when the refusal shows its list on one
// line: the call the log shows is that mode's, which the plan then refuses too, with
// its hint. reModeDump alone read it as "reduce-overhead", a call that captures (fix
// brief 29, finding 4).
func refusedMode(text []byte) (string, bool) {
	const head, tail = "Unrecognized mode=", ", should be one of: "
	i := bytes.Index(text, []byte(head))
	if i < 0 {
		return "", false
	}
	rest := text[i+len(head):]
	j := bytes.Index(rest, []byte(tail))
	if j < 0 || j > maxRefusedMode || bytes.ContainsAny(rest[:j], "\n\r") {
		return "", false
	}
	return string(rest[:j]), true
}

// maxRefusedMode is the longest mode refusedMode takes, in bytes: a mode name is short,
// and a longer text between the refusal's two parts is no name.
const maxRefusedMode = 80

// globalWindow records a torch._inductor.config assignment, up to maxRecovered: in code,
// through the module's path or its common alias (import torch._inductor.config as
// inductor_config), or retold in prose (reGlobalProse).
func (r *recoverer) globalWindow(text []byte) {
	if len(r.set) >= maxRecovered || !(bytes.Contains(text, []byte("torch._inductor.config.")) || bytes.Contains(text, []byte("inductor_config."))) {
		return
	}
	if m := reGlobal.FindSubmatch(text); m != nil {
		r.set = append(r.set, string(m[1])+"="+string(m[2]))
	} else if m := reGlobalProse.FindSubmatch(text); m != nil {
		v := string(m[2])
		if b := strings.ToLower(v); b == "true" || b == "false" {
			v = strings.ToUpper(b[:1]) + b[1:]
		}
		r.set = append(r.set, string(m[1])+"="+v)
	}
}

// envWindow records the first value of each TORCHINDUCTOR_, PYTORCH_ or
// TORCH_COMPILE_DISABLE variable the text sets, up to maxRecovered.
func (r *recoverer) envWindow(text []byte, line int) {
	if !bytes.Contains(text, []byte("=")) || !(bytes.Contains(text, []byte("TORCHINDUCTOR_")) || bytes.Contains(text, []byte("PYTORCH_")) || bytes.Contains(text, []byte("TORCH_COMPILE_DISABLE"))) {
		return
	}
	for _, re := range []*lazyregexp.Regexp{reEnv, reEnviron} {
		for _, m := range re.FindAllSubmatch(text, maxRecovered) {
			if _, ok := r.env[string(m[1])]; !ok && len(r.env) < maxRecovered {
				r.env[string(m[1])] = string(bytes.Trim(m[2], `"'`))
				r.envLines[string(m[1])] = envLine{line: line, text: quote(text, m[1])}
			}
		}
	}
}

// callWindow collects the torch.compile(...) calls with a keyword it recovers, up to
// maxCalls, each across at most maxCallLines lines; up to maxCalls calls may start in
// one window ("works with torch.compile(m, mode=A), fails with torch.compile(m,
// mode=B)": sweep5 finding 4).
func (r *recoverer) callWindow(text []byte, lineStart bool, line int) {
	for n := 0; n < maxCalls && len(r.calls) < maxCalls; n++ {
		at := r.callStep(text, lineStart, line)
		if at < 0 {
			return
		}
		next := bytes.Index(text[at+1:], []byte("torch.compile("))
		if next < 0 {
			return
		}
		text, lineStart = text[at+1+next:], false
	}
}

// callStep starts a call at the first "torch.compile(" of text, or continues the one
// being collected, and records it when it closes. It returns where in text the call
// it closed started, or -1 when it closed none that started there.
func (r *recoverer) callStep(text []byte, lineStart bool, line int) int {
	at := -1
	if r.call == nil {
		if at = bytes.Index(text, []byte("torch.compile(")); at < 0 {
			return -1
		}
		r.call, r.callLines, r.callLine = append([]byte{}, text[at:]...), 1, line
	} else if lineStart {
		r.call = joinCallLine(r.call, r.callIndent, text)
		r.callLines++
	}
	r.callIndent = indentOf(text)
	if len(r.call) > maxCallBytes {
		r.call = r.call[:maxCallBytes]
	}
	if depth(r.call) > 0 && r.callLines < maxCallLines && len(r.call) < maxCallBytes {
		return -1
	}
	if c, ok := parseCall(r.call); ok {
		c.line = r.callLine
		r.calls = append(r.calls, c)
	}
	r.call = nil
	return at
}

// joinCallLine appends the line next to a call's text, call so far (whose last line was
// indented by indent bytes): without a space where the break is a word cut by Python's
// syntax (wordCut, pythonWords: sweep finding 2), else after one.
func joinCallLine(call []byte, indent int, next []byte) []byte {
	if wordCut(call, indent, next, pythonWords{}) {
		return append(call, next[indentOf(next):]...) // a wrap under the same indentation
	}
	return append(append(call, ' '), next...)
}

// openString reports whether b ends inside a quoted string ('…' or "…", with
// backslash escapes); a # outside a string starts a comment, whose quote marks open
// nothing ("torch.compile(model,  # don't").
func openString(b []byte) bool {
	var quote byte
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case quote != 0 && c == '\\':
			i++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#':
			return false
		}
	}
	return quote != 0
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

// pyKeywords are the keywords a name may stand beside in an expression.
var pyKeywords = nameSet{"and", "or", "not", "in", "is", "if", "else",
	"for", "lambda", "await", "yield", "async", "from"}

// parseCall reads mode=, backend=, dynamic=, fullgraph= and an inline options dict from a call's
// text (up to the next call's start, when two share a line); it reports whether it
// found any.
func parseCall(call []byte) (c callArgs, found bool) {
	if next := bytes.Index(call[1:], []byte("torch.compile(")); next >= 0 {
		call = call[:next+1]
	}
	if m := reMode.FindSubmatch(call); m != nil {
		mode := string(m[1])
		c.mode, found = &mode, true
	}
	if m := reBackend.FindSubmatch(call); m != nil {
		c.backend, found = string(m[1]), true
	}
	if m := reDynamic.FindSubmatch(call); m != nil {
		b := string(m[1]) == "True"
		c.dynamic, found = &b, true
	}
	if m := reFullgraph.FindSubmatch(call); m != nil {
		// carried, not found: fullgraph= alone makes no call to plan (scenario)
		b := string(m[1]) == "True"
		c.fullgraph = &b
	}
	if loc := reOptions.FindIndex(call); loc != nil {
		// Prose elides a dict as {...}, which Python would read as the set {Ellipsis}:
		// not options anyone passed.
		if lit := braced(call[loc[1]-1:]); lit != nil && !bytes.Contains(lit, []byte("...")) {
			c.options, found = string(lit), true
		}
	}
	return c, found
}

// depth returns the parenthesis depth at the end of b, outside string literals.
func depth(b []byte) int {
	_, d := walkBrackets(b, '(', ')')
	return d
}

// braced returns the balanced {...} at the start of b, or nil if it does not close.
func braced(b []byte) []byte {
	at, _ := walkBrackets(b, '{', '}')
	if at < 0 {
		return nil
	}
	return b[:at+1]
}

// walkBrackets counts open and close outside string literals in b: closeAt is the
// index where the count first comes back to zero after a close (-1 if it never does),
// depth the count at the end.
func walkBrackets(b []byte, open, close byte) (closeAt, depth int) {
	closeAt = -1
	var quote byte
	for i, c := range b {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == open:
			depth++
		case c == close:
			depth--
			if depth == 0 && closeAt < 0 {
				closeAt = i
			}
		}
	}
	return closeAt, depth
}

// scenarios returns what was recovered as scenarios for the planner, one per call (in
// line order; one without a call when the log shows only config), or nil.
func (r *recoverer) scenarios(torch string) []*graphs.Scenario {
	calls := r.calls
	if len(calls) == 0 {
		calls = []callArgs{{}}
	}
	var out []*graphs.Scenario
	for _, c := range calls {
		if sc := r.scenario(torch, c); sc != nil {
			out = append(out, sc)
		}
	}
	return out
}

// scenario returns call c with the config and environment recovered as a scenario for
// the planner, or nil when there is nothing.
func (r *recoverer) scenario(torch string, c callArgs) *graphs.Scenario {
	if c.mode == nil {
		c.mode = r.dump
	}
	// fullgraph= alone makes no plan (parseCall does not count it as found): it is
	// carried with what does (a mode, options …), as a call's fullgraph=True alone
	// leaves CUDA graphs off, which a plan would only restate on every text that shows
	// such a call.
	if c.mode == nil && c.backend == "" && c.dynamic == nil && c.options == "" && len(r.set) == 0 && len(r.env) == 0 {
		return nil
	}
	sc := &graphs.Scenario{Torch: torch, Python: r.python.version, Mode: c.mode, Backend: c.backend, Dynamic: c.dynamic,
		Fullgraph: c.fullgraph, Set: r.set}
	sc.Options = c.options // the Python dict literal, as Scenario.Options holds it
	if len(r.env) > 0 {
		sc.Env = r.env
		v, err := modes.ParseVersion(torch)
		if err != nil {
			v = modes.DefaultRelease() // "": the planner's default release
		}
		if a := catalog.AllocatorFromEnvOn(func(k string) string { return r.env[k] }, v); a != "native" {
			sc.Workload.Allocator = a
		}
	}
	return sc
}
