package cliflags

import (
	"fmt"
	"io"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// CompareFormat is "format" of a comparison's JSON. /2 (sweep finding 17): "same"
// holds rows like "keys" ({"key", "values", "differ": false}), where /1 held
// formatted strings ("KEY=VALUE (source)"). /2 gained "defaults_differ" and
// "defaults" (newuser21 finding 7: added fields, the format's name kept, as a reader
// of /2 ignores fields it does not know).
const CompareFormat = "compilemode-compare/2"

// Comparison is a release comparison, `compilemode -torch A,B[,…]` (examples/compilemode;
// the web page's "Compare with release" is the same call), and its JSON (format
// CompareFormat): the releases, each one's exit class, the keys that differ (values
// in release order; with -key, the keys asked for, each with "differ"), the keys set
// the same in all (rows of the same form, "differ" false), the defaults that differ
// and the plans side by side.
type Comparison struct {
	Format string        `json:"format"`
	Torch  []string      `json:"torch"`
	Exit   []graphs.Exit `json:"exit"`
	Keys   []KeyRow      `json:"keys"`
	Same   []KeyRow      `json:"same"`
	// DefaultsDiffer counts the keys the call sets in no release whose default differs
	// between the releases (or that some release lacks); Defaults are those of them
	// that CUDA graphs and autotuning read, whose default changed or that are new and on
	// (defaultRows).
	DefaultsDiffer int         `json:"defaults_differ"`
	Defaults       []KeyRow    `json:"defaults"`
	Devices        []DeviceRow `json:"devices"`
	// Reports are each release's report, in Torch's order.
	Reports []*graphs.Report `json:"-"`
}

// KeyRow is one key across the releases; a nil entry: the release lacks the key.
// Differ is false for a key asked for with -key whose releases agree.
type KeyRow struct {
	Key    string              `json:"key"`
	Values []*graphs.KeyReport `json:"values"`
	Differ bool                `json:"differ"`
}

// DeviceRow is one device and thread across the releases (nil where a release plans
// no such row, or raises before any device runs).
type DeviceRow struct {
	Device     int          `json:"device"`
	DeviceType string       `json:"device_type,omitempty"` // graphs.DevicePlan.DeviceType: cpu or mps ("": CUDA)
	Thread     string       `json:"thread"`
	Outcomes   []*OutcomeOf `json:"outcomes"`
}

// OutcomeOf is one release's plan of a device and thread (null: none).
type OutcomeOf struct {
	Outcome        graphs.Outcome        `json:"outcome"`
	Implementation graphs.Implementation `json:"implementation"`
	Race           bool                  `json:"race,omitempty"`
}

// String is the cell of a comparison's CUDA graphs table: "capture · cudagraph_trees",
// "fail (race) · legacy", "-" for none.
func (o *OutcomeOf) String() string {
	if o == nil {
		return "-"
	}
	s := string(o.Outcome)
	if o.Race {
		s += " (race)"
	}
	return s + " · " + string(o.Implementation)
}

// Releases returns the releases of a comma-separated -torch (2.6,2.14), or nil for one
// release: a comparison is asked for by a comma.
func Releases(torch string) []string {
	if !strings.Contains(torch, ",") {
		return nil
	}
	return strings.Split(torch, ",")
}

// KeyName is the key -key K names: K, or K written with its module path
// (torch._inductor.config.triton.cudagraphs), as -set takes it too.
func KeyName(k string) string {
	return strings.TrimPrefix(strings.TrimSpace(k), config.InductorPrefix)
}

// Compare answers -torch TORCH (a list, 2.6,2.14; Releases) for sc: the scenario
// checked on each release, the keys whose value or source differ (or only keys, -key's
// keys, when given), the defaults that differ and the outcomes side by side. Its error
// is the input's: a list with an empty or repeated release (2.7 and 2.7.1 are one), a
// schema file (a schema is one release), a release graphs.Check refuses, a key no
// release has (worded as -key's, with a hint); Wording.Error words it for -torch.
func Compare(sc *graphs.Scenario, torch string, keys []string) (*Comparison, error) {
	if err := checkReleases(torch, sc); err != nil {
		return nil, err
	}
	cmp := &Comparison{Format: CompareFormat}
	for _, v := range Releases(torch) {
		one := *sc
		one.Torch = strings.TrimSpace(v)
		rep, err := graphs.Check(&one)
		if err != nil {
			return nil, err
		}
		cmp.Torch, cmp.Exit, cmp.Reports = append(cmp.Torch, rep.Torch), append(cmp.Exit, rep.Exit), append(cmp.Reports, rep)
	}
	if err := checkKeys(keys, cmp.Reports); err != nil {
		return nil, err
	}
	cmp.Keys, cmp.Same = keyRows(keys, cmp.Reports)
	cmp.DefaultsDiffer, cmp.Defaults = defaultRows(cmp.Reports)
	cmp.Devices = deviceRows(cmp.Reports)
	return cmp, nil
}

// Code is the comparison's exit status: the highest of its releases' (0 for none).
func (cmp *Comparison) Code() int {
	code := 0
	if cmp == nil {
		return code
	}
	for _, e := range cmp.Exit {
		code = max(code, e.Code())
	}
	return code
}

// checkReleases checks a comparison's -torch list (2.6,2.14): two or more releases,
// none empty, none repeated (2.7 and 2.7.1 are one release), and no -schema (a schema
// is one release). Spaces around a release are ignored, as they are for one release
// (modes.ParseVersion trims them), so -torch "2.6, 2.14" is 2.6,2.14.
func checkReleases(torch string, sc *graphs.Scenario) error {
	rs := Releases(torch)
	list := inputerr.Cut(torch, 80)
	if rs == nil || sc == nil {
		return fmt.Errorf("-torch %s: want a list of releases to compare, e.g. -torch 2.6,2.14", list)
	}
	seen := map[modes.Version]string{}
	for _, r := range rs {
		r = strings.TrimSpace(r)
		if r == "" {
			return fmt.Errorf("-torch %s: an empty release in the list (give releases such as -torch 2.6,2.14)", list)
		}
		v, err := modes.ParseVersion(r)
		if err != nil {
			return err // worded by Wording.Error as -torch's
		}
		if first, dup := seen[v]; dup {
			same := ""
			if first != r {
				same = fmt.Sprintf(" (%s and %s name the same release)", inputerr.Cut(first, 40), inputerr.Cut(r, 40))
			}
			return fmt.Errorf("-torch %s: release %s is given twice%s: give each release once, e.g. -torch 2.6,2.14", list, v, same)
		}
		seen[v] = r
	}
	if sc.Schema != nil {
		return fmt.Errorf("-torch %s: a comparison uses the built-in schemas; drop -schema (it describes one release)", list)
	}
	return nil
}

// AbsentKey is a comparison's cell for a key rep's release does not list: "(no such
// key)", or "(not known: torch 2.9 borrows 2.7.1's keys, which lack it)" where
// KeyNotKnown says the release may have it, as -key on that release alone says.
func AbsentKey(k string, rep *graphs.Report) string {
	if KeyNotKnown(k, rep) != "" {
		return fmt.Sprintf("(not known: torch %s borrows %s's keys, which lack it)", rep.Torch, rep.Schema)
	}
	return "(no such key)"
}

// KeyNotKnown is config.Resolver.KeyNotKnown for rep's release: "" for a report of a
// schema file (-schema), whose keys are its own, for a nil rep, and where the
// release's schema answers.
func KeyNotKnown(k string, rep *graphs.Report) string {
	if rep == nil || rep.Evidence.Schema == modes.File {
		return ""
	}
	v, err := modes.ParseVersion(rep.Torch)
	if err != nil {
		return ""
	}
	r, err := config.NewResolver(v)
	if err != nil {
		return ""
	}
	return r.KeyNotKnown(schema.Key(KeyName(k)))
}

// KeyHint is "; did you mean K?" for the key of rep nearest to k (the hint -set gives
// for an unknown key), or "" (for a nil rep too).
func KeyHint(k string, rep *graphs.Report) string {
	if rep == nil {
		return ""
	}
	known := make([]schema.Key, len(rep.Config))
	for i, kr := range rep.Config {
		known[i] = kr.Key
	}
	if h := (&config.UnknownOptionError{Key: KeyName(k), Known: known}).Hint(); h != "" {
		return "; " + h
	}
	return ""
}

// checkKeys refuses a -key that no release of the comparison has, with -key's hint
// (a key some releases lack is a row: "(no such key)" in theirs).
func checkKeys(keys []string, reps []*graphs.Report) error {
	for _, k := range keys {
		found := false
		for _, rep := range reps {
			if _, ok := rep.Value(KeyName(k)); ok {
				found = true
			}
		}
		if !found {
			last := reps[len(reps)-1]
			return fmt.Errorf("-key %s: no release compared has such a key%s (compilemode -torch %s -keys lists them)", inputerr.Cut(k, 80), KeyHint(k, last), last.Torch)
		}
	}
	return nil
}

// keyRows lists the keys given (-key), or every key that some layer set or changed in
// some release and whose value or source is not the same in all reports, in the first
// report's order then the others'. Keys that differ only in their release's default
// are left out (-key shows any key).
func keyRows(keys []string, reps []*graphs.Report) (rows, same []KeyRow) {
	names := configKeys(reps)
	if len(keys) > 0 {
		names = keys
	}
	rows, same = []KeyRow{}, []KeyRow{}
	for _, name := range names {
		row := compareKey(reps, KeyName(name))
		switch {
		case len(keys) > 0 || (row.Differ && set(row.Values)):
			rows = append(rows, row) // -key K: shown whether it differs or not
		case set(row.Values):
			same = append(same, row)
		}
	}
	return rows, same
}

// defaultRows counts the keys that no layer sets in any release and whose default
// differs between the releases, or that some release lacks, and returns those of them
// whose names are CUDA graphs' or autotuning's (cudagraph, autotune, graph_partition:
// what the modes set or read beside what they set): a comparison of max-autotune on 2.6
// and 2.11 had said "0 differ" where 2.11's dynamic-shape warning limit and its graph
// partitions, on by default, change what the modes do (newuser21 finding 7).
func defaultRows(reps []*graphs.Report) (int, []KeyRow) {
	n, rows := 0, []KeyRow{}
	for _, name := range configKeys(reps) {
		row := compareKey(reps, name)
		if !row.Differ || set(row.Values) {
			continue
		}
		n++
		if graphsOrAutotune(name) && (inEvery(row.Values) || onInSome(row.Values)) {
			rows = append(rows, row)
		}
	}
	return n, rows
}

// inEvery reports whether every release has the key (its default changed), onInSome
// whether a release that has it defaults it to True (a feature on by default where it
// is new: graph_partition on 2.9+); defaultRows shows those, not every new key.
func inEvery(values []*graphs.KeyReport) bool {
	for _, v := range values {
		if v == nil {
			return false
		}
	}
	return true
}

func onInSome(values []*graphs.KeyReport) bool {
	for _, v := range values {
		if v == nil {
			continue
		}
		if on, ok := v.Bool(); ok && on {
			return true
		}
	}
	return false
}

// configKeys lists every key of the reports' configs, in the first report's order then
// the others'.
func configKeys(reps []*graphs.Report) []string {
	var names []string
	seen := map[string]bool{}
	for _, rep := range reps {
		for _, k := range rep.Config {
			if !seen[string(k.Key)] {
				seen[string(k.Key)], names = true, append(names, string(k.Key))
			}
		}
	}
	return names
}

// compareKey is key across the reports: each one's value (nil where its release lacks
// the key), and whether any differs from the first's in value or source.
func compareKey(reps []*graphs.Report, key string) KeyRow {
	row := KeyRow{Key: key}
	for i, rep := range reps {
		var p *graphs.KeyReport
		if kr, ok := rep.Value(key); ok {
			p = &kr
		}
		row.Values = append(row.Values, p)
		row.Differ = row.Differ || i > 0 && !sameKey(row.Values[0], p)
	}
	return row
}

// graphsOrAutotune reports whether a key is one of CUDA graphs' or autotuning's, by its
// name (triton.cudagraph_trees, triton.cudagraph_dynamic_shape_warn_limit,
// max_autotune_gemm_backends, graph_partition, …).
func graphsOrAutotune(key string) bool {
	return strings.Contains(key, "cudagraph") || strings.Contains(key, "autotune") || strings.Contains(key, "graph_partition")
}

// set reports whether some release's value of the key was set by a layer (a source
// other than default) or differs from its default: a key whose releases differ only
// in their defaults is not what a comparison of the call asks about.
func set(values []*graphs.KeyReport) bool {
	for _, v := range values {
		if v != nil && (v.Changed || v.Source != "default") {
			return true
		}
	}
	return false
}

func sameKey(a, b *graphs.KeyReport) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Value.String() == b.Value.String() && a.Source == b.Source
}

