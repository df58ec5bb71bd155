package script

import (
	"fmt"
	"slices"
	"sort"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/graphs/script/pytoken"
	"github.com/compilemode/compilemode/modes"
)

// MaxSourceBytes bounds the size of a script, in bytes.
const MaxSourceBytes = 16 << 20

// MaxCallText bounds Site.Call, in bytes.
const MaxCallText = 300

// maxInline bounds how deeply calls to the script's own functions are followed.
const maxInline = 32

// SyntaxError reports a script that Python would not compile, or that passes the
// reader's limits. Line and Col are those of Python's SyntaxError: 1-based, the column
// in characters (SyntaxError.offset), where [Site].Col counts bytes: in
// `é = 1; x = (`, the unclosed '(' is at Col 12, its byte column 13.
type SyntaxError struct {
	File string // the name given to ReadNamed ("<input>" for Read)
	Line int    // 1-based; 0 when the error is the whole file's (larger than MaxSourceBytes)
	Col  int    // 1-based, in characters; 0 with Line 0
	Msg  string // what is wrong, in Python's words where it has them
}

func (e *SyntaxError) Error() string {
	if e == nil {
		return "script: <nil *SyntaxError>"
	}
	return "script: " + e.Where() + ": " + e.Msg
}

// Where is the error's position as compilers print it, "train.py:12:5", or the file
// alone, "train.py", for an error of the whole file (Line 0: a file larger than
// MaxSourceBytes is refused before any line is read, so no line is to blame).
func (e *SyntaxError) Where() string {
	if e == nil {
		return ""
	}
	if e.Line <= 0 {
		return e.File
	}
	return fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Col)
}

// tooLargeMsg is a *SyntaxError's Msg for a source larger than MaxSourceBytes.
func tooLargeMsg() string {
	return fmt.Sprintf("larger than %d bytes, the most a script is read to", MaxSourceBytes)
}

// readTextEnv reads the script src, named name, with the environment the script
// starts in (ReadWith; nil: none). It returns a *SyntaxError. A
// variable the script sets itself (not a setdefault that keeps the given value, nor
// a set under a branch that does not run in the environment planned) is not given to
// its reads (the file is read again without it): once the script sets it, a read sees the script's value, which the
// reader does not follow into reads, so the read keeps its default, as it does
// without an environment.
func readTextEnv(name, src string, in readIn) (*Script, error) {
	env := in.env
	s, err := readTextOnce(name, src, in)
	if err != nil || len(env) == 0 {
		return s, err
	}
	var kept map[string]givenEnv
	for _, e := range s.Env {
		if _, given := env[e.Name]; given && e.sets {
			if kept == nil {
				kept = make(map[string]givenEnv, len(env))
				for k, v := range env {
					kept[k] = v
				}
			}
			delete(kept, e.Name)
		}
	}
	if kept == nil {
		return s, nil
	}
	return readTextOnce(name, src, readIn{env: kept, torch: in.torch, start: env, argv: in.argv, python: in.python})
}

func readTextOnce(name, src string, in readIn) (*Script, error) {
	env := in.env
	if err := sourceVerdict(name, src); err != nil {
		return nil, err
	}
	toks, lines, stmts, forms, err := parseSourceFor(name, src, in.python)
	if err != nil {
		return nil, err
	}
	src, edits := nfkcNames(src, toks)
	if edits != nil { // errors and forms are those of the source as written
		if toks, lines, stmts, _, err = parseSourceFor(name, src, in.python); err != nil {
			return nil, err
		}
	}
	r := newReader(name, src, toks)
	r.nfkc = edits
	r.givenEnv = env
	r.startEnv = in.start
	if r.startEnv == nil {
		r.startEnv = env
	}
	r.torch, r.hasTorch = releaseOf(in.torch)
	r.out.forms = forms
	r.lines = lines
	r.index(stmts)
	r.resolveNSCalls()
	r.av.cli = in.argv
	r.givenArgv()
	r.out.argvUnread = r.argvUnread(in.argv)
	r.addArgNones()
	r.markWideFieldDefaults()
	r.indexScopes(stmts)
	r.unmarkBranchDefaults(stmts)
	r.staticBlocks(stmts, 0)
	r.indexed = true
	r.run(stmts)
	r.mainEnd = r.seq
	r.rest = true
	r.runRest(stmts)
	r.forkReach()
	r.cliArgvUnread()
	r.reachingCalls()
	r.compilesInText()
	r.compileValues(stmts)
	return r.finish(), nil
}

// parseSource tokenizes and parses src. It returns a *SyntaxError.
func parseSource(name, src string) ([]token, *lineIndex, []*stmt, error) {
	toks, lines, stmts, _, err := parseSourceForms(name, src)
	return toks, lines, stmts, err
}

// parseSourceForms is parseSource, with the forms only newer Pythons accept that the
// tokenizer and the parser met, in the order met (pyversion.go).
func parseSourceForms(name, src string) ([]token, *lineIndex, []*stmt, []pytoken.FormAt, error) {
	return parseSourceFor(name, src, 0)
}

