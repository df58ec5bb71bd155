package graphs

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/modes"
)

// Rule is one behaviour of PyTorch's CUDA-graph handling, as one row of the planner's
// table: the releases it holds for, when it applies, what it does to the plan of a
// device and thread, PyTorch's message, and how and from where it is known. The
// planner walks the rows of a stage in order; a row that applies edits the plan, and a
// row with Stop ends the walk (the first such row decides). Rows that share an ID are
// one behaviour in disjoint release ranges (per-release message variants).
//
// Texts may hold two kinds of placeholders: {name} is filled by the planner from the
// workload and config (see placeholderDocs); <name> is left as written, for what
// PyTorch fills in at run time (an address, a node name).
//
// Rules are plain values; [Rules] returns a fresh copy of the table.
type Rule struct {
	_ [0]func() // incomparable: no equality code (examples/web: Transfer size)
	// ID names the behaviour, e.g. "skip-incompatible-op".
	ID string
	// Stage is the walk the row belongs to.
	Stage Stage
	// Backend is the torch.compile backend the row is about ("inductor",
	// "cudagraphs"); "" means any.
	Backend string
	// Releases are the releases the row holds for.
	Releases Releases
	// Condition says in words when the row applies (its predicate is code).
	Condition string
	// Outcome is the outcome the row sets; "" leaves it.
	Outcome Outcome
	// Implementation is the implementation the row sets; "" leaves it.
	Implementation Implementation
	// Exception is the Python exception class of a fail; "" leaves it.
	Exception string
	// Message is PyTorch's log line or error text, exactly, edited in by MessageEdit.
	Message     string
	MessageEdit Edit
	// Reason says why in plain words, edited in by ReasonEdit.
	Reason     string
	ReasonEdit Edit
	// Race reports whether the outcome depends on which thread records first.
	Race bool
	// Stop ends the walk: this row decides.
	Stop bool
	// OrError: triton.cudagraph_or_error may turn this skip into an error (the rows of
	// stage [StageOrError] are walked after it).
	OrError bool
	// Evidence says how the row is known.
	Evidence Basis
	// Hazard is the code of the warning the row raises ("" for none): the first
	// [Hazard] row with that code that holds is added to the plan's warnings.
	Hazard string
	// Source is where the fact comes from: a PyTorch file@release, a PR or issue
	// number, or a path in this repository.
	Source string
}

// Stage is one walk of the planner over the rule table.
type Stage string

// The stages.
const (
	// StageDevice plans a thread that compiles and calls its own function on a device.
	StageDevice Stage = "device"
	// StageOrError follows a deciding row with OrError set.
	StageOrError Stage = "or-error"
	// StageCallers plans the threads that call a function the main thread compiled
	// and first called; the walk starts from the main thread's plan.
	StageCallers Stage = "callers"
)

// Edit says how a row's text goes into the plan's field.
type Edit string

// The edits. The zero Edit replaces.
const (
	// Replace: the row's text replaces the field; an empty text leaves it.
	Replace Edit = ""
	// AppendLine: the row's text is added as a new last line.
	AppendLine Edit = "append-line"
	// AppendText: the row's text is appended as is (it carries its own separator).
	AppendText Edit = "append-text"
	// DropLastLine: the field's last line is removed (the row's text is empty).
	DropLastLine Edit = "drop-last-line"
)

func (e Edit) apply(field, text string) string {
	switch e {
	case AppendLine:
		return joinLines(field, text)
	case AppendText:
		return field + text
	case DropLastLine:
		if i := strings.LastIndex(field, "\n"); i >= 0 {
			return field[:i]
		}
		return ""
	}
	if text == "" {
		return field
	}
	return text
}

// Basis says how a row is known, from which the evidence of a plan or warning follows
// for a given release.
type Basis string

// The bases.
const (
	// ByRelease: as the release is known (config.EvidenceFor): measured on 2.11,
	// read in the source of the anchors 2.2, 2.6, 2.7 and 2.14, inferred elsewhere.
	ByRelease Basis = "by-release"
	// ReadNotMeasured: read in the anchors' source but not among the 2.11
	// measurements: inferred on 2.11, otherwise as ByRelease.
	ReadNotMeasured Basis = "read-not-measured"
	// AlwaysSource: read in the source, whatever the release.
	AlwaysSource Basis = "source"
	// AlwaysInferred: inferred, whatever the release.
	AlwaysInferred Basis = "inferred"
	// MeasuredElseInferred: measured on the releases whose CUDA behaviour was measured
	// (2.11), inferred on every other: a row known only from that measurement.
	MeasuredElseInferred Basis = "measured-else-inferred"
	// Unchanged: the row leaves the evidence as the rows before it set it (at first,
	// ByRelease); for a warning, as the warning it amends has it.
	Unchanged Basis = "unchanged"
)

// evidence returns the evidence on release v of something now known with cur.
func (b Basis) evidence(v modes.Version, cur modes.Evidence) modes.Evidence {
	switch b {
	case ByRelease:
		return config.EvidenceFor(v)
	case ReadNotMeasured:
		if ev := config.EvidenceFor(v); ev != modes.Measured {
			return ev
		}
		return modes.Inferred
	case MeasuredElseInferred:
		if ev := config.EvidenceFor(v); ev == modes.Measured {
			return ev
		}
		return modes.Inferred
	case AlwaysSource:
		return modes.Source
	case AlwaysInferred:
		return modes.Inferred
	}
	return cur
}

