package diagnose

import (
	"bytes"
	"cmp"
	"hash/fnv"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// reach returns how far a match [start, end) of a row's pattern reaches beyond the
// nearest occurrence of lit in line (0 where it lies inside one), or -1 where line
// holds no lit.
func reach(line, lit []byte, start, end int) int {
	best := -1
	for at := 0; ; {
		i := bytes.Index(line[at:], lit)
		if i < 0 {
			return best
		}
		lo, hi := at+i, at+i+len(lit)
		if r := max(0, lo-start, end-hi); best < 0 || r < best {
			best = r
		}
		at += i + 1
	}
}

// TestRowSpan checks the spans' reach against the corpus: every match of each branch of
// a row's pattern (branchesOf) on a corpus line that holds the row's literal lies within
// the branch's width (patternWidth, maxRowSpan at most) of an occurrence of it, so that
// running the pattern only there (matchNear) finds what running it on the whole line
// does. Rows made from one pattern with several literals (a retelling's, retold) share
// their matches: a branch that holds one literal can match on a line that holds another,
// far from it, where the row of its own literal finds it near, so a match's reach is
// its nearest to any of the literals of the rows with the row's pattern.
func TestRowSpan(t *testing.T) {
	t.Parallel() // beside the other sweeps: one core each on a 2-core machine
	tb, err := compiledTable()
	require.NoError(t, err)
	literals := map[string][][]byte{}
	for i := range tb.rows {
		row := &tb.rows[i]
		literals[row.Pattern] = append(literals[row.Pattern], row.literal)
	}
	longest, checked := 0, 0
	for _, l := range corpusLines(t) { // each distinct line once (corpus_shared_test.go)
		f, line := l.path, l.line
		for i := range tb.rows {
			row := &tb.rows[i]
			if row.Pattern == "" || !bytes.Contains(line, row.literal) {
				continue
			}
			perRune := utf8.UTFMax
			if asciiOnly(line) {
				perRune = 1
			}
			for _, b := range tb.branchesOf(row.re()) {
				w := maxRowSpan
				if b.gate != nil {
					w = b.gate.width * perRune
				}
				for _, loc := range b.re.FindAllIndex(line, -1) {
					r := -1
					for _, lit := range literals[row.Pattern] {
						if n := reach(line, lit, loc[0], loc[1]); n >= 0 && (r < 0 || n < r) {
							r = n
						}
					}
					require.LessOrEqual(t, r, w, "%s: row %d (%s) matches %q", f, i, row.Code, line[loc[0]:loc[1]])
					longest, checked = max(longest, r), checked+1
				}
			}
		}
	}
	require.Positive(t, checked)
	t.Logf("%d matches, the farthest %d bytes beyond its literal", checked, longest)
}

// denseLine is n bytes of the corpus's texts as one line (each text's newlines read as
// spaces), cut back to a rune's start: the texts in the order of their names' hashes
// (nameHash), a sample spread over the corpus's sets that an import changes only where a
// new text's hash falls before the line's end, as an import changed the whole corpus's
// line only by its own texts; the whole corpus again and again where it holds less than n.
func denseLine(t *testing.T, n int) []byte {
	files := slices.Clone(corpusFiles(t))
	slices.SortFunc(files, func(a, b sharedFile) int {
		return cmp.Or(cmp.Compare(nameHash(a.path), nameHash(b.path)), strings.Compare(a.path, b.path))
	})
	var line []byte
	for len(line) < n {
		grew := len(line)
		for i := 0; i < len(files) && len(line) < n; i++ {
			line = append(line, bytes.ReplaceAll(files[i].data, []byte("\n"), []byte(" "))...)
		}
		if len(line) == grew {
			t.Fatal("testdata/corpus/texts: every text is empty")
		}
	}
	for n < len(line) && n > 0 && !utf8.RuneStart(line[n]) {
		n--
	}
	return line[:n]
}

// nameHash is the FNV-1a hash of path's file name: the same on every machine and run.
func nameHash(path string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(filepath.Base(path)))
	return h.Sum64()
}