// parseSourceFor is parseSourceForms for the Python 3.minor that runs the file (0:
// not given): 3.8 and 3.9 report the error their parser meets first (oldorder.go).
func parseSourceFor(name, src string, minor int) ([]token, *lineIndex, []*stmt, []pytoken.FormAt, error) {
	text := src
	if len(src) > MaxSourceBytes {
		return nil, nil, nil, nil, &SyntaxError{File: name, Msg: tooLargeMsg()}
	}
	toks, lines, forms, deferred, err := tokenizeForms(src)
	if err != nil {
		te, ok := err.(*pytoken.Error)
		if !ok {
			return nil, nil, nil, nil, &SyntaxError{File: name, Line: 1, Col: 1, Msg: err.Error()}
		}
		if oldParser(minor) {
			if se := parseBeforeTokenError(name, src, errorOffset(src, te.Line, te.Col)); se != nil {
				return nil, nil, nil, nil, se
			}
		}
		return nil, nil, nil, nil, &SyntaxError{File: name, Line: te.Line, Col: te.Col, Msg: te.Msg}
	}
	p := &parser{toks: toks, lines: lines, src: text}
	stmts := p.file()
	se := parseOrder(name, text, p.err, deferred)
	if oldParser(minor) {
		se = parseOrderOld(name, text, p.err, deferred, toks)
	}
	if se != nil {
		return nil, nil, nil, nil, se
	}
	forms = append(forms, p.forms...)
	for i := range forms { // SyntaxFor's Col counts characters, as SyntaxError's does
		forms[i].Pos.Col = charCol(text, forms[i].Pos)
	}
	return toks, lines, stmts, forms, nil
}

// parseOrder returns the error CPython reports first of the parser's (pe, nil: none)
// and those the tokenizer deferred (pytoken.Deferred): a stray $ ? or ` is "invalid
// syntax" at it unless the parser failed before it; a bracket open at the end is
// reported unless the parser failed before every open bracket, or a stray is on the
// innermost one's line or before. nil when there is none.
func parseOrder(name, text string, pe *parseError, d pytoken.Deferred) *SyntaxError {
	var se *SyntaxError
	before := false // the error is before the open bracket (or a stray on its line)
	switch {
	case d.Stray != nil && (pe == nil || d.StrayOffset <= pe.pos.Offset):
		se = &SyntaxError{File: name, Line: d.Stray.Line, Col: d.Stray.Col, Msg: d.Stray.Msg}
		before = d.Unclosed != nil && d.Stray.Line <= d.Unclosed.Line
	case pe != nil:
		se = &SyntaxError{File: name, Line: pe.pos.Line, Col: charCol(text, pe.pos), Msg: pe.msg}
		before = pe.pos.Offset < d.OutermostOffset
	}
	if u := d.Unclosed; u != nil && !before {
		return &SyntaxError{File: name, Line: u.Line, Col: u.Col, Msg: u.Msg}
	}
	return se
}

// charCol converts a token position's byte column to characters.
func charCol(src string, pos pytoken.Pos) int {
	start := pos.Offset - (pos.Col - 1)
	if start < 0 || pos.Offset > len(src) {
		return pos.Col
	}
	n := 1
	for i := start; i < pos.Offset; i++ {
		if src[i]&0xC0 != 0x80 {
			n++
		}
	}
	return n
}

// siteState is a site with what was in force where it runs.
type siteState struct {
	Site
	fn         *stmt    // the def it is in; nil at module level
	ownerNoted bool     // a call of an object holding it was noted (owner.go)
	setLen     int      // how many persistent globals ran before it
	envLen     int      // how many environment assignments ran before it
	patches    []string // config.patch globals in force, KEY=VALUE: at the site, then at its first call (patchplace.go)
	own        []string // the config.patch decorators of the def a decorator site compiles
	// helperCalled: a call of the def this site is in is a site of kind helper that
	// plans it (helper.go); this one is not listed.
	helperCalled bool
	called       bool        // its first call was seen (a partial site: where it compiles)
	seq          int         // execution order
	bindAt       []int       // when names were bound to it (reader.seq), the first maxBindAt (chainbind.go)
	bindN        []string    // those names
	optionsNone  bool        // options= was read as None (optunread.go)
	def          *stmt       // the def of this file it compiles (torch.compile(step), @torch.compile), if any
	callerFn     bool        // it compiles a parameter of a def no code of the file calls: its callers' function (devicetype.go)
	stance       stanceState // the set_stance in force at the site, then at its first call (stance.go)
	// workerGlobals: the first call is in a thread's function, with globals that
	// function set before it in force (workload.go firstCall).
	workerGlobals bool
	// perDevice: the site builds one compiled function per device, in these loops
	// (devicefns.go deviceLoop); nil otherwise.
	perDevice *iterCount
	// compiledPaths: the names and attribute chains of what it compiles, when
	// compiledKnown (moveowner.go).
	compiledPaths []string
	compiledKnown bool
	// calls: it is inside a def the file calls from several places, under guards of
	// that def (reachcalls.go); nil otherwise.
	calls *siteCalls
}

// frame is one entry of walkStack's stack.
type frame struct {
	_        [0]func() // incomparable: no equality code (examples/web: Transfer size)
	e        *expr
	expanded bool
}

// conditionalPrefixes returns, for each prefix length of the globals, how many of
// them are conditional and the line of the first.
func conditionalPrefixes(meta []setMeta) (n, first []int) {
	n, first = make([]int, len(meta)+1), make([]int, len(meta)+1)
	for i, m := range meta {
		n[i+1], first[i+1] = n[i], first[i]
		if m.guard != "" {
			n[i+1]++
			if first[i+1] == 0 {
				first[i+1] = m.line
			}
		}
	}
	return n, first
}

