package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/graphs"
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
		kr, ok := rep.Value(k)
		if !ok {
			return fmt.Errorf("-key %s: torch %s has no such key (compilemode -torch %s -keys lists them)", k, rep.Torch, rep.Torch)
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

// releases returns the releases of a comma-separated -torch (2.6,2.14), or nil for one.
func (c *cli) releases() []string {
	if !strings.Contains(c.compile.Torch.Value, ",") {
		return nil
	}
	return strings.Split(c.compile.Torch.Value, ",")
}

// comparison is the JSON form of a release comparison (format compilemode-compare/1):
// the releases, each one's exit class, the keys that differ (values in release
// order), the keys set the same in all (KEY=VALUE (source)) and the plans side by side.
type comparison struct {
	Format  string           `json:"format"`
	Torch   []string         `json:"torch"`
	Exit    []graphs.Exit    `json:"exit"`
	Keys    []keyRow         `json:"keys"`
	Same    []string         `json:"same"`
	Devices []deviceRow      `json:"devices"`
	Reports []*graphs.Report `json:"-"`
}

// keyRow is one key across the releases; a nil entry: the release lacks the key.
type keyRow struct {
	Key    string              `json:"key"`
	Values []*graphs.KeyReport `json:"values"`
}

// deviceRow is one device and thread across the releases ("" where a release plans
// no such row, or raises before any device runs).
type deviceRow struct {
	Device   int          `json:"device"`
	Thread   string       `json:"thread"`
	Outcomes []*outcomeOf `json:"outcomes"`
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
func (c *cli) compare(sc *graphs.Scenario, stdout io.Writer) (int, error) {
	cmp := comparison{Format: "compilemode-compare/1"}
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
	cmp.Keys, cmp.Same = c.keyRows(cmp.Reports)
	cmp.Devices = deviceRows(cmp.Reports)
	if c.asJSON {
		data, err := json.MarshalIndent(cmp, "", " ")
		if err != nil {
			return 2, err
		}
		_, err = stdout.Write(append(data, '\n'))
		return code, err
	}
	return code, cmp.writeText(stdout)
}

// keyRows lists the keys of the -key flags, or every key that some layer set or
// changed in some release and whose value or source is not the same in all reports,
// in the first report's order then the others'. Keys that differ only in their
// release's default are left out (-key shows any key).
func (c *cli) keyRows(reps []*graphs.Report) (rows []keyRow, same []string) {
	var names []string
	seen := map[string]bool{}
	for _, rep := range reps {
		for _, k := range rep.Config {
			if !seen[string(k.Key)] {
				seen[string(k.Key)] = true
				names = append(names, string(k.Key))
			}
		}
	}
	if len(c.keys) > 0 {
		names = c.keys
	}
	rows, same = []keyRow{}, []string{}
	for _, name := range names {
		row := keyRow{Key: name}
		differ := len(c.keys) > 0
		for i, rep := range reps {
			var p *graphs.KeyReport
			if kr, ok := rep.Value(name); ok {
				p = &kr
			}
			row.Values = append(row.Values, p)
			if i > 0 && !sameKey(row.Values[0], p) {
				differ = true
			}
		}
		switch {
		case differ && (len(c.keys) > 0 || set(row.Values)):
			rows = append(rows, row)
		case !differ && set(row.Values):
			same = append(same, row.Values[0].String()+" ("+row.Values[0].Source+")")
		}
	}
	return rows, same
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
				rows = append(rows, deviceRow{Device: d.Device, Thread: d.Thread, Outcomes: make([]*outcomeOf, len(reps))})
			}
			rows[j].Outcomes[i] = &outcomeOf{Outcome: d.Outcome, Implementation: d.Implementation, Race: d.Race}
		}
	}
	return rows
}

// writeText prints the comparison as two tables. Do not depend on it being stable.
func (cmp comparison) writeText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Comparing torch %s\n", strings.Join(cmp.Torch, ", "))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  EXIT\t%s\n", strings.Join(exitNames(cmp.Exit), "\t"))
	tw.Flush()
	fmt.Fprintf(&b, "\nKeys set by the call whose value or source differ (%d; -key KEY shows any key):\n", len(cmp.Keys))
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	if len(cmp.Keys) > 0 {
		fmt.Fprintf(tw, "  KEY\t%s\n", strings.Join(cmp.Torch, "\t"))
	}
	for _, r := range cmp.Keys {
		cells := make([]string, len(r.Values))
		for i, v := range r.Values {
			cells[i] = "(no such key)"
			if v != nil {
				cells[i] = inputerr.Cut(v.Value.String(), 60) + " (" + v.Source + ")"
			}
		}
		fmt.Fprintf(tw, "  %s\t%s\n", r.Key, strings.Join(cells, "\t"))
	}
	tw.Flush()
	if len(cmp.Same) > 0 {
		fmt.Fprintf(&b, "Set the same in every release: %s\n", strings.Join(cmp.Same, ", "))
	}
	fmt.Fprintf(&b, "\nCUDA graphs, outcome · implementation:\n")
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  DEVICE\tTHREAD\t%s\n", strings.Join(cmp.Torch, "\t"))
	for _, r := range cmp.Devices {
		cells := make([]string, len(r.Outcomes))
		for i, o := range r.Outcomes {
			cells[i] = o.String()
		}
		fmt.Fprintf(tw, "  cuda:%d\t%s\t%s\n", r.Device, r.Thread, strings.Join(cells, "\t"))
	}
	tw.Flush()
	for i, rep := range cmp.Reports {
		if rep.Error != nil {
			fmt.Fprintf(&b, "\ntorch %s raises %s: %s\n", cmp.Torch[i], rep.Error.Exception, firstLine(rep.Error.Message))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
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
