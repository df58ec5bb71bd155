package diagnose

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/pyver"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/internal/termtext"
	"github.com/compilemode/compilemode/modes"
)

// Format is the JSON "format" of a [Diagnosis].
const Format = "compilemode-diagnosis/2"

// Limits that keep memory bounded whatever the input.
const (
	// WindowBytes is the most of one line matched at once, in bytes. A longer line is
	// read in windows of this size that overlap by overlapBytes, so a message anywhere
	// in a 10 MB line is still found while at most one window is held.
	WindowBytes = 64 << 10
	// MaxQuoteRunes bounds [Finding.Quote], in runes; a longer line is quoted around
	// its decisive text, with "…" where it was shortened.
	MaxQuoteRunes = 240
	// overlapBytes is longer than any row's decisive text.
	overlapBytes = 1 << 10
	// maxRecovered bounds the recovered assignments and variables, each.
	maxRecovered = 64
	// maxCallBytes bounds the text of one torch.compile(...) call, in bytes, and
	// maxCallLines the lines it may span.
	maxCallBytes = 4 << 10
	maxCallLines = 16
)

// ErrEmpty is returned by [Read] for an input with no text: no byte, or only white
// space, NUL bytes and other control bytes (a file of NULs and one of newlines are
// both empty). Test with errors.Is.
var ErrEmpty = errors.New("diagnose: empty input")

// EmptyError is the error [Read] returns for an input with no text (errors.Is(err,
// ErrEmpty) holds): Bytes is how many bytes it held, after decoding, and NUL whether
// every one is a NUL byte.
type EmptyError struct {
	Bytes int64
	NUL   bool
}

func (e *EmptyError) Error() string {
	switch {
	case e == nil || e.Bytes == 0:
		return ErrEmpty.Error()
	case e.NUL:
		return fmt.Sprintf("%v: its %d bytes are all NUL", ErrEmpty, e.Bytes)
	}
	return fmt.Sprintf("%v: its %d bytes are white space, control characters or a byte order mark, no text", ErrEmpty, e.Bytes)
}

// Is reports whether target is ErrEmpty.
func (e *EmptyError) Is(target error) bool { return target == ErrEmpty }

// ReadError wraps an error of the underlying reader.
type ReadError struct {
	Line int   // the 1-based line being read when it failed
	Err  error // the reader's error
}

func (e *ReadError) Error() string {
	if e == nil {
		return "diagnose: <nil *ReadError>"
	}
	return fmt.Sprintf("diagnose: reading line %d: %v", e.Line, e.Err)
}