// TestDenseLineBounded checks that row patterns run on spans around their literals on
// a long line full of messages, not on every window whole for every row listed: the
// bytes they run on (a deterministic count, not time; matchNear's spans and a wrapped
// try's texts, linesMatch) stay within a small multiple of the input. The corpus's texts
// as one line (run on whole windows: 26 times it; 5.9 before the retold skip,
// re-recording and mode-and-options rows, whose literals the corpus's prose holds often,
// 6.3 after; 7.2 with the later retold rows, the Windows retelling's among them; 8.1 with
// the exception-class rows run on whole lines, to read the word before the name; 8.9 with
// "torch.compile cannot …" among the Windows retellings, whose words prose holds often;
// 9.6 with holdoutQ's and holdoutR's texts, before any row for them, 9.8 with the retold
// Python and CUDA headers, CUDA calls refused during capture and get_obj's assert).
// Every anchor on each line, the line repeated (sweep2 finding 8: 7 KB lines, 39 s of CPU
// for 10 MB): a wrapped try ran its pattern over its lines whole, and each row with a
// pattern after its literal tried the next line from every occurrence, 55.7 a byte; 6.0
// with the tries within maxRowSpan of the literal (focusText); 7.3 before and 7.8 after
// the retold Triton absence, TLS assert and threads by role (branch recallA: 8.9 with a
// literal per case of "Triton" and two retellings sharing them, now one retelling whose
// literals leave out the first letter); the one line 9.7 -> 10.0; 8.2 with branch
// recallB's release anchors (source checkouts, a failure seen on a nightly, distributions'
// packages, Poetry's updates: the repeated line grows by 550 bytes, 4 %, each inside
// many rows' spans, and holds 20 lines of 256 KB where it held 21; 7 % more pattern
// bytes a line), bound 8.5; 8.7 with branch recallC's NGC container rows (the line
// grows by about 180 bytes, 1 %, and holds 14 lines of 256 KB where it held 15: the
// pattern bytes of the whole input grow by 0.4 %, those a line by 7 %), bound 8.9; 9.1
// with branch recallD's rows (2.0's backend KeyError, a crop in a code span, the Python
// refusal told bare, whose Requires names a Python, the refusal cut before "for
// torch.compile", checkPoolLiveAllocations retold: before the rebase onto recallC's rows,
// 8.3 -> 9.2, the line holding 20 copies where it held 21 and 3.6 % more pattern bytes),
// bound 9.5.
// Branch recallE's retellings (capture refusals in other languages, graphs recaptured
// per step verb first, a torch and Python pair), each with few literals of one prefilter
// piece: the one line 10.9, bound 11.5; the anchor line 9.8 (9.1 before them), bound 10.5.
// Branch recallF's retellings (labelled short forms, the trees' thread-local state, threads,
// Triton missing and two skip reasons in Chinese, Japanese and Korean, whose literals are
// CJK words: 线程, 跳过, 找不到, 重新录制): the one line 10.0, the anchor line 10.56 (9.8 before
// them), bound 11.0 (BenchmarkVersusGrep's ratio to grep 0.58 after the first of them).
// Branch recallG's release anchors (a YAML lock's name, a release before torch's name in
// eight languages, moves in Chinese and Japanese, a bare move's arrow) and retold Python.h
// and RNG-call rows: 10.0 on their own (10.1 on the main they started from), 11.24 with
// recallF's CJK literals (the anchor line holds both branches' words, each inside the
// other's spans), bound 11.5 (BenchmarkVersusGrep's ratio 0.19 before the rebase onto
// recallF's rows).
// Branch recallH's retellings of the trees' thread-local state and of a compiler error's
// name said not found in eight languages, as first written: the anchor line 11.8 (11.22 on
// main), over the bound. Landed by branch recallI with narrower literals (the storage
// named, "스레드 로컬" and "local au thread", not "스레드" and "local d"; the missing TLS key
// left to tlsStoredRetold; cudagraph_trees.py's assert a retelling of its own) and bounded
// repeats (\s, not \s+, which counts 16 characters of reach each): the anchor line 11.38,
// the one line 9.9; the bound kept.
// Held-out sets AX and AY (2026-12-04: 24 texts, run logs and the rare codes'
// lookalikes, dense in anchors) took the one line from 11.41 to 11.52 with no row
// changed (measured with their texts moved aside and back); the corpus's make-up, not a
// scanner's cost: bound 12.0.
//
// The anchor line was measured as 256 KB of copies of one line of every anchor until
// 2026-12-04 (bound 11.5 a byte). A copy of a line already read costs nothing (the scanner
// reads a repeated line once), so that figure was one line's cost over 256 KB, and it
// stepped from 11.07 to 12.0 when the line grew past 256 KB / 13 (21,845 bytes: 13 whole
// copies became 12) with no change in cost. It is now measured on the line itself (143.9
// pattern bytes a byte at 21,871 bytes, 2026-12-04; the old bound of 11.5 at 13 copies is
// 149.5 a byte of the line, kept as 150), and the copies are checked to cost nothing more.
//
// The line holds every literal once, and a literal costs the spans its rows' patterns run
// on (up to 2 × maxRowSpan each), however short it is: from 143.9 (2026-12-04) to 148.8
// (2026-12-05, the seventeenth session) with no row's cost changed but the literals'
// count. On 2026-12-05 (the eighteenth session) the held-out sets BE and BF's classes
// (eight literals: three for Triton's capability floor, two for Triton's absence in a
// table's cell, three for CPU tensors refused in four languages; rows_retold_bf.go) took
// it to 150.7 with the retellings cut to the fewest literals that read them (seven for
// the floor alone made 151.0): bound 155, about fifteen more literals of that kind
// (151.3 at the session's end, with the other helpers' rows). On 2026-12-05 (the
// nineteenth session) the day's ten held-out sets' classes took it to 154.8 with each
// class cut to its fewest literals (one class, g++ "not available on platforms like
// Windows", left open for it), and lang15's Triton unsupported on Windows in Korean and
// Chinese (seven real notes, two literals) to 155.3: bound 158, while BenchmarkVersusGrep,
// the cost on a training log, read at 1.26 times grep's time (the target is 3). On
// 2026-12-05 (the twentieth session) the held-out set BP's capture in the "global" mode
// broken by another thread's work (two literals, the fewest that read its forms:
// rows_retold_bp.go) took it from 155.1 to 158.0: bound 161; then the same session's
// held-out classes (BP's Inductor options on an older torch, retell16's, open16's, BT's
// changelog entries: mode/options in conflict, a CUDA graph's overwrite crash) to 163.4,
// each with the fewest literals that read it: bound 165, while BenchmarkVersusGrep read
// 1.23 times grep's time (80 MB/s beside grep -F's 170, load 3). On 2026-12-06 (the
// twenty-second session) the held-out sets CC to CR and a fresh validation's siblings (a
// Triton that does not match torch in five phrasings, errors about OpenMP, a capture
// crashed or invalidated by a sync, an event query or an act CUDA forbids, the default
// stream unusable, CUDA graphs' shape accumulation, nothing captured, each with the
// fewest literals that read it) took it from 162.7 to 172.6: bound 178, while
// BenchmarkVersusGrep read 1.30 times grep's time (91.7 MB/s beside grep -F's 201.5, load
// 2.2; 1.35 at the session's start in the same hour), and the corpus line 12.4 a byte.
// On 2026-12-06 (the twenty-third session) the held-out sets CV to DC's classes (Triton
// without Windows support, too old or mismatched with torch; a capture raced by another
// thread; skip reasons told by developers; the unjoined stream's, current_seed's and the
// async allocator's errors named in workarounds: about twenty literals, each class cut to
// its fewest, the Windows class from seven to five after it had cost the corpus line 2.7)
// took it from 172.9 to 179.9: bound 184, while BenchmarkVersusGrep read 1.41 times grep's time
// (95.3 MB/s beside grep -F's 219.3, load 1.1; main before them 1.36 in the same run).
// The same session's sets DD to DI (a manual capture around reduce-overhead's graphs, a
// capture refused on a blocking stream, a sync failing a capture in Chinese, "capture fail")
// took it to 184.8, each class cut to its fewest literals: bound 188, BenchmarkVersusGrep
// 1.29 (100.8 MB/s beside grep -F's 220.2, load 1.1).
// The twenty-fourth session's held-out set DT (a CPU value or a host-to-device copy that
// failed a capture: rows_retold_dt.go, one shared literal and "Graph capture", each thing
// a branch of its own and every repeat bounded) took it from 186.5 to 187.4, the corpus
// line from 10.8 to 11.4 (at fe4013a9; on main at f0cd30d6 with the same session's other
// rows, 180.0 to 180.9 and 11.0 to 11.6).
// validate24's retellings (rows_retold_v24.go: five literals, none ending in $, whose
// wholeText had run one pattern over the whole corpus line, 11.0 to 12.3) took the anchor
// line from 180.0 to 180.1 and the corpus line from 11.0 to 11.1 at 4be94c3f; after the
// merge with main at 80f20fef, 181.4 and 11.6.
// validate24b's retellings (rows_retold_v24c.go: seven literals, each class cut to its
// fewest after thirteen had taken the anchor line to 188.2) took it from 181.5 to 183.2,
// the corpus line 11.7, on main at 92e06243; after the merge with main at 473c0a19 (the
// same validation's overwritten-output and unsupported-python classes, rows_retold_v24b.go,
// 182.9 without this file's rows), 188.6: not additive (each of the four rows alone 183.1
// to 187.7, each left out 188.0 to 188.5; cutting a literal or a Requires moved it 0.3 at
// most; five literals now), so the bound went from 188 to 190, a cost left to measure.
// validate25's host-to-device copies (rows_retold_v25b.go: one literal, "H2D cop", the
// other rows on "unpinned" and as branches of rows_retold_dt.go's pattern; a row of its
// own on "graph capture" had cost the corpus line 0.5) took the anchor line from 188.6 to
// 189.1 with its Requires at captureEvidence, and to 183.3 with the Requires's four
// words added ("crash", "Crash", "bugs ", "[Bug]": on the anchor line they let other rows'
// patterns match on an earlier span, a drop of the measure, not of any cost), the corpus
// line from 11.80 to 11.81 (58,135,578 to 58,207,226 pattern bytes).
// Measured by the twenty-fifth session (cost25, pattern bytes charged to each row and
// form): 81 a byte were patterns with ^ or $ run on the whole line once per row and form,
// since matchNear's memo keyed a whole run by the row's literal and each row compiled its
// pattern's case-folded and squeezed forms apart (the triton-missing retelling's seven
// rows 13.0, torch.compile-not-supported's five 10.0, openmp-missing's three 8.5); and the
// growth that was not additive was runSpans giving up on a span whose edge found no edge
// byte within maxSnap, which on the squeezed text (no spaces) happens where an edge falls
// in a long run of letters, and ran the pattern on the whole text: adding any row's
// anchors before such a span moved its edges in or out (each of the four rows of
// rows_retold_v24c.go alone took overwritten-output's squeezed runs from 707 bytes to
// 24,527; seven such runs, 5.8 a byte). A whole run now answers once for every row that
// shares the pattern (its forms compiled once per pattern), and an edge with none near
// reaches out to the nearest edge byte: 188.6 -> 143.5 (corpus line 11.7 -> 10.7) at
// 51f37c76, and 186.5 -> 146.9 on main at 8961399c (validate25's rows), no finding
// changed; bound 149. A pattern that asserts the text's end ("…inputs\s*$", a message
// that ends its line) had run on the whole line, once for each of its forms (27.8 a byte:
// 21 patterns); its spans now run with the assertion matching nothing where they end
// before the text (openEnd): 147.8 -> 122.6 at b104257b, no finding changed; bound 126.
// Patterns with ^ (14.0 a byte) still run whole. The corpus line went 11.4 -> 8.1 by
// the same change; its bound 12.5 -> 9.0.
// The corpus line and the repeated copies hold
// the scanner's cost on real text. The corpus line's bound went from 12.0 to 12.5 on
// 2026-12-05 (the nineteenth session): it is the corpus itself joined, and the day's four
// held-out sets (BG to BJ: 54 texts of failures, most of them anchor-dense) took it from
// 11.8 to 12.02 a byte with the day's rows; BenchmarkVersusGrep, the cost on a training
// log, read at 1.26 times grep's time in the same run (load 6, 2 cores).
// On 2026-12-08 the corpus line became 1 MB of the corpus's texts (denseLine: a sample
// by the names' hashes), the size this test is named for: the whole corpus joined had
// grown to 6.2 MB, more than 12 minutes of a plain run on CI's 2 cores
// (testdata/test-cost.txt). The sample reads 8.36 pattern bytes a byte where the whole
// 6.2 MB line read 7.8 (main at 131752eb); the bound 9.0 kept. An every-sixth-text sample
// had read 9.7: a sample's make-up, which an import changes little (denseLine).
func TestDenseLineBounded(t *testing.T) {
	line := anchorLines(t, 1, false)
	tests := []struct {
		name  string
		in    []byte
		bound float64
	}{
		{"corpus-one-line", denseLine(t, 1<<20), 9.0},
		{"anchor-line", line, 126},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if raceEnabled && len(tc.in) >= 1<<20 {
				t.Skip("a count, the same under the race detector: .ci/run reads the 1 MB line without it")
			}
			n := patternBytes(t, tc.in)
			perByte := float64(n) / float64(len(tc.in))
			t.Logf("%d bytes, patterns ran on %d (%.1f a byte)", len(tc.in), n, perByte)
			require.Less(t, perByte, tc.bound)
		})
	}
	t.Run("anchor-lines-repeated", func(t *testing.T) {
		if raceEnabled {
			t.Skip("a count, the same under the race detector: .ci/run reads the copies without it")
		}
		one, copies := patternBytes(t, line), patternBytes(t, bytes.Repeat(line, 12))
		t.Logf("one line %d pattern bytes, 12 copies %d", one, copies)
		require.LessOrEqual(t, copies, one+one/100, "a repeated line is read again")
	})
}

