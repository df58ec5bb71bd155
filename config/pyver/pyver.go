// Package pyver holds what depends on the Python that runs PyTorch: the Unicode
// facts its str methods read (decimal digits, white space, printable characters,
// full upper-case mappings), its int() and float() parsing, its repr() of a str, and
// the texts of its own exceptions that PyTorch's messages carry.
//
// The Unicode facts of each Python are generated from that Python's own unicodedata
// by testdata/probe/gen_pyunicode.py (testdata/unicode-3.8.txt, -3.9, -3.10, -3.11
// and -3.12: the host's pyenv 3.8.18, 3.9.18, 3.10.13, 3.11.7 and 3.12.1;
// unicode-3.13.txt and unicode-3.14.txt: the Debian chroots' 3.13.5 and 3.14.x),
// never written by hand; its setattr texts likewise by
// testdata/probe/gen_pysetattr.py (testdata/setattr-X.Y.txt). Those files are the
// source of truth, but the package does not embed them: it embeds tables.txt, which
// internal/gen (go generate) writes from them, the newest Python's table whole and
// each older one as a line diff against the next newer (format: internal/linediff),
// and rebuilds each table byte for byte on first use. Seven whole tables cost the
// web page (examples/web, served gzipped) about 175 KB, the diffs a few; the
// tests check that tables.txt is up to date and rebuilds every testdata/ file.
// A source without a file reads Go's own tables (Unicode 15.0.0) with another
// file's case mappings; no Python uses that now.
//
// A *Python is immutable and safe for concurrent use.
package pyver

import (
	"bufio"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/compilemode/compilemode/config/literal"
)

// Version is a Python release, major.minor.
type Version struct{ Major, Minor int }

func (v Version) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// Less reports whether v is older than w.
func (v Version) Less(w Version) bool {
	return v.Major < w.Major || (v.Major == w.Major && v.Minor < w.Minor)
}

// Error reports a Python version that cannot be used.
type Error struct {
	Input string // as given
	Msg   string
}

func (e *Error) Error() string {
	if e == nil {
		return "pyver: <nil *Error>"
	}
	return fmt.Sprintf("pyver: Python %q: %s", e.Input, e.Msg)
}

// Parse reads "3.13" (a third part, "3.13.5", is accepted and dropped). It returns
// an *Error for anything else; [For] says whether there are data for it.
func Parse(s string) (Version, error) {
	parts := strings.Split(strings.TrimSpace(s), ".")
	if len(parts) < 2 || len(parts) > 3 {
		return Version{}, &Error{Input: s, Msg: "want MAJOR.MINOR, e.g. 3.13"}
	}
	var n [2]int
	for i := range n {
		x, err := strconv.Atoi(parts[i])
		if err != nil || x < 0 || x > 99 {
			return Version{}, &Error{Input: s, Msg: "want MAJOR.MINOR, e.g. 3.13"}
		}
		n[i] = x
	}
	return Version{n[0], n[1]}, nil
}

