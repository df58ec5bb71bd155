// Package script reads a user's Python training or serving script without running
// it, and finds what decides its torch.compile behaviour: the compile sites, the
// Inductor config globals, the environment and the threads. Each site becomes a
// graphs.Scenario, planned like a command-line request (PARSER.md says how the reader
// was chosen and what Python it accepts).
package script

import (
	"encoding/json"

	"github.com/compilemode/compilemode/graphs"
)

// Format is the value of "format" in the JSON form of a [Script].
const Format = "compilemode-script/1"

// Kind says how a compile site calls torch.compile. The values are the JSON contract.
type Kind string

// The kinds of compile site.
const (
	// Call: torch.compile(f, …), through any import alias.
	Call Kind = "call"
	// Decorator: @torch.compile or @torch.compile(…) on a def.
	Decorator Kind = "decorator"
	// Method: model.compile(…), nn.Module.compile, which calls torch.compile on forward.
	Method Kind = "method"
	// Partial: functools.partial(torch.compile, …).
	Partial Kind = "partial"
)

// Script is what [Read] found in one script. Every list is in file order.
// A Script is not modified after Read returns and is safe for concurrent reads.
type Script struct {
	File     string    // the name given to Read
	Sites    []Site    // the compile sites
	Globals  []Global  // torch._inductor.config assignments and config.patch keys
	Env      []EnvSet  // environment variables the script sets
	Threads  []Thread  // threads and processes it starts
	Warnings []Warning // hazards found while reading, all of them
	// TorchLine is the line of the first import of torch in execution order (0: none).
	TorchLine int
}

// Site is one torch.compile call site.
type Site struct {
	Line     int    `json:"line"`               // 1-based
	Col      int    `json:"col"`                // 1-based, in bytes
	Kind     Kind   `json:"kind"`               // call, decorator, method or partial
	Call     string `json:"call"`               // the call's source text (cut to MaxCallText bytes)
	Function string `json:"function,omitempty"` // the def the site is in ("" at module level)
	Binds    string `json:"binds,omitempty"`    // the name the compiled function is bound to, when one is

	// Mode is the mode argument when it is a literal (nil: None or not given).
	Mode *string `json:"mode"`
	// ModeLiteral reports whether the mode is known: a literal, or not given.
	ModeLiteral bool `json:"mode_literal"`
	// ModeExpr is the mode's source text when it is not a literal.
	ModeExpr string `json:"mode_expr,omitempty"`
	// ModeCandidates are the literal values the script assigns, elsewhere in the file,
	// to the name the mode expression ends with (see [Site.Modes]).
	ModeCandidates []Candidate `json:"mode_candidates,omitempty"`
	// Options is options= as a Python dict literal (nil: not given or not a literal).
	Options *string `json:"options"`
	// Backend is backend= when a string literal (nil: not given, so "inductor", or not
	// a literal: see Notes).
	Backend *string `json:"backend"`
	// Dynamic is dynamic= when a literal True or False (nil: None, not given or not a
	// literal).
	Dynamic *bool `json:"dynamic"`
	// Fullgraph is fullgraph= when a literal True or False.
	Fullgraph *bool `json:"fullgraph,omitempty"`
	// Threads is the thread layout inferred for the site ("" means main).
	Threads graphs.Threads `json:"threads,omitempty"`
	// Notes say what could not be read as a literal, and how the thread layout and the
	// globals were inferred. Do not depend on their text being stable.
	Notes []string `json:"notes,omitempty"`
	// Plan is the site's plan, filled by [Script.Planned]: a *graphs.Report when the
	// mode is a literal, a []ModePlan (one per candidate mode) when it is not. Read
	// leaves it nil (JSON null).
	Plan any `json:"plan"`
	// PlanError says why a site with a literal mode could not be planned.
	PlanError string `json:"plan_error,omitempty"`

	set      []string   // the persistent globals in force at the site, KEY=VALUE in execution order (shared: do not append in place)
	patchSet []string   // the config.patch globals in force, after set
	env      []envEntry // the environment assignments in force, in execution order (shared)
}

// Candidate is one literal value the script assigns to a name.
type Candidate struct {
	Line  int     `json:"line"`
	Value *string `json:"value"` // nil for None
}

// Global is one Inductor config assignment.
type Global struct {
	Line int    `json:"line"`
	Key  string `json:"key"` // the dotted config key, e.g. triton.cudagraphs
	// Value is the Python repr of the value when a literal, else its source text.
	Value   string `json:"value"`
	Literal bool   `json:"literal"`
	// Via is "assign" (torch._inductor.config.KEY = V) or "patch" (config.patch as a
	// context manager or decorator, which applies only to the sites inside it).
	Via string `json:"via"`
}

// EnvSet is one environment variable set by the script.
type EnvSet struct {
	Line int    `json:"line"`
	Name string `json:"name"`
	// Value is the string set (nil: not a literal).
	Value *string `json:"value"`
	// How is environ (os.environ[N] = V), setdefault, update or putenv.
	How string `json:"how"`
	// AfterImport reports that it runs after the first import of torch.
	AfterImport bool `json:"after_import,omitempty"`
}

// ThreadKind names what starts a thread or process. The values are the JSON contract.
type ThreadKind string

// The thread and process kinds.
const (
	ThreadingThread  ThreadKind = "threading.Thread"   // threading.Thread(target=…), or a subclass's start
	ThreadPool       ThreadKind = "ThreadPoolExecutor" // concurrent.futures or multiprocessing.pool.ThreadPool
	RunInExecutor    ThreadKind = "run_in_executor"    // loop.run_in_executor(pool, fn)
	ToThread         ThreadKind = "asyncio.to_thread"
	Spawn            ThreadKind = "mp.spawn"                // torch.multiprocessing.spawn
	Processes        ThreadKind = "multiprocessing.Process" // Process, Pool, ProcessPoolExecutor
	Torchrun         ThreadKind = "torchrun"                // LOCAL_RANK, RANK or WORLD_SIZE read
	InitProcessGroup ThreadKind = "init_process_group"      // torch.distributed.init_process_group
)

// Thread is one place the script starts threads or processes.
type Thread struct {
	Line int        `json:"line"`
	Kind ThreadKind `json:"kind"`
	// Process reports a process rather than a thread: each process has its own
	// CUDA-graph state, so processes are safe.
	Process bool `json:"process,omitempty"`
	// Target is the source text of the function the thread runs, when given.
	Target string `json:"target,omitempty"`

	target *expr // nil when not given
	loop   bool  // started inside a loop or comprehension, so possibly several
}

// Warning is a hazard found while reading. Code is one of the Warning… constants.
type Warning struct {
	Line    int    `json:"line"`
	Code    string `json:"code"`
	Message string `json:"message"` // do not depend on this text being stable
}

// MarshalJSON writes the "compilemode-script/1" form: format, file, sites, globals,
// env, threads and warnings, every list present ([] when empty). A nil s is null, as
// encoding/json writes a nil *Script.
func (s *Script) MarshalJSON() ([]byte, error) {
	if s == nil {
		return []byte("null"), nil
	}
	out := struct {
		Format   string    `json:"format"`
		File     string    `json:"file"`
		Sites    []Site    `json:"sites"`
		Globals  []Global  `json:"globals"`
		Env      []EnvSet  `json:"env"`
		Threads  []Thread  `json:"threads"`
		Warnings []Warning `json:"warnings"`
	}{Format, s.File, nonNil(s.Sites), nonNil(s.Globals), nonNil(s.Env), nonNil(s.Threads), nonNil(s.Warnings)}
	return json.Marshal(out)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