// patternBytes is how many bytes the scanner's patterns ran on to read in.
func patternBytes(t *testing.T, in []byte) int64 {
	t.Helper()
	s, err := newScanner()
	require.NoError(t, err)
	require.NoError(t, s.scan(bytes.NewReader(in)))
	return int64(s.patternBytes)
}

// TestMatchNear checks the spans matchNear runs a pattern on: a match beside the
// literal is found, one beyond maxRowSpan of every occurrence is not, and \b reads at
// a span's edge as in the whole text.
func TestMatchNear(t *testing.T) {
	far := strings.Repeat("x ", maxRowSpan)
	tests := []struct {
		name, pattern, text string
		want                bool
	}{
		{"beside", `lit \d+`, far + "lit 42" + far, true},
		{"short text, whole", `lit.*end`, "lit " + strings.Repeat("y", 100) + " end", true},
		{"beyond the span", `lit.*end`, "lit " + far + far + " end", false},
		{"word boundary at the edge", `\bx\s+lit`, strings.Repeat("z", 2*maxRowSpan) + " x lit", true},
		{"no boundary inside a word", `\bzx lit`, strings.Repeat("z", 3*maxRowSpan) + "zx lit" + far, false},
		{"text start", `^x lit`, far + "lit", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &scanner{}
			re := regexpMust(t, tc.pattern)
			got := s.matchNear(re, wholeText(tc.pattern), []byte(tc.text), []byte(tc.text), []byte("lit"), nil)
			require.Equal(t, tc.want, got)
			require.LessOrEqual(t, s.patternBytes, max(len(tc.text), 3*maxRowSpan))
		})
	}
}

