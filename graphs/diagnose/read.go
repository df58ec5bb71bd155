package diagnose

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// Format is the JSON "format" of a [Diagnosis].
const Format = "compilemode-diagnosis/1"

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

// ErrEmpty is returned by [Read] for an input with no text (no byte, or only white
// space). Test with errors.Is.
var ErrEmpty = errors.New("diagnose: empty input")

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
	// Line is the 1-based line of the decisive text (the first such line).
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
	// text matched all the same): Fix is then the nearest such release's, without
	// advice to upgrade to a release the user already runs. An extra field.
	Note string `json:"note,omitempty"`
	// Evidence is how the text is known (measured, source), Source where from (an
	// extra field).
	Evidence modes.Evidence `json:"evidence"`
	Source   string         `json:"source"`
	// Releases are the releases that print the text, "2.6" to "2.14".
	Releases []string `json:"releases"`
	// Count is the number of lines with this code's texts (an extra field).
	Count int `json:"count"`
}

// Diagnosis is what a log shows. It is plain data: read it from any goroutine.
type Diagnosis struct {
	// Format is "compilemode-diagnosis/1".
	Format string `json:"format"`
	// Torch is the release the log shows, as "2.5" (torch.__version__ prints,
	// collect_env's "PyTorch version: 2.5.1+cu124", site-packages/torch-2.5.1… paths,
	// wheel tags, torch==2.5.1 pins), "" when it shows none or an unsupported one.
	Torch string `json:"torch"`
	// TorchLine is the 1-based line that shows Torch (0 when Torch is ""). An extra
	// field.
	TorchLine int `json:"torch_line,omitempty"`
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
}

// Read diagnoses the text r yields: any log, traceback or pasted issue, line by line
// in bounded memory. It returns ErrEmpty for an input without text, a *ReadError
// when r fails and an *inputerr.ZeroError for a nil r. Read is safe for concurrent use.
func Read(r io.Reader) (d *Diagnosis, err error) {
	defer func() {
		if p := recover(); p != nil {
			d, err = nil, fmt.Errorf("diagnose: internal error: %v", p)
		}
	}()
	if r == nil {
		return nil, &inputerr.ZeroError{Func: "diagnose.Read", Arg: "r (the reader)"}
	}
	s, err := newScanner()
	if err != nil {
		return nil, err
	}
	if err := s.scan(r); err != nil {
		return nil, err
	}
	if !s.text {
		return nil, ErrEmpty
	}
	d = s.diagnosis()
	d.plan()
	return d, nil
}

// plan runs the planner on the recovered call, the way the command answers a scenario.
func (d *Diagnosis) plan() {
	if d.Recovered == nil {
		return
	}
	rep, err := graphs.Check(d.Recovered)
	if err != nil {
		d.PlanError = err.Error()
		return
	}
	d.Plan = rep
}

// compiledRow is a Signature with its regular expressions compiled.
type compiledRow struct {
	Signature
	literal  []byte
	pattern  *regexp.Regexp
	requires int // index into scanner.contexts, -1 for none
}

// rowHit is where a row first matched.
type rowHit struct {
	line  int
	quote string
}

type context struct {
	re     *regexp.Regexp
	prefix []byte
	seen   bool
}

// scanner holds the state of one Read.
type scanner struct {
	rows     []compiledRow
	lits     literalSet
	contexts []context
	hits     []rowHit
	count    map[Code]int
	last     map[Code]int
	line     int
	text     bool
	torch    versionFinder
	rec      recoverer
	devs     deviceCounter
	clean    []byte
}

func newScanner() (*scanner, error) {
	t, err := compiledTable()
	if err != nil {
		return nil, err
	}
	s := &scanner{rows: t.rows, hits: make([]rowHit, len(t.rows)),
		count: map[Code]int{}, last: map[Code]int{}}
	s.contexts = append([]context(nil), t.contexts...) // seen is per read
	s.lits = newLiteralSet(s.rows)
	s.torch = newVersionFinder()
	s.rec = newRecoverer()
	return s, nil
}

// table is the signature table with its regular expressions compiled: built once per
// process, on the first Read, and never written after (the rows and the compiled
// expressions are shared by concurrent reads; regexp.Regexp is safe for that).
type table struct {
	rows     []compiledRow
	contexts []context // seen false
}

// compiledTable returns the process's compiled signature table.
var compiledTable = sync.OnceValues(compileTable)