// deviceRows puts each report's device plans side by side, by device and thread.
func deviceRows(reps []*graphs.Report) []DeviceRow {
	type id struct {
		d int
		t string
	}
	at := map[id]int{}
	rows := []DeviceRow{}
	for i, rep := range reps {
		for _, d := range rep.CUDAGraphs.Devices {
			k := id{d.Device, d.Thread}
			j, ok := at[k]
			if !ok {
				j = len(rows)
				at[k] = j
				rows = append(rows, DeviceRow{Device: d.Device, DeviceType: d.DeviceType, Thread: d.Thread, Outcomes: make([]*OutcomeOf, len(reps))})
			}
			rows[j].Outcomes[i] = &OutcomeOf{Outcome: d.Outcome, Implementation: d.Implementation, Race: d.Race}
		}
	}
	return rows
}

// Block is one part of a comparison's text, in the text's order: a paragraph (Text,
// wrapped; Hint, a "hint:" line under it), a table (Head: its column heads, the
// fixed ones then one per release; Rows: each row's cells in the same order), or a
// paragraph over a table. Gap: an empty line before it. The web page renders the
// blocks (tables as tables), WriteText writes them.
type Block struct {
	Gap  bool       `json:"gap,omitempty"`
	Text string     `json:"text,omitempty"`
	Hint string     `json:"hint,omitempty"`
	Head []string   `json:"head,omitempty"`
	Rows [][]string `json:"rows,omitempty"`
}

