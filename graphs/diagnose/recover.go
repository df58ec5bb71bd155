package diagnose

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// versionPattern is one way a log shows the release; a higher rank wins, and within a
// rank the first seen.
type versionPattern struct {
	literal []byte // a line must contain it before re is tried
	re      *regexp.Regexp
	rank    int
}

// versionPatterns returns the ways a log shows torch's release.
func versionPatterns() []versionPattern {
	return []versionPattern{
		// python -m torch.utils.collect_env: "PyTorch version: 2.5.1+cu124".
		{[]byte("PyTorch version: "), regexp.MustCompile(`PyTorch version: (\d+\.\d+[0-9A-Za-z.+]*)`), 3},
		// print(torch.__version__) with the value on the same line.
		{[]byte("torch.__version__"), regexp.MustCompile(`torch\.__version__\W{0,12}?(\d+\.\d+(?:\.\d+)?[0-9A-Za-z.+]*)`), 3},
		// site-packages/torch-2.5.1+cu124.dist-info, torch-2.5.1-cp311-…whl.
		{[]byte("torch-"), regexp.MustCompile(`\btorch-(\d+\.\d+(?:\.\d+)?[0-9A-Za-z.+]*?)(?:\.dist-info|-cp\d|-py\d)`), 2},
		// pip pins: torch==2.5.1.
		{[]byte("torch=="), regexp.MustCompile(`\btorch==(\d+\.\d+(?:\.\d+)?[0-9A-Za-z.+]*)`), 1},
	}
}

// bareVersion is a line that holds only a version, as the REPL prints
// torch.__version__ on the line after it.
var bareVersion = regexp.MustCompile(`^'?(\d+\.\d+\.\d+[0-9A-Za-z.+]*)'?$`)

type versionFinder struct {
	patterns []versionPattern
	found    modes.Version
	rank     int
	line     int  // the line of found
	pending  bool // the last line named torch.__version__ without a value
}

func newVersionFinder() versionFinder { return versionFinder{patterns: versionPatterns()} }

func (f *versionFinder) window(text []byte, line int) {
	if f.pending {
		f.pending = false
		if m := bareVersion.FindSubmatch(bytes.TrimSpace(text)); m != nil {
			f.offer(m[1], 3, line)
			return
		}
	}
	if !bytes.Contains(text, []byte("orch")) {
		return
	}
	for _, p := range f.patterns {
		if p.rank <= f.rank || !bytes.Contains(text, p.literal) {
			continue
		}
		if m := p.re.FindSubmatch(text); m != nil {
			f.offer(m[1], p.rank, line)
		}
	}
	if f.rank < 3 && bytes.Contains(text, []byte("torch.__version__")) {
		f.pending = true
	}
}

func (f *versionFinder) offer(s []byte, rank, line int) {
	if v, err := modes.ParseVersion(string(s)); err == nil && rank > f.rank {
		f.found, f.rank, f.line = v, rank, line
	}
}

// best returns the release the log shows, if any.
func (f *versionFinder) best() (modes.Version, bool) { return f.found, f.rank > 0 }

// Patterns of the compile call and its config.
var (
	reMode    = regexp.MustCompile(`\bmode\s*=\s*["']([^"']*)["']`)
	reBackend = regexp.MustCompile(`\bbackend\s*=\s*["']([^"']*)["']`)
	reDynamic = regexp.MustCompile(`\bdynamic\s*=\s*(True|False)\b`)
	reOptions = regexp.MustCompile(`\boptions\s*=\s*\{`)
	reGlobal  = regexp.MustCompile(`\btorch\._inductor\.config\.([A-Za-z_][\w.]*)\s*=\s*(True|False|None|-?\d+(?:\.\d+)?|"[^"]*"|'[^']*')\s*(?:#.*)?$`)
	reEnv     = regexp.MustCompile(`(?:^|[\s;'"(])(` + envNames + `)=("[^"]*"|'[^']*'|[^\s;'"]*)`)
	reEnviron = regexp.MustCompile(`os\.environ\[["'](` + envNames + `)["']\]\s*=\s*["']([^"']*)["']`)
)