// Unwrap returns the reader's error (nil for a nil *ReadError).
func (e *ReadError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// Finding is one known signature in the log. Its JSON names are the contract of
// compilemode -diagnose -json.
type Finding struct {
	Code Code `json:"code"`
	// Line is the 1-based line of the decisive text: of its occurrences, the one
	// closest to PyTorch's text (in [Match]'s order: exact, wrapped, quoted, truncated,
	// …), the first of those; so a title that quotes a message cut short above the
	// traceback that prints it whole gives the traceback's line. Quote and Match are
	// that occurrence's.
	Line int `json:"line"`
	// Quote is that line, cleaned: without ANSI colour codes, "> " quote marks,
	// "[rankN]:" and TORCH_LOGS/glog prefixes, and at most MaxQuoteRunes runes. An
	// extra field beside the contract's.
	Quote string `json:"quote"`
	// Cause says why PyTorch printed it, in one sentence.
	Cause string `json:"cause"`
	// Fix is what works, tailored to the release when the log shows it.
	Fix string `json:"fix"`
	// Note, when set, says that the release the log shows is outside Releases (the
	// text matched all the same), or newer than the releases known
	// (Diagnosis.TorchNewer): Fix is then the nearest such release's, without advice
	// to upgrade to a release the user already runs. When that release has a fix that
	// ends the code (a bug fixed, a check dropped), Note says so and that an older torch
	// printed the text, Cause is said to be that older torch's, and Fix is for both. An
	// extra field.
	Note string `json:"note,omitempty"`
	// Evidence is how the text is known (measured, source), Source where from (an
	// extra field).
	Evidence modes.Evidence `json:"evidence"`
	Source   string         `json:"source"`
	// Releases are the releases that print the text, "2.6" to "2.14".
	Releases []string `json:"releases"`
	// Count is the number of distinct places the code's message occurs (an extra
	// field): a message wrapped over lines is one place, however its parts were found,
	// and a retelling in other words (Paraphrased) is prose about it, no place, counted
	// only where the message itself is nowhere; a trailer row's lines count where no
	// message does.
	Count int `json:"count"`
	// LastLine is the last line of those places, when Count is more than one (an extra
	// field): Line itself when every place is on it (a log whose lines end in a bare
	// carriage return, tqdm's, is one line).
	LastLine int `json:"last_line,omitempty"`
	// FixShownLine, when set, is the line that shows the code's usual fix already done
	// (the capturing stream already waits on the side stream, the call already runs
	// under torch.no_grad()): Fix then says so and gives the code's other fix. An extra
	// field.
	FixShownLine int `json:"fix_shown_line,omitempty"`
	// FirstLine is the first line of those places, when Count is more than one and the
	// first is not Line, but before it (an extra field): the text output then says
	// "line 15 (2 times, first line 1, last line 15)".
	FirstLine int `json:"first_line,omitempty"`
	// Match says how the text was found at Line: "exact" on one line, "wrapped" over
	// two or three lines, "quoted" inside markdown or quote marks (see [Match]).
	Match Match `json:"match"`
	// Culprits are the statements the message names, for a message PyTorch prints with
	// a stack after "Found from" (skip-mutated-inputs' "mutated inputs (1 instances).
	// Found from :", skip-cpu-device's, skip-incompatible-op's, …): of each stack, the
	// user's frame (see [Culprit]), once each however many ranks print it, at most 8, in
	// the text's order; none where the text shows no such stack. Fix then names the first
	// where it is about that statement. An extra field.
	Culprits []Culprit `json:"culprits,omitempty"`
}

// Diagnosis is what a log shows. It is plain data: read it from any goroutine.
type Diagnosis struct {
	// Format is "compilemode-diagnosis/2" (/1 held every key of Plan's configuration,
	// and no TorchSource).
	Format string `json:"format"`
	// Torch is the release the findings are read for: Options.Torch's where given
	// (TorchSource "option", the command's -torch; the log's own is then StatedTorch
	// where it differs), else the release the log shows, as "2.5" (torch.__version__ prints,
	// collect_env's "PyTorch version: 2.5.1+cu124", site-packages/torch-2.5.1… paths,
	// wheel tags, torch==2.5.1 pins), "" when it shows none, one older than 2.0
	// (1.13) or one torch has not and is not near (2.99.0, 10.0: StatedTorch), but for "1.14", the development line that shipped as 2.0
	// (TorchShippedAs). A release newer than the releases known (2.15, a nightly
	// 2.15.0.dev20261201, 3.0) is given too, with TorchNewer set.
	Torch string `json:"torch"`
	// TorchSource says where the release the diagnosis is read for comes from ("torch":
	// "" alone does not say that the plan's release is a default):
	//   - "text": a line of the log states it (TorchLine; Torch is that release);
	//   - "option": Options.Torch gave it (the command's -torch; TorchFrom "option");
	//   - "default": the log states none (Torch ""; or only one older than torch.compile,
	//     StatedTorch): each fix holds on every release that prints its text, and the
	//     plan of the call the log shows, if any, is on the default release (2.11);
	//   - "findings": the log states none, and the plan is on the newest release that
	//     prints every finding's text, not the default (PlanTorchFrom names the finding).
	TorchSource string `json:"torch_source"`
	// TorchNewer reports that Torch, stated by the log, is newer than the releases known
	// (2.0–2.14): the findings' release facts and fixes, and the plan, are then the newest
	// known release's (2.14), each finding's Note says so, and no fix advises an upgrade
	// to 2.14 or older. Options.Torch never sets it: a newer release given is refused
	// (ParseTorch). An extra field.
	TorchNewer bool `json:"torch_newer,omitempty"`
	// TorchShippedAs, when set, is the release that Torch's development line shipped
	// as: "2.0" for a build of the 1.14 line (a nightly 1.14.0.dev20221202+cu117,
	// NVIDIA's 1.14.0a0+44dac51c.nv23.01), whose Torch is "1.14". The findings' release
	// facts and fixes, and the plan, are then that release's, and each finding's Note
	// says so. An extra field.
	TorchShippedAs string `json:"torch_shipped_as,omitempty"`
	// TorchNoSuchPatch, when set, is the release as the log states it ("2.6.2",
	// "2.11.3+cu128") where its patch never shipped (its minor's patch releases ended
	// before it: modes.LastPatch), and Torch is its minor. The minor is read, for every
	// fact here is kept per minor and a build that prints such a version is still its
	// minor's branch (a source build whose version.txt says so, a typo in a pasted pip
	// list), so the findings' fixes stay right; the header says so ("2.6.2 is no
	// release: 2.6's patch releases ended at 2.6.0; read as 2.6"). -torch refuses such
	// a release. An extra field.
	TorchNoSuchPatch string `json:"torch_no_such_patch,omitempty"`
	// GzipCutAfter, where set, is the last line a gzip'd log holds before its stream
	// ends early (a truncated download or copy): the findings are those of the lines
	// read, as zcat prints them. An extra field.
	GzipCutAfter int `json:"gzip_cut_after_line,omitempty"`
	// TracebackCut, where set, is the 1-based line of the header ("Traceback (most
	// recent call last):", or IPython's "RuntimeError   Traceback (most recent call
	// last)") of a Python traceback whose frames the text does not follow with the
	// exception line ("XxxError: message") before it ends or the next traceback starts:
	// the line that names the failure, from which a signature is read, is missing. The
	// last such traceback's (of chained ones, the last one counts); set only when there
	// is no finding. An extra field.
	TracebackCut int `json:"traceback_cut_line,omitempty"`
	// StatedTorch is the release the log states where Torch is not it: one older than
	// the releases known ("1.13": torch.compile came in 2.0) or one torch has not and is
	// not near ("2.99", StatedTorchKind says which), the log then read as one that
	// states no release, or the log's own where Options.Torch gives another;
	// StatedTorchLine is its line. Extra fields.
	StatedTorch     string `json:"stated_torch,omitempty"`
	StatedTorchLine int    `json:"stated_torch_line,omitempty"`
	// StatedTorchKind says what StatedTorch is where it is no release for the findings:
	// "older" (older than torch.compile: 1.13, 0.4) or "not-a-release" (none torch has or
	// is near, by -torch's rule, modes.ParseRelease: 2.99.0, 2.18.0, 10.0); "" where
	// StatedTorch is the log's own release and Options.Torch gives another. An extra
	// field.
	StatedTorchKind modes.VersionKind `json:"stated_torch_kind,omitempty"`
	// AlsoStated are the other releases the text states, in line order, where it states
	// more than one in the ways a text says which torch a process runs (collect_env, a
	// package list, pip's report, a pin): an upgrade, two environments; and, of kind
	// "prose" (StatedProse), the other release of a move or a comparison whose prose
	// gave Torch ("after upgrading to torch 2.5.1 from 2.4.1 it started to fail": Torch
	// 2.5, 2.4 here; "no longer works in 2.9, but worked in 2.8"), which the failing run
	// is not on. Torch (or StatedTorch, where -torch gives Torch) is the one read; these
	// are named so that the conflict shows. Where one of them has the fix that ends a
	// finding's code, that finding's fix and note say so. A release -torch's rule
	// refuses (modes.ParseRelease) is named too, of kind "older" or "not-a-release"
	// (StatedTorchKind's words), other than StatedTorch itself: "2.99" stated beside the
	// 2.14 read. At most 4, in line order; AlsoStatedMore counts the rest. An extra
	// field.
	AlsoStated []StatedRelease `json:"also_stated_torch,omitempty"`
	// AlsoStatedMore is how many more releases the text states than AlsoStated names
	// (a matrix of pins: "also states 2.7 on line 2, …, and 3 more"). An extra field.
	AlsoStatedMore int `json:"also_stated_more,omitempty"`
	// TorchLine is the 1-based line that shows Torch (0 when Torch is "" or comes
	// from Options.Torch). An extra field.
	TorchLine int `json:"torch_line,omitempty"`
	// TorchText is that line, cleaned (as Finding.Quote), and TorchFrom the phrasing
	// it was read from: "collect_env", "torch.__version__", "package list", "pip
	// install", "pip conflict", "pin", "lock file", "version report", "table", "file
	// name", "image or key", "NGC image", "source checkout" (a branch or tag checked out
	// in a clone of torch's repository), "source build", "release branch", "versions
	// heading" (a bare release under an issue template's "### Versions"), "prose",
	// "nightly", or "option" when Options.Torch gave it (TestTorchFromDocumented).
	// Extra fields.
	TorchText string `json:"torch_text,omitempty"`
	TorchFrom string `json:"torch_from,omitempty"`
	// Findings are in line order, at most one per code.
	Findings []Finding `json:"findings"`
	// Plan is graphs.Check's report on Recovered: what PyTorch does with the call the
	// log shows, for the release it shows. Nil (null) when the log shows no call, or
	// when what it shows cannot be planned (PlanError says why).
	Plan *graphs.Report `json:"plan"`
	// PlanError says why a recovered call could not be planned ("" otherwise).
	PlanError string `json:"plan_error,omitempty"`
	// Recovered is the torch.compile call the log shows (mode=, backend=, dynamic= and
	// an inline options dict of a quoted call; torch._inductor.config assignments;
	// TORCHINDUCTOR_* and allocator variables), nil when it shows none. An extra field.
	Recovered *graphs.Scenario `json:"recovered,omitempty"`
	// Inferred names, for each field of Recovered.Workload that the findings set (by
	// its JSON name, such as "threads"), the code of the finding it was inferred from:
	// a log that shows a thread crash is planned with user threads, not the main
	// thread. Nil when nothing was inferred. See [Inferences]. An extra field.
	Inferred map[string]Code `json:"inferred,omitempty"`
	// PythonLine is the 1-based line that shows the Python the plan takes
	// (Recovered.Python), and PythonFrom how it shows it: "collect_env", "banner"
	// (Python 3.12.2 (main, …)), "path" (…/python3.12/site-packages/…) or
	// "torch.compile's message" (the bound its refusal names: "… on Python 3.12+"), or
	// "option" (line 0) when Options.Python gave it. Zero and "" when the log shows no
	// Python or no call. Extra fields.
	PythonLine int    `json:"python_line,omitempty"`
	PythonFrom string `json:"python_from,omitempty"`
	// Calls is how many torch.compile calls with a keyword the log shows when it shows
	// more than one (up to 8), and CallLine the line of the one Recovered is: the first
	// whose plan turns CUDA graphs on when a finding's text is printed only with them on
	// (codes of CUDAGraphCodes), else the first ("with mode=A it works, with mode=B
	// it fails"). Zero when the log shows one call or none. Extra
	// fields.
	Calls    int `json:"calls,omitempty"`
	CallLine int `json:"call_line,omitempty"`
	// CallFor is the code of the finding that chose the call with CUDA graphs on ("" when
	// the first was taken). An extra field.
	CallFor Code `json:"call_for,omitempty"`
	// PlanTorchFrom, when the log states no release, names the finding whose text only
	// some releases print, excluding the default release (2.11), that chose the newest
	// release printing every finding's text for the plan ("unsupported-python"); "" when
	// the plan takes the default. An extra field.
	PlanTorchFrom Code `json:"plan_torch_from,omitempty"`
	// PlanNotes are what the text shows that the plan, read from the call alone, does
	// not: a compile that a finding shows failing at the call's first run ("the log shows
	// this call failing at its first run, before any capture: line 5, triton-missing": the
	// toolchain's codes), else a capture the plan says succeeds that a finding shows
	// failing ("the log shows this capture failing: line 10, stream-capture-unjoined": the
	// codes of CaptureFailCodes); and a ROCm run, whose device is AMD's, or a MUSA, Ascend
	// NPU or MLU one, while the plan's facts are NVIDIA CUDA's. Nil when there are none or no device is planned. An extra
	// field.
	PlanNotes []string `json:"plan_notes,omitempty"`
	// ROCmLine is the first line that shows a ROCm run (a +rocm build, torch.version.hip's
	// value, collect_env's ROCm or HIP line, an AMD Instinct or gfx9xx GPU, a HIP error),
	// and ROCmText what on it shows it ("+rocm6", "MI250X"), set where the plan has a line
	// per device (no raise); 0 and "" otherwise. Extra fields.
	ROCmLine int    `json:"rocm_line,omitempty"`
	ROCmText string `json:"rocm_text,omitempty"`
	// allKeys keeps every key of Plan's configuration in the JSON form (Options.AllKeys).
	allKeys bool
	// runtime says which device other than NVIDIA's the text shows ("" for none: fit.go's
	// runtimeWords), for the plan's note.
	runtime string
}

// MarshalJSON writes d as encoding/json writes its fields, but for Plan's "config",
// which holds the changed keys only unless Options.AllKeys was set (as -script's
// plans do: graphs/script's changedOnly). Plan itself is left whole.
func (d Diagnosis) MarshalJSON() ([]byte, error) {
	type fields Diagnosis // its fields, without this method
	f := fields(d)
	if !d.allKeys && d.Plan != nil {
		plan := *d.Plan
		plan.Config = graphs.ConfigReport{}
		for _, k := range d.Plan.Config {
			if k.Changed {
				plan.Config = append(plan.Config, k)
			}
		}
		f.Plan = &plan
	}
	return json.Marshal(f)
}

// Read diagnoses the text r yields: any log, traceback or pasted issue, line by line
// in bounded memory; a gzip-compressed log (a rotated train.log.gz) is decompressed as
// zgrep does. It returns ErrEmpty for an input without text, a *CompressedError for a
// log compressed otherwise (zstd, xz, bzip2), a *NotTextError for a file of another
// kind (an archive, an image, a program, a saved model: by its magic number; binary
// data: by its control bytes), a *CutHeaderError for an
// input that ends inside a gzip header or such a magic number, a *ReadError when r fails (or a gzip
// stream is corrupt; wrapping an *inputerr.StreamError when r breaks io.Reader's contract: a
// count out of range, no progress, a panic) and an *inputerr.ZeroError for a nil r (or a typed
// nil, such as (*bytes.Reader)(nil)). Read is safe for concurrent use.
func Read(r io.Reader) (d *Diagnosis, err error) { return Options{}.Read(r) }

// Options change what [Options.Read] assumes. The zero value reads the release from
// the log, as [Read] does.
type Options struct {
	// Torch, when set ("2.5", "2.5.1+cu124"), is the release to diagnose for, over
	// any the log shows (the command's -torch flag).
	Torch string
	// Python, when set ("3.12", "3.13t"), is the Python the plan of the call the log
	// shows runs on, over any the log shows (the command's -python flag).
	Python string
	// AllKeys keeps every key of the plan's configuration in the JSON form (the
	// command's -all); by default Plan's "config" there carries the changed keys only,
	// as -script's plans do. Plan itself always holds every key.
	AllKeys bool
	// everyStep reads with every step of readRaw run on every window and every window
	// of a run of NULs pushed (scanner.everyStep): the package's tests only, which hold
	// the skipped steps and windows to changing nothing in the diagnosis.
	everyStep bool
}

// Read diagnoses r as [Read] does, with the options. It returns an error wrapping a
// *modes.VersionError ("diagnose: Options.Torch: torch version "2.99" is not a release
// torch has or is near: …") for an Options.Torch that [ParseTorch] refuses, and a *pyver.Error for an
// Options.Python that is not a supported Python.
func (o Options) Read(r io.Reader) (d *Diagnosis, err error) {
	var torch modes.Version
	if o.Torch != "" {
		if torch, err = ParseTorch(o.Torch); err != nil {
			return nil, fmt.Errorf("diagnose: Options.Torch: %w", err) // the words of every entry point
		}
	}
	if err := checkPython(o.Python); err != nil {
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			d, err = nil, fmt.Errorf("diagnose: internal error: %v", p)
		}
	}()
	if inputerr.IsNil(r) { // nil, or a typed nil such as (*bytes.Reader)(nil) (sweep finding 5)
		return nil, &inputerr.ZeroError{Func: "diagnose.Read", Arg: "r (the reader)"}
	}
	n := knownLen(r)
	// A reader that breaks io.Reader's contract is its failure: a *ReadError wrapping an
	// *inputerr.StreamError, not a panic in bufio nor an internal error (libsweep finding 2).
	if r, err = decompressed(guard("diagnose.Read", r)); err != nil {
		return nil, err
	}
	if _, gz := r.(*cutStream); gz {
		n = -1 // the text is the stream's, decompressed
	}
	t, err := compiledTable()
	if err != nil {
		return nil, err
	}
	s := scannerOn(t)
	s.everyStep = o.everyStep
	if err := s.scanLen(r, n); err != nil {
		return nil, err
	}
	cut := false
	if c, ok := r.(*cutStream); ok {
		cut = c.cut
	}
	if err := s.noText(cut); err != nil {
		return nil, err
	}
	if o.Python != "" {
		s.rec.python = pythonSeen{version: o.Python, rank: 4, what: "option"}
	}
	s.torch.takeIntro()                  // a failure's introduction names the failing run's release (release_failintro.go)
	s.torch.takeFailedPrint(s.tbs.first) // of two prints, the one the failure follows (release_printpair.go)
	own := s.torch
	if o.Torch != "" {
		own.best()
		s.torch, s.given = versionFinder{found: torch, rank: rankTorch + 1, what: "option"}, &own
	}
	d = s.diagnosis()
	d.stated(&own, o.Torch != "", torch)
	if cut {
		d.GzipCutAfter = s.line
	}
	d.dropKernelLinks(&s.held.facts)
	d.applyHeld(&s.held)
	d.fitText(&s.held)
	d.plan(s.rec.envLines)
	d.planNotes(&s.held)
	d.tracebackCut(&s.tbs)
	d.TorchSource, d.allKeys = d.torchSource(), o.AllKeys
	return d, nil
}

