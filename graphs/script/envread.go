package script

import (
	"fmt"
	"io"
	"strings"

	"github.com/compilemode/compilemode/modes"
)

// The script's own reads of the environment (sweep finding 20): os.environ.get(K, D),
// os.getenv(K, D) and os.environ[K] with a literal K. When the environment the script
// starts in is given (ReadOptions: -env and the process environment), a read of a
// variable it sets takes that value, as Python's would, instead of the default; a
// read of one it does not set keeps the default (os.environ[K] raises KeyError then,
// and the value stays unknown).

// ReadOptions are the choices of [ReadWith].
type ReadOptions struct {
	// Name names the script in site labels, positions and errors ("<input>" when
	// empty).
	Name string
	// Env is the environment the script starts in, as the command line gives it
	// (-env): the script's own reads of these variables take these values.
	Env map[string]string
	// ProcessEnv is the rest of the environment it starts in (the process's): Env
	// beats it.
	ProcessEnv map[string]string
	// Torch is the release planned ("2.11"; "": none): a guard that tests
	// torch.__version__ is read as on it. A release that is not one known (2.0–2.14:
	// "2.15", "banana") is an error wrapping the *modes.VersionError that
	// PlanOptions.CLI.Torch, graphs.Check and the command's -torch give, so that a
	// release set twice is refused the same in both places.
	Torch string
	// Argv is the command line the script runs with, sys.argv[1:] (the command's
	// -script FILE -- ARGS…): the file's one parse_args() reads it as argparse
	// does. nil: not given, any command line; empty, not nil: given, empty.
	Argv []string
	// Python is the Python that runs the script ("3.9"; "": not given, 3.10's and
	// later's order): a file with several syntax errors gets the one that Python
	// reports first (3.8 and 3.9: the first their parser meets). A version other
	// than 3.8 to 3.14 reads as none given (PlanWith's PlanOptions.CLI.Python says
	// what runs on it).
	Python string
}

// EnvRead is one variable the script reads itself (os.environ.get, os.getenv,
// os.environ[…] with a literal name), first read at Line.
type EnvRead struct {
	_    [0]func() // incomparable: no equality code (examples/web: Transfer size)
	Line int       `json:"line"`
	Name string    `json:"name"`
	// Value is the value the environment given to [ReadWith] has for it (nil: not
	// given, so the read's default, or unknown for os.environ[…]).
	Value *string `json:"value,omitempty"`
	// From says where Value comes from: "-env" (ReadOptions.Env) or "environment"
	// (ReadOptions.ProcessEnv).
	From string `json:"from,omitempty"`
	// subscript: read as os.environ["NAME"], which has no default: unset, it raises
	// KeyError (CPython Lib/os.py _Environ.__getitem__; sweep6 finding 9).
	subscript bool
	// guard is what that line runs under ("" for nothing): under a guard it raises
	// only if it runs (sweep10 finding 4: `if "LOCAL_RANK" in os.environ:` guards it).
	guard string
}

// ReadWith is [ReadNamed] with the environment the script starts in: its own reads
// of a variable given there (MODE = os.environ.get("COMPILE_MODE", "default")) take
// the value given, not the default (Script.EnvReads lists the reads).
func ReadWith(r io.Reader, o ReadOptions) (*Script, error) {
	name := o.Name
	if name == "" {
		name = "<input>"
	}
	given := map[string]givenEnv{}
	for k, v := range o.ProcessEnv {
		given[k] = givenEnv{value: v, from: "environment"}
	}
	for k, v := range o.Env {
		given[k] = givenEnv{value: v, from: "-env"}
	}
	in := readIn{env: given, torch: o.Torch, argv: o.Argv}
	if o.Torch != "" {
		if _, err := modes.ParseVersion(o.Torch); err != nil {
			return nil, fmt.Errorf("script: ReadOptions.Torch: %w", err) // as PlanWith's PlanOptions.CLI.Torch
		}
	}
	if minor, err := pythonMinor(o.Python); err == nil {
		in.python = minor
	}
	return readNamedEnv("script.ReadWith", name, r, in)
}

// readIn is what a read is given besides the source: the environment the script
// starts in (nil: none) and the release planned ("": none).
type readIn struct {
	env   map[string]givenEnv
	torch string
	// start is the environment the process starts in when env lacks what the script
	// sets itself (nil: env): CUDA reads CUDA_VISIBLE_DEVICES from it when it starts
	// before the script's set (visibledevices.go).
	start map[string]givenEnv
	argv  []string // ReadOptions.Argv
	// python is ReadOptions.Python's minor version (0: not given).
	python int
}

// givenEnv is a variable's value in the environment given to ReadWith.
type givenEnv struct {
	_     [0]func() // incomparable: no equality code (examples/web: Transfer size)
	value string
	from  string // "-env" or "environment"
}

// envKey returns the variable name e reads when it is os.environ.get(K, …),
// os.getenv(K, …) or os.environ[K] with a str literal K.
func (r *reader) envKey(e *expr) (string, bool) {
	switch {
	case e == nil:
	case e.kind == call && isEnvGet(r.qual(e.x)):
		if k := kwarg(e, "key", 0); k != nil {
			return r.literalStr(k)
		}
	case e.kind == subscript && e.index != nil && r.qual(e.x) == "os.environ":
		return r.literalStr(e.index)
	}
	return "", false
}