// envNames matches the variables recovered from a log: inductor's, the sourced ones
// of graphs.AllocatorEnv, and TORCH_COMPILE_DISABLE.
var envNames = func() string {
	names := []string{`TORCHINDUCTOR_[A-Z0-9_]+`}
	for _, v := range graphs.AllocatorEnv() {
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
	callDone  bool
	mode      *string
	backend   string
	dynamic   *bool
	options   string
	set       []string
	env       map[string]string
}

func newRecoverer() recoverer { return recoverer{env: map[string]string{}} }

func (r *recoverer) window(text []byte, lineStart bool) {
	r.callWindow(text, lineStart)
	if len(r.set) < maxRecovered && bytes.Contains(text, []byte("torch._inductor.config.")) {
		if m := reGlobal.FindSubmatch(text); m != nil {
			r.set = append(r.set, string(m[1])+"="+string(m[2]))
		}
	}
	if bytes.Contains(text, []byte("=")) && (bytes.Contains(text, []byte("TORCHINDUCTOR_")) || bytes.Contains(text, []byte("PYTORCH_")) || bytes.Contains(text, []byte("TORCH_COMPILE_DISABLE"))) {
		for _, re := range []*regexp.Regexp{reEnv, reEnviron} {
			for _, m := range re.FindAllSubmatch(text, maxRecovered) {
				if _, ok := r.env[string(m[1])]; !ok && len(r.env) < maxRecovered {
					r.env[string(m[1])] = string(bytes.Trim(m[2], `"'`))
				}
			}
		}
	}
}

// callWindow collects the first torch.compile(...) call with a keyword it recovers,
// across at most maxCallLines lines.
func (r *recoverer) callWindow(text []byte, lineStart bool) {
	if r.callDone {
		return
	}
	if r.call == nil {
		at := bytes.Index(text, []byte("torch.compile("))
		if at < 0 {
			return
		}
		r.call, r.callLines = append([]byte{}, text[at:]...), 1
	} else if lineStart {
		r.call = append(append(r.call, ' '), text...)
		r.callLines++
	}
	if len(r.call) > maxCallBytes {
		r.call = r.call[:maxCallBytes]
	}
	if depth(r.call) > 0 && r.callLines < maxCallLines && len(r.call) < maxCallBytes {
		return
	}
	if r.parseCall(r.call) {
		r.callDone = true
	}
	r.call = nil
}

// parseCall reads mode=, backend=, dynamic= and an inline options dict from a call's
// text; it reports whether it found any.
func (r *recoverer) parseCall(call []byte) bool {
	found := false
	if m := reMode.FindSubmatch(call); m != nil {
		mode := string(m[1])
		r.mode, found = &mode, true
	}
	if m := reBackend.FindSubmatch(call); m != nil {
		r.backend, found = string(m[1]), true
	}
	if m := reDynamic.FindSubmatch(call); m != nil {
		b := string(m[1]) == "True"
		r.dynamic, found = &b, true
	}
	if loc := reOptions.FindIndex(call); loc != nil {
		if lit := braced(call[loc[1]-1:]); lit != nil {
			r.options, found = string(lit), true
		}
	}
	return found
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

// scenario returns what was recovered as a scenario for the planner, or nil.
func (r *recoverer) scenario(torch string) *graphs.Scenario {
	if r.mode == nil && r.backend == "" && r.dynamic == nil && r.options == "" && len(r.set) == 0 && len(r.env) == 0 {
		return nil
	}
	sc := &graphs.Scenario{Torch: torch, Mode: r.mode, Backend: r.backend, Dynamic: r.dynamic, Set: r.set}
	sc.Options = r.options // the Python dict literal, as Scenario.Options holds it
	if len(r.env) > 0 {
		sc.Env = r.env
		if a := graphs.AllocatorFromEnv(func(k string) string { return r.env[k] }); a != "native" {
			sc.Workload.Allocator = a
		}
	}
	return sc
}