// noText returns why the scanned input holds no text, nil when it holds some: a gzip
// stream cut before any (cut: within its first member's data, as a file cut after its
// header; sweep8 #12: "empty input"), else an *EmptyError.
func (s *scanner) noText(cut bool) error {
	switch {
	case s.text:
		return nil
	case cut:
		return &ReadError{Line: 1, Err: errors.New("gzip: the stream ends early, before any text (the file is cut short)")}
	}
	return &EmptyError{Bytes: s.bytes, NUL: s.bytes > 0 && !s.notNUL}
}

// stated sets d's StatedTorch from the log's own finder: its release where option
// (Options.Torch, torch) gives another, or a release older than the known ones that it
// states where d has no release or option gives one.
func (d *Diagnosis) stated(own *versionFinder, option bool, torch modes.Version) {
	v, ok := own.best()
	if ok && option && v != torch {
		d.StatedTorch, d.StatedTorchLine = v.String(), own.line
	} else if !ok && own.older != "" && (option || d.Torch == "") {
		d.StatedTorch, d.StatedTorchLine, d.StatedTorchKind = own.older, own.olderLine, own.olderKind
	}
	if ok {
		d.AlsoStated = own.alsoStated(v.String())
		read := v
		if w, err := modes.ParseRelease(d.Torch); err == nil && !option && d.TorchLine == own.line {
			read = w // the release read, after a move taken back (moveBack)
		}
		for _, st := range own.proseStated(read) {
			if !slices.ContainsFunc(d.AlsoStated, func(a StatedRelease) bool { return a.Torch == st.Torch }) {
				d.AlsoStated = append(d.AlsoStated, st)
			}
		}
		sort.SliceStable(d.AlsoStated, func(i, j int) bool { return d.AlsoStated[i].Line < d.AlsoStated[j].Line })
	} else {
		d.AlsoStated = slices.DeleteFunc(own.alsoStated(""), func(st StatedRelease) bool {
			return st.Torch == d.StatedTorch // the one the header names (on this line or another)
		})
	}
	if len(d.AlsoStated) == 0 {
		d.AlsoStated = nil
	}
	d.capStated()
}

