package diagnose

import "bytes"

// A traceback cut before its exception line: a text whose Python traceback (its
// header, its frames) stops before the "XxxError: message" line that names the failure
// (the text ends, prose follows, the next traceback starts) lacks what a signature is
// read from; without a finding, [Diagnosis.TracebackCut] gives the header's line (a
// new user's try-out: such a text had "no known signature" and nothing else).
//
// Python's traceback module prints the header "Traceback (most recent call last):",
// then each frame as `  File "…", line N, in f` with its source line (and, from 3.11,
// carets) indented below it, then the exception line at the header's indentation: the
// class, qualified by its module unless it is a builtin or __main__'s, then ": " and
// the message, or the class alone for an empty message (Lib/traceback.py,
// TracebackException.format and format_exception_only, 3.8–3.13). IPython's verbose form prints
// the class before the header, without its colon ("RuntimeError      Traceback (most
// recent call last)"), its frames as "Cell In[3], line 5", "File /p/x.py:27, in f(a)",
// "<ipython-input-2-…> in <module>" or "/p/x.py in f()" with numbered source lines, the
// current one marked "---->", and ends with the class's bare name and the message.
//
// The state is kept per line, never the text: for each process (its processTag, such
// as torchrun's "[rankN]:": the tracebacks of processes that fail at once interleave)
// the open traceback's header line, class and whether a frame was read. A chained
// traceback ("During handling of the above exception…", "The above exception was the
// direct cause…") counts by its last one.

// tracebackHeader is what a traceback's first line holds (Lib/traceback.py,
// TracebackException.format: "Traceback (most recent call last):"; an exception
// group's, "Exception Group Traceback (most recent call last):", holds it too).
var tracebackHeader = []byte("Traceback (most recent call last)")

// tracebackChains are the lines Python prints between chained tracebacks
// (Lib/traceback.py, _cause_message and _context_message).
var tracebackChains = [][]byte{
	[]byte("The above exception was the direct cause of the following exception"),
	[]byte("During handling of the above exception, another exception occurred"),
}

// maxTracebackTags bounds how many processes' tracebacks are followed at once.
const maxTracebackTags = 64

// openTraceback is a traceback read up to its exception line.
type openTraceback struct {
	tag    []byte // the processTag of its lines, nil for none
	header int    // the 1-based line of its header
	class  []byte // the class IPython's header names, nil for Python's header
	frames bool   // a frame was read since the header
}

// tracebackState follows a text's tracebacks line by line (scanner.push).
type tracebackState struct {
	open []openTraceback
	cut  int    // the header line of the last traceback read cut, 0 for none
	buf  []byte // the line cleaned (tracebackBody)
	// framed: a traceback with a frame was read, a run the text shows (release_article.go)
	framed bool
	// first is the 1-based line of the text's first traceback header, 0 for none
	// (release_printpair.go)
	first int
}

// next reads the next line, raw (as push has it: escapes and markup gone), numbered
// line. A line costs one byte search while no traceback is open, and a few while one
// is, unless it may change it (mayMatter): the Read of a log that goes on for 100 MB
// after a cut traceback costs what it did.
func (t *tracebackState) next(raw []byte, line int) {
	header := bytes.Contains(raw, tracebackHeader)
	if len(t.open) == 0 && !header {
		return
	}
	tag := processTag(raw)
	i := t.find(tag)
	if !header && (i < 0 || !mayMatter(raw, &t.open[i])) {
		return
	}
	t.buf = tracebackBody(t.buf[:0], raw)
	body := t.buf
	if class, ok := tracebackHeaderLine(body); ok {
		t.start(openTraceback{tag: bytes.Clone(tag), header: line, class: bytes.Clone(class)})
		return
	}
	if i < 0 {
		return
	}
	switch o := &t.open[i]; {
	case chainLine(body):
		t.close(i, false) // the exception line was there, in a form not read: the next one counts
	case frameLine(body):
		o.frames, t.framed = true, true
	case exceptionLine(body, o.class), exceptionAfterPrefix(body):
		t.close(i, false)
	}
}