// Supported returns the Python versions with data, oldest first.
func Supported() []Version {
	out := make([]Version, 0, len(sources))
	for v := range sources {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	return out
}

func supportedText() string {
	var names []string
	for _, v := range Supported() {
		names = append(names, v.String())
	}
	return strings.Join(names, ", ")
}

// source is where a Python's Unicode facts come from: a generated file, or Go's
// own tables (file "").
type source struct {
	_       [0]func() // incomparable: no equality code (examples/web: Transfer size)
	file    string
	unicode string // its Unicode version
	upper   string // without file: the file whose upper-case table it shares
}

// sources lists the Pythons with data. Unicode versions: Python's unicodedata.
// unidata_version, printed by each (the files' second line); 3.12's from its
// documentation (Unicode 15.0.0), the version of Go's unicode package.
var sources = map[Version]source{
	{3, 8}:  {file: "unicode-3.8.txt", unicode: "12.1.0"},
	{3, 9}:  {file: "unicode-3.9.txt", unicode: "13.0.0"},
	{3, 10}: {file: "unicode-3.10.txt", unicode: "13.0.0"},
	{3, 11}: {file: "unicode-3.11.txt", unicode: "14.0.0"},
	{3, 12}: {file: "unicode-3.12.txt", unicode: "15.0.0"},
	{3, 13}: {file: "unicode-3.13.txt", unicode: "15.1.0"},
	{3, 14}: {file: "unicode-3.14.txt", unicode: "16.0.0"},
}

// Python is one Python's semantics.
type Python struct {
	v       Version
	unicode string
	tab     *table // nil: Go's tables (Unicode 15.0.0)
	upper   map[rune]string
	lower   map[rune]string
}

// table is a generated file, read.
type table struct {
	digits    []rng // Lo..Hi, with Val the value of Lo
	spaces    []rng
	printable []rng
	upper     map[rune]string
	lower     map[rune]string
	idStart   []rng // XID_Start and '_'; empty in a file without them (Go's tables then)
	idCont    []rng // XID_Continue
}

type rng struct {
	Lo, Hi rune
	Val    int
}

// pythons builds each supported Python once, on first use; the results are never
// written after.
var pythons = func() map[Version]func() (*Python, error) {
	m := map[Version]func() (*Python, error){}
	for v, src := range sources {
		m[v] = sync.OnceValues(func() (*Python, error) { return load(v, src) })
	}
	return m
}()

// For returns the semantics of Python v, or an *Error when there are no data for it.
func For(v Version) (*Python, error) {
	f, ok := pythons[v]
	if !ok {
		return nil, &Error{Input: v.String(), Msg: fmt.Sprintf("no data for this Python; known: %s", supportedText())}
	}
	return f()
}

// MustFor is For for a version known to be supported; it panics otherwise.
func MustFor(v Version) *Python {
	p, err := For(v)
	if err != nil {
		panic(err)
	}
	return p
}

func load(v Version, src source) (*Python, error) {
	p := &Python{v: v, unicode: src.unicode}
	if src.file == "" {
		t, err := readTable(src.upper)
		if err != nil {
			return nil, err
		}
		p.upper, p.lower = t.upper, t.lower
		return p, nil
	}
	t, err := readTable(src.file)
	if err != nil {
		return nil, err
	}
	p.tab, p.upper, p.lower = t, t.upper, t.lower
	return p, nil
}

// readTable reads a generated file.
func readTable(name string) (*table, error) {
	text, err := tableText(name)
	if err != nil {
		return nil, err
	}
	t := &table{upper: map[rune]string{}, lower: map[rune]string{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		if err := t.line(sc.Text()); err != nil {
			return nil, fmt.Errorf("pyver: %s: %w", name, err)
		}
	}
	return t, sc.Err()
}

// line reads one line of a generated file.
func (t *table) line(s string) error {
	f := strings.Fields(s)
	if len(f) < 2 {
		return fmt.Errorf("bad line %q", s)
	}
	hex := func(i int) rune {
		x, _ := strconv.ParseUint(f[i], 16, 32)
		return rune(x)
	}
	switch f[0] {
	case "python", "unicode":
	case "digit":
		val, _ := strconv.Atoi(f[3])
		t.digits = append(t.digits, rng{hex(1), hex(2), val})
	case "space":
		t.spaces = append(t.spaces, rng{Lo: hex(1), Hi: hex(2)})
	case "printable":
		t.printable = append(t.printable, rng{Lo: hex(1), Hi: hex(2)})
	case "idstart":
		t.idStart = append(t.idStart, rng{Lo: hex(1), Hi: hex(2)})
	case "idcont":
		t.idCont = append(t.idCont, rng{Lo: hex(1), Hi: hex(2)})
	case "upper", "lower":
		var b strings.Builder
		for i := 2; i < len(f); i++ {
			b.WriteRune(hex(i))
		}
		if f[0] == "upper" {
			t.upper[hex(1)] = b.String()
		} else {
			t.lower[hex(1)] = b.String()
		}
	default:
		return fmt.Errorf("bad line %q", s)
	}
	return nil
}

// find returns the range of rs holding r.
func find(rs []rng, r rune) (rng, bool) {
	i := sort.Search(len(rs), func(i int) bool { return rs[i].Hi >= r })
	if i < len(rs) && rs[i].Lo <= r {
		return rs[i], true
	}
	return rng{}, false
}

// Version returns the Python version.
func (p *Python) Version() Version { return p.v }

// PyVersion returns the version's numbers (how config/literal finds its builtins).
func (p *Python) PyVersion() (major, minor int) { return p.v.Major, p.v.Minor }

// Unicode returns the Unicode version its unicodedata reads.
func (p *Python) Unicode() string { return p.unicode }

// Digit returns the decimal value of r and whether r is a decimal digit
// (unicodedata.decimal; int() and float() accept any).
func (p *Python) Digit(r rune) (int, bool) {
	if p.tab == nil {
		if !unicode.IsDigit(r) {
			return 0, false
		}
		start := r
		for unicode.IsDigit(start - 1) {
			start--
		}
		return int(r-start) % 10, true
	}
	g, ok := find(p.tab.digits, r)
	if !ok {
		return 0, false
	}
	return (g.Val + int(r-g.Lo)) % 10, true
}

// IsSpace is str.isspace for one character.
func (p *Python) IsSpace(r rune) bool {
	if p.tab == nil {
		return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
	}
	_, ok := find(p.tab.spaces, r)
	return ok
}

// IsPrintable is str.isprintable for one character, which repr() leaves unescaped.
func (p *Python) IsPrintable(r rune) bool {
	if p.tab == nil {
		return r == ' ' || (r >= 0x20 && r < 0x7f) || (r > 0x7f && unicode.IsPrint(r))
	}
	_, ok := find(p.tab.printable, r)
	return ok
}

// IsIDStart reports whether r may start an identifier (XID_Start or '_', as
// CPython's tokenizer checks a name: Parser/lexer.c verify_identifier). Without
// generated data for this Python: Go's ID_Start (Unicode 15.0.0) less Pattern_Syntax
// and Pattern_White_Space.
func (p *Python) IsIDStart(r rune) bool {
	if p.tab == nil || len(p.tab.idStart) == 0 {
		return r == '_' || ((unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r)) &&
			!unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space))
	}
	_, ok := find(p.tab.idStart, r)
	return ok
}