// ParseTorch reads a release as Options.Torch takes it: by the rule of every entry point
// where a person gives a release, [modes.ParseVersion]: a release known (2.0–2.14). A
// newer one (2.15, which PyPI lists, to 2.17, or 3.0 to 3.2) is refused with Kind
// modes.VersionNewer, as -torch, graphs.Check and -script refuse it: nothing about it is
// known, so no diagnosis is read for it. A log that states such a release is still read
// as its run's (Diagnosis.TorchNewer, by [modes.ParseRelease]). Anything else is a
// *modes.VersionError that says what it is, in the words every entry point uses: older
// than torch.compile (1.13); not a release torch has or is near ("2.99": a future release
// that far ahead is not known yet, nor is it 2.9.9, as 2.9 ended at 2.9.1), with the
// release a log's reader takes it for where it is one typed without its dot ("2.31" is
// 2.3.1: "did you mean 2.3?"); a patch that never shipped ("2.6.2": 2.6 ended at 2.6.0).
func ParseTorch(s string) (modes.Version, error) { return modes.ParseVersion(s) }

// plan runs the planner on the recovered call, the way the command answers a scenario.
func (d *Diagnosis) plan(envLines map[string]envLine) {
	if d.Recovered == nil {
		return
	}
	rep, err := graphs.Check(d.Recovered)
	if err != nil {
		// in the user's words, without the Go packages' prefixes nor the scenario's
		// field names (hostile21's D11: "could not be planned: graphs: scenario
		// resolve: …"; fix brief 29, finding 3: "scenario resolve: …")
		d.PlanError = graphs.CallErrorWords(err)
		return
	}
	d.Plan = rep
	for _, w := range rep.Warnings {
		if Code(w.Code) != EnvForceOverrides {
			continue
		}
		for name, at := range envLines {
			if strings.Contains(w.Message, name) {
				d.Findings = append(d.Findings, planFinding(w, at, rep.Torch))
				break
			}
		}
	}
	sort.SliceStable(d.Findings, func(a, b int) bool { return d.Findings[a].Line < d.Findings[b].Line })
}

// planFinding is a finding that the planner's warning w gives for the call the log
// shows, placed on the line at that sets the variable it names.
func planFinding(w config.Warning, at envLine, torch string) Finding {
	return Finding{Code: Code(w.Code), Line: at.line, Quote: at.text, Cause: w.Message,
		Fix: w.Recommendation, Evidence: w.Evidence, Match: Planned, Count: 1,
		Source:   "the planner's " + string(w.Code) + " warning for the call and environment the log shows (config: env_name_force keys of the release's torch/_inductor/config.py)",
		Releases: []string{torch}}
}