// mayMatter reports, from a few byte scans of raw, whether the line may change open
// traceback o: a frame where o has none yet, or a name that may be an exception's class
// before a colon or at the line's end, or a chain's line (which ends "…exception:" or
// "…occurred:").
func mayMatter(raw []byte, o *openTraceback) bool {
	if !o.frames && (bytes.Contains(raw, []byte("File ")) || bytes.Contains(raw, []byte("->")) ||
		bytes.Contains(raw, []byte("Cell In[")) || bytes.Contains(raw, []byte("<ipython-input-"))) {
		return true
	}
	n := len(raw)
	for n > 0 && bytes.IndexByte([]byte(" \t\r\n'\"`,"), raw[n-1]) >= 0 {
		n--
	}
	b := raw[:n]
	if mayBeClass(nameBefore(b, len(b)), o.class) {
		return true
	}
	for i := bytes.IndexByte(b, ':'); i >= 0; {
		if name := nameBefore(b, i); mayBeClass(name, o.class) || string(name) == "exception" || string(name) == "occurred" {
			return true
		}
		next := bytes.IndexByte(b[i+1:], ':')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return escapedANSI(b) >= 0 // a notebook's "\u001b[0;31mRuntimeError\u001b[0m: boom"
}

// escapedANSIs are the ways a string's escapes write ESC before an ANSI code's "[".
var escapedANSIs = [][]byte{[]byte(`\u001b[`), []byte(`\x1b[`), []byte(`\033[`), []byte(`\e[`)}

// escapedANSIAt returns the length of the escape and "[" that start an ANSI code
// written with a string's escapes at b[i:] ("\u001b[0;31m": a notebook's JSON outputs
// keep them as text where a line is not read as JSON), 0 for none.
func escapedANSIAt(b []byte, i int) int {
	if b[i] != '\\' {
		return 0
	}
	for _, e := range escapedANSIs {
		if bytes.HasPrefix(b[i:], e) {
			return len(e)
		}
	}
	return 0
}

// escapedANSI returns the offset in b of the first ANSI code written with a string's
// escapes (escapedANSIAt), -1 for none.
func escapedANSI(b []byte) int {
	for i := 0; i < len(b); i++ {
		k := bytes.IndexByte(b[i:], '\\')
		if k < 0 {
			return -1
		}
		if i += k; escapedANSIAt(b, i) > 0 {
			return i
		}
	}
	return -1
}

// withoutEscapedANSI removes from b, in place, the ANSI codes written with a string's
// escapes (escapedANSIAt): the escape, "[", the parameters and the final byte.
func withoutEscapedANSI(b []byte) []byte {
	at := escapedANSI(b)
	if at < 0 {
		return b
	}
	out := b[:at]
	for i := at; i < len(b); {
		n := escapedANSIAt(b, i)
		if n == 0 {
			out = append(out, b[i])
			i++
			continue
		}
		j := i + n
		for j < len(b) && (isDigit(b[j]) || b[j] == ';') {
			j++
		}
		i = min(len(b), j+1)
	}
	return out
}

// nameBefore returns the run of name characters and dots that ends at b[end].
func nameBefore(b []byte, end int) []byte {
	j := end
	for j > 0 && (isLetter(b[j-1]) || isDigit(b[j-1]) || b[j-1] == '_' || b[j-1] == '.') {
		j--
	}
	return b[j:end]
}

// mayBeClass reports whether name may be an exception's class on its line
// (exceptionLine, exceptionAfterPrefix).
func mayBeClass(name, class []byte) bool {
	return len(name) > 0 && (bytes.Equal(name, class) || className(name))
}

// start opens traceback o, closing its process's open one as cut.
func (t *tracebackState) start(o openTraceback) {
	if t.first == 0 {
		t.first = o.header
	}
	if i := t.find(o.tag); i >= 0 {
		t.close(i, true)
	}
	if len(t.open) < maxTracebackTags {
		t.open = append(t.open, o)
	}
}

// close ends open traceback i: as cut (the text went on to the next traceback, or
// ended) when cut is set and a frame was read.
func (t *tracebackState) close(i int, cut bool) {
	if o := t.open[i]; cut && o.frames {
		t.cut = max(t.cut, o.header)
	}
	t.open = append(t.open[:i], t.open[i+1:]...)
}

// find returns the index of the open traceback of the process tag names, -1 for none.
func (t *tracebackState) find(tag []byte) int {
	for i := range t.open {
		if bytes.Equal(t.open[i].tag, tag) {
			return i
		}
	}
	return -1
}

// tracebackCut sets d's TracebackCut from t when d has no finding (its plan's
// included): a finding names the failure already.
func (d *Diagnosis) tracebackCut(t *tracebackState) {
	if len(d.Findings) == 0 {
		d.TracebackCut = t.cutLine()
	}
}

// cutLine returns the header line of the last traceback cut before its exception
// line, those still open where the text ends included; 0 for none.
func (t *tracebackState) cutLine() int {
	c := t.cut
	for _, o := range t.open {
		if o.frames {
			c = max(c, o.header)
		}
	}
	return c
}

// processTag returns the tag that names the process a line comes from, at its start
// (after indentation and quote marks): torchrun's "[rank3]:", vLLM's and Ray's
// "(EngineCore_DP0 pid=116603)", docker compose's "trainer-1  |"; nil for none. The
// tracebacks of processes that print at once interleave; each tag's are followed apart.
func processTag(raw []byte) []byte {
	i := 0
	for i < len(raw) && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '>') {
		i++
	}
	head := raw[i:min(len(raw), i+96)]
	switch {
	case bytes.HasPrefix(head, []byte("[rank")):
		if end := bytes.Index(head, []byte("]:")); end > len("[rank") && allDigits(head[len("[rank"):end]) {
			return head[:end+2]
		}
	case bytes.HasPrefix(head, []byte("(")):
		if end := bytes.IndexByte(head, ')'); end > 0 && bytes.Contains(head[:end], []byte(" pid=")) {
			return head[:end+1]
		}
	}
	if sp := bytes.IndexByte(head, ' '); sp > 0 && isDigit(head[sp-1]) && composeName(head[:sp]) &&
		bytes.HasPrefix(bytes.TrimLeft(head[sp:], " "), []byte("| ")) {
		return head[:sp]
	}
	return nil
}