// setMeta says where a persistent global was assigned.
type setMeta struct {
	_        [0]func() // incomparable: no equality code (examples/web: Transfer size)
	line     int
	guard    string
	requires string // a hasattr guard's key
	inner    *guard // the innermost guard that does not hold on the platform planned (nil: none)
}

// envEntry is an environment assignment that applies to the plan.
type envEntry struct {
	_           [0]func() // incomparable: no equality code (examples/web: Transfer size)
	name, value string
	line        int  // where the script sets it (0: not the script)
	unset       bool // the script removes it (os.environ.pop, del os.environ[…]): value is ""
}

// reader holds the state of one Read. It is used by one goroutine.
type reader struct {
	givenEnv  map[string]givenEnv // the environment the script starts in (ReadWith), by name
	envReadAt map[string]int      // the variables the script reads itself, with their first line
	name      string
	src       string
	toks      []token
	lines     *lineIndex
	nfkc      []nfkcEdit // the identifiers read in NFKC (nfkc.go); nil: none
	out       Script

	// From index, before running.
	aliases       map[string]string        // local name → dotted path it stands for
	funcs         map[string]*stmt         // defs callable by bare name (first of each name)
	methods       map[string][]*stmt       // defs in class bodies, by name
	owner         map[*stmt]*stmt          // def → the def it is in
	cands         map[string][]Candidate   // literal str or None assigned to a name
	dicts         map[string]*expr         // names assigned a dict display (attributes and parameter defaults included)
	flows         map[string][]string      // name → the names whose values flow into it
	calledNames   map[string]bool          // names called anywhere in the file (f(…), x.f(…))
	bareCalled    map[string]bool          // names called bare (f(…)) or handed to a thread, pool or op (attrcall.go)
	shownDests    map[string]bool          // argparse dests and keyword argument names: obj.X of these has values the file shows
	dictKeys      map[string]bool          // the str keys of the file's dict displays (defaults.go: a lookup's default)
	kwPassed      map[string]bool          // the keyword names the file's calls pass (defaults.go: a field's default)
	fieldDefaults []Candidate              // class-body field defaults, Default holding the field's name (defaults.go)
	argNones      map[string]Candidate     // the None an option with choices= and no default= gives its dest (defaults.go)
	cliDefs       map[string]bool          // the defs typer.run(f) and fire.Fire(f) run (defaults.go)
	orOperands    map[string]bool          // the names an or chain reads before its last operand (defaults.go)
	modeNames     map[string]bool          // names given as mode= to torch.compile, and the names whose values flow into them
	splatNames    map[string]bool          // names given as **NAME to torch.compile
	decPatch      map[*stmt][]string       // def → its @config.patch globals
	decStance     map[*stmt]stanceState    // def → its @torch.compiler.set_stance
	stance        stanceState              // the set_stance in force where the reader runs
	modAlias      moduleAliases            // names assigned a config module (modalias.go)
	devices       deviceFacts              // where the file places tensors (devicetype.go)
	web           webState                 // web frameworks' handlers (webroutes.go)
	mainEnd       int                      // the seq when the module's code has run (before runRest)
	usesTorch     bool                     // the file imports torch somewhere
	usesHF        bool                     // the file imports transformers somewhere (generate.go)
	usesStreamlit bool                     // the file imports streamlit (streamlit.go)
	grpcServers   map[string]*webFramework // names bound to grpc.server(…) (servers.go)
	accelSites    map[string]*siteState    // names bound to an Accelerator whose dynamo plugin is a framework site (containers.go)
	inStarted     bool                     // running a def a thread, process or pool runs (runStarted)
	condAliases   map[string]string        // names bound to torch.compile under a condition, with the note (index.go)
	startMethod   string                   // the multiprocessing start method the script set ("": the default; forkcuda.go)
	mpContexts    map[string][]*expr       // names assigned multiprocessing.get_context(…), with those calls (forkcuda.go)
	forks         []forkStart              // process starts forked after CUDA, warned of at the end (forkcuda.go)
	restCUDA      int                      // the line where the def runRest runs now initialised CUDA (0: not yet; forkcuda.go)
	startedCUDA   map[*stmt]int            // a def a thread, process or pool runs → the line where it initialised CUDA (forkcuda.go)
	classCompiles map[string]*expr         // "Class.attr" → the torch.compile a class body binds it to (compilevalue.go)
	compileDefs   map[string]*expr         // parameter name → its default, torch.compile (compilevalue.go)
	followedRefs  map[*expr]bool           // torch.compile values followed to a call (compilevalue.go)
	counters      map[string]int           // names assigned torch.cuda.device_count(), with how many times (visibledevices.go)
	counted       map[string]iterCount     // the count such a name got where its assignment ran (visibledevices.go)
	startEnv      map[string]givenEnv      // the environment the process starts in, before readTextEnv drops what the script sets
	made          map[string]*expr         // names bound to a tensor factory call where the reader runs now (dynsizes.go)
	varLists      map[bindKey]int          // lists appended to in a data-dependent loop: the line (varsizes.go)
	varMade       map[bindKey]int          // names bound to a tensor built from such a list (varsizes.go)
	capture       int                      // the hand capture in force: 0 none, else 1 + its mode's index in captureModeNames (handcapture.go)
	cudaInit      int                      // the line of the first call that initialised CUDA, in the order the script runs (visibledevices.go)
	cvd           []visibleSet             // the script's changes of CUDA_VISIBLE_DEVICES, in the order they run (visibledevices.go)
	registered    map[string]registration  // backend names the file registers with Dynamo (registered.go)
	customOps     map[string]string        // torch.ops.NS.NAME → the def a custom_op decorator makes that op (customop.go)
	returned      map[*stmt]*dictObj       // def → the followed dict it returns by name, at its last return that ran (dictflow.go)
	scoped        scopeQuals               // imports and arguments as a def sees them (scopedqual.go)
	opCalls       map[string]bool          // torch.ops.NS.NAME the file calls before the def that makes it

	// While running.
	sites       []*siteState
	siteOf      map[*expr]*siteState // the call or decorator of each site
	entered     map[*stmt]bool
	fn          *stmt
	inline      int
	loop        int
	argSpans    [][2]int              // the lines of each add_argument call (argparse options' candidates)
	argDefaults map[string]argDefault // argparse dest → its default (argguard.go)
	// argDefaultCands and parserDefaultCands are the candidates an add_argument's
	// default= and a set_defaults(dest=…) gave each dest, so that the one argparse
	// does not use is dropped (setdefaults.go).
	argDefaultCands, parserDefaultCands map[string][]Candidate
	parsedArgs                          map[string]bool               // names bound to parse_args() (argguard.go)
	nsCalls                             map[string][]string           // n → the bare names f of n = f(…) (nsreturn.go)
	typerApps                           map[string]bool               // names bound to typer.Typer() (cliopts.go)
	typerCmds                           map[string]*typerEntry        // X → the defs @X.command() and @X.callback() register (cliopts.go)
	cliGiven                            map[skey]bool                 // parameters the command line given gives a str (cliargv.go givenCandidate)
	paramVals                           map[*stmt]map[string]paramVal // def → its parameters' values in every run of its body (paramguard.go)
	argOpen                             map[string]int                // argparse dest → the line of its add_argument without choices= (0: it has choices)
	argFlags                            map[string]argFlag            // argparse dest → what its flag options can give it (argguard.go)
	argValued                           map[string]bool               // argparse dests an option that takes a value also sets (argguard.go)
	optionDests                         map[string]string             // argparse option string ("--mode") → its dest (argv.go)
	parseCalls                          []*expr                       // the parse_args and parse_known_args calls (argv.go)
	selfNS                              map[string]string             // self.A → the one name the file assigns it ("": another value; argguard.go)
	flagOpts                            map[string]literal.Value      // a flag's option string ("--compile", "--no-x") → what it stores (argv.go)
	argvFlags                           map[string]argvFlag           // flag dest → its value from the argument list the file writes (argv.go)
	av                                  argvState                     // what else reading that list needs (argv.go)
	flagParserDefaults                  map[string]literal.Value      // argparse dest → its parser.set_defaults literal (argguard.go)
	dictObjs                            map[dictKey]*dictObj          // the dicts followed by name, where the reader runs now (dictflow.go)
	dictWork                            int                           // items the dict flow has copied (maxDictWork)
	iters                               []iterCount                   // the loops and comprehensions running now, innermost last (see loopCount)
	outer                               []iterCount                   // the loops around the calls that entered the def running now (enter), outermost first
	loopIDs                             []int32                       // the loop statements running now (their first token), innermost last
	loopStmts                           []*stmt                       // the for statements running now, innermost last (devicefns.go deviceLoop)
	kills                               map[killKey][]killRec         // the latest assignments of each local name that ran (reaching.go)
	argAttrs                            map[string]bool               // attributes of self given as a compile keyword other than mode (reaching.go)
	attrSeq                             int                           // assignments of self attributes given as mode= that ran, counted (reaching.go)
	attrRan                             map[int]int                   // the line of each such assignment → its place in that count, the last time it ran
	patches                             []string
	configLine                          int       // where torch._inductor.config is first imported, in execution order (0: not yet)
	configBy                            string    // what imports it there
	set                                 []string  // persistent globals, KEY=VALUE, execution order
	setMeta                             []setMeta // for each of set: where it was assigned
	guards                              []guard   // the conditions what runs now is under, outermost first
	fnGuards                            int       // how many of guards the def now run was entered under (its callers'): the rest are its own
	env                                 []envEntry
	executors                           map[string]int           // names bound to thread pools → their workers (0: unknown)
	poolFrom                            map[*expr]string         // a pool constructor whose worker count is a parameter's default → that said (threads.go workers)
	poolFromName                        map[string]string        // likewise, by the name the pool is bound to
	procPools                           map[string]bool          // names bound to process pools
	chains                              int32                    // if chains run so far (guard.chain)
	assigned                            map[string][]*expr       // name → the values assigned to it (the first maxAssigned), for argument alternatives
	started                             map[*stmt][]guard        // defs handed to a thread, process or pool → the guards of the start
	ctors                               map[*stmt]bool           // the __init__ or __post_init__ defs of classes the file calls by name (constructed, built on first use)
	outputs                             map[bindKey]*siteState   // names bound to a compiled function's output, by the scope they resolve to (valuescope.go)
	keptOuts                            map[bindKey]*siteState   // names holding (a view of) an output now, gradients on or off (workload.go nameOutputs)
	derived                             map[bindKey][]*siteState // names bound to a value computed from sites' outputs: those sites, by scope (valuescope.go)
	noGrad                              int                      // with torch.no_grad() / torch.inference_mode() blocks running now
	tl                                  tlIndex                  // the timeline's index (overwrite.go appendTimeline)
	defCalls                            map[*stmt][]tlEvent      // a def's compiled calls (kind and site), for its later calls (overwrite.go callsAgain)
	returnsDerived                      map[*stmt][]*siteState   // a def whose return statements return values computed from sites' outputs, with gradients: those sites (valuescope.go)
	returnsOutput                       map[*stmt]*siteState     // a def whose return statement returns (a view of) a compiled function's output (overwrite.go)
	lambdaSeqs                          map[*expr][2]int         // a lambda whose body the run walked where it is written → the seq range of what that walk recorded (workload.go mainCallsFirst)
	accumulating                        int                      // with accelerator.accumulate(…) blocks of an Accelerator that accumulates running now (overwrite.go)
	accumulators                        map[string]bool          // names bound to Accelerator(gradient_accumulation_steps=N), N > 1
	onceLoops                           map[int32]bool           // loops that run once (overwrite.go noteOnceLoop)
	unknownLoops                        map[int32]string         // loops over range(E) of a count not known: the condition that they run more than once (accumcount.go)
	loopGuards                          []int                    // len(r.guards) when each loop running now began (partialreset.go)
	partialResets                       []partialReset           // .grad resets that skip some parameters (partialreset.go)
	dictCalls                           map[string]*expr         // names bound to dict(k=v, …) (dictlookup.go)
	loopDicts                           map[string][]*expr       // for loop targets → the dicts of the list they iterate (nil: bound by two loops; dictlookup.go)
	accumAlts                           map[int32]string         // loop → the option that makes it accumulate when given above 1 (overwrite.go)
	suppressLine                        int                      // torch._dynamo.config.suppress_errors = True in force now: its line (0: none)
	keptLists                           map[string]bool          // lists outputs are appended to with autograd recording (L.append(model(x)))
	fromLists                           map[string][]string      // names bound to a value computed from such lists: those lists
	seq                                 int                      // execution order of sites, calls, threads and events
	rest                                bool                     // running the defs no code called (runRest)
	callEvents                          []callEvent              // calls of compiled functions' names
	poolTasks                           []poolTask               // calls that hand work to a process pool bound to a name (notePoolTask)
	poolParams                          map[string]string        // a def's parameter → the name of the process pool the call running the def passes it (passPools)
	callees                             map[*stmt][]*stmt        // def → the defs it calls (noteCallee)
	bwInside                            map[*stmt]bool           // compiled def → it runs backward() (backwardInside)
	chained                             []*dictObj               // dicts an if/elif/else chain running now changed (dictChain)
	threadClass                         map[string]*Thread       // threading.Thread subclasses by name (threadBuilt)
	nameToks                            map[string][]int         // name → the tokens that spell it (nameTokens builds it once)
	seqVerdict                          map[string]bool          // seqChanged's verdict per name
	events                              []event                  // workload facts seen
	compiled                            map[string]*siteState    // names bound to compiled functions
	bound                               map[string][]*siteState  // name → every site it was bound to (aliases and parameters included)
	bindScopes                          map[string][]bindScope   // name → where each binding to a site was made (namescope.go)
	alts                                map[string][]*siteState  // the other sites a name may name after a chain's arms bound it (chainbind.go)
	exits                               []exitSpan               // ifs whose block leaves, as spans of seq (chainbind.go)
	boundTo                             map[*siteState][]string  // site → the names bound to it, built once when threads are inferred (instance.go boundIn)
	bindingName                         bool                     // an assignment to a plain name binds now (namescope.go)
	readFn                              *stmt                    // the def whose names are read now, when reading (namescope.go within)
	reading                             bool
	partials                            map[string]*siteState // names bound to partial(torch.compile, …)
	lambdas                             map[string]*siteState // names bound to lambda m: torch.compile(m, …) (run.go bindFactory)
	rebound                             map[string]rebinding  // torch.compile / torch.compiler.compile as the script rebound them (rebind.go)
	marked                              map[string]bool       // process markers seen (one each kind and starter: kind + " " + starter)
	threads                             []*Thread
	classRun                            map[*Thread][]*stmt       // Thread subclass → its run methods
	classMethods                        map[*Thread][]*stmt       // Thread subclass → its other methods (__init__ …), the instance's code too (devicefns.go)
	threadCalls                         map[*expr]*Thread         // the call that starts or builds each thread (callers.go)
	joins                               []joinEvent               // NAME.join() calls the main thread runs, in order
	stack                               []frame                   // walk's stack, reused
	indexed                             bool                      // index is done: aliases and cands are final
	quals                               map[*expr]string          // qual of attribute chains, once indexed
	qbuf                                []byte                    // qual's scratch
	candsOf                             map[string][]Candidate    // candidatesFor, by name, once indexed
	unseenMarks                         []unseenMark              // imported mark_step() calls whose body the file does not show (overwrite.go)
	handed                              map[*stmt]map[string]bool // parameters a call passes a caller's parameter (devicetype.go handCallerParams)
	building                            int                       // how many constructors (__init__, __post_init__) are running (enter)
	paramSets                           map[*stmt]paramSet        // def → where it replaces a parameter, and whose (paramhelpers.go)
	objVals                             map[string][]*expr        // a name or attribute chain → the values the file binds to it, nil for a binding not followed (moveowner.go)
	defRuns                             map[*stmt][]defRun        // def called from several places → its calls the walk met, in order (reachcalls.go)
	otherCommand                        map[*stmt]string          // a command of a group the command line given does not name → why it does not run (cligroups.go)
	timeline                            []tlEvent                 // compiled calls, backward() and mark_step_begin() in execution order (overwrite.go)
	bindings                            map[bindKey]*outBinding   // names bound to a compiled call's output (overwrite.go)
	assignLoops                         map[bindKey][]int32       // the loops each name's last assignment ran in (overwrite.go)
	boundOffs                           map[int32]bool            // the offsets of names a statement binds, not reads (overwrite.go noteBound)
	rebinders                           []rebinder                // exec(…) and globals() writes (execrebind.go)
	opaque                              map[string]bool           // names also assigned a call whose value is not followed (argalt.go noteOpaque)
	loopTargets                         []*expr                   // the targets of the for loops running now
	loopIters                           []*expr                   // the iterable of each of loopTargets' loop (threadstart.go)
	forwardOf                           map[string]*siteState     // X → the site compiled into X.forward (threadargs.go bindForward)
	owners                              map[string][]ownerBinding // X → the sites compiled into attributes of X (owner.go)
	runsAtOnce                          map[*stmt]runs            // coroutine def → how many of its runs start at once (gathered.go)
	modules                             map[string]bool           // names bound to an nn.Module now (threadargs.go isModule)
	dsEngines                           map[string]bool           // names bound to a DeepSpeed engine now (engines.go noteDSEngine)
	torch                               modes.Version             // the release planned, when hasTorch (versionguard.go)
	hasTorch                            bool
	versionNames                        map[string]bool        // names bound to a tuple of torch.__version__'s components
	offLines                            map[int]bool           // lines of mode names' assignments under a guard that does not hold (noteKill)
	wide                                []Candidate            // the candidates the site being read found only by name, file-wide (widemode.go)
	uiChoices                           map[string][]Candidate // choice lists of dict keys (a UI's INPUT_TYPES), by key
	sc                                  *scopes                // the scoped index (scope.go)
	candBuf                             []Candidate            // oneCand's chunk
	strBuf                              []string               // strPtr's chunk
}