// diagnosis resolves the hits: rows whose context the log lacks drop out, a row
// superseded on its line drops out, each code keeps its better row (better, on the
// rows' first hits), and its finding shows the code's best occurrence (bestShown).
func (s *scanner) diagnosis() *Diagnosis {
	active := s.activeRows()
	torch, haveTorch := s.torch.bestWith(slices.Contains(active, true), s.lastHit)
	d := &Diagnosis{Format: Format, Findings: []Finding{}}
	// facts is the release whose facts apply: the log's, or the newest known release
	// for a log from a newer one (TorchNewer).
	facts, planTorch := torch, ""
	if haveTorch {
		d.Torch, d.TorchLine, d.TorchText, d.TorchFrom = torch.String(), s.torch.line, s.torch.text, s.torch.what
		if d.TorchNewer = modes.Newest().Less(torch); d.TorchNewer {
			facts = modes.Newest()
		}
		d.TorchNoSuchPatch = noSuchPatch(s.torch.as)
		if shipped, ok := shippedAs(torch); ok {
			d.TorchShippedAs, facts = shipped.String(), shipped
		}
		planTorch = facts.String()
	}
	s.settleByRelease(active, facts, haveTorch)
	s.culprits.finish()
	best := map[Code]int{}
	holds := make([]bool, len(s.rows))
	for i, row := range s.rows {
		if !active[i] || s.superseded(i, active, facts, haveTorch) || s.displaced(i, active, facts, haveTorch) {
			continue
		}
		holds[i] = true
		if j, ok := best[row.Code]; !ok || s.better(i, j, facts, haveTorch) {
			best[row.Code] = i
		}
	}
	s.dropRetoldSiblings(best)
	for _, i := range best {
		shown := s.bestShown(i, holds)
		d.Findings = append(d.Findings, s.finding(i, shown, s.classReleases(i, shown, holds, facts, haveTorch), torch, haveTorch))
	}
	order := map[Code]int{}
	for i, c := range Codes() {
		order[c] = i
	}
	sort.Slice(d.Findings, func(a, b int) bool {
		fa, fb := d.Findings[a], d.Findings[b]
		if fa.Line != fb.Line {
			return fa.Line < fb.Line
		}
		return order[fa.Code] < order[fb.Code]
	})
	s.recovered(d, planTorch, haveTorch)
	d.Inferred = infer(d.Recovered, d.Findings, s.devs.count())
	return d
}

// torchSource is Diagnosis.TorchSource's value for d.
func (d *Diagnosis) torchSource() string {
	switch {
	case d.Torch != "" && d.TorchFrom == "option":
		return "option"
	case d.Torch != "":
		return "text"
	case d.PlanTorchFrom != "":
		return "findings"
	}
	return "default"
}

// checkPython returns a *pyver.Error when python is neither "" nor a Python the
// planner knows (pyver.ParseBuild, pyver.For: what graphs.Check takes).
func checkPython(python string) error {
	if python == "" {
		return nil
	}
	b, err := pyver.ParseBuild(python)
	if err == nil {
		_, err = pyver.For(b.Version)
	}
	return err
}

// recovered sets d's recovered call, planned on planTorch; a log that states no
// release is planned on the newest release that prints every finding's text
// (findingsRelease), and on the Python the log shows.
func (s *scanner) recovered(d *Diagnosis, planTorch string, haveTorch bool) {
	if !haveTorch {
		planTorch = findingsRelease(d.Findings)
	}
	cands := s.rec.scenarios(planTorch)
	if len(cands) == 0 {
		return
	}
	i, by := chooseCall(cands, d.Findings)
	d.Recovered = cands[i]
	if len(s.rec.calls) > 1 {
		d.Calls, d.CallLine, d.CallFor = len(s.rec.calls), s.rec.calls[i].line, by
	}
	if planTorch != "" && !haveTorch {
		d.PlanTorchFrom = planTorchFrom(d.Findings, "")
	}
	if d.Recovered.Python != "" {
		d.PythonLine, d.PythonFrom = s.rec.python.line, s.rec.python.what
	}
}

// better reports whether row i gives a code's finding rather than row j: PyTorch's
// text over a paraphrase, a message's sentence over its trailing hint alone (Trailer),
// a line that shows who raised it (namesRaiser: NCCL's "Cuda failure '…'" under an
// issue's title that quotes the runtime's wording) over the others, then an earlier
// line, or on the same line a row that covers the release the log shows, then one that
// matched exactly over one that matched only once quote marks were taken out (MSVC's
// "C1083: Cannot open include file: 'Python.h': No such file or directory" holds gcc's
// wording between its quotes); on the same line and of the same literal, a row with a
// Requires (its context holds) over one without.
func (s *scanner) better(i, j int, torch modes.Version, haveTorch bool) bool {
	if s.rows[i].Paraphrase != s.rows[j].Paraphrase {
		return !s.rows[i].Paraphrase
	}
	if s.rows[i].Trailer != s.rows[j].Trailer {
		return !s.rows[i].Trailer
	}
	if a, b := s.rows[i].namesRaiser(), s.rows[j].namesRaiser(); a != b {
		return a
	}
	if a, b := s.hits[i].line, s.hits[j].line; a != b && !s.onePlace(i, a, b) {
		return a < b
	}
	if haveTorch && s.rows[i].covers(torch) != s.rows[j].covers(torch) {
		return s.rows[i].covers(torch)
	}
	if a, b := s.rows[i].Requires != "", s.rows[j].Requires != ""; a != b && s.hits[i].line == s.hits[j].line && s.rows[i].Literal == s.rows[j].Literal {
		// a row whose context holds says more of the same line (the SMs warning on MPS)
		return a
	}
	if s.hits[i].line != s.hits[j].line {
		// One place wrapped over lines (tally): the message found over them gives the
		// finding, not a part of it on one of its lines, as it would on one line
		// unwrapped (newuser28 #15: the error's name, exact on the line above the
		// wrapped message, had shown "`cudaErrorStreamCaptureUnjoined` (i.e.").
		return s.hits[i].span > s.hits[j].span
	}
	return s.hits[i].match == Exact && s.hits[j].match != Exact
}

// dropRetoldSiblings removes from best (a code's row, diagnosis) each code found only
// by a retelling that a code found by PyTorch's own text retells too: one story, read as
// one code or another by the release (rows_retold_dt.go: a host-to-device copy told as
// what failed a capture is capture-unpinned-copy on 2.11 and later, stream-capture-illegal
// before). A text that quotes capture-unpinned-copy's message shows which of the two it
// is, whatever release -torch or the text names; its title's retelling, read for 2.9 as
// stream-capture-illegal, had been a second finding of a message the text never shows
// (newuser29 F5, vllm-project/vllm#48503 and PR #53884).
func (s *scanner) dropRetoldSiblings(best map[Code]int) {
	for c, i := range best {
		if !s.rows[i].Paraphrase {
			continue
		}
		for o, j := range best {
			if o != c && !s.rows[j].Paraphrase && s.retellsToo(i, o) {
				delete(best, c)
				break
			}
		}
	}
}

// retellsToo reports whether a retelling's row of code c has row i's pattern: the same
// retelling borrowed by both codes (borrow).
func (s *scanner) retellsToo(i int, c Code) bool {
	p := s.rows[i].Pattern
	if p == "" {
		return false
	}
	for j := range s.rows {
		if o := &s.rows[j]; o.Code == c && o.Paraphrase && o.Pattern == p {
			return true
		}
	}
	return false
}

