package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// writeKeys answers -key K (each K=VALUE, like go env VAR) and -keys (every key, one
// per line, never wrapped). With -json it prints the keys' report entries as one
// object. A key the release lacks is an error naming -keys.
func (c *cli) writeKeys(w io.Writer, rep *graphs.Report) error {
	keys := c.keys
	if c.allKeys {
		keys = nil
		for _, k := range rep.Config {
			keys = append(keys, string(k.Key))
		}
	}
	var sel graphs.ConfigReport
	for _, k := range keys {
		kr, ok := rep.Value(keyName(k))
		if !ok {
			return noSuchKey(k, rep)
		}
		sel = append(sel, kr)
	}
	if c.asJSON {
		data, err := json.MarshalIndent(sel, "", " ")
		if err != nil {
			return err
		}
		_, err = w.Write(append(data, '\n'))
		return err
	}
	var b strings.Builder
	for _, kr := range sel {
		b.WriteString(kr.String() + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// exitReason says, in one line, why rep's exit status is not 0: what PyTorch raises
// (cut to 200 bytes), or the first device whose first call raises. -key and -keys
// print values only, so without this line an exit status of 1 would be unexplained.
// It returns "" when the call compiles and runs.
func exitReason(rep *graphs.Report) string {
	if rep.Exit == graphs.Compiles {
		return ""
	}
	const more = "; run without -key/-keys for the report"
	if e := rep.Error; e != nil {
		hint := ""
		if e.Hint != "" {
			hint = "; hint: " + inputerr.Cut(e.Hint, 200) // as the report's hint line (fix brief 29, finding 4)
		}
		return fmt.Sprintf("exit %d: torch %s would raise %s (%s): %s%s%s", rep.Exit.Code(), rep.Torch, e.Exception, e.Stage, inputerr.Cut(e.Message, 200), hint, more)
	}
	for _, d := range rep.CUDAGraphs.Devices {
		if d.Exception == "" {
			continue
		}
		race := ""
		if d.Race {
			race = " (a race: another run may fail on another thread)"
		}
		return fmt.Sprintf("exit %d: on torch %s the first call on %s (%s) raises %s%s%s", rep.Exit.Code(), rep.Torch, d.Label(), d.Thread, d.Exception, race, more)
	}
	return fmt.Sprintf("exit %d: torch %s would raise%s", rep.Exit.Code(), rep.Torch, more)
}

// keyName is the key -key K names: K, or K written with its module path
// (torch._inductor.config.triton.cudagraphs), as -set takes it too.
func keyName(k string) string {
	return strings.TrimPrefix(strings.TrimSpace(k), config.InductorPrefix)
}

// noSuchKey is -key's error for a key rep's release lacks. Where compilemode cannot
// tell whether the release has it (the release borrows an older release's schema,
// which lacks it, and the next release read has it: 2.9 and use_static_cuda_launcher),
// it says so in the words of -set's uncertain-key warning, not "no such key" (fix
// brief 31, newuser29 F14).
func noSuchKey(k string, rep *graphs.Report) error {
	if note := keyNotKnown(k, rep); note != "" {
		return fmt.Errorf("-key %s: %s (config/dump_schema.py on your torch, then -schema FILE -key %s, gives its value)", inputerr.Cut(k, 80), note, inputerr.Cut(k, 80))
	}
	return fmt.Errorf("-key %s: torch %s has no such key%s (compilemode -torch %s -keys lists them)", inputerr.Cut(k, 80), rep.Torch, keyHint(k, rep), rep.Torch)
}

// absentKey is a comparison's cell for a key rep's release does not list: "(no such
// key)", or "(not known: torch 2.9 borrows 2.7.1's keys, which lack it)" where
// keyNotKnown says the release may have it, as -key on that release alone says.
func absentKey(k string, rep *graphs.Report) string {
	if keyNotKnown(k, rep) != "" {
		return fmt.Sprintf("(not known: torch %s borrows %s's keys, which lack it)", rep.Torch, rep.Schema)
	}
	return "(no such key)"
}

// report is the report of the comparison's i-th release, nil where it holds none
// (the defaults' table is a comparison without reports).
func (cmp comparison) report(i int) *graphs.Report {
	if i < len(cmp.Reports) {
		return cmp.Reports[i]
	}
	return nil
}

// keyNotKnown is config.Resolver.KeyNotKnown for rep's release: "" for a report of a
// schema file (-schema), whose keys are its own, and where the release's schema answers.
func keyNotKnown(k string, rep *graphs.Report) string {
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
	return r.KeyNotKnown(schema.Key(keyName(k)))
}

// keyHint is "; did you mean K?" for the key of rep nearest to k (the hint -set gives
// for an unknown key), or "".
func keyHint(k string, rep *graphs.Report) string {
	known := make([]schema.Key, len(rep.Config))
	for i, kr := range rep.Config {
		known[i] = kr.Key
	}
	if h := (&config.UnknownOptionError{Key: keyName(k), Known: known}).Hint(); h != "" {
		return "; " + h
	}
	return ""
}

// releases returns the releases of a comma-separated -torch (2.6,2.14), or nil for one.
func (c *cli) releases() []string {
	if !strings.Contains(c.compile.Torch.Value, ",") {
		return nil
	}
	return strings.Split(c.compile.Torch.Value, ",")
}

// compareFormat is "format" of a comparison's JSON. /2 (sweep finding 17): "same"
// holds rows like "keys" ({"key", "values", "differ": false}), where /1 held
// formatted strings ("KEY=VALUE (source)").
const compareFormat = "compilemode-compare/2"

// (compare/2 gained "defaults_differ" and "defaults", newuser21 finding 7: added fields,
// the format's name kept, as a reader of /2 ignores fields it does not know.)

// comparison is the JSON form of a release comparison (format compareFormat): the
// releases, each one's exit class, the keys that differ (values in release order;
// with -key, the keys asked for, each with "differ"), the keys set the same in all
// (rows of the same form, "differ" false) and the plans side by side.
type comparison struct {
	Format string        `json:"format"`
	Torch  []string      `json:"torch"`
	Exit   []graphs.Exit `json:"exit"`
	Keys   []keyRow      `json:"keys"`
	Same   []keyRow      `json:"same"`
	// DefaultsDiffer counts the keys the call sets in no release whose default differs
	// between the releases (or that some release lacks); Defaults are those of them
	// that CUDA graphs and autotuning read, whose default changed or that are new and on
	// (defaultRows).
	DefaultsDiffer int              `json:"defaults_differ"`
	Defaults       []keyRow         `json:"defaults"`
	Devices        []deviceRow      `json:"devices"`
	Reports        []*graphs.Report `json:"-"`
}

// keyRow is one key across the releases; a nil entry: the release lacks the key.
// Differ is false for a key asked for with -key whose releases agree.
type keyRow struct {
	Key    string              `json:"key"`
	Values []*graphs.KeyReport `json:"values"`
	Differ bool                `json:"differ"`
}

// deviceRow is one device and thread across the releases ("" where a release plans
// no such row, or raises before any device runs).
type deviceRow struct {
	Device     int          `json:"device"`
	DeviceType string       `json:"device_type,omitempty"` // graphs.DevicePlan.DeviceType: cpu or mps ("": CUDA)
	Thread     string       `json:"thread"`
	Outcomes   []*outcomeOf `json:"outcomes"`
}

// outcomeOf is one release's plan of a device and thread (null: none).
type outcomeOf struct {
	Outcome        graphs.Outcome        `json:"outcome"`
	Implementation graphs.Implementation `json:"implementation"`
	Race           bool                  `json:"race,omitempty"`
}

func (o *outcomeOf) String() string {
	if o == nil {
		return "-"
	}
	s := string(o.Outcome)
	if o.Race {
		s += " (race)"
	}
	return s + " · " + string(o.Implementation)
}

// compare answers -torch A,B[,…]: the scenario checked on each release, the keys whose
// value or source differ (or only the -key keys), and the outcomes side by side. Its
// exit status is the highest of the releases'.
func (c *cli) compare(sc *graphs.Scenario, stdout, stderr io.Writer) (int, error) {
	cmp := comparison{Format: compareFormat}
	code := 0
	for _, v := range c.releases() {
		one := *sc
		one.Torch = strings.TrimSpace(v)
		rep, err := graphs.Check(&one)
		if err != nil {
			return 2, err
		}
		cmp.Torch, cmp.Exit, cmp.Reports = append(cmp.Torch, rep.Torch), append(cmp.Exit, rep.Exit), append(cmp.Reports, rep)
		code = max(code, rep.Exit.Code())
	}
	if err := c.checkKeys(cmp.Reports); err != nil {
		return 2, err
	}
	cmp.Keys, cmp.Same = c.keyRows(cmp.Reports)
	cmp.DefaultsDiffer, cmp.Defaults = defaultRows(cmp.Reports)
	cmp.Devices = deviceRows(cmp.Reports)
	if c.asJSON {
		data, err := json.MarshalIndent(cmp, "", " ")
		if err != nil {
			return 2, err
		}
		if _, err := stdout.Write(append(data, '\n')); err != nil {
			return code, err
		}
		c.keyReasons(cmp.Reports, stderr)
		return code, nil
	}
	write := func() error { return cmp.writeText(stdout, textWidth(stdout), false) }
	if len(c.keys) > 0 {
		write = func() error { return cmp.writeKeyLines(stdout) }
	}
	if err := write(); err != nil {
		return code, err
	}
	c.keyReasons(cmp.Reports, stderr)
	return code, nil
}

// writeKeyLines writes -key's answer for a comparison: for each key, one line per
// release, the release then what -key prints on that release alone (KEY=VALUE), or
// "KEY (no such key)" for a release that lacks it, "KEY (not known: …)" for one that
// may have it (absentKey) (sweep6 finding 8: README promised a row like go env's, and
// the whole comparison report was printed).
func (cmp comparison) writeKeyLines(w io.Writer) error {
	var b strings.Builder
	for _, row := range cmp.Keys {
		for i, v := range row.Values {
			line := row.Key + " " + absentKey(row.Key, cmp.report(i))
			if v != nil {
				line = v.String()
			}
			b.WriteString(printable(cmp.Torch[i]+" "+line) + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// keyReasons writes, with -key, the stderr line of each release whose exit status is
// not 0, as -key on one release does (sweep finding 23: a comparison exited 1 with no
// word on stderr).
func (c *cli) keyReasons(reps []*graphs.Report, stderr io.Writer) {
	if len(c.keys) == 0 {
		return
	}
	for _, rep := range reps {
		if why := exitReason(rep); why != "" {
			failf(stderr, "%s", printable(why))
		}
	}
}

// checkKeys refuses a -key that no release of the comparison has, with -key's hint
// (a key some releases lack is a row: "(no such key)" in theirs).
func (c *cli) checkKeys(reps []*graphs.Report) error {
	for _, k := range c.keys {
		found := false
		for _, rep := range reps {
			if _, ok := rep.Value(keyName(k)); ok {
				found = true
			}
		}
		if !found {
			last := reps[len(reps)-1]
			return fmt.Errorf("-key %s: no release compared has such a key%s (compilemode -torch %s -keys lists them)", inputerr.Cut(k, 80), keyHint(k, last), last.Torch)
		}
	}
	return nil
}

// keyRows lists the keys of the -key flags, or every key that some layer set or
// changed in some release and whose value or source is not the same in all reports,
// in the first report's order then the others'. Keys that differ only in their
// release's default are left out (-key shows any key).
func (c *cli) keyRows(reps []*graphs.Report) (rows, same []keyRow) {
	names := configKeys(reps)
	if len(c.keys) > 0 {
		names = c.keys
	}
	rows, same = []keyRow{}, []keyRow{}
	for _, name := range names {
		row := compareKey(reps, keyName(name))
		switch {
		case len(c.keys) > 0 || (row.Differ && set(row.Values)):
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
func defaultRows(reps []*graphs.Report) (int, []keyRow) {
	n, rows := 0, []keyRow{}
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
func compareKey(reps []*graphs.Report, key string) keyRow {
	row := keyRow{Key: key}
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
func deviceRows(reps []*graphs.Report) []deviceRow {
	type id struct {
		d int
		t string
	}
	at := map[id]int{}
	rows := []deviceRow{}
	for i, rep := range reps {
		for _, d := range rep.CUDAGraphs.Devices {
			k := id{d.Device, d.Thread}
			j, ok := at[k]
			if !ok {
				j = len(rows)
				at[k] = j
				rows = append(rows, deviceRow{Device: d.Device, DeviceType: d.DeviceType, Thread: d.Thread, Outcomes: make([]*outcomeOf, len(reps))})
			}
			rows[j].Outcomes[i] = &outcomeOf{Outcome: d.Outcome, Implementation: d.Implementation, Race: d.Race}
		}
	}
	return rows
}

// writeText prints the comparison as tables, each split into several of as many
// release columns as fit the width (a table that does not fit with one release
// column is printed one cell per line), and its prose wrapped, nothing cut. Do not
// depend on it being stable.
func (cmp comparison) writeText(w io.Writer, width int, asked bool) error {
	var b strings.Builder
	writeWrapped(&b, "", 0, "  ", "Comparing torch "+strings.Join(cmp.Torch, ", "), width)
	writeTable(&b, table{head: []string{""}, releases: cmp.Torch, rows: []tableRow{{fixed: []string{"EXIT"}, cells: exitNames(cmp.Exit)}}}, width)
	b.WriteString("\n")
	writeWrapped(&b, "", 0, "  ", cmp.keysTitle(asked), width)
	if len(cmp.Keys) > 0 {
		writeTable(&b, cmp.keyTable(asked), width)
	}
	if len(cmp.Same) > 0 {
		var same []string
		for _, row := range cmp.Same {
			same = append(same, row.Values[0].String()+" ("+row.Values[0].Source+")")
		}
		writeWrapped(&b, "", 0, "  ", "Set the same in every release: "+strings.Join(same, ", "), width)
	}
	cmp.writeDefaults(&b, width)
	b.WriteString("\nCUDA graphs, outcome · implementation:\n")
	t := table{head: []string{"DEVICE", "THREAD"}, releases: cmp.Torch}
	for _, r := range cmp.Devices {
		row := tableRow{fixed: []string{graphs.DevicePlan{Device: r.Device, DeviceType: r.DeviceType}.Label(), r.Thread}}
		for _, o := range r.Outcomes {
			row.cells = append(row.cells, o.String())
		}
		t.rows = append(t.rows, row)
	}
	writeTable(&b, t, width)
	for i, rep := range cmp.Reports {
		if rep.Error != nil {
			b.WriteString("\n")
			writeWrapped(&b, "", 0, "  ", fmt.Sprintf("torch %s raises %s: %s", cmp.Torch[i], rep.Error.Exception, firstLine(rep.Error.Message)), width)
			if rep.Error.Hint != "" { // as the report's hint line (fix brief 29, finding 4)
				writeWrapped(&b, "  hint: ", 0, "    ", rep.Error.Hint, width)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeDefaults says how many keys differ only in their releases' defaults, and shows
// those of CUDA graphs and autotuning as a table.
func (cmp comparison) writeDefaults(b *strings.Builder, width int) {
	if cmp.DefaultsDiffer == 0 {
		return
	}
	writeWrapped(b, "", 0, "  ", fmt.Sprintf("Defaults that differ between these releases, the call setting none of them: %d keys "+
		"(-key KEY compares one); of CUDA graphs and autotuning, changed or new and on (%d):", cmp.DefaultsDiffer, len(cmp.Defaults)), width)
	if len(cmp.Defaults) > 0 {
		writeTable(b, comparison{Torch: cmp.Torch, Keys: cmp.Defaults}.keyTable(false), width)
	}
}

// keysTitle is the title of the keys table: it counts only the keys whose value or
// source differ, also when -key asked for keys that agree.
func (cmp comparison) keysTitle(asked bool) string {
	n := 0
	for _, r := range cmp.Keys {
		if r.Differ {
			n++
		}
	}
	if asked {
		return fmt.Sprintf("Keys asked for with -key (%d; %d differ in value or source):", len(cmp.Keys), n)
	}
	return fmt.Sprintf("Keys set by the call whose value or source differ (%d; -key KEY shows any key):", n)
}

// keyTable is the keys as a table; with -key, a last column says whether each differs.
func (cmp comparison) keyTable(asked bool) table {
	t := table{head: []string{"KEY"}, releases: cmp.Torch}
	if asked {
		t.tail = []string{"DIFFER"}
	}
	for _, r := range cmp.Keys {
		row := tableRow{fixed: []string{r.Key}}
		for i, v := range r.Values {
			cell := absentKey(r.Key, cmp.report(i))
			if v != nil {
				cell = v.Repr() + " (" + v.Source + ")"
			}
			row.cells = append(row.cells, cell)
		}
		if asked {
			row.tail = []string{map[bool]string{true: "yes", false: "no"}[r.Differ]}
		}
		t.rows = append(t.rows, row)
	}
	return t
}

// table is a table with fixed columns (head), one column per release, and optional
// last columns (tail).
type table struct {
	head, releases, tail []string
	rows                 []tableRow
}

// tableRow is one row of a table: its fixed cells, one cell per release, its tail.
type tableRow struct {
	fixed, cells, tail []string
}

// render writes the table with the release columns [from, to), indented by two
// spaces, and returns its widest line in runes.
func (t table) render(from, to int) (string, int) {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	line := func(fixed, cells, tail []string) {
		all := append(append(append([]string{}, fixed...), cells[from:to]...), tail...)
		fmt.Fprintf(tw, "  %s\n", strings.Join(all, "\t"))
	}
	line(t.head, t.releases, t.tail)
	for _, r := range t.rows {
		line(r.fixed, r.cells, r.tail)
	}
	tw.Flush()
	widest := 0
	for _, l := range strings.Split(b.String(), "\n") {
		widest = max(widest, runeLen(strings.TrimRight(l, " ")))
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
// line, then "RELEASE: CELL" and the tail, indented, wrapped at width.
func (t table) writeBlocks(b *strings.Builder, i, width int) {
	for _, r := range t.rows {
		writeWrapped(b, "  ", 0, "    ", strings.Join(r.fixed, " "), width)
		cell := t.releases[i] + ": " + r.cells[i]
		for j, h := range t.tail {
			cell += "; " + strings.ToLower(h) + " " + r.tail[j]
		}
		writeWrapped(b, "    ", 0, "      ", cell, width)
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