func newReader(name, src string, toks []token) *reader {
	return &reader{
		name: name, src: src, toks: toks, out: Script{File: name},
		aliases: map[string]string{}, funcs: map[string]*stmt{}, methods: map[string][]*stmt{},
		owner: map[*stmt]*stmt{}, cands: map[string][]Candidate{}, dicts: map[string]*expr{}, flows: map[string][]string{}, calledNames: map[string]bool{}, shownDests: map[string]bool{}, dictKeys: map[string]bool{}, kwPassed: map[string]bool{}, argOpen: map[string]int{}, modeNames: map[string]bool{}, splatNames: map[string]bool{}, argAttrs: map[string]bool{}, kills: map[killKey][]killRec{},
		decPatch: map[*stmt][]string{}, decStance: map[*stmt]stanceState{}, siteOf: map[*expr]*siteState{}, entered: map[*stmt]bool{},
		executors: map[string]int{}, procPools: map[string]bool{}, assigned: map[string][]*expr{}, counters: map[string]int{}, counted: map[string]iterCount{}, started: map[*stmt][]guard{}, callees: map[*stmt][]*stmt{}, outputs: map[bindKey]*siteState{}, derived: map[bindKey][]*siteState{}, compiled: map[string]*siteState{}, alts: map[string][]*siteState{}, bound: map[string][]*siteState{}, partials: map[string]*siteState{}, argDefaults: map[string]argDefault{}, parsedArgs: map[string]bool{},
		marked: map[string]bool{}, classRun: map[*Thread][]*stmt{},
		quals: map[*expr]string{}, candsOf: map[string][]Candidate{}, uiChoices: map[string][]Candidate{},
		av: argvState{types: map[string]string{}, names: map[string]string{}, choices: map[string][]literal.Value{}, nargs: map[string]bool{}, ints: map[string]literal.Value{}, passed: map[string]string{}, receivers: map[string]bool{}},
	}
}