// onePlace reports whether the log's lines a and b, the first hits of row i's code's
// rows, are one place of its message (tally.onePlace).
func (s *scanner) onePlace(i, a, b int) bool {
	t := s.places[s.rows[i].Code]
	return t != nil && t[placeMessage].onePlace(a, b)
}

// superseded reports whether an active row that supersedes row i's code matched
// first on the same line as row i. Where the log shows a release that row i covers
// and the other does not, the other does not supersede it (2.0's "skipping cudagraphs
// due to input mutation" is legacy-mutated-input; 2.1's, the same text, is not).
func (s *scanner) superseded(i int, active []bool, torch modes.Version, haveTorch bool) bool {
	for j, other := range s.rows {
		if !active[j] || other.Supersedes != s.rows[i].Code || s.hits[j].line != s.hits[i].line {
			continue
		}
		if haveTorch && s.rows[i].covers(torch) && !other.covers(torch) {
			continue
		}
		return true
	}
	return false
}

// activeRows reports, for each row, whether it matched and holds: its Requires seen, its
// MinLines met, and not refuted.
func (s *scanner) activeRows() []bool {
	active := make([]bool, len(s.rows))
	for i, row := range s.rows {
		active[i] = s.hits[i].line > 0 && (row.requires < 0 || s.contexts[row.requires].seen) &&
			s.rowLines[i] >= max(1, row.MinLines)
	}
	for i := range s.rows {
		if active[i] && s.refuted(i, active) {
			active[i] = false
		}
	}
	return active
}

// refuted reports whether row i, which supersedes a code and whose pattern says the
// message ends with its line ($), is refuted by an active row of that code that matched
// the same line wrapped: the message goes on past that line's end (sweep2 finding 4:
// "skipping cudagraphs due to mutated inputs" / "(84 instances). Found from :" is the
// trees' message, wrapped, not the legacy implementation's, which has no count). Which
// row wins does not then depend on where a terminal or a page broke the line, as it
// does not on where a window of a long line ends (edged).
func (s *scanner) refuted(i int, active []bool) bool {
	row := &s.rows[i]
	if row.Supersedes == "" || !row.endsLine {
		return false
	}
	for j, other := range s.rows {
		if active[j] && other.Code == row.Supersedes && s.hits[j].line == s.hits[i].line && s.hits[j].match == Wrapped {
			return true
		}
	}
	return false
}

// displaced reports the other side of superseded: row i, which supersedes a code,
// matched a line on which an active row of that code matched too, and the log shows a
// release that row covers and row i does not (2.1's "skipping cudagraphs due to input
// mutation" is skip-mutated-inputs alone, not also 2.0's legacy-mutated-input with a
// note that 2.1 is not known to print it).
func (s *scanner) displaced(i int, active []bool, torch modes.Version, haveTorch bool) bool {
	sup := s.rows[i].Supersedes
	if !haveTorch || sup == "" || s.rows[i].covers(torch) {
		return false
	}
	for j, other := range s.rows {
		if active[j] && other.Code == sup && s.hits[j].line == s.hits[i].line && other.covers(torch) {
			return true
		}
	}
	return false
}

// bestShown is the hit that row i's finding shows: the best (closest Match, then
// earliest line) of its own shown hit and those of the rows that hold (holds) of row
// i's code and kind (those that better ranks alike: Paraphrase, Trailer, namesRaiser)
// whose literal holds row i's whole, so that a cropped row's quote in a title gives
// way to its base row's whole message below. A row with less of the message (a
// sentence of it) is no better for being exact: "but your device is of CUDA capability
// 5.2" on its line is the end of the message found wrapped over it and the line above.
func (s *scanner) bestShown(i int, holds []bool) rowHit {
	r := &s.rows[i]
	h := s.shown[i]
	for j := range s.rows {
		o := &s.rows[j]
		if j == i || !holds[j] || o.Code != r.Code || o.Paraphrase != r.Paraphrase || o.Trailer != r.Trailer ||
			o.namesRaiser() != r.namesRaiser() || !bytes.Contains(o.literal, r.literal) {
			continue
		}
		if b := s.shown[j]; closer(b.match, h.match) || b.match == h.match && b.line < h.line {
			h = b
		}
	}
	return h
}

// classReleases returns the releases row i's finding is for: its own, or, where the
// line its finding shows also names the exception's class that only some of them raise
// (a row of classNameRows of its code that holds there, of a class its releases
// brought: classBrought) and the release read is not one of those, the releases of both, so that the finding's note says the release read
// is not known to print it ("torch._inductor.exc.TritonMissing: Cannot find a working
// triton installation" under a release read as 2.0, whose create_backend raised a
// RuntimeError: issue 21's v35a C1 had planned it on 2.0 with no note).
func (s *scanner) classReleases(i int, shown rowHit, holds []bool, torch modes.Version, haveTorch bool) modes.Releases {
	r := &s.rows[i]
	if !haveTorch || !r.covers(torch) {
		return r.Releases
	}
	for j := range s.rows {
		o := &s.rows[j]
		if holds[j] && j != i && o.Code == r.Code && strings.HasSuffix(o.Decisive, classBrought) && s.shown[j].line == shown.line && !o.covers(torch) {
			return r.Releases.Intersect(o.Releases)
		}
	}
	return r.Releases
}

// finding is row i's finding, showing hit shown (bestShown), for the releases rel
// (classReleases).
func (s *scanner) finding(i int, shown rowHit, rel modes.Releases, torch modes.Version, haveTorch bool) Finding {
	row := s.rows[i]
	row.Releases = rel
	cause, fix, note := row.texts(torch, haveTorch, s.torch.what == "option")
	also := s.alsoFor(torch)
	if st, f, ok := row.fixedElsewhere(torch, also); haveTorch && ok {
		fix, note = alsoFixedTexts(fix, note, f, torch, st)
	}
	if s.hits[i].inBackward {
		cause, fix = overwrittenInBackward(cause)
	}
	var rels []string
	for _, v := range modes.Supported() {
		if row.Releases.Contains(v) {
			rels = append(rels, v.String())
		}
	}
	var t tally
	if ts := s.places[row.Code]; ts != nil {
		for _, t = range ts {
			if t.count > 0 {
				break
			}
		}
	}
	f := Finding{Code: row.Code, Line: shown.line, Quote: shown.quote, Cause: cause,
		Fix: fix, Note: note, Evidence: row.Evidence, Source: row.Source, Releases: rels, Count: t.count, Match: shown.match,
		Culprits: s.culprits.culprits(row.Code)}
	f.Fix = culpritFix(f.Code, f.Fix, f.Culprits)
	if t.count > 1 {
		f.LastLine = max(t.last, f.Line) // Line itself when every place is on it (bare CRs)
		if first := s.hits[i].line; first < f.Line {
			f.FirstLine = first
		}
	}
	return f
}