// Blocks returns the comparison as its text says it (nil for a nil comparison):
// "Comparing torch …" over the exit row, the keys set by the call whose value or
// source differ, those set the same in every release, the defaults that differ, the
// CUDA graphs outcomes, and what each release that raises raises.
func (cmp *Comparison) Blocks() []Block {
	if cmp == nil {
		return nil
	}
	out := []Block{{Text: "Comparing torch " + strings.Join(cmp.Torch, ", "), Head: cmp.head(""), Rows: [][]string{append([]string{"EXIT"}, exitNames(cmp.Exit)...)}}}
	keys := Block{Gap: true, Text: cmp.keysTitle()}
	if len(cmp.Keys) > 0 {
		keys.Head, keys.Rows = cmp.head("KEY"), cmp.keyCells(cmp.Keys, cmp.Reports)
	}
	out = append(out, keys)
	if len(cmp.Same) > 0 {
		var same []string
		for _, row := range cmp.Same {
			same = append(same, row.Values[0].String()+" ("+row.Values[0].Source+")")
		}
		out = append(out, Block{Text: "Set the same in every release: " + strings.Join(same, ", ")})
	}
	if cmp.DefaultsDiffer > 0 {
		d := Block{Text: fmt.Sprintf("Defaults that differ between these releases, the call setting none of them: %d keys "+
			"(-key KEY compares one); of CUDA graphs and autotuning, changed or new and on (%d):", cmp.DefaultsDiffer, len(cmp.Defaults))}
		if len(cmp.Defaults) > 0 {
			d.Head, d.Rows = cmp.head("KEY"), cmp.keyCells(cmp.Defaults, nil)
		}
		out = append(out, d)
	}
	dev := Block{Gap: true, Text: "CUDA graphs, outcome · implementation:", Head: cmp.head("DEVICE", "THREAD"), Rows: [][]string{}}
	for _, r := range cmp.Devices {
		row := []string{graphs.DevicePlan{Device: r.Device, DeviceType: r.DeviceType}.Label(), r.Thread}
		for _, o := range r.Outcomes {
			row = append(row, o.String())
		}
		dev.Rows = append(dev.Rows, row)
	}
	out = append(out, dev)
	for i, rep := range cmp.Reports {
		if e := rep.Error; e != nil {
			// The hint as the report's hint line (fix brief 29, finding 4).
			out = append(out, Block{Gap: true, Text: fmt.Sprintf("torch %s raises %s: %s", cmp.Torch[i], e.Exception, firstLine(e.Message)), Hint: e.Hint})
		}
	}
	return out
}