func compileTable() (table, error) {
	sigs := Signatures()
	t := table{rows: make([]compiledRow, len(sigs))}
	ctxIndex := map[string]int{}
	for i, sig := range sigs {
		row := compiledRow{Signature: sig, literal: []byte(sig.Literal), requires: -1}
		if sig.Pattern != "" {
			re, err := regexp.Compile(sig.Pattern)
			if err != nil {
				return table{}, fmt.Errorf("diagnose: row %d (%s): %w", i, sig.Code, err)
			}
			row.pattern = re
		}
		if sig.Requires != "" {
			idx, ok := ctxIndex[sig.Requires]
			if !ok {
				re, err := regexp.Compile(sig.Requires)
				if err != nil {
					return table{}, fmt.Errorf("diagnose: row %d (%s): %w", i, sig.Code, err)
				}
				prefix, _ := re.LiteralPrefix()
				idx = len(t.contexts)
				ctxIndex[sig.Requires] = idx
				t.contexts = append(t.contexts, context{re: re, prefix: []byte(prefix)})
			}
			row.requires = idx
		}
		t.rows[i] = row
	}
	return t, nil
}

// scan reads r in windows of at most WindowBytes (plus the overlap of a long line).
func (s *scanner) scan(r io.Reader) error {
	br := bufio.NewReaderSize(utf16Aware(r), WindowBytes)
	buf := make([]byte, 0, WindowBytes+overlapBytes)
	var carry []byte
	cont := false // the next fragment continues a line longer than a window
	for {
		frag, err := br.ReadSlice('\n')
		if len(frag) > 0 {
			window := frag
			if cont {
				buf = append(append(buf[:0], carry...), frag...)
				window = buf
			} else {
				s.line++
			}
			s.window(window, !cont)
			cont = err == bufio.ErrBufferFull
			if cont {
				carry = append(carry[:0], frag[max(0, len(frag)-overlapBytes):]...)
			}
		}
		switch {
		case err == nil || err == bufio.ErrBufferFull:
		case err == io.EOF:
			return nil
		default:
			return &ReadError{Line: max(1, s.line), Err: err}
		}
	}
}

// window matches one window of a line (the whole line when it is short).
func (s *scanner) window(raw []byte, lineStart bool) {
	s.clean = cleanLine(s.clean[:0], raw, lineStart)
	text := s.clean
	if len(bytes.TrimSpace(text)) == 0 {
		return
	}
	s.text = true
	s.torch.window(text, s.line)
	s.devs.window(raw)
	s.rec.window(text, lineStart)
	for i := range s.contexts {
		c := &s.contexts[i]
		if !c.seen && bytes.Contains(text, c.prefix) && c.re.Match(text) {
			c.seen = true
		}
	}
	for _, i := range s.lits.match(text) {
		row := &s.rows[i]
		if row.pattern != nil && !row.pattern.Match(text) {
			continue
		}
		if s.hits[i].line == 0 {
			s.hits[i] = rowHit{line: s.line, quote: quote(text, row.literal)}
		}
		if s.last[row.Code] != s.line {
			s.last[row.Code] = s.line
			s.count[row.Code]++
		}
	}
}