// alsoFor returns the releases the text states other than torch, the release read, for
// a finding's fix (Signature.fixedElsewhere): those the finder kept, and a move's other
// release told in prose (fix brief 31, finding 3). Where Options.Torch gives torch, they
// are the text's own finder's, as the header names them, so that -torch equal to the
// text's release gives the fix the text alone gives, and another (2.11) names line 2's
// 2.14 the same way (hostile29 R1, second shape: both had advised an upgrade to the
// 2.14 the header says the text states).
func (s *scanner) alsoFor(torch modes.Version) []StatedRelease {
	f := &s.torch
	if s.given != nil {
		f = s.given
	}
	return append(f.alsoStated(torch.String()), f.proseStated(torch)...)
}

// cleanLine appends raw to dst without its line end, ANSI escape sequences, and, at
// the start of a line, "> " quote marks, "[rankN]:" prefixes and indentation; a
// carriage return inside the line (progress bars) becomes a space.
func cleanLine(dst, raw []byte, lineStart bool) []byte {
	raw = withoutCaller(bytes.TrimRight(raw, "\r\n"))
	if firstEscape(raw) < 0 && !bytes.ContainsAny(raw, "\r\t") {
		dst = append(dst, raw...)
		if lineStart {
			return stripPrefixes(dst)
		}
		return dst
	}
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case isEscapeAt(raw, i):
			i += escapeLen(raw[i:]) - 1
		case c == '\r' || c == '\t':
			dst = append(dst, ' ')
		default:
			dst = append(dst, c)
		}
	}
	if lineStart {
		return stripPrefixes(dst)
	}
	return dst
}

// withoutCaller returns b without the caller column that rich's RichHandler prints at
// a record's first line's right ("…  cudagraph_trees.py:2105"): a space or more (its
// table pads columns with one; a message that fills its column leaves no more), a
// Python file's name, a colon and a line number, at the line's end. The message it
// follows may go on on the next lines, which the wrapped match joins. A message ends
// with no such name (no row's text does).
func withoutCaller(b []byte) []byte {
	n := len(b)
	if n < 8 || !isDigit(b[n-1]) {
		return b
	}
	i := n - 1
	for i > 0 && isDigit(b[i]) {
		i--
	}
	if b[i] != ':' || !bytes.HasSuffix(b[:i], []byte(".py")) {
		return b
	}
	j := i - 3
	for j > 0 && b[j-1] != ' ' && b[j-1] != '\t' && b[j-1] != '/' {
		j--
	}
	if j < 2 || b[j-1] != ' ' {
		return b
	}
	return bytes.TrimRight(b[:j], " ")
}

// escapeLen returns the length of the escape sequence at the start of b (b[0] is ESC,
// or b starts with a C1 control isC1Escape reads, or is one raw: isEscapeAt): CSI
// (ESC [ or U+009B, params, final), OSC (ESC ] or U+009D, … BEL, ESC \ or U+009C), or
// ESC and one byte.
func escapeLen(b []byte) int {
	if len(b) < 2 {
		return len(b)
	}
	intro := 2
	if b[0] == 0x9b || b[0] == 0x9d {
		intro = 1 // the 8-bit control as one raw byte
	}
	switch {
	case b[0] == 0x1b && b[1] == '[', isC1Escape(b, 0x9b), b[0] == 0x9b:
		return csiLen(b, intro)
	case b[0] == 0x1b && b[1] == ']', isC1Escape(b, 0x9d), b[0] == 0x9d:
		return oscLen(b, intro)
	}
	return 2
}

// csiLen is the length of the CSI sequence b starts with, its introducer intro bytes
// long: up to its final byte, or the rest of b.
func csiLen(b []byte, intro int) int {
	for i := intro; i < len(b); i++ {
		if b[i] >= 0x40 && b[i] <= 0x7e {
			return i + 1
		}
	}
	return len(b)
}

// oscLen is the length of the OSC sequence b starts with, its introducer intro bytes
// long: up to BEL or ST (0x9c raw, where it is no part of a character, or in UTF-8,
// or ESC \).
func oscLen(b []byte, intro int) int {
	for i := intro; i < len(b); i++ {
		switch {
		case b[i] == 0x07, b[i] == 0x9c && strayByte(b, i):
			return i + 1
		case isC1Escape(b[i:], 0x9c), b[i] == 0x1b && i+1 < len(b) && b[i+1] == '\\':
			return i + 2
		}
	}
	// An OSC that the line does not terminate (a cut hyperlink or title) is dropped
	// alone: the text after it stays, signatures included.
	return intro
}

// isC1Escape reports whether b starts with the C1 control c (0x80-0x9f) in UTF-8
// (0xc2 c): the 8-bit CSI (U+009B), OSC (U+009D) and ST (U+009C) that some programs
// print in place of ESC [, ESC ] and ESC \ (sweep7 finding 9: "\u009b1mmutated\u009b0m
// inputs" hid the message).
func isC1Escape(b []byte, c byte) bool {
	return len(b) >= 2 && b[0] == 0xc2 && b[1] == c
}

// isEscape reports whether b starts an escape sequence written in UTF-8 (escapeLen).
func isEscape(b []byte) bool {
	return b[0] == 0x1b || isC1Escape(b, 0x9b) || isC1Escape(b, 0x9d)
}

// isEscapeAt reports whether b[i:] starts an escape sequence: isEscape, or CSI or OSC
// as the one raw byte 0x9b or 0x9d that a program writing 8-bit controls prints, where
// that byte is no part of a UTF-8 character (sweep8 #11: "\x9b1mmutated\x9b0m inputs"
// hid the message; the same bytes inside CJK text are characters).
func isEscapeAt(b []byte, i int) bool {
	return isEscape(b[i:]) || (b[i] == 0x9b || b[i] == 0x9d) && strayByte(b, i)
}

// strayByte reports whether b[i], a UTF-8 continuation byte, belongs to no valid
// UTF-8 character that starts before it.
func strayByte(b []byte, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if b[j]&0xc0 != 0x80 {
			_, n := utf8.DecodeRune(b[j:])
			return n <= i-j
		}
	}
	return true
}