// Releases is an inclusive range of releases: the type every table of the module uses.
type Releases = modes.Releases

func release(minor int) modes.Version { return modes.Version{Major: 2, Minor: minor} }

// firstPlanned is the oldest release whose CUDA-graph behaviour the rows state: 2.1,
// the oldest dated from Inductor's own files (compile_fx.py, cudagraph_trees.py read in
// 2.1-era copies and 2.2.2) or from PRs merged before it. No copy of 2.0's
// compile_fx.py or cudagraph_trees.py was read, and some texts are known to be later
// than 2.0 (the list of skip reasons, PR #103290, 2023-06): 2.0 has its own rows
// (rows20), which state what its torch/__init__.py and torch/cuda/graphs.py say and
// nothing more.
func firstPlanned() modes.Version { return release(1) }

// always is every release the rows plan, 2.1 to the newest (see [firstPlanned]).
func always() Releases { return Releases{From: firstPlanned(), To: modes.Newest()} }

// partitioned is the releases whose config has graph_partition: first in the 2.7.1
// schema read (absent from 2.6.0's), default on in 2.11 (measured). Rows that quote the
// "Created N graph partitions" log hold for these releases only (issue 28: a 2.1 plan
// must not mention graph partitions); the skip_dynamic_graphs key is dated the same
// way (absent from 2.2.2's config, present in 2.6.0's).
func partitioned() Releases { return from(7) }

// allReleases is every supported release, 2.0 included: for rows about CUDA's and
// torch.cuda.graph's behaviour rather than Inductor's.
func allReleases() Releases { return Releases{From: modes.First(), To: modes.Newest()} }

// upTo is every release the rows plan up to 2.minor.
func upTo(minor int) Releases { return Releases{From: firstPlanned(), To: release(minor)} }

// from is 2.minor and every later supported release.
func from(minor int) Releases { return Releases{From: release(minor), To: modes.Newest()} }

// between is 2.lo to 2.hi.
func between(lo, hi int) Releases { return modes.Minors(lo, hi) }

// The releases of the thread-related facts, from their rows in config.FactRows: rows
// bound by one of these facts take their Releases (and the release an "upgrade to"
// names) from here rather than restating the boundary. They hold from 2.1 (see
// [firstPlanned]): 2.0's cudagraph_trees.py and Dynamo config were not read.
var (
	// sharedTrees: cudagraph-tree state is thread-local to the first thread (PerThreadTrees false).
	sharedTrees = config.FactReleases(config.FactPerThreadTrees, false).Intersect(always())
	// perThreadTrees: cudagraph trees initialise per-thread state in any thread (PR #184357).
	perThreadTrees = config.FactReleases(config.FactPerThreadTrees, true)
	// sharedGlobals: config overrides are process-wide (GlobalsPerThread false).
	sharedGlobals = config.FactReleases(config.FactGlobalsPerThread, false).Intersect(always())
	// cgBackendTrees: backend="cudagraphs" uses cudagraph trees and their skip checks
	// (check_for_skip, PR #121018); before, it partitions CPU ops out and copies mutated
	// inputs back (CudaGraphModule, 2.2.2).
	cgBackendTrees = config.FactReleases(config.FactCUDAGraphsBackendTrees, true)
	// perThreadGlobals: config overrides are per-thread ContextVars.
	perThreadGlobals = config.FactReleases(config.FactGlobalsPerThread, true)
)

// rule is a row with its predicate.
type rule struct {
	Rule
	when func(*situation) bool
}

func (r *rule) applies(stage Stage, c *situation) bool {
	if r.Stage != stage || !r.Releases.Contains(c.res.Torch) {
		return false
	}
	if r.Backend != "" && r.Backend != c.view.Backend {
		return false
	}
	return r.when == nil || r.when(c)
}

// key identifies a row: its ID and releases.
func (r *Rule) key() string { return fmt.Sprintf("rule %s %s", r.ID, r.Releases) }

// Rules returns the planner's rule table, in the order the planner walks it. The
// slice is new at each call.
func Rules() []Rule {
	rows := rules()
	out := make([]Rule, len(rows))
	for i, r := range rows {
		out[i] = r.Rule
	}
	return out
}

// placeholderDocs returns the {name} placeholders that rule and hazard texts may hold,
// each with what the planner fills in.
func placeholderDocs() map[string]string {
	out := map[string]string{}
	for _, p := range placeholders() {
		out[p.name] = p.doc
	}
	return out
}

type placeholder struct {
	name, doc string
	value     func(*situation) string
}

// fill replaces the known {name} placeholders of s; other braces stay as they are.
func (c *situation) fill(s string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i:]
		if v, n, ok := c.placeholder(s); ok {
			b.WriteString(v)
			s = s[n:]
			continue
		}
		b.WriteByte('{')
		s = s[1:]
	}
}

// placeholder returns the value of the placeholder s starts with, and its length.
func (c *situation) placeholder(s string) (string, int, bool) {
	end := strings.IndexByte(s, '}')
	if end < 0 {
		return "", 0, false
	}
	for _, p := range placeholders() {
		if p.name == s[1:end] {
			return p.value(c), end + 1, true
		}
	}
	return "", 0, false
}

func joinLines(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}
