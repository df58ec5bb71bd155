package modes

import (
	"fmt"
	"strings"

	"github.com/agnivade/levenshtein"
	"github.com/compilemode/compilemode/internal/exactname"
)

// README.md's tables of modes and releases are generated from the rows below.
//go:generate go run ./internal/gen -readme ../README.md

// Mode is a torch.compile mode name, exactly as PyTorch spells it.
type Mode string

// The mode names. Not every release has every mode: see [For].
const (
	Default                 Mode = "default"
	Lite                    Mode = "lite"
	ReduceOverhead          Mode = "reduce-overhead"
	MaxAutotuneNoCUDAGraphs Mode = "max-autotune-no-cudagraphs"
	MaxAutotune             Mode = "max-autotune"
)

// Evidence says how a fact is known.
type Evidence string

// The kinds of evidence. Their text forms are the JSON contract of examples/compilemode.
const (
	// Measured: printed by that release on a real machine (2.11.0+cu130 on an H200).
	Measured Evidence = "measured"
	// Source: read in that release's own files (the anchor copies listed in
	// testdata/reference/pytorch-facts.md §0).
	Source Evidence = "source"
	// Inferred: dated from the change that introduced it, or carried over from the
	// nearest release that was read.
	Inferred Evidence = "inferred"
	// Host: computed from this host the way PyTorch computes it (CPU count, CXX, paths).
	Host Evidence = "host"
	// File: read from a schema file the user supplied (-schema, a file
	// config/dump_schema.py writes): what it says is the file's claim, which
	// compilemode cannot check, so it is never labelled measured.
	File Evidence = "file"
)