// stripPrefixes removes, in any order and repeated, indentation, markdown "> " quote
// marks and torchrun's "[rankN]:" prefixes from the start of a line.
func stripPrefixes(b []byte) []byte {
	for n := 0; n < 16; n++ {
		t := bytes.TrimLeft(b, " ")
		switch {
		case len(t) > 0 && t[0] == '>':
			b = t[1:]
		case bytes.HasPrefix(t, []byte("[rank")):
			end := bytes.Index(t, []byte("]:"))
			if end < 0 || !allDigits(t[len("[rank"):end]) {
				return t
			}
			b = t[end+2:]
		default:
			return t
		}
	}
	return bytes.TrimLeft(b, " ")
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// glogPrefix matches the header torch._logging and c10 put before a message:
// "W1129 17:07:55.799000 603 torch/_inductor/cudagraph_utils.py:207] [0/0] [__cudagraphs] "
// (measured on 2.11), "[W1129 17:39:03.694036672 CUDAMallocAsyncAllocator.cpp:301] "
// (measured on 2.11), and the older "[2024-03-02 12:00:01,000] [0/0]
// torch._inductor.compile_fx: [WARNING] ".
var glogPrefix = &lazyregexp.Regexp{Expr: `^(?:\[?[IWEVD]\d{4} \d\d:\d\d:\d\d\.\d+ +(?:\d+ +)?[^\]]+?:\d+\] *|\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] *(?:\[[^\]]*\] *)*[\w.]+: \[[A-Z]+\] *)(?:\[[^\]]*\] *)*`}

// otherHeader matches the headers loggers and runners put before each line other
// than glog's (skipGlog): torch._logging's older "[2024-03-02 12:00:01,000] …
// [WARNING] " (glogPrefix), an ISO timestamp (CI logs), vLLM's "(EngineCore_DP0
// pid=240) ERROR 07-22 06:50:42 [core.py:1330] " and Ray's "(RayWorkerWrapper pid=123,
// ip=10.0.0.1) ", docker compose's "trainer-1  | ", syslog and journald's "Dec 19
// 02:07:16 host python3[1234]: ", rich's "[12/03/26 07:40:00] WARNING  " (pytest's
// "E   " is withoutLineHead's). A message
// that a terminal or a logger broke over several lines carries one on each line; the
// wrapped match reads the lines without them.
var otherHeader = &lazyregexp.Regexp{Expr: `^(?:` + glogPrefix.String()[1:] + `|` +
	`\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)? +|` +
	`\(\w+ pid=\d+(?:, ip=[\d.]+)?\) +(?:(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) +\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? +\[[^\]]+\] +)?|` +
	`[\w.-]+-\d+ +\| |` +
	`\S{3,5} +\d{1,2} \d\d:\d\d:\d\d \S+ [^\s:\[]+(?:\[\d+\])?: +|` +
	// rich's RichHandler: "[12/03/26 07:40:00] WARNING  " (rich/_log_render.py: the
	// time as "[%x %X]", the level padded to 8 columns)
	`\[\d\d/\d\d/\d\d \d\d:\d\d:\d\d\] +(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) +)`}

// withoutLogHeader returns b without the log headers at its start (up to four, one
// after another), pytest's "E" mark and the REPL's ">>>" among them (withoutLineHead).
func withoutLogHeader(b []byte) []byte {
	for range 4 {
		if n := skipGlog(b); n > 0 {
			b = bytes.TrimLeft(b[n:], " ")
			continue
		}
		if h := withoutLineHead(b); len(h) < len(b) && len(h) > 0 {
			b = h
			continue
		}
		if !mayHaveHeader(b) {
			return b
		}
		loc := otherHeader.FindIndex(b)
		if loc == nil || loc[1] >= len(b) {
			return b
		}
		b = bytes.TrimLeft(b[loc[1]:], " ")
	}
	return b
}

// skipGlog returns the length of the glog header at the start of b ("W1129
// 17:07:56.133000 608 torch/_inductor/cudagraph_utils.py:207] [0/0] [__cudagraphs] ",
// "[W1129 17:39:03.694036672 CUDAMallocAsyncAllocator.cpp:301] "), 0 when it has none.
func skipGlog(b []byte) int {
	i := 0
	if len(b) > 0 && b[0] == '[' {
		i = 1
	}
	if !glogLevelDate(b, i) {
		return 0
	}
	end := bytes.IndexByte(b[i:min(len(b), i+240)], ']')
	if end < 1 || !isDigit(b[i+end-1]) {
		return 0
	}
	return skipTags(b, i+end+1)
}

// glogLevelDate reports whether b holds at i a glog level letter and a month and day
// followed by a space ("W1129 ").
func glogLevelDate(b []byte, i int) bool {
	if len(b) < i+6 || bytes.IndexByte([]byte("IWEVD"), b[i]) < 0 || b[i+5] != ' ' {
		return false
	}
	for _, c := range b[i+1 : i+5] {
		if !isDigit(c) {
			return false
		}
	}
	return true
}

// skipTags returns the offset past the bracketed tags ("[0/0] [__cudagraphs] ") that
// follow a glog header ending at k, and the spaces before each.
func skipTags(b []byte, k int) int {
	for k < len(b) {
		for k < len(b) && b[k] == ' ' {
			k++
		}
		if k >= len(b) || b[k] != '[' {
			break
		}
		end := bytes.IndexByte(b[k:min(len(b), k+48)], ']')
		if end < 0 {
			break
		}
		k += end + 1
	}
	return k
}

// mayHaveHeader reports, cheaply, whether b can start with an otherHeader: each has a
// time ("17:07:56"), a "(… pid=" group, a " | " column, or pytest's "E   ".
func mayHaveHeader(b []byte) bool {
	head := b[:min(len(b), 80)]
	if bytes.HasPrefix(head, []byte("(")) || bytes.Contains(head, []byte(" | ")) {
		return true
	}
	for i := bytes.IndexByte(head, ':'); i >= 2 && i+3 < len(head); {
		if isDigit(head[i-1]) && isDigit(head[i-2]) && isDigit(head[i+1]) && isDigit(head[i+2]) {
			return true
		}
		next := bytes.IndexByte(head[i+1:], ':')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// quote returns the cleaned line for a finding: without its log header, and at most
// MaxQuoteRunes runes taken around the literal.
func quote(text, literal []byte) string {
	if loc := glogPrefix.FindIndex(text); loc != nil && loc[1] < len(text) {
		text = text[loc[1]:]
	}
	q := termtext.Escape(bytesEscaped(strings.TrimSpace(string(text))))
	if utf8.RuneCountInString(q) <= MaxQuoteRunes {
		return q
	}
	at := strings.Index(q, string(literal))
	runes := []rune(q)
	start := 0
	if at > 0 {
		start = max(0, utf8.RuneCountInString(q[:at])-MaxQuoteRunes/8)
	}
	end := min(len(runes), start+MaxQuoteRunes-2)
	out := string(runes[start:end]) + "…"
	if start > 0 {
		out = "…" + out
	}
	return out
}

// bytesEscaped returns s with each byte that is no part of a UTF-8 character written
// as \xNN, as termtext.Escape writes a control byte: a quote of a line with bytes of
// another encoding (Latin-1 after "ÿþ", a stray FF FE before UTF-8) shows which bytes
// they were, where one U+FFFD for the run of them hid how many (sweep9 #19).
func bytesEscaped(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && n == 1 {
			fmt.Fprintf(&b, "\\x%02x", s[0])
		} else {
			b.WriteString(s[:n])
		}
		s = s[n:]
	}
	return b.String()
}

// knownLen returns how many bytes r has still to give where its type tells exactly (a
// strings.Reader, bytes.Reader or bytes.Buffer), -1 otherwise.
func knownLen(r io.Reader) int {
	switch r := r.(type) {
	case *strings.Reader:
		return r.Len()
	case *bytes.Reader:
		return r.Len()
	case *bytes.Buffer:
		return r.Len()
	}
	return -1
}