// TestMatchNearBranches checks matchNear on a long text with the package's table (each
// alternative run apart on the spans around the literal its own gate admits, and the
// spans a pattern ran on without a match not run again): an alternative beside an
// occurrence matches, one whose words lie only farther from every occurrence than its
// width does not, however often the literal recurs, and a second literal asked of the
// same pattern and text (rows that share a retold pattern) answers as if asked alone.
func TestMatchNearBranches(t *testing.T) {
	far := " " + strings.Repeat("x ", maxRowSpan)
	dense := strings.Repeat("lit y ", 400) // the literal every few bytes, no alternative's words
	const pattern = `(?i)\balpha\s\w+\slit\b|\blit\s\w+\somega\b|\bgamma\s(?:lit|tal)\s+delta\b`
	tests := []struct {
		name, text string
		lits       []string // asked in turn of the same scanner
		want       []bool
	}{
		{"first alternative beside", far + "ALPHA big lit" + far, []string{"lit"}, []bool{true}},
		{"second alternative beside", far + "lit small Omega" + far, []string{"lit"}, []bool{true}},
		{"words far from every occurrence", "alpha " + far + dense + far + " omega", []string{"lit"}, []bool{false}},
		{"words between two occurrences, beyond either's reach", "lit " + far + "alpha big z omega" + far + " lit", []string{"lit"}, []bool{false}},
		{"Chinese on the line, the words far", "线程 alpha " + far + dense + far + " omega", []string{"lit"}, []bool{false}},
		{"Chinese on the line, the words beside", "线程 " + far + dense + "alpha big lit" + far, []string{"lit"}, []bool{true}},
		{"second literal: its own match, outside the first's spans", far + "lit" + far + "gamma tal delta" + far, []string{"lit", "tal"}, []bool{false, true}},
		{"second literal: inside the first's spans, no match", far + "lit tal" + far, []string{"lit", "tal"}, []bool{false, false}},
		{"second literal: inside the first's spans, a match of its own", far + "gamma lit delta" + far, []string{"lit", "lit "}, []bool{true, true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := newScanner()
			require.NoError(t, err)
			re := regexpMust(t, pattern)
			text := []byte(tc.text)
			for i, lit := range tc.lits {
				got := s.matchNear(re, false, text, text, []byte(lit), nil)
				require.Equal(t, tc.want[i], got, "literal %q", lit)
			}
		})
	}
}

