package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/examples/internal/cliflags"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

// report is one run's answer: the resolution, and the plan when resolution succeeded.
type report struct {
	res      *config.Result
	resolver *config.Resolver
	plan     *graphs.Plan
}

// failed reports whether torch.compile, or the first call on some device, would raise.
func (r *report) failed() bool {
	if r.res.Err != nil {
		return true
	}
	if r.plan != nil {
		for _, d := range r.plan.Devices {
			if d.Outcome == graphs.Fail {
				return true
			}
		}
	}
	return false
}

// The JSON contract (README "JSON output"); field names are stable.
type jsonReport struct {
	Torch      string            `json:"torch"`
	Schema     string            `json:"schema"`
	Backend    string            `json:"backend"`
	Mode       *string           `json:"mode"`
	Error      *jsonError        `json:"error"`
	Config     orderedConfig     `json:"config"`
	CUDAGraphs jsonCUDAGraphs    `json:"cudagraphs"`
	Warnings   []jsonWarning     `json:"warnings"`
	Evidence   map[string]string `json:"evidence"`
}

type jsonError struct {
	Stage     string         `json:"stage"`
	Exception string         `json:"exception"`
	Message   string         `json:"message"`
	Hint      string         `json:"hint,omitempty"`
	Evidence  modes.Evidence `json:"evidence"`
}

type jsonKey struct {
	Value    config.Value   `json:"value"`
	Source   string         `json:"source"`
	Changed  bool           `json:"changed"`
	Evidence modes.Evidence `json:"evidence"`
}

// orderedConfig marshals every key in PyTorch's order.
type orderedConfig []config.Resolved

func (o orderedConfig) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		name, _ := json.Marshal(string(k.Key))
		b.Write(name)
		b.WriteByte(':')
		v, err := json.Marshal(jsonKey{Value: k.Value, Source: k.Origin.String(), Changed: k.Origin.Changed, Evidence: k.Origin.Evidence})
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

type jsonCUDAGraphs struct {
	Enabled        bool                `json:"enabled"`
	Implementation string              `json:"implementation"`
	Devices        []graphs.DevicePlan `json:"devices"`
}

type jsonWarning struct {
	Code           string         `json:"code"`
	Key            string         `json:"key,omitempty"`
	Message        string         `json:"message"`
	Recommendation string         `json:"recommendation,omitempty"`
	Evidence       modes.Evidence `json:"evidence"`
}

// warnings returns resolution's warnings and the plan's; a plan warning with the same
// code as a resolution warning is the workload-aware version of it and replaces it.
func (r *report) warnings() []config.Warning {
	if r.plan == nil {
		return append([]config.Warning(nil), r.res.Warnings...)
	}
	return graphs.MergeWarnings(r.res.Warnings, r.plan.Warnings)
}

func (r *report) json() jsonReport {
	res := r.res
	out := jsonReport{
		Torch: res.Torch.String(), Schema: res.SchemaTorch, Backend: res.Backend,
		Config:   orderedConfig(res.Keys()),
		Warnings: []jsonWarning{},
		Evidence: map[string]string{
			"modes":  string(r.resolver.Table().Evidence),
			"schema": string(r.resolver.SchemaEvidence()),
			"facts":  string(config.EvidenceFor(res.Torch)),
		},
		CUDAGraphs: jsonCUDAGraphs{Enabled: res.CUDAGraphs.Enabled, Implementation: string(res.CUDAGraphs.Implementation), Devices: []graphs.DevicePlan{}},
	}
	if out.Config == nil {
		out.Config = orderedConfig{}
	}
	out.Mode = res.RequestedMode
	if res.Err != nil {
		var pe config.PythonError
		if errors.As(res.Err, &pe) {
			je := &jsonError{Stage: res.Stage, Exception: pe.Exception(), Message: pe.Message(), Evidence: res.ErrEvidence}
			if h, ok := res.Err.(config.Hinter); ok {
				je.Hint = h.Hint()
			}
			out.Error = je
		}
		out.CUDAGraphs.Implementation = string(config.NoCUDAGraphs)
		out.CUDAGraphs.Enabled = false
	}
	if r.plan != nil {
		out.CUDAGraphs.Devices = r.plan.Devices
	}
	for _, w := range r.warnings() {
		out.Warnings = append(out.Warnings, jsonWarning{Code: w.Code, Key: string(w.Key), Message: w.Message, Recommendation: w.Recommendation, Evidence: w.Evidence})
	}
	return out
}