// head is a table's heads: fixed, then the releases.
func (cmp *Comparison) head(fixed ...string) []string {
	return append(fixed, cmp.Torch...)
}

// WriteText prints the comparison's blocks: its tables each split into several of as
// many release columns as fit width (a table that does not fit with one release
// column is printed one cell per line), its prose wrapped at width, nothing cut. The
// command prints it for -torch A,B (into a pipe at graphs.DefaultWidth). Do not depend
// on it being stable.
func (cmp *Comparison) WriteText(w io.Writer, width int) error {
	var b strings.Builder
	for _, bl := range cmp.Blocks() {
		if bl.Gap {
			b.WriteString("\n")
		}
		WriteWrapped(&b, "", 0, "  ", bl.Text, width)
		if bl.Hint != "" {
			WriteWrapped(&b, "  hint: ", 0, "    ", bl.Hint, width)
		}
		if bl.Head != nil {
			fixed := len(bl.Head) - len(cmp.Torch)
			t := table{head: bl.Head[:fixed], releases: cmp.Torch}
			for _, r := range bl.Rows {
				t.rows = append(t.rows, tableRow{fixed: r[:fixed], cells: r[fixed:]})
			}
			writeTable(&b, t, width)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// keysTitle is the title of the keys table: it counts only the keys whose value or
// source differ.
func (cmp *Comparison) keysTitle() string {
	n := 0
	for _, r := range cmp.Keys {
		if r.Differ {
			n++
		}
	}
	return fmt.Sprintf("Keys set by the call whose value or source differ (%d; -key KEY shows any key):", n)
}

// keyCells is rows as a table's cells: the key, then each release's value and its
// source, or AbsentKey's words for the release's report in reps ("(no such key)"
// where reps has none: the defaults' table).
func (cmp *Comparison) keyCells(rows []KeyRow, reps []*graphs.Report) [][]string {
	var out [][]string
	for _, r := range rows {
		row := []string{r.Key}
		for i, v := range r.Values {
			var rep *graphs.Report
			if i < len(reps) {
				rep = reps[i]
			}
			cell := AbsentKey(r.Key, rep)
			if v != nil {
				cell = v.Repr() + " (" + v.Source + ")"
			}
			row = append(row, cell)
		}
		out = append(out, row)
	}
	return out
}

// table is a table with fixed columns (head) and one column per release.
type table struct {
	head, releases []string
	rows           []tableRow
}

// tableRow is one row of a table: its fixed cells, then one cell per release.
type tableRow struct {
	fixed, cells []string
}

// render writes the table with the release columns [from, to), indented by two
// spaces, each column but the last as wide as its widest cell and two spaces (in
// runes; text/tabwriter's layout with padding 2, which the command used, without its
// code in the page), and returns its widest line in runes.
func (t table) render(from, to int) (string, int) {
	lines := [][]string{append(append([]string{}, t.head...), t.releases[from:to]...)}
	for _, r := range t.rows {
		lines = append(lines, append(append([]string{}, r.fixed...), r.cells[from:to]...))
	}
	widths := make([]int, len(lines[0])-1)
	for _, l := range lines {
		for j := range widths {
			widths[j] = max(widths[j], runeLen(l[j])+2)
		}
	}
	var b strings.Builder
	widest := 0
	for _, l := range lines {
		line := "  "
		for j, c := range l {
			line += c
			if j < len(widths) {
				line += strings.Repeat(" ", widths[j]-runeLen(c))
			}
		}
		b.WriteString(line + "\n")
		widest = max(widest, runeLen(strings.TrimRight(line, " ")))
	}
	return b.String(), widest
}

// writeTable writes t within width columns: as many release columns per table as
// fit, the tables one after the other; when one release column does not fit, each
// row as a block of lines ("KEY" then "  2.6: VALUE"), wrapped.
func writeTable(b *strings.Builder, t table, width int) {
	for from := 0; from < len(t.releases); {
		to := len(t.releases)
		text, widest := t.render(from, to)
		for widest > width && to > from+1 {
			to--
			text, widest = t.render(from, to)
		}
		if from > 0 {
			b.WriteString("\n")
		}
		if widest > width {
			t.writeBlocks(b, from, width)
			to = from + 1
		} else {
			b.WriteString(text)
		}
		from = to
	}
}

// writeBlocks writes release column i of t as blocks: each row's fixed cells on one
// line, then "RELEASE: CELL", indented, wrapped at width.
func (t table) writeBlocks(b *strings.Builder, i, width int) {
	for _, r := range t.rows {
		WriteWrapped(b, "  ", 0, "    ", strings.Join(r.fixed, " "), width)
		WriteWrapped(b, "    ", 0, "      ", t.releases[i]+": "+r.cells[i], width)
	}
}

func exitNames(es []graphs.Exit) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = string(e)
	}
	return out
}

// firstLine is s up to its first line break, cut to 200 bytes.
func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return inputerr.Cut(s, 200)
}