// text returns the source text of e.
func (r *reader) text(e *expr) string {
	if e == nil || e.start < 0 || int(e.end) > len(r.src) || e.start > e.end {
		return ""
	}
	return r.src[e.start:e.end]
}

// qual returns the dotted path a name or attribute chain stands for through the
// script's imports ("" when its first name is not imported). Once the index is built
// (aliases are final), an attribute chain's path is built once and cached.
func (r *reader) qual(e *expr) string {
	if e != nil && e.kind == attr {
		if q, ok := r.quals[e]; ok {
			return q
		}
	}
	b, whole := r.qualBytes(e)
	if whole {
		return r.aliases[e.name]
	}
	q := string(b)
	if r.indexed && b != nil {
		r.quals[e] = q
	}
	return q
}

// qualBytes returns qual(e) in r's scratch buffer (nil when e's first name is not
// imported), or whole when e is a bare name, whose path is its alias.
func (r *reader) qualBytes(e *expr) (b []byte, whole bool) {
	root, n := e, 0
	for ; root != nil && root.kind == attr; root = root.x {
		n += 1 + len(root.name)
	}
	if root != nil && root != e && root.kind == call {
		return r.importedQual(e, root, n)
	}
	if root == nil || root.kind != name {
		return nil, false
	}
	base, ok := r.aliases[root.name]
	if !ok {
		return nil, false
	}
	if root == e {
		return nil, true
	}
	return r.qualChain(e, root, base, n), false
}