// TestReachOut checks the span runSpans runs a pattern on: its edges beside a byte that
// is no word character, the nearest within maxSnap, else the nearest beyond it, else the
// text's start or end, never the whole text for an edge that finds none near (the
// squeezed anchor line ran seven patterns whole so: TestDenseLineBounded).
func TestReachOut(t *testing.T) {
	run := strings.Repeat("z", 2*maxSnap)
	tests := []struct {
		name         string
		text         string
		a, e         int
		wantA, wantE int
	}{
		{"edges near", "aaa bbb ccc", 5, 6, 4, 7},
		{"no edge near the start", "a b " + run + " c d", 4 + maxSnap, 4 + 2*maxSnap + 2, 4, 4 + 2*maxSnap + 2},
		{"no edge near the end", "a b " + run + " c d", 2, 4 + maxSnap, 2, 4 + 2*maxSnap},
		{"no edge at all", run + run, maxSnap + 10, 3 * maxSnap, 0, 4 * maxSnap},
		{"crossed", run + " " + run, 2*maxSnap - 2, 2*maxSnap + 2, 0, 4*maxSnap + 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, e := reachOut([]byte(tc.text), tc.a, tc.e)
			require.Equal(t, [2]int{tc.wantA, tc.wantE}, [2]int{a, e})
		})
	}
}

