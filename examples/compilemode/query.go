package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/examples/internal/cliflags"
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
		kr, ok := rep.Value(cliflags.KeyName(k))
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

// noSuchKey is -key's error for a key rep's release lacks. Where compilemode cannot
// tell whether the release has it (the release borrows an older release's schema,
// which lacks it, and the next release read has it: 2.9 and use_static_cuda_launcher),
// it says so in the words of -set's uncertain-key warning, not "no such key" (fix
// brief 31, newuser29 F14).
func noSuchKey(k string, rep *graphs.Report) error {
	if note := cliflags.KeyNotKnown(k, rep); note != "" {
		return fmt.Errorf("-key %s: %s (config/dump_schema.py on your torch, then -schema FILE -key %s, gives its value)", inputerr.Cut(k, 80), note, inputerr.Cut(k, 80))
	}
	return fmt.Errorf("-key %s: torch %s has no such key%s (compilemode -torch %s -keys lists them)", inputerr.Cut(k, 80), rep.Torch, cliflags.KeyHint(k, rep), rep.Torch)
}

// releases returns the releases of a comma-separated -torch (2.6,2.14), or nil for one.
func (c *cli) releases() []string {
	return cliflags.Releases(c.compile.Torch.Value)
}

// compareFormat is "format" of a comparison's JSON (cliflags.CompareFormat).
const compareFormat = cliflags.CompareFormat

// compare answers -torch A,B[,…] with cliflags.Compare, the call the web page's
// comparison makes: the scenario checked on each release, the keys whose value or
// source differ (or only the -key keys), and the outcomes side by side. Its exit
// status is the highest of the releases'.
func (c *cli) compare(sc *graphs.Scenario, stdout, stderr io.Writer) (int, error) {
	cmp, err := cliflags.Compare(sc, c.compile.Torch.Value, c.keys)
	if err != nil {
		return 2, err
	}
	code := cmp.Code()
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
	write := func() error { return cmp.WriteText(stdout, textWidth(stdout)) }
	if len(c.keys) > 0 {
		write = func() error { return writeKeyLines(stdout, cmp) }
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
// may have it (cliflags.AbsentKey) (sweep6 finding 8: README promised a row like go
// env's, and the whole comparison report was printed).
func writeKeyLines(w io.Writer, cmp *cliflags.Comparison) error {
	var b strings.Builder
	for _, row := range cmp.Keys {
		for i, v := range row.Values {
			line := row.Key + " " + cliflags.AbsentKey(row.Key, cmp.Reports[i])
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