// importedQual is qualBytes of e, an attribute chain n bytes long (dots included)
// on root, a call: importlib.import_module("torch").compile is torch.compile
// (importedModule; hostile21 S7). Any other call gives nil.
func (r *reader) importedQual(e, root *expr, n int) ([]byte, bool) {
	base, ok := r.importedModule(root)
	if !ok {
		return nil, false
	}
	return r.qualChain(e, root, base, n), false
}

// importedModule returns M where c is importlib.import_module("M") with one
// positional argument, a literal absolute module name (importlib's docs:
// import_module returns the module named; a relative name needs its package, which
// is not read), and whether it is.
func (r *reader) importedModule(c *expr) (string, bool) {
	if c == nil || c.kind != call || len(c.args) != 1 || c.args[0].keyword != "" || r.qual(c.x) != "importlib.import_module" {
		return "", false
	}
	m, ok := r.literalStr(c.args[0].value)
	if !ok || m == "" || m[0] == '.' {
		return "", false
	}
	return m, true
}

// qualChain writes base and the names of the attribute chain e down to root (n bytes,
// dots included) in r's scratch buffer.
func (r *reader) qualChain(e, root *expr, base string, n int) []byte {
	// Filled from the end: the chain is linked from its last name to its first.
	buf := r.qbuf[:0]
	if cap(buf) < len(base)+n {
		buf = make([]byte, 0, len(base)+n)
	}
	buf = buf[:len(base)+n]
	copy(buf, base)
	i := len(buf)
	for x := e; x != root; x = x.x {
		i -= len(x.name)
		copy(buf[i:], x.name)
		i--
		buf[i] = '.'
	}
	r.qbuf = buf
	return buf
}