// diagnosis resolves the hits: rows whose context the log lacks drop out, a row
// superseded on its line drops out, and each code keeps its earliest line.
func (s *scanner) diagnosis() *Diagnosis {
	torch, haveTorch := s.torch.best()
	d := &Diagnosis{Format: Format, Findings: []Finding{}}
	if haveTorch {
		d.Torch, d.TorchLine = torch.String(), s.torch.line
	}
	active := make([]bool, len(s.rows))
	for i, row := range s.rows {
		active[i] = s.hits[i].line > 0 && (row.requires < 0 || s.contexts[row.requires].seen)
	}
	best := map[Code]int{}
	for i, row := range s.rows {
		if !active[i] || s.superseded(i, active) {
			continue
		}
		if j, ok := best[row.Code]; !ok || s.better(i, j, torch, haveTorch) {
			best[row.Code] = i
		}
	}
	for _, i := range best {
		d.Findings = append(d.Findings, s.finding(i, torch, haveTorch))
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
	d.Recovered = s.rec.scenario(d.Torch)
	d.Inferred = infer(d.Recovered, d.Findings, s.devs.count())
	return d
}

// better reports whether row i gives a code's finding rather than row j: an earlier
// line, or on the same line a row that covers the release the log shows.
func (s *scanner) better(i, j int, torch modes.Version, haveTorch bool) bool {
	if s.hits[i].line != s.hits[j].line {
		return s.hits[i].line < s.hits[j].line
	}
	return haveTorch && s.rows[i].covers(torch) && !s.rows[j].covers(torch)
}

// superseded reports whether an active row that supersedes row i's code matched
// first on the same line as row i.
func (s *scanner) superseded(i int, active []bool) bool {
	for j, other := range s.rows {
		if active[j] && other.Supersedes == s.rows[i].Code && s.hits[j].line == s.hits[i].line {
			return true
		}
	}
	return false
}

func (s *scanner) finding(i int, torch modes.Version, haveTorch bool) Finding {
	row := s.rows[i]
	fix, note := row.Fix, ""
	if haveTorch {
		fix, note = row.fixOn(torch)
	}
	var rel []string
	for _, v := range modes.Supported() {
		if row.Releases.Contains(v) {
			rel = append(rel, v.String())
		}
	}
	return Finding{Code: row.Code, Line: s.hits[i].line, Quote: s.hits[i].quote, Cause: row.Cause,
		Fix: fix, Note: note, Evidence: row.Evidence, Source: row.Source, Releases: rel, Count: s.count[row.Code]}
}

// cleanLine appends raw to dst without its line end, ANSI escape sequences, and, at
// the start of a line, "> " quote marks, "[rankN]:" prefixes and indentation; a
// carriage return inside the line (progress bars) becomes a space.
func cleanLine(dst, raw []byte, lineStart bool) []byte {
	raw = bytes.TrimRight(raw, "\r\n")
	if !bytes.ContainsAny(raw, "\x1b\r\t") {
		dst = append(dst, raw...)
		if lineStart {
			return stripPrefixes(dst)
		}
		return dst
	}
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == 0x1b:
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

// escapeLen returns the length of the escape sequence at the start of b (b[0] is
// ESC): CSI (ESC [ params final), OSC (ESC ] … BEL or ESC \), or ESC and one byte.
func escapeLen(b []byte) int {
	if len(b) < 2 {
		return len(b)
	}
	switch b[1] {
	case '[':
		for i := 2; i < len(b); i++ {
			if b[i] >= 0x40 && b[i] <= 0x7e {
				return i + 1
			}
		}
		return len(b)
	case ']':
		for i := 2; i < len(b); i++ {
			if b[i] == 0x07 {
				return i + 1
			}
			if b[i] == 0x1b && i+1 < len(b) && b[i+1] == '\\' {
				return i + 2
			}
		}
		return len(b)
	}
	return 2
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
var glogPrefix = regexp.MustCompile(`^(?:\[?[IWEVD]\d{4} \d\d:\d\d:\d\d\.\d+ +(?:\d+ +)?[^\]\s]+:\d+\] *|\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] *(?:\[[^\]]*\] *)*[\w.]+: \[[A-Z]+\] *)(?:\[[^\]]*\] *)*`)

// quote returns the cleaned line for a finding: without its log header, and at most
// MaxQuoteRunes runes taken around the literal.
func quote(text, literal []byte) string {
	if loc := glogPrefix.FindIndex(text); loc != nil && loc[1] < len(text) {
		text = text[loc[1]:]
	}
	q := strings.ToValidUTF8(strings.TrimSpace(string(text)), "\uFFFD")
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

// literalSet finds which rows' literals occur in a line in one pass: every 4-byte
// window of the line is looked up in a bitset of the literals' first 4 bytes (a
// Rabin-Karp filter with a fixed prefix), and only candidates are compared in full.
// Literals shorter than 4 bytes are checked with bytes.Contains.
type literalSet struct {
	bits   []uint64         // 1<<16 bits, indexed by hash4
	byKey  map[uint32][]int // first 4 bytes → rows
	short  []int            // rows with literals under 4 bytes
	rows   []compiledRow
	found  []int
	marked []bool
}

func hash4(k uint32) uint32 { return (k * 2654435761) >> 16 }

func key4(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func newLiteralSet(rows []compiledRow) literalSet {
	ls := literalSet{bits: make([]uint64, 1<<16/64), byKey: map[uint32][]int{}, rows: rows, marked: make([]bool, len(rows))}
	for i, row := range rows {
		if len(row.literal) < 4 {
			ls.short = append(ls.short, i)
			continue
		}
		k := key4(row.literal)
		h := hash4(k)
		ls.bits[h/64] |= 1 << (h % 64)
		ls.byKey[k] = append(ls.byKey[k], i)
	}
	return ls
}

// match returns the rows whose literal occurs in text, in table order. The slice is
// reused by the next call.
func (ls *literalSet) match(text []byte) []int {
	ls.found = ls.found[:0]
	for _, i := range ls.short {
		if bytes.Contains(text, ls.rows[i].literal) && !ls.marked[i] {
			ls.marked[i] = true
			ls.found = append(ls.found, i)
		}
	}
	for p := 0; p+4 <= len(text); p++ {
		k := key4(text[p:])
		if h := hash4(k); ls.bits[h/64]&(1<<(h%64)) == 0 {
			continue
		}
		for _, i := range ls.byKey[k] {
			if !ls.marked[i] && bytes.HasPrefix(text[p:], ls.rows[i].literal) {
				ls.marked[i] = true
				ls.found = append(ls.found, i)
			}
		}
	}
	for _, i := range ls.found {
		ls.marked[i] = false
	}
	sort.Ints(ls.found)
	return ls.found
}

// utf16Aware returns r, decoded to UTF-8 when it starts with a UTF-16 byte-order mark
// (what Windows PowerShell's > writes): a log in UTF-16 would otherwise match nothing.
func utf16Aware(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	bom, _ := br.Peek(2)
	if len(bom) == 2 && (bom[0] == 0xFF && bom[1] == 0xFE || bom[0] == 0xFE && bom[1] == 0xFF) {
		return transform.NewReader(br, unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder())
	}
	return br
}