// WriteWrapped writes first (padded with spaces to pad columns, or on a line of its
// own when longer) and then text, wrapped at width columns (runes); later lines are
// indented by indent. Nothing is cut: a word longer than a line is split over lines
// of their own. The command's text (its usage, a comparison) is wrapped with it.
func WriteWrapped(w io.Writer, first string, pad int, indent, text string, width int) {
	if w == nil {
		return
	}
	line := first
	if n := runeLen(first); n < pad {
		line += strings.Repeat(" ", pad-n)
	} else if pad > 0 {
		fmt.Fprintln(w, first)
		line = indent
	}
	start := runeLen(line)
	for _, word := range splitLong(strings.Fields(text), max(width-runeLen(indent), 10)) {
		n := runeLen(line)
		if n > start && n+1+runeLen(word) > width {
			fmt.Fprintln(w, strings.TrimRight(line, " "))
			line, start = indent, runeLen(indent)
			n = start
		}
		if n > start {
			line += " "
		}
		line += word
	}
	fmt.Fprintln(w, strings.TrimRight(line, " "))
}

// splitLong splits each word longer than n runes into pieces of n runes.
func splitLong(words []string, n int) []string {
	var out []string
	for _, word := range words {
		r := []rune(word)
		for len(r) > n {
			out, r = append(out, string(r[:n])), r[n:]
		}
		out = append(out, string(r))
	}
	return out
}

func runeLen(s string) int { return len([]rune(s)) }