// Option is one entry of a mode's config patch: a dotted Inductor config key and its
// value written as a Python literal ("True").
type Option struct {
	_       [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	Key     string
	Literal string
}

// Patch is a mode's own ordered list of options, as list_mode_options returns it.
type Patch []Option

// String returns the patch as the Python dict literal PyTorch prints.
func (p Patch) String() string {
	parts := make([]string, len(p))
	for i, o := range p {
		parts[i] = fmt.Sprintf("'%s': %s", o.Key, o.Literal)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// Entry is one row of a mode table.
type Entry struct {
	Mode  Mode
	Patch Patch
}

// UnknownModeSite says where a release refuses an unknown mode; the text and its list
// order depend on it.
type UnknownModeSite string

const (
	// ApplyMode: _TorchCompileInductorWrapper.apply_mode (2.1–2.6) with its own,
	// hard-coded order; mode="" is refused there too.
	ApplyMode UnknownModeSite = "apply_mode"
	// ListModeOptions: torch._inductor.list_mode_options (2.7+), in table order,
	// raised from the KeyError; mode="" means default.
	ListModeOptions UnknownModeSite = "list_mode_options"
)

// Table is one release's mode table and the rules torch.compile applies to a mode
// name. A Table is immutable once built and safe for concurrent use.
type Table struct {
	// Torch is the release the table describes.
	Torch Version
	// Entries are the modes in list_mode_options order.
	Entries []Entry
	// Site is where an unknown mode is refused.
	Site UnknownModeSite
	// ApplyModeOrder is the order apply_mode lists the modes in its message (Site ApplyMode).
	ApplyModeOrder []Mode
	// Evidence and SourceNote say how the table is known and from where.
	Evidence   Evidence
	SourceNote string
}

// Known returns the mode names in the order the release's unknown-mode message lists them.
func (t *Table) Known() []Mode {
	if t == nil {
		return nil
	}
	if t.Site == ApplyMode {
		return append([]Mode(nil), t.ApplyModeOrder...)
	}
	out := make([]Mode, len(t.Entries))
	for i, e := range t.Entries {
		out[i] = e.Mode
	}
	return out
}

// UnknownModeError is torch.compile's RuntimeError for a mode the release does not
// have. Message returns PyTorch's text byte for byte.
type UnknownModeError struct {
	Mode  string          // the mode as given
	Known []Mode          // the modes the message lists, in its order
	Torch Version         // the release
	Site  UnknownModeSite // where PyTorch raises it
}

// Exception returns the Python exception class name, "RuntimeError".
func (e *UnknownModeError) Exception() string { return "RuntimeError" }

// Message returns exactly what PyTorch prints after "RuntimeError: ".
// Source: torch/__init__.py apply_mode (2.1–2.6) and torch/_inductor/__init__.py
// list_mode_options (2.7+); the 2.11 text is measured.
func (e *UnknownModeError) Message() string {
	if e == nil {
		return ""
	}
	names := make([]string, len(e.Known))
	for i, m := range e.Known {
		names[i] = string(m)
	}
	return fmt.Sprintf("Unrecognized mode=%s, should be one of: %s", e.Mode, strings.Join(names, ", "))
}

// Hint names the first release that accepts a mode of a later release ("lite" on 2.6:
// from 2.10, [ModeRows]; "" before 2.7: from 2.7, [SiteRows]' list_mode_options),
// says where a mode differs from a known one only by white space or case ("reduce-overhead "),
// suggests the nearest mode for a typo ("reduce_overhead", "REDUCE-OVERHEAD"), or is
// "". The hint is ours, never part of PyTorch's message.
func (e *UnknownModeError) Hint() string {
	if e == nil {
		return ""
	}
	if from, ok := modeSince(e.Mode); ok && e.Torch.Major > 0 && e.Torch.Less(from) {
		return fmt.Sprintf("mode %q is accepted from torch %s on; torch %s refuses it", e.Mode, from, e.Torch)
	}
	names := make([]string, len(e.Known))
	for i, m := range e.Known {
		names[i] = string(m)
	}
	if h := exactname.Hint("mode", e.Mode, names); h != "" {
		return h // "reduce-overhead " reads as the name it misses (fix brief 29, finding 4)
	}
	norm := func(s string) string { return strings.ReplaceAll(strings.ToLower(s), "_", "-") }
	best, bestD := "", 3
	for _, m := range e.Known {
		if len(e.Mode) > 4*(len(m)+bestD) {
			continue // farther than bestD in length alone: no need to compare (a 1 MB mode stays linear)
		}
		if d := levenshtein.ComputeDistance(norm(e.Mode), norm(string(m))); d < bestD {
			best, bestD = string(m), d
		}
	}
	if best == "" {
		return ""
	}
	return "did you mean " + best + "?"
}

// modeSince returns the first release whose torch.compile accepts mode, and whether
// one does: "" from the first release of list_mode_options, which reads it as the
// default, another mode from its first row of the mode table.
func modeSince(mode string) (Version, bool) {
	if mode == "" {
		r := SiteReleases(ListModeOptions)
		return r.From, r.Valid()
	}
	var from Version
	ok := false
	for _, r := range ModeRows() {
		if string(r.Mode) == mode && (!ok || r.Releases.From.Less(from)) {
			from, ok = r.Releases.From, true
		}
	}
	return from, ok
}

func (e *UnknownModeError) Error() string {
	if e == nil {
		return "modes: <nil *UnknownModeError>"
	}
	return fmt.Sprintf("modes: torch %s %s: RuntimeError: %s", e.Torch, e.Site, e.Message())
}

// Resolve maps a mode string as given to torch.compile to the table entry it
// selects. It does not apply torch.compile's "mode and options" check; package config
// does. "default" (and, from 2.7, "") selects the empty patch. It returns an
// *UnknownModeError for any other name the release lacks, modes being case- and
// punctuation-exact ("REDUCE-OVERHEAD" and "reduce_overhead" are unknown, measured on 2.11).
// A nil *Table knows no mode: it returns an *UnknownModeError for every one.
func (t *Table) Resolve(mode string) (Entry, error) {
	if t == nil {
		return Entry{}, &UnknownModeError{Mode: mode}
	}
	if mode == string(Default) || (mode == "" && t.Site == ListModeOptions) {
		return Entry{Mode: Default}, nil
	}
	for _, e := range t.Entries {
		if string(e.Mode) == mode {
			return Entry{Mode: e.Mode, Patch: append(Patch(nil), e.Patch...)}, nil
		}
	}
	return Entry{}, &UnknownModeError{Mode: mode, Known: t.Known(), Torch: t.Torch, Site: t.Site}
}

// Parse resolves a mode name against the 2.11 table. See [Table.Resolve].
func Parse(s string) (Mode, error) {
	t, err := For(DefaultRelease())
	if err != nil {
		return "", err
	}
	e, err := t.Resolve(s)
	return e.Mode, err
}

// Options returns the config patch of mode m on 2.11, named after
// torch._inductor.list_mode_options. It returns an *UnknownModeError for a mode 2.11
// does not have.
func Options(m Mode) (Patch, error) {
	t, err := For(DefaultRelease())
	if err != nil {
		return nil, err
	}
	e, err := t.Resolve(string(m))
	return e.Patch, err
}