func regexpMust(t *testing.T, p string) *regexp.Regexp {
	t.Helper()
	re, err := regexp.Compile(p)
	require.NoError(t, err)
	return re
}

// TestTopBranches checks how a pattern's text splits at its top-level "|" (branchesOf),
// its leading flags given to each part.
func TestTopBranches(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{`abc`, []string{`abc`}},
		{`(?i)a|b(c|d)|e`, []string{`(?i)a`, `(?i)b(c|d)`, `(?i)e`}},
		{`(?i)(?s)a|b`, []string{`(?i)(?s)a`, `(?i)(?s)b`}},
		{`a\|b|c`, []string{`a\|b`, `c`}},
		{`[|]x|y`, []string{`[|]x`, `y`}},
		{`[]|]x|[^]|]y`, []string{`[]|]x`, `[^]|]y`}},
		{`[\]|]x|y`, []string{`[\]|]x`, `y`}},
		{`(?i:a|b)`, []string{`(?i:a|b)`}},
		{`a|(?i)b`, nil}, // a flag set after the start holds for the parts after it only
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, topBranches(tc.src), tc.src)
	}
}

// TestEndless checks openEnd's variant: $ and \z outside a character class match
// nothing, one inside a class or escaped stays, and a pattern with a start assertion,
// a line's end or none of the text's end has no variant.
func TestEndless(t *testing.T) {
	tests := []struct {
		name, src  string
		want       string // the variant's source; "" for none
		match, not string
	}{
		{"end", `inputs\s*$`, `inputs\s*` + noMatch, "", "inputs"},
		{"end in an alternative", `x(?:$|\W)`, `x(?:` + noMatch + `|\W)`, "x.", "x"},
		{"end of text", `x\z`, `x` + noMatch, "", "x"},
		{"dollar in a class", `a[$]b$`, `a[$]b` + noMatch, "", "a$b"},
		{"dollar escaped", `a\$$`, `a\$` + noMatch, "", "a$"},
		{"bracket first in a class", `[]$]$`, `[]$]` + noMatch, "", "$"},
		{"start", `^x$`, "", "", ""},
		{"line end", `(?m)x$`, "", "", ""},
		{"none", `x\b`, "", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			re := endless(tc.src)
			if tc.want == "" {
				require.Nil(t, re)
				return
			}
			require.NotNil(t, re)
			require.Equal(t, tc.want, re.String())
			if tc.match != "" {
				require.True(t, re.MatchString(tc.match))
			}
			require.False(t, re.MatchString(tc.not), "the text's end is matched")
		})
	}
}