func writeJSON(w io.Writer, r *report) error {
	data, err := json.MarshalIndent(r.json(), "", " ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	_, err = w.Write(data)
	return err
}

// writeText prints the human-readable report. Do not depend on this output being stable.
func writeText(w io.Writer, r *report, all bool) {
	res := r.res
	mode := "None"
	if res.RequestedMode != nil {
		mode = fmt.Sprintf("%q", *res.RequestedMode)
	}
	fmt.Fprintf(w, "torch %s (schema %s, %s; modes %s) · backend %s · mode=%s\n",
		res.Torch, res.SchemaTorch, r.resolver.SchemaEvidence(), r.resolver.Table().Evidence, res.Backend, mode)
	if res.Err != nil {
		var pe config.PythonError
		if errors.As(res.Err, &pe) {
			where := map[string]string{"import": "importing torch._inductor.config raises", "global": "the global assignment raises", "compile": "torch.compile raises"}[res.Stage]
			fmt.Fprintf(w, "\n%s (%s):\n  %s: %s\n", where, res.ErrEvidence, pe.Exception(), cutMessage(pe.Message()))
			if h, ok := res.Err.(config.Hinter); ok && h.Hint() != "" {
				fmt.Fprintf(w, "  hint: %s\n", h.Hint())
			}
		}
	}
	if res.Len() > 0 {
		keys := res.Changed()
		title := "Changed keys"
		if all {
			keys, title = res.Keys(), "All keys"
		}
		if len(keys) == 0 {
			fmt.Fprintf(w, "\nChanged keys: none of %d (every key has its clean-environment default).\n", res.Len())
		} else {
			fmt.Fprintf(w, "\n%s (%d of %d):\n", title, len(keys), res.Len())
			tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "  KEY\tVALUE\tSOURCE\tEVIDENCE")
			for _, k := range keys {
				fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", k.Key, cliflags.Cut(k.Value.String(), 60), k.Origin, k.Origin.Evidence)
			}
			tw.Flush()
		}
		var host, paths []string
		for _, k := range res.Keys() {
			if k.Origin.Evidence != modes.Host {
				continue
			}
			if strings.HasSuffix(string(k.Key), "_dir") && k.Origin.Source == config.FromDefault {
				paths = append(paths, string(k.Key))
				continue
			}
			host = append(host, fmt.Sprintf("%s=%s", k.Key, cliflags.Cut(k.Value.String(), 50)))
		}
		if len(host)+len(paths) > 0 && !all {
			fmt.Fprintf(w, "  host-dependent defaults: %s computed for this machine as PyTorch does", strings.Join(host, ", "))
			if len(paths) > 0 {
				fmt.Fprintf(w, "; %s are paths inside the torch install (-all shows them)", strings.Join(paths, ", "))
			}
			fmt.Fprintln(w)
		}
	}
	if res.Err == nil {
		verdict := func(v config.Verdict) string {
			if v.Enabled {
				return fmt.Sprintf("ON (%s)", v.Implementation)
			}
			return "off"
		}
		fmt.Fprintf(w, "\nCUDA graphs: %s", verdict(res.CUDAGraphs))
		if res.CompileDisabled {
			fmt.Fprintf(w, " in the config, but TORCH_COMPILE_DISABLE=1 turns compilation off")
		}
		if r.plan != nil && r.plan.Workload.Threads != graphs.MainThread && res.Threaded != nil && res.Threaded.CUDAGraphs != res.CUDAGraphs {
			fmt.Fprintf(w, " in the main thread; %s in the worker threads, which do not see the global assignments (torch %s)", verdict(res.Threaded.CUDAGraphs), res.Torch)
		}
		fmt.Fprintln(w)
	}
	if r.plan != nil {
		tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  DEVICE\tTHREAD\tOUTCOME\tIMPLEMENTATION\tEVIDENCE\tREASON")
		for _, d := range r.plan.Devices {
			out := string(d.Outcome)
			if d.Race {
				out += " (race)"
			}
			fmt.Fprintf(tw, "  cuda:%d\t%s\t%s\t%s\t%s\t%s\n", d.Device, d.Thread, out, d.Implementation, d.Evidence, d.Reason)
		}
		tw.Flush()
		for _, d := range r.plan.Devices {
			if d.Message != "" {
				head := "logs"
				if d.Outcome == graphs.Fail {
					head = "raises " + d.Exception
				}
				fmt.Fprintf(w, "  cuda:%d %s %s:\n    %s\n", d.Device, d.Thread, head, strings.ReplaceAll(d.Message, "\n", "\n    "))
			}
		}
		fmt.Fprintf(w, "\nExplain: %s\n", graphs.Explain(res, r.plan))
	}
	if ws := r.warnings(); len(ws) > 0 {
		fmt.Fprintf(w, "\nWarnings:\n")
		cliflags.WriteWarnings(w, ws, true)
	}
}

// cutMessage shortens PyTorch's unknown-option message (all keys) for the terminal;
// -json prints it whole.
func cutMessage(m string) string {
	if len(m) > 400 {
		return m[:400] + fmt.Sprintf("… (%d bytes; -json prints it whole)", len(m))
	}
	return m
}