// IsIDContinue reports whether r may continue an identifier (XID_Continue).
func (p *Python) IsIDContinue(r rune) bool {
	if p.tab == nil || len(p.tab.idCont) == 0 {
		return p.IsIDStart(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
	}
	_, ok := find(p.tab.idCont, r)
	return ok
}

// Upper is str.upper(): full case mappings ('ß' -> 'SS', 'ﬁ' -> 'FI').
func (p *Python) Upper(s string) string { return mapRunes(s, p.upper) }

// Lower is str.lower(): full case mappings ('İ' -> 'i̇'), and Python's final sigma
// rule (Objects/unicodeobject.c handle_capital_sigma: 'Σ' after a cased letter and
// not before one is 'ς'; cased is approximated here by a letter, and
// case-ignorable characters are not skipped).
func (p *Python) Lower(s string) string {
	out := mapRunes(s, p.lower)
	if !strings.ContainsRune(s, 'Σ') {
		return out
	}
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if r == 'Σ' && i > 0 && unicode.IsLetter(rs[i-1]) && (i+1 == len(rs) || !unicode.IsLetter(rs[i+1])) {
			b.WriteRune('ς')
			continue
		}
		b.WriteString(mapRunes(string(r), p.lower))
	}
	return b.String()
}

func mapRunes(s string, m map[rune]string) string {
	var b strings.Builder
	for _, r := range s {
		if u, ok := m[r]; ok {
			b.WriteString(u)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Text is one Python text that changed between versions: from From on (up to To,
// when To is not zero) it reads Text.
type Text struct {
	_        [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	Name     string
	From, To Version
	Text     string
	Source   string
}

// The names of the texts in [Texts].
const (
	// SetAttrNoDict is what AttributeError adds when an attribute is set on an object
	// without a __dict__ (True.x = 1): "'bool' object has no attribute 'x'" + it.
	SetAttrNoDict = "setattr-no-dict"
	// UnhashableSet is the TypeError of an unhashable value tested against a set
	// (x in {...}); a format with the type name as %[1]s.
	UnhashableSet = "unhashable-set"
	// UnhashableDict is the TypeError of an unhashable value used as a dict key
	// (d[x]); a format with the type name as %[1]s.
	UnhashableDict = "unhashable-dict"
	// IntDigitLimit is int()'s ValueError for a decimal string over the digit limit;
	// a format with the limit as %[1]d and the digits as %[2]d.
	IntDigitLimit = "int-digit-limit"
)

// Texts returns the version-dependent texts as rows. Each call returns new rows.
func Texts() []Text {
	return []Text{
		// Rows for 3.8-3.10 come first: Text takes the first row that holds.
		{Name: IntDigitLimit, From: Version{3, 0}, To: Version{3, 10}, Text: "Exceeds the limit (%[1]d) for integer string conversion: value has %[2]d digits; use sys.set_int_max_str_digits() to increase the limit", Source: "measured on 3.8.18, 3.9.18 and 3.10.13 (the host's pyenv): int('1' * 4301); the limit came with 3.8.14, 3.9.14 and 3.10.7"},
		{Name: IntDigitLimit, From: Version{3, 11}, To: Version{}, Text: "Exceeds the limit (%[1]d digits) for integer string conversion: value has %[2]d digits; use sys.set_int_max_str_digits() to increase the limit", Source: "measured on 3.11.7, 3.12.1 (the host's pyenv), 3.13.5 and 3.14.10 (testdata/torch/*-debian/calls2.json, the 4,301-digit variable)"},
		{Name: literal.TextPowUnsupported3, From: Version{3, 0}, To: Version{3, 9}, Text: "unsupported operand type(s) for pow(): '%[1]s', '%[2]s', '%[3]s'", Source: "measured on 3.8.18 and 3.9.18: pow(2, 3, 'a') (config/literal/testdata/exprs-3.8.json, exprs-3.9.json); \"for ** or pow()\" from 3.10.13"},
		{Name: literal.TextRangeNoArgs, From: Version{3, 0}, To: Version{3, 8}, Text: "range expected 1 argument, got 0", Source: "measured on 3.8.18: range() (config/literal/testdata/exprs-3.8.json); \"at least 1 argument\" from 3.9.18"},
		{Name: literal.TextRangeKeepsBool, From: Version{3, 0}, To: Version{3, 9}, Text: "yes", Source: "measured on 3.8.18 and 3.9.18: range(True) is range(0, True) (config/literal/testdata/exprs-3.8.json, exprs-3.9.json); range(0, 1) from 3.10.13"},
		{Name: literal.TextIntStrLimit, From: Version{3, 0}, To: Version{3, 10}, Text: "Exceeds the limit (%[1]d) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit", Source: "measured on 3.8.18, 3.9.18 and 3.10.13: str(7 ** 7000) (config/literal/testdata/exprs-3.8.json … exprs-3.10.json, testdata/probe/gen_exprs.py's int str limit cases); \"(4300 digits)\" from 3.11.7"},
		{Name: literal.TextIntModZero, From: Version{3, 0}, To: Version{3, 10}, Text: "integer division or modulo by zero", Source: "measured on 3.8.18, 3.9.18 and 3.10.13: 1 % 0 (testdata/probe/gen_exprs.py; config/literal/testdata/exprs-3.10.json)"},
		{Name: literal.TextStrIndex, From: Version{3, 0}, To: Version{3, 10}, Text: "string indices must be integers", Source: "measured on 3.8.18, 3.9.18 and 3.10.13: 'ab'['a'] (config/literal/testdata/exprs-3.10.json)"},
		{Name: literal.TextStrIndex, From: Version{3, 11}, To: Version{}, Text: "string indices must be integers, not '%[1]s'", Source: "measured on 3.11.7, 3.12.1, 3.13.5 and 3.14.10: 'ab'['a'] (config/literal/testdata/exprs-3.11.json … exprs-3.14.json)"},
		{Name: literal.TextComplexFloor, From: Version{3, 0}, To: Version{3, 9}, Text: "can't take floor of complex number.", Source: "measured on 3.8.18 and 3.9.18: 0b11 // 2j, 1j // ' s ' (config/literal/testdata/exprs-3.9.json); from 3.10 the generic unsupported-operand text"},
		{Name: literal.TextComplexMod, From: Version{3, 0}, To: Version{3, 9}, Text: "can't mod complex numbers.", Source: "measured on 3.8.18 and 3.9.18: True % 1j (config/literal/testdata/exprs-3.9.json)"},
		{Name: literal.TextFmtNumber, From: Version{3, 0}, To: Version{3, 9}, Text: "a number is required", Source: "measured on 3.8.18 and 3.9.18: '%d' % 'x' (config/literal/testdata/exprs-3.9.json); \"a real number is required\" from 3.10.13"},
		{Name: literal.TextFloatFloorDivZero, From: Version{3, 0}, To: Version{3, 8}, Text: "float divmod()", Source: "measured on 3.8.18: 1.0 // 0.0 (config/literal/testdata/exprs-3.8.json); \"float floor division by zero\" from 3.9.18"},
		{Name: literal.TextStarIterable, From: Version{3, 0}, To: Version{3, 8}, Text: "'%[1]s' object is not iterable", Source: "measured on 3.8.18: [*1] (config/literal/testdata/exprs-3.8.json)"},
		{Name: literal.TextDictUnion, From: Version{3, 0}, To: Version{3, 8}, Text: "no", Source: "Python 3.9 What's New: dict union operators (PEP 584); measured on 3.8.18, {1: 2} | {1: 3} raises TypeError (config/literal/testdata/exprs-3.8.json)"},
		{Name: literal.TextLiteralEvalSet, From: Version{3, 0}, To: Version{3, 8}, Text: "no", Source: "Python 3.9 What's New: ast.literal_eval() supports set(); measured on 3.8.18, set() raises NameError under eval with no builtins (config/literal/testdata/exprs-3.8.json)"},
		{Name: literal.TextForgotComma, From: Version{3, 0}, To: Version{3, 9}, Text: "no", Source: "measured on 3.8.18 and 3.9.18: {'max_autotune' True} raises SyntaxError: invalid syntax at True; \"invalid syntax. Perhaps you forgot a comma?\" at the first expression from 3.10.13 (config/literal/testdata/forgot-comma.json, testdata/probe/gen_forgot_comma.py)"},
		{Name: SetAttrNoDict, From: Version{3, 13}, To: Version{}, Text: " and no __dict__ for setting new attributes",
			Source: "CPython 3.13 Objects/object.c _PyObject_GenericSetAttrWithDict; measured on 3.13.5 and 3.14.10 (testdata/torch/2.6.0-debian/static.json, 2.14.1-debian/static.json calls[\"global triton.cudagraphs.x = 1\"]) and absent on 3.12 (testdata/torch/2.11)"},
		{Name: UnhashableSet, From: Version{3, 0}, To: Version{3, 13}, Text: "unhashable type: '%[1]s'", Source: "measured on 3.11.7 and 3.13.5: [] in {1}"},
		{Name: UnhashableSet, From: Version{3, 14}, To: Version{}, Text: "cannot use '%[1]s' as a set element (unhashable type: '%[1]s')", Source: "CPython 3.14 Objects/setobject.c; measured on 3.14.10: [] in {1}"},
		{Name: UnhashableDict, From: Version{3, 0}, To: Version{3, 13}, Text: "unhashable type: '%[1]s'", Source: "measured on 3.11.7 and 3.13.5: {}[[]]"},
		{Name: UnhashableDict, From: Version{3, 14}, To: Version{}, Text: "cannot use '%[1]s' as a dict key (unhashable type: '%[1]s')", Source: "CPython 3.14 Objects/dictobject.c; measured on 3.14.10: {}[[]]"},

		{Name: literal.TextIntDivZero, From: Version{3, 0}, To: Version{3, 13}, Text: "integer division or modulo by zero", Source: "measured on 3.13.5: 1 // 0 (testdata/torch/2.6.0-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.13.json)"},
		{Name: literal.TextIntDivZero, From: Version{3, 14}, To: Version{}, Text: "division by zero", Source: "measured on 3.14.10: 1 // 0 (testdata/torch/2.14.1-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.14.json)"},
		{Name: literal.TextIntModZero, From: Version{3, 0}, To: Version{3, 13}, Text: "integer modulo by zero", Source: "measured on 3.13.5: 1 % 0 (testdata/torch/2.6.0-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.13.json)"},
		{Name: literal.TextIntModZero, From: Version{3, 14}, To: Version{}, Text: "division by zero", Source: "measured on 3.14.10: 1 % 0 (testdata/torch/2.14.1-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.14.json)"},
		{Name: literal.TextFloatDivZero, From: Version{3, 0}, To: Version{3, 13}, Text: "float division by zero", Source: "measured on 3.13.5: 1.0 / 0 (testdata/torch/2.6.0-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.13.json)"},
		{Name: literal.TextFloatDivZero, From: Version{3, 14}, To: Version{}, Text: "division by zero", Source: "measured on 3.14.10: 1.0 / 0 (testdata/torch/2.14.1-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.14.json)"},
		{Name: literal.TextFloatFloorDivZero, From: Version{3, 0}, To: Version{3, 13}, Text: "float floor division by zero", Source: "measured on 3.13.5: 1.5 // 0 (testdata/torch/2.6.0-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.13.json)"},
		{Name: literal.TextFloatFloorDivZero, From: Version{3, 14}, To: Version{}, Text: "division by zero", Source: "measured on 3.14.10: 1.5 // 0 (testdata/torch/2.14.1-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.14.json)"},
		{Name: literal.TextFloatModZero, From: Version{3, 0}, To: Version{3, 12}, Text: "float modulo", Source: "measured on 3.11.7 and 3.12.1: 2.5 % 0.0 (config/literal/testdata/exprs-3.11.json, exprs-3.12.json)"},
		{Name: literal.TextFloatModZero, From: Version{3, 13}, To: Version{3, 13}, Text: "float modulo by zero", Source: "measured on 3.13.5: 2.5 % 0.0 (testdata/torch/2.6.0-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.13.json)"},
		{Name: literal.TextFloatModZero, From: Version{3, 14}, To: Version{}, Text: "division by zero", Source: "measured on 3.14.10: 2.5 % 0.0 (testdata/torch/2.14.1-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.14.json)"},
		{Name: literal.TextZeroNegPow, From: Version{3, 0}, To: Version{3, 13}, Text: "0.0 cannot be raised to a negative power", Source: "measured on 3.13.5: 0 ** -1 (testdata/torch/2.6.0-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.13.json)"},
		{Name: literal.TextZeroNegPow, From: Version{3, 14}, To: Version{}, Text: "zero to a negative power", Source: "measured on 3.14.10: 0 ** -1 (testdata/torch/2.14.1-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.14.json)"},
		{Name: literal.TextComplexDivZero, From: Version{3, 0}, To: Version{3, 13}, Text: "complex division by zero", Source: "measured on 3.13.5: 1j / 0 (testdata/torch/2.6.0-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.13.json)"},
		{Name: literal.TextComplexDivZero, From: Version{3, 14}, To: Version{}, Text: "division by zero", Source: "measured on 3.14.10: 1j / 0 (testdata/torch/2.14.1-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.14.json)"},
		{Name: literal.TextComplexZeroPow, From: Version{3, 0}, To: Version{3, 13}, Text: "0.0 to a negative or complex power", Source: "measured on 3.13.5: 0j ** -1 (testdata/torch/2.6.0-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.13.json)"},
		{Name: literal.TextComplexZeroPow, From: Version{3, 14}, To: Version{}, Text: "zero to a negative or complex power", Source: "measured on 3.14.10: 0j ** -1 (testdata/torch/2.14.1-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.14.json)"},
		{Name: literal.TextNotIterable, From: Version{3, 0}, To: Version{3, 13}, Text: "argument of type '%[1]s' is not iterable", Source: "measured on 3.13.5: 1 in 1 (testdata/torch/2.6.0-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.13.json)"},
		{Name: literal.TextNotIterable, From: Version{3, 14}, To: Version{}, Text: "argument of type '%[1]s' is not a container or iterable", Source: "measured on 3.14.10: 1 in 1 (testdata/torch/2.14.1-debian/calls4.json, cases \"expr bad …\"; config/literal/testdata/exprs-3.14.json)"},
		{Name: literal.TextTooManyToUnpack, From: Version{3, 0}, To: Version{3, 13}, Text: "too many values to unpack (expected %[1]d)", Source: "measured on 3.11.7 and 3.13.5: [a for a, b in [(1, 2, 3)]] (config/literal/testdata/exprs-3.11.json, exprs-3.13.json)"},
		{Name: literal.TextTooManyToUnpack, From: Version{3, 14}, To: Version{}, Text: "too many values to unpack (expected %[1]d, got %[2]d)", Source: "measured on 3.14.10: [a for a, b in [(1, 2, 3)]] (config/literal/testdata/exprs-3.14.json)"},
		{Name: literal.TextFStringConversion, From: Version{3, 0}, To: Version{3, 11}, Text: "f-string: invalid conversion character: expected 's', 'r', or 'a'", Source: "measured on 3.11.7: f'{1!x}' (config/literal/testdata/exprs-3.11.json)"},
		{Name: literal.TextFStringConversion, From: Version{3, 12}, To: Version{}, Text: "f-string: invalid conversion character '%[1]s': expected 's', 'r', or 'a'", Source: "measured on 3.13.5 and 3.14.10: f'{1!x}' (config/literal/testdata/exprs-3.13.json, exprs-3.14.json); 3.12 (PEP 701's tokenizer) inferred from 3.13"},
		{Name: literal.TextFStringBackslash, From: Version{3, 0}, To: Version{3, 11}, Text: "no", Source: "measured on 3.8.18-3.11.7: f\"{'\\n'}\" raises SyntaxError: f-string expression part cannot include a backslash (config/literal/testdata/exprs-3.8.json … exprs-3.11.json)"},
		{Name: literal.TextFStringBackslash, From: Version{3, 12}, To: Version{}, Text: "yes", Source: "PEP 701 (3.12): f-string expressions are parsed as any other; measured on 3.12.1-3.14.10, f\"{'\\n'}\" is '\\n' (exprs-3.12.json … exprs-3.14.json)"},
		{Name: literal.TextSliceHashable, From: Version{3, 0}, To: Version{3, 11}, Text: "no", Source: "measured on 3.11.7: {1: 2}[1:] raises TypeError: unhashable type: 'slice' (config/literal/testdata/exprs-3.11.json)"},
		{Name: literal.TextSliceHashable, From: Version{3, 12}, To: Version{}, Text: "yes", Source: "Python 3.12 What's New: slice objects are now hashable (gh-101264); measured on 3.13.5 and 3.14.10, {1: 2}[1:] raises KeyError: slice(1, None, None) (config/literal/testdata/exprs-3.13.json, exprs-3.14.json), TypeError on 3.11.7 (exprs-3.11.json)"},
		{Name: literal.TextNFKCConstant, From: Version{3, 0}, To: Version{3, 12}, Text: "NameError", Source: "measured on 3.11.7 and 3.12.1: a name NFKC-normalised to True is looked up (config/literal/testdata/exprs-3.11.json, exprs-3.12.json \"Ｔrue\")"},
		{Name: literal.TextNFKCConstant, From: Version{3, 13}, To: Version{}, Text: "ValueError", Source: "measured on 3.13.5 and 3.14.10 (exprs-3.13.json, exprs-3.14.json \"Ｔrue\"); NameError on 3.12.1 (exprs-3.12.json)"},
	}
}

// Text returns the text name reads in this Python ("" when no row covers it).
func (p *Python) Text(name string) string {
	for _, t := range Texts() {
		if t.Name == name && !p.v.Less(t.From) && (t.To == (Version{}) || !t.To.Less(p.v)) {
			return t.Text
		}
	}
	return ""
}