// composeName reports whether b is a docker compose service's name as its log's column
// shows it: a name, a dash and a number ("trainer-1").
func composeName(b []byte) bool {
	dash := bytes.LastIndexByte(b, '-')
	if dash < 1 || !allDigits(b[dash+1:]) {
		return false
	}
	for _, c := range b[:dash] {
		if !isLetter(c) && !isDigit(c) && c != '_' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

// tracebackBody appends raw's text to dst as a traceback's line reads without what a
// log or a page puts around it: ANSI codes, markdown's quote marks, "[rankN]:", a log's
// header (glog's, a timestamp, pytest's "E"), a string's quote marks (a notebook's
// JSON, a str's repr: "\"RuntimeError: boom\","), indentation and trailing white
// space.
func tracebackBody(dst, raw []byte) []byte {
	b := withoutEscapedANSI(cleanLine(dst, raw, true))
	for range 3 {
		n := len(b)
		b = stripPrefixes(withoutLogHeader(b))
		for len(b) > 0 && (b[0] == '"' || b[0] == '\'' || b[0] == '`') {
			b = b[1:]
		}
		if len(b) == n {
			break
		}
	}
	end := len(b)
	for end > 0 && bytes.IndexByte([]byte(" \t\"',`"), b[end-1]) >= 0 {
		end--
	}
	return b[:end]
}

// tracebackHeaderLine reports whether body is a traceback's header: it holds
// tracebackHeader, followed by nothing but its colon, quote marks or a code mark. Before
// it may stand anything (a log's message, prose); class is the class name IPython puts
// there ("RuntimeError      Traceback (most recent call last)"), nil otherwise.
func tracebackHeaderLine(body []byte) (class []byte, ok bool) {
	i := bytes.Index(body, tracebackHeader)
	if i < 0 || len(bytes.Trim(body[i+len(tracebackHeader):], ":'\"`, ")) > 0 {
		return nil, false
	}
	before := bytes.TrimSpace(body[:i])
	if n := dottedName(before); n > 0 && n == len(before) {
		return before, true
	}
	return nil, true
}

// chainLine reports whether body is the line between two chained tracebacks.
func chainLine(body []byte) bool {
	for _, c := range tracebackChains {
		if bytes.HasPrefix(body, c) {
			return true
		}
	}
	return false
}

// frameLine reports whether body is a frame's first line: Python's `File "…", line
// N, in f` (also behind a prefix no rule removed: vLLM's "(VllmWorker rank=3 pid=406)
// ERROR … ", a runner's "[TRAIN] "), or IPython's "File /p/x.py:27, in f(a)", "Cell
// In[3], line 5", "<ipython-input-2-…> in <module>", or a numbered source line marked
// current ("----> 27 f(x)", "-> 1116 return …").
func frameLine(body []byte) bool {
	switch {
	case bytes.HasPrefix(body, []byte("File ")), bytes.HasPrefix(body, []byte("Cell In[")),
		bytes.HasPrefix(body, []byte("<ipython-input-")):
		return true
	case bytes.Contains(body, []byte(`File "`)) && bytes.Contains(body, []byte(`", line `)):
		return true
	}
	n := 0
	for n < len(body) && body[n] == '-' {
		n++
	}
	return n > 0 && n < len(body) && body[n] == '>'
}

// exceptionLine reports whether body is a traceback's exception line: a class name,
// then nothing or a colon (and the message). The name is the class IPython's header
// named, or one Python prints: qualified by its module (torch._dynamo.exc.Unsupported),
// or bare with a builtin's ending (RuntimeError, KeyboardInterrupt, StopIteration) or
// in CamelCase (BackendCompilerFailed, as IPython prints it); a class's name starts
// with a capital, a prose line such as "OS: Ubuntu" or "Note: …" is none. A bare
// CamelCase name without a builtin's ending whose value is an environment's (envValue:
// SGLang's check_env "PyTorch: 2.11.0+cu130", "NumPy: 2.3.5", "FlashInfer: 0.6.8",
// "PyTorch: nightly") is a report's line, not an exception's (newuser29 F1: such a line
// after a cut traceback had hidden the cut).
func exceptionLine(body, class []byte) bool {
	n := dottedName(body)
	if n == 0 || n < len(body) && body[n] != ':' {
		return false
	}
	name := body[:n]
	if class != nil && bytes.Equal(name, class) {
		return true
	}
	return className(name) && !(envName(name) && envValue(body[n:]))
}

// envName reports whether name, a dotted name, is one an environment report prints
// before a colon as readily as Python prints a class: bare (not qualified by a module),
// without a builtin exception's ending (exceptionEndings), in CamelCase ("PyTorch",
// "NumPy", "FlashInfer", "TensorRT").
func envName(name []byte) bool {
	return bytes.IndexByte(name, '.') < 0 && !hasExceptionEnding(name)
}

// envValue reports whether rest, what follows a name on its line (its colon first), is
// an environment report's value rather than an exception's message: a version (it
// starts with a digit, or "v" and a digit: "2.11.0+cu130", "v0.6.8"), a path ("/usr/…",
// "C:\…"), or a word such reports print for a value they lack or a flag (envWords).
// Python's exception messages are sentences or reprs; an exception of __main__'s whose
// message starts with a digit is read as a report's line, the rarer case.
func envValue(rest []byte) bool {
	v := bytes.TrimSpace(bytes.TrimPrefix(rest, []byte(":")))
	switch {
	case len(v) == 0:
		return false
	case isDigit(v[0]), (v[0] == 'v' || v[0] == 'V') && len(v) > 1 && isDigit(v[1]):
		return true
	case v[0] == '/', len(v) > 2 && isLetter(v[0]) && v[1] == ':' && (v[2] == '\\' || v[2] == '/'):
		return true
	}
	for _, w := range envWords {
		if bytes.EqualFold(v, []byte(w)) {
			return true
		}
	}
	return false
}

// envWords are the values environment reports print whole for a package or a feature
// (collect_env's "N/A", "Could not collect"; SGLang's check_env "Not Installed"; a
// nightly build; a flag).
var envWords = []string{"nightly", "N/A", "NA", "None", "unknown", "Not Installed",
	"Not Available", "Not found", "Could not collect", "True", "False", "Yes", "No"}

// exceptionAfterPrefix reports whether body holds, after a word or more that no
// prefix rule removed (a log classifier's "#=MATCH=# 2026-07-30T03:36:29Z
// torch.OutOfMemoryError: …"), a class whose name has a builtin exception's ending and a
// colon: "torch.OutOfMemoryError:", "RuntimeError:". Prose that names one ("I get a
// RuntimeError: …") is read as the exception line too: a traceback is said cut only
// where no such line follows it.
func exceptionAfterPrefix(body []byte) bool {
	for i := bytes.IndexByte(body, ' '); i >= 0 && i+1 < len(body); {
		rest := body[i+1:]
		if n := dottedName(rest); n > 0 && n < len(rest) && rest[n] == ':' && hasExceptionEnding(rest[:n]) {
			return true
		}
		next := bytes.IndexByte(rest, ' ')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return false
}

// hasExceptionEnding reports whether name ends as a builtin exception's name does
// (exceptionEndings).
func hasExceptionEnding(name []byte) bool {
	for _, e := range exceptionEndings {
		if bytes.HasSuffix(name, e) {
			return true
		}
	}
	return false
}

// exceptionEndings are the endings of the builtin exceptions' names (Python's
// Objects/exceptions.c): the names of a module's own classes are printed qualified.
var exceptionEndings = [][]byte{[]byte("Error"), []byte("Exception"), []byte("Exit"),
	[]byte("Interrupt"), []byte("Iteration"), []byte("Warning"), []byte("Group")}

// className reports whether name, a dotted name, is one Python prints for an
// exception's class (exceptionLine).
func className(name []byte) bool {
	dot := bytes.LastIndexByte(name, '.')
	last := name[dot+1:]
	for len(last) > 0 && last[0] == '_' {
		last = last[1:]
	}
	if len(last) == 0 || last[0] < 'A' || last[0] > 'Z' {
		return false
	}
	return dot >= 0 || hasExceptionEnding(last) || camelCase(last) // qualified by its module, or a builtin's ending
}

// camelCase reports whether w has a lower-case letter and two capitals or more
// (KeyboardInterrupt, BackendCompilerFailed; not OS, Note or CUDA).
func camelCase(w []byte) bool {
	upper, lower := 0, false
	for _, c := range w {
		switch {
		case 'A' <= c && c <= 'Z':
			upper++
		case 'a' <= c && c <= 'z':
			lower = true
		}
	}
	return lower && upper >= 2
}

// dottedName returns the length of the dotted Python name b starts with
// ("torch._dynamo.exc.Unsupported"), 0 for none. A dot must be followed by a name.
func dottedName(b []byte) int {
	n := 0
	for {
		k := identLen(b[n:])
		if k == 0 {
			return 0
		}
		n += k
		if n+1 >= len(b) || b[n] != '.' || identLen(b[n+1:]) == 0 {
			return n
		}
		n++
	}
}

// identLen returns the length of the ASCII identifier b starts with, 0 for none.
func identLen(b []byte) int {
	n := 0
	for n < len(b) && (isLetter(b[n]) || b[n] == '_' || n > 0 && isDigit(b[n])) {
		n++
	}
	return n
}