// givenIn returns the variable a read inside e reads when the environment given sets
// it ("": none), as in self.dynamic = os.getenv(K, 'false').strip().lower() in ("1",
// "true") (vLLM's HPU config; script13 item 4).
func (r *reader) givenIn(e *expr, depth int) string {
	if e == nil || depth > maxAltDepth {
		return ""
	}
	if k, _, ok := r.envGiven(e); ok {
		return k
	}
	for _, x := range e.operands() {
		if k := r.givenIn(x, depth+1); k != "" {
			return k
		}
	}
	return ""
}

// envGiven returns the value the given environment has for the variable e reads
// (see envKey), and whether it has one.
func (r *reader) envGiven(e *expr) (string, givenEnv, bool) {
	if len(r.givenEnv) == 0 {
		return "", givenEnv{}, false
	}
	k, ok := r.envKey(e)
	if !ok {
		return "", givenEnv{}, false
	}
	g, ok := r.givenEnv[k]
	return k, g, ok
}

// givenCands returns the candidate of an environment read whose variable is given
// (nil: not such a read).
func (r *reader) givenCands(e *expr) []Candidate {
	k, g, ok := r.envGiven(e)
	if !ok {
		return nil
	}
	return r.oneCand(Candidate{Line: int(e.line), Value: r.strPtr(g.value), Env: k})
}

// recordEnvRead records a read of the environment by the script (visit): the first
// line of each variable, at most maxEnvReads variables.
func (r *reader) recordEnvRead(e *expr) {
	k, ok := r.envKey(e)
	if !ok {
		return
	}
	if _, seen := r.envReadAt[k]; seen || len(r.envReadAt) >= maxEnvReads {
		return
	}
	if r.envReadAt == nil {
		r.envReadAt = map[string]int{}
	}
	r.envReadAt[k] = int(e.line)
	rd := EnvRead{Line: int(e.line), Name: k, subscript: e.kind == subscript, guard: r.guardText()}
	if g, ok := r.givenEnv[k]; ok {
		v := g.value
		rd.Value, rd.From = &v, g.from
	}
	r.out.EnvReads = append(r.out.EnvReads, rd)
}

// maxEnvReads bounds the variables Script.EnvReads lists.
const maxEnvReads = 256

// envFrom says where a given variable's value comes from, for a note.
func (r *reader) envFrom(k string) string {
	g := r.givenEnv[k]
	if g.from == "-env" {
		return fmt.Sprintf("-env %s", k)
	}
	return fmt.Sprintf("%s in the environment", k)
}

// UnreadEnv returns, of names (the variables -env gives), those that neither the
// script reads itself (EnvReads) nor PyTorch reads in a way the planner models (a
// variable of some release's Inductor config, the allocator's, TORCH_LOGS, the cache
// directories, TORCH_COMPILE_DISABLE; a TORCHINDUCTOR_ variable no release reads
// gets the planner's own unknown-env-var warning instead): giving them changes
// nothing, and the command says so rather than ignoring them silently. A nil s reads
// none.
func (s *Script) UnreadEnv(names []string) []string {
	var out []string
	for _, n := range names {
		if s.readsEnv(n) {
			continue
		}
		if readAt(n) != "" || strings.HasPrefix(n, "TORCHINDUCTOR_") || plannedEnv.has(n) {
			continue
		}
		out = append(out, n)
	}
	return out
}

// readsEnv reports whether the script reads the variable n itself.
func (s *Script) readsEnv(n string) bool {
	if s == nil {
		return false
	}
	for _, e := range s.EnvReads {
		if e.Name == n {
			return true
		}
	}
	return false
}

// plannedEnv are the variables other than the Inductor config's and the
// allocator's that the planner reads (config/envtraps.go: TORCH_COMPILE_DISABLE;
// visibledevices.go: CUDA_VISIBLE_DEVICES, the count torch.cuda.device_count() gives).
var plannedEnv = nameSet{"TORCH_COMPILE_DISABLE", visibleVar}

// ReplacedEnv returns, for each of names (variables given to [ReadWith] or
// [PlanOptions.ProcessEnv]), the script's own first change of it that PyTorch sees
// instead of the given value: os.environ[N] = V, .update, .pop or del before
// torch._inductor.config reads it, or CUDA_VISIBLE_DEVICES before CUDA starts (a change
// after it leaves CUDA the given value). A setdefault that keeps the given value,
// os.putenv and os.unsetenv (which os.environ does not see) are not such changes. A
// change under a guard is returned too (its Guard says so).
func (s *Script) ReplacedEnv(names []string) []EnvSet {
	if s == nil {
		return nil
	}
	var out []EnvSet
	for _, n := range names {
		for _, e := range s.Env {
			if e.Name == n && e.Kept == "" && e.How != "putenv" && e.How != "unsetenv" && !e.AfterImport && e.cudaLate == 0 {
				out = append(out, e)
				break
			}
		}
	}
	return out
}