// isCompileExpr reports isCompile(r.qual(e)) without building the path.
func (r *reader) isCompileExpr(e *expr) bool {
	b, whole := r.qualBytes(e)
	if whole {
		return isCompile(r.aliases[e.name])
	}
	return string(b) == "torch.compile" || string(b) == "torch.compiler.compile"
}

// lastName returns the identifier a name or attribute ends with, or the key of a
// subscript by a string literal (cfg["mode"]).
func (r *reader) lastName(e *expr) string {
	switch {
	case e == nil:
		return ""
	case e.kind == name || e.kind == attr:
		return e.name
	case e.kind == call && (e.x.kind == name || e.x.kind == attr):
		return e.x.name + "()"
	case e.kind == subscript:
		if k, ok := r.literalStr(e.index); ok {
			return k
		}
	}
	return ""
}

func isCompile(q string) bool { return q == "torch.compile" || q == "torch.compiler.compile" }

const inductorConfig = "torch._inductor.config"

// dynamoConfig is the dotted path of Dynamo's config module.
const dynamoConfig = "torch._dynamo.config"

// walk calls visit on every call and subscript in e (e included), children first
// (the order in which Python evaluates a call's arguments before the call): the
// operand, the index, the arguments, then the elements. Other kinds of expression are
// not visited: no visitor looks at them.
//
// It recurses, which costs no heap and no write barriers; nesting other than operand
// chains is bounded by MaxNesting, and a chain deeper than maxWalkDepth (attribute
// and call chains can be as long as the source) is walked with an explicit stack.
func (r *reader) walk(e *expr, visit func(*expr)) {
	if e != nil {
		r.walkRec(e, visit, 0)
	}
}

// maxWalkDepth bounds walkRec's recursion.
const maxWalkDepth = 4096

func (r *reader) walkRec(e *expr, visit func(*expr), depth int) {
	if depth >= maxWalkDepth {
		r.walkStack(e, visit)
		return
	}
	if r.indexed && (e.kind == ifElse && len(e.elts) == 3 || e.is(andChain) || e.is(orChain)) {
		r.walkCond(e, visit, depth)
		return
	}
	if e.x != nil {
		r.walkRec(e.x, visit, depth+1)
	}
	if e.index != nil {
		r.walkRec(e.index, visit, depth+1)
	}
	for i := range e.args {
		r.walkRec(e.args[i].value, visit, depth+1)
	}
	keeps := r.enterComp(e)
	start := r.seq
	for _, x := range e.elts {
		r.walkRec(x, visit, depth+1)
	}
	r.noteLambdaSeqs(e, start)
	r.leaveComp(e, keeps)
	if e.kind == call || e.kind == subscript {
		visit(e)
	}
}

// enterComp counts a comprehension e's iterations while its parts are walked, and
// reports whether it keeps its items (a list, dict or set comprehension, or a generator
// expression list() or tuple() is given, in the run: another generator's consumer may read
// each item before the next, sum(model(x) for x in xs)), which then
// runs as a loop of its own (overwrite.go compKept; its ID negative, apart from a
// statement loop's, its first token's index).
func (r *reader) enterComp(e *expr) bool {
	if !e.is(comp) {
		return false
	}
	r.loop++
	r.iters = append(r.iters, r.compCount(e, 0))
	r.bindCompItems(e)
	keeps := r.indexed && len(e.elts) > 0 && (r.src[e.start] == '[' || r.src[e.start] == '{' || r.listOfGen(e))
	if keeps {
		r.loopIDs = append(r.loopIDs, -1-e.start)
	}
	return keeps
}

// leaveComp undoes enterComp, after recording the outputs comprehension e keeps.
func (r *reader) leaveComp(e *expr, keeps bool) {
	if !e.is(comp) {
		return
	}
	if keeps {
		r.compKept(e)
		r.loopIDs = r.loopIDs[:len(r.loopIDs)-1]
	}
	r.loop--
	r.iters = r.iters[:len(r.iters)-1]
}