// TestMatchNearOpenEnd checks a pattern that asserts the text's end on a long text: a
// match at the text's end is found from a span that reaches it, and the literal's
// occurrence far from the end is not read as the end.
func TestMatchNearOpenEnd(t *testing.T) {
	tb, err := compiledTable()
	require.NoError(t, err)
	far := strings.Repeat("x ", maxRowSpan)
	re := regexpMust(t, `lit\s*$`)
	tests := []struct {
		name, text string
		want       bool
	}{
		{"at the end", far + "lit", true},
		{"at the end, spaces", far + "lit  ", true},
		{"far from the end", "lit " + far, false},
		{"both", "lit " + far + "lit", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &scanner{t: &tb}
			got := s.matchNear(re, true, []byte(tc.text), []byte(tc.text), []byte("lit"), nil)
			require.Equal(t, tc.want, got)
			require.Less(t, s.patternBytes, len(tc.text), "ran on the whole text")
		})
	}
}

// FuzzEndless checks openEnd's variant on any pattern and text: where one is built it
// compiles, and it matches no text the pattern does not (its end matches nothing).
func FuzzEndless(f *testing.F) {
	for _, s := range [][2]string{{`inputs\s*$`, "mutated inputs"}, {`a[$]b$`, "a$b"}, {`x(?:$|\W)`, "x."}, {`[]$]$|\$\z`, "$"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, src, text string) {
		open := endless(src)
		if open == nil {
			return
		}
		re, err := regexp.Compile(src)
		if err != nil {
			t.Fatalf("a variant of %q, which does not compile", src)
		}
		if open.MatchString(text) && !re.MatchString(text) {
			t.Fatalf("variant %q matches %q, %q does not", open, text, src)
		}
	})
}
