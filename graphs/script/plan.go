package script

import (
	"fmt"
	"io"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/internal/textwrap"
	"github.com/compilemode/compilemode/modes"
)

// ModePlan is the plan of a site for one value of a mode that is not a literal.
type ModePlan struct {
	Mode   *string        `json:"mode"` // nil: None
	Report *graphs.Report `json:"report"`
	Error  string         `json:"error,omitempty"` // why the scenario could not be planned
}

// Planned returns a copy of s whose sites carry their plans, each from [graphs.Check]
// on the site's scenario ([Script.Scenario] with cli merged on top). processEnv is the
// environment the script starts in: the script's own assignments beat it, cli.Env
// (the command line's -env) beats both. A site whose mode is
// a literal gets a *graphs.Report in Plan (nil with PlanError set when its scenario
// cannot be used); a site whose mode is not a literal gets a []ModePlan, one per value
// of [Site.Modes] for the release (cli.Torch, or the latest). s is not modified. It
// returns an *inputerr.ZeroError for a nil s; the zero Script plans no site.
func (s *Script) Planned(cli graphs.Scenario, processEnv map[string]string) (*Script, error) {
	if s == nil {
		return nil, &inputerr.ZeroError{Func: "script.Script.Planned", Arg: "the *Script (read one with Read)"}
	}
	every, err := releaseModes(cli.Torch)
	if err != nil {
		return nil, err
	}
	out := *s
	out.Sites = append([]Site(nil), s.Sites...)
	for i := range out.Sites {
		sc, _ := s.Scenario(i, cli)
		sc.Env = underlay(sc.Env, processEnv)
		site := &out.Sites[i]
		if site.ModeLiteral || cli.Mode != nil {
			// A mode given on the command line replaces the script's, literal or not.
			site.Plan, site.PlanError = check(sc)
			continue
		}
		var plans []ModePlan
		for _, m := range site.Modes(every) {
			sc.Mode = m
			rep, msg := check(Merge(sc, cli))
			plans = append(plans, ModePlan{Mode: m, Report: rep, Error: msg})
		}
		site.Plan = plans
	}
	return &out, nil
}

// check plans one scenario; an unusable one gives its error's text.
func check(sc graphs.Scenario) (*graphs.Report, string) {
	rep, err := graphs.Check(&sc)
	if err != nil {
		return nil, err.Error()
	}
	return rep, ""
}

// releaseModes returns the modes of the release torch names ("" for the latest).
func releaseModes(torch string) ([]string, error) {
	v := modes.Latest()
	if torch != "" {
		var err error
		if v, err = modes.ParseVersion(torch); err != nil {
			return nil, err
		}
	}
	t, err := modes.For(v)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range t.Known() {
		out = append(out, string(m))
	}
	return out, nil
}

// WriteText writes one block per site, headed "FILE:LINE CALL", with what was read,
// the notes, the script's warnings for that line and each plan as
// [graphs.Report.WriteText] writes it; width is in columns (0: graphs.DefaultWidth).
// Call it on the result of [Script.Planned]. Do not depend on this output being stable.
// It returns an *inputerr.ZeroError for a nil s or w.
func (s *Script) WriteText(w io.Writer, width int) error {
	if s == nil {
		return &inputerr.ZeroError{Func: "script.Script.WriteText", Arg: "the *Script (read one with Read)"}
	}
	if w == nil {
		return &inputerr.ZeroError{Func: "script.Script.WriteText", Arg: "w (the writer)"}
	}
	if len(s.Sites) == 0 {
		p := &textwrap.Printer{W: w, Width: width}
		p.Para("", "  ", s.File+": no torch.compile site found")
		return p.Err()
	}
	for i := range s.Sites {
		if err := s.writeSite(w, &s.Sites[i], width); err != nil {
			return err
		}
	}
	return nil
}

func (s *Script) writeSite(w io.Writer, st *Site, width int) error {
	if width <= 0 {
		width = graphs.DefaultWidth
	}
	p := &textwrap.Printer{W: w, Width: width}
	p.Para("", "    ", fmt.Sprintf("%s:%d %s", s.File, st.Line, st.Call))
	for _, n := range st.Notes {
		p.Para("  ", "    ", "note: "+n)
	}
	for _, x := range s.Warnings {
		if x.Line <= st.Line {
			p.Para("  ", "    ", fmt.Sprintf("[%s] line %d: %s", x.Code, x.Line, x.Message))
		}
	}
	if st.PlanError != "" {
		p.Para("  ", "    ", "not planned: "+st.PlanError)
		p.Line("")
		return p.Err()
	}
	if err := p.Err(); err != nil {
		return err
	}
	opts := graphs.TextOptions{Width: width}
	switch p := st.Plan.(type) {
	case *graphs.Report:
		fmt.Fprintln(w)
		if err := p.WriteText(w, opts); err != nil {
			return err
		}
	case []ModePlan:
		for _, mp := range p {
			mode := "None"
			if mp.Mode != nil {
				mode = fmt.Sprintf("%q", *mp.Mode)
			}
			fmt.Fprintf(w, "\n  -- if the mode is %s:\n", mode)
			if mp.Error != "" {
				if err := writePara(w, width, "not planned: "+mp.Error); err != nil {
					return err
				}
				continue
			}
			if err := mp.Report.WriteText(w, opts); err != nil {
				return err
			}
		}
	}
	_, err := fmt.Fprintln(w)
	return err
}

// underlay returns env with every variable of base that env does not set.
func underlay(env, base map[string]string) map[string]string {
	if len(base) == 0 {
		return env
	}
	out := make(map[string]string, len(env)+len(base))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range env {
		out[k] = v
	}
	return out
}

// writePara writes one wrapped paragraph indented by two spaces.
func writePara(w io.Writer, width int, text string) error {
	if width <= 0 {
		width = graphs.DefaultWidth
	}
	p := &textwrap.Printer{W: w, Width: width}
	p.Para("  ", "    ", text)
	return p.Err()
}