// walkStack is walk with an explicit stack.
func (r *reader) walkStack(e *expr, visit func(*expr)) {
	// visit may run a def's body, which walks again: this walk owns the stack it took.
	stack := append(r.stack[:0], frame{e: e})
	r.stack = nil
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.expanded {
			stack = stack[:len(stack)-1]
			if x := top.e; x.kind == call || x.kind == subscript {
				visit(x)
			}
			continue
		}
		top.expanded = true
		x := top.e
		for i := len(x.elts) - 1; i >= 0; i-- {
			stack = append(stack, frame{e: x.elts[i]})
		}
		for i := len(x.args) - 1; i >= 0; i-- {
			stack = append(stack, frame{e: x.args[i].value})
		}
		if x.index != nil {
			stack = append(stack, frame{e: x.index})
		}
		if x.x != nil {
			stack = append(stack, frame{e: x.x})
		}
	}
	r.stack = stack
}

// finish sorts what was found into file order and fills each site's scenario parts.
func (r *reader) finish() *Script {
	r.forkWarnings()
	r.dropUnstarted()
	r.gatheredToThreads()
	r.webThreads()
	r.inferThreads()
	r.inferWorkload()
	r.inferStreamlit()
	r.inferDeviceType()
	r.inferMutations()
	r.patchesUncalled()
	r.sites = slices.DeleteFunc(r.sites, func(s *siteState) bool { return s.helperCalled })
	// Sorted as pointers, not as the large Site values they become.
	sort.SliceStable(r.sites, func(i, j int) bool {
		a, b := r.sites[i], r.sites[j]
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	if len(r.sites) > 0 {
		r.out.Sites = make([]Site, 0, len(r.sites))
	}
	states := prefixStates(r.set)
	envs := make([]string, len(r.env))
	for i, e := range r.env {
		envs[i] = e.name + "=" + e.value
		if e.unset {
			envs[i] = e.name + "\x00unset"
		}
	}
	envStates := prefixStates(envs)
	nCond, firstCond := conditionalPrefixes(r.setMeta)
	for _, s := range r.sites {
		r.unseenFirstCallNote(s)
		if n := nCond[s.setLen]; n > 0 {
			s.note("%d conditional global assignment(s) are in force here (the first at line %d; their guards are listed with the globals): each consistent combination of their branches is planned", n, firstCond[s.setLen])
		}
		s.setState, s.envState = states[s.setLen], envStates[s.envLen]
		s.ModeCandidates, s.defaultFirst = defaultFirst(s.ModeCandidates)
		if n := s.modeNote(); n != "" {
			s.Notes = append([]string{n}, s.Notes...)
		}
		// Views of the prefixes in force, shared by the sites: r.set and r.env only
		// grow, so each site costs O(1) here, and Scenario copies.
		s.set = r.set[:s.setLen:s.setLen]
		s.setMeta = r.setMeta[:s.setLen:s.setLen]
		s.patchSet = s.patches
		s.condN = nCond[s.setLen]
		s.env = r.env[:s.envLen:s.envLen]
		s.Workload.Threads = s.Threads
		if s.workerGlobals && s.Workload.Threads != "" {
			s.Workload.InheritContext = true
			s.Inferred = append(s.Inferred, Inference{Field: "inherit_context", Value: "true", Line: s.Line,
				Shows: "the thread's own function sets the globals in force at its first call (a config.patch or an assignment before it), so that thread sees them on 2.12+ too"})
		}
		if v := s.stance.value; v != "default" {
			s.Workload.Stance = v
		}
		if n := s.stanceNote(); n != "" {
			s.Notes = append(s.Notes, n)
		}
		r.out.Sites = append(r.out.Sites, s.Site)
	}
	sort.SliceStable(r.threads, func(i, j int) bool { return r.threads[i].Line < r.threads[j].Line })
	if len(r.threads) > 0 {
		r.out.Threads = make([]Thread, 0, len(r.threads))
	}
	for _, t := range r.threads {
		r.out.Threads = append(r.out.Threads, *t)
	}
	sort.SliceStable(r.out.Globals, func(i, j int) bool { return r.out.Globals[i].Line < r.out.Globals[j].Line })
	sort.SliceStable(r.out.Env, func(i, j int) bool { return r.out.Env[i].Line < r.out.Env[j].Line })
	sort.SliceStable(r.out.Warnings, func(i, j int) bool { return r.out.Warnings[i].Line < r.out.Warnings[j].Line })
	out := r.out
	return &out
}

func (r *reader) warn(line int, code, format string, args ...any) {
	r.out.Warnings = append(r.out.Warnings, Warning{Line: line, Code: code, Message: fmt.Sprintf(format, args...)})
}

// nameTokens returns the indexes of the Name tokens that spell n, in file order. The
// index of every name is built on the first call, so the readers that look a name up
// in the token stream (seqChanged, moduleInt) cost one pass over the file in all,
// not one per lookup.
func (r *reader) nameTokens(n string) []int {
	if r.nameToks == nil {
		r.nameToks = map[string][]int{}
		for i, t := range r.toks {
			if t.kind == pytoken.Name {
				r.nameToks[r.tokText(t)] = append(r.nameToks[r.tokText(t)], i)
			}
		}
	}
	return r.nameToks[n]
}
