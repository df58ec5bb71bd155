package graphs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/config/strictjson"
)

// The JSON form of a Scenario (the -scenario FILE format) is strict: field names are
// exact (encoding/json would also take "MODE" or "WorkLoad", and of "Mode" and "mode"
// keep the last), every value has its field's JSON type, and an error names the field
// by its JSON path with what it wants ("workload.devices: want an integer 0..4096, got
// 2e0"), at its line and column.

// scenarioJSON is the shape json.Marshal writes for a Scenario.
type scenarioJSON struct {
	Torch     string            `json:"torch,omitempty"`
	Python    string            `json:"python,omitempty"`
	Mode      *string           `json:"mode,omitempty"`
	Options   string            `json:"options,omitempty"`
	Set       []string          `json:"set,omitempty"`
	Env       map[string]string `json:"env,omitempty"`
	Backend   *string           `json:"backend,omitempty"`
	Callable  string            `json:"backend_callable,omitempty"`
	Dynamic   *bool             `json:"dynamic,omitempty"`
	Fullgraph *bool             `json:"fullgraph,omitempty"`
	Disable   string            `json:"disable,omitempty"`
	Kwargs    []string          `json:"kwargs,omitempty"`
	Host      *hostJSON         `json:"host,omitempty"`
	Workload  Workload          `json:"workload"`
}

// hostJSON is the JSON form of a Scenario's Host.
type hostJSON struct {
	_        [0]func() // incomparable: no equality code (examples/web: Transfer size)
	CPUs     int       `json:"cpus,omitempty"`
	Dir      string    `json:"dir,omitempty"`
	TorchDir string    `json:"torch_dir,omitempty"`
}

// MarshalJSON writes the scenario as a scenario file holds it: options as the Python
// literal string, backend present when BackendGiven (even ""). Schema, which a file
// cannot set, is left out. Every Scenario that [Check] accepts marshals, and
// [LoadScenario] (or json.Unmarshal) reads the result back to an equal Scenario.
func (s Scenario) MarshalJSON() ([]byte, error) {
	out := scenarioJSON{Torch: s.Torch, Python: s.Python, Mode: s.Mode, Options: s.Options, Set: s.Set, Env: s.Env, Dynamic: s.Dynamic, Fullgraph: s.Fullgraph, Disable: s.Disable, Kwargs: s.Kwargs, Workload: s.Workload, Callable: s.BackendCallable}
	if s.Backend != "" || s.BackendGiven {
		b := s.Backend
		out.Backend = &b
	}
	if s.Host != (schema.Host{}) {
		out.Host = &hostJSON{CPUs: s.Host.CPUs, Dir: s.Host.Dir, TorchDir: s.Host.TorchDir}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads a scenario file's object strictly (the package doc, "Scenario
// files"): exact field names, no repeated key, each value of its field's type. Errors
// are *inputerr.PositionError naming the field. It does not validate the fields as
// [LoadScenario] does; [Check] does.
func (s *Scenario) UnmarshalJSON(data []byte) error {
	if err := strictjson.Check(data); err != nil {
		return err
	}
	var out Scenario
	if err := out.decode(data, 0, data); err != nil {
		return err
	}
	*s = out
	return nil
}

// UnmarshalJSON reads a workload object strictly, as [Scenario.UnmarshalJSON] does.
func (w *Workload) UnmarshalJSON(data []byte) error {
	if err := strictjson.Check(data); err != nil {
		return err
	}
	var out Workload
	if err := out.decode(data, 0, data, ""); err != nil {
		return err
	}
	*w = out
	return nil
}

// jsonField decodes one member of an object; raw is its value, at is raw's offset
// in the file.
type jsonField struct {
	name   string
	decode func(raw []byte, at int) error
}

// decode reads the scenario object data, which starts at offset base of file.
func (s *Scenario) decode(data []byte, base int, file []byte) error {
	fields := []jsonField{
		strField(file, "torch", &s.Torch),
		{"mode", func(raw []byte, at int) error {
			return decodeNullable(file, "mode", raw, at, &s.Mode, "a string or null")
		}},
		{"options", func(raw []byte, at int) error { return s.decodeOptions(file, raw, at) }},
		{"set", func(raw []byte, at int) error {
			return decodeTyped(file, "set", raw, at, &s.Set, "an array of strings")
		}},
		{"env", func(raw []byte, at int) error {
			return decodeTyped(file, "env", raw, at, &s.Env, "an object of strings")
		}},
		{"backend", func(raw []byte, at int) error {
			s.BackendGiven = true // "backend": "" is backend="", not the default
			return decodeTyped(file, "backend", raw, at, &s.Backend, "a string")
		}},
		strField(file, "backend_callable", &s.BackendCallable),
		{"dynamic", func(raw []byte, at int) error {
			return decodeNullable(file, "dynamic", raw, at, &s.Dynamic, "true, false or null")
		}},
		{"fullgraph", func(raw []byte, at int) error {
			return decodeNullable(file, "fullgraph", raw, at, &s.Fullgraph, "true, false or null")
		}},
		strField(file, "disable", &s.Disable),
		{"kwargs", func(raw []byte, at int) error {
			return decodeTyped(file, "kwargs", raw, at, &s.Kwargs, "an array of strings")
		}},
		{"host", func(raw []byte, at int) error {
			h := &s.Host
			return walkObject(raw, at, file, "host.", []jsonField{
				intFieldNamed(file, "host.", "cpus", &h.CPUs, 0, maxHostCPUs), strFieldNamed(file, "host.", "dir", &h.Dir), strFieldNamed(file, "host.", "torch_dir", &h.TorchDir),
			})
		}},
		strField(file, "python", &s.Python),
		{"workload", func(raw []byte, at int) error { return s.Workload.decode(raw, at, file, "workload.") }},
	}
	return walkObject(data, base, file, "", fields)
}

// decodeOptions takes options as a string holding a Python dict literal, or as a JSON
// object, which it turns into the same dict's Python literal.
func (s *Scenario) decodeOptions(file, raw []byte, at int) error {
	if len(raw) > 0 && raw[0] == '"' {
		return decodeTyped(file, "options", raw, at, &s.Options, "a string or an object")
	}
	if len(raw) == 0 || raw[0] != '{' {
		return fieldErr(file, at, "options", "want a string holding a Python dict or a JSON object, got "+gotText(raw))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := jsonLiteral(dec)
	if err != nil {
		return fieldErr(file, at, "options", err.Error())
	}
	s.Options = v.String()
	if len(s.Options) > literal.MaxBytes {
		// The limit is the Python dict's (Check parses it), but the position is the
		// file's: the dict's own text is one the user never wrote. A list of small ints
		// grows by half (", " for ","), so an object under MaxScenarioBytes can pass it.
		e := inputerr.At(file, at, fmt.Sprintf("options: this object (%d bytes here) is %d bytes "+
			"as the Python dict torch.compile gets, more than the limit of %d for a literal: "+
			"give fewer or shorter items", len(raw), len(s.Options), literal.MaxBytes))
		e.Err = &inputerr.LimitError{Limit: "literal.MaxBytes", Max: literal.MaxBytes,
			Got: int64(len(s.Options)), What: "the length in bytes of the Python dict the options object becomes"}
		s.Options = ""
		return e
	}
	return nil
}

// jsonLiteral reads one JSON value from dec as the Python value json.loads makes of it.
func jsonLiteral(dec *json.Decoder) (literal.Value, error) {
	tok, err := dec.Token()
	if err != nil {
		return literal.Value{}, err
	}
	switch t := tok.(type) {
	case json.Delim:
		return jsonContainer(dec, t)
	case string:
		return literal.Str(t), nil
	case bool:
		return literal.Bool(t), nil
	case json.Number:
		return jsonNumber(t)
	case nil:
		return literal.None(), nil
	}
	return literal.Value{}, fmt.Errorf("unexpected %v", tok)
}

// jsonContainer reads the rest of an array or object opened by d.
func jsonContainer(dec *json.Decoder, d json.Delim) (literal.Value, error) {
	var items []literal.Value
	var dict []literal.DictItem
	for dec.More() {
		if d == '{' {
			k, err := dec.Token()
			if err != nil {
				return literal.Value{}, err
			}
			v, err := jsonLiteral(dec)
			if err != nil {
				return literal.Value{}, err
			}
			dict = append(doubled(dict), literal.DictItem{Key: literal.Str(k.(string)), Val: v})
			continue
		}
		v, err := jsonLiteral(dec)
		if err != nil {
			return literal.Value{}, err
		}
		items = append(doubled(items), v)
	}
	if _, err := dec.Token(); err != nil {
		return literal.Value{}, err
	}
	if d == '{' {
		return literal.Dict(dict...), nil
	}
	return literal.List(items...), nil
}

// doubled is s with room for one more item, its capacity doubled when it is full:
// append grows a large slice by a quarter at a time, which allocated about five times
// the final size over a 1 MB array of half a million ints (sweep finding 9).
func doubled[T any](s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	return append(make([]T, 0, max(2*cap(s), 8)), s...)
}

// jsonNumber is a JSON number as json.loads reads it: an int when it has no fraction
// or exponent, a float otherwise (finite only: Python's json reads 1e400 as inf, whose
// repr is no Python literal, so Scenario.Options could not hold it; float keys such as
// cpu_gpu_bw take inf from a Python dict string: sweep10 finding 1).
func jsonNumber(n json.Number) (literal.Value, error) {
	s := n.String()
	if !strings.ContainsAny(s, ".eE") {
		if v, ok := literal.IntDigits(s); ok {
			return v, nil
		}
		return literal.Value{}, fmt.Errorf("number %s: more digits than literal.MaxIntDigits", inputerr.Cut(s, 20))
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) {
		return literal.Value{}, fmt.Errorf("number %s is out of a float's range", inputerr.Cut(s, 20))
	}
	return literal.Float(f), nil
}

// decode reads the workload object data, at offset base of file; prefix is its path
// ("workload.").
func (w *Workload) decode(data []byte, base int, file []byte, prefix string) error {
	fields := []jsonField{
		intField(file, prefix+"devices", &w.Devices, 0, MaxDevices),
		boolField(file, prefix+"span_devices", &w.SpanDevices),
		strField(file, prefix+"threads", (*string)(&w.Threads)),
		intField(file, prefix+"callers", &w.Callers, 0, MaxDevices),
		boolField(file, prefix+"cold_start", &w.ColdStart),
		boolField(file, prefix+"cpu_inputs", &w.CPUInputs),
		strField(file, prefix+"cpu_input_name", &w.CPUInputName),
		strField(file, prefix+"mutated_inputs", (*string)(&w.MutatedInputs)),
		boolField(file, prefix+"dynamic_shapes", &w.DynamicShapes),
		intField(file, prefix+"distinct_sizes", &w.DistinctSizes, 0, MaxDistinctSizes),
		boolField(file, prefix+"marked_dynamic", &w.MarkedDynamic),
		boolField(file, prefix+"moving_static_inputs", &w.MovingStaticInputs),
		boolField(file, prefix+"non_tensor_inputs", &w.NonTensorInputs),
		strField(file, prefix+"incompatible_op", &w.IncompatibleOp),
		strField(file, prefix+"allocator", &w.Allocator),
		intField(file, prefix+"thread_pool", &w.ThreadPool, 0, MaxDevices),
		boolField(file, prefix+"autograd_backward", &w.AutogradBackward),
		boolField(file, prefix+"concurrent_recompiles", &w.ConcurrentRecompiles),
		boolField(file, prefix+"outputs_kept", &w.OutputsKept),
		boolField(file, prefix+"outputs_stale", &w.OutputsStale),
		intField(file, prefix+"graph_breaks", &w.GraphBreaks, 0, MaxDevices),
		boolField(file, prefix+"compiled_autograd", &w.CompiledAutograd),
		strField(file, prefix+"capture_error_mode", &w.CaptureErrorMode),
		strField(file, prefix+"other_thread_work", &w.OtherThreadWork),
		strField(file, prefix+"device_type", &w.DeviceType),
		strField(file, prefix+"dynamo", &w.Dynamo),
		strField(file, prefix+"stance", &w.Stance),
		boolField(file, prefix+"inherit_context", &w.InheritContext),
	}
	for i := range fields {
		fields[i].name = strings.TrimPrefix(fields[i].name, prefix)
	}
	return walkObject(data, base, file, prefix, fields)
}

// walkObject reads the object data (at offset base of file) member by member, giving
// each value to the field of its exact name. A name no field has is an error with the
// nearest name ("did you mean").
func walkObject(data []byte, base int, file []byte, prefix string, fields []jsonField) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if d, ok := tok.(json.Delim); err != nil || !ok || d != '{' {
		what := strings.TrimSuffix(prefix, ".")
		if what == "" {
			what = "scenario"
		}
		return fieldErr(file, base, what, "want an object, got "+gotText(bytes.TrimSpace(data)))
	}
	for dec.More() {
		keyAt := base + int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return inputerr.At(file, keyAt, err.Error())
		}
		name, _ := tok.(string)
		after := int(dec.InputOffset())
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return inputerr.At(file, base+after, err.Error())
		}
		at := base + valueStart(data, after)
		f, ok := fieldNamed(fields, name)
		if !ok {
			return inputerr.At(file, skipSpace(file, keyAt), unknownField(prefix, name, fields))
		}
		if err := f.decode(raw, at); err != nil {
			return err
		}
	}
	return nil
}

// valueStart is the offset of the value after a key that ends at off: past spaces
// and the colon.
func valueStart(data []byte, off int) int {
	for off < len(data) && (data[off] == ':' || data[off] == ' ' || data[off] == '\t' || data[off] == '\n' || data[off] == '\r') {
		off++
	}
	return off
}

// skipSpace is the offset of the first non-space byte from off (a separator included).
func skipSpace(data []byte, off int) int {
	for off < len(data) && (data[off] == ',' || data[off] == ' ' || data[off] == '\t' || data[off] == '\n' || data[off] == '\r') {
		off++
	}
	return off
}

func fieldNamed(fields []jsonField, name string) (jsonField, bool) {
	for _, f := range fields {
		if f.name == name {
			return f, true
		}
	}
	return jsonField{}, false
}

// unknownField words a member no field has, with the nearest field's name.
func unknownField(prefix, name string, fields []jsonField) string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	msg := fmt.Sprintf("unknown field %q", prefix+inputerr.Cut(name, 40))
	if near := nearestName(name, names); near != "" {
		return msg + fmt.Sprintf(" (did you mean %q? field names are exact)", prefix+near)
	}
	return msg + " (want one of " + strings.Join(names, ", ") + ")"
}

// nearestName returns the candidate equal to name but for case, or within two edits
// of it, or "".
func nearestName(name string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		if strings.EqualFold(c, name) {
			return c
		}
		if d := editDistance(strings.ToLower(name), c, bestD); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, or max when it is max or more
// (or when the strings are too long to be near).
func editDistance(a, b string, max int) int {
	if len(a) > 64 || len(b) > 64 || abs(len(a)-len(b)) >= max {
		return max
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], max)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// fieldErr is the error of field path's value at offset at of file.
func fieldErr(file []byte, at int, path, msg string) error {
	return inputerr.At(file, at, path+": "+msg)
}

// gotText quotes a JSON value for a message: its text, cut.
func gotText(raw []byte) string {
	if len(raw) == 0 {
		return "nothing"
	}
	return inputerr.Cut(string(raw), 40)
}

// decodeTyped decodes raw into p, which must have the JSON type want names; null is
// refused (encoding/json would leave p alone).
//
// p is a pointer (a *T of the generic version it was: one instantiation per T was
// 0.6 KB of the web page each, examples/web's Transfer size); *p is set only when
// the whole of raw decodes, as before.
func decodeTyped(file []byte, path string, raw []byte, at int, p any, want string) error {
	if string(raw) == "null" {
		return fieldErr(file, at, path, "want "+want+", got null")
	}
	dst := reflect.ValueOf(p).Elem()
	v := reflect.New(dst.Type())
	if err := json.Unmarshal(raw, v.Interface()); err != nil || hasNullItem(raw) {
		return fieldErr(file, at, path, "want "+want+", got "+gotText(raw))
	}
	dst.Set(v.Elem())
	return nil
}

// hasNullItem reports whether raw, an array or object, holds a null item, which
// json.Unmarshal reads as "" into a string (libsweep finding 5: {"env": {"X": null}}
// set X to the empty string).
func hasNullItem(raw []byte) bool {
	var g any
	_ = json.Unmarshal(raw, &g)
	switch g := g.(type) {
	case []any:
		for _, e := range g {
			if e == nil {
				return true
			}
		}
	case map[string]any:
		for _, e := range g {
			if e == nil {
				return true
			}
		}
	}
	return false
}

// decodeNullable decodes raw into *p, null leaving it nil.
func decodeNullable[T any](file []byte, path string, raw []byte, at int, p **T, want string) error {
	if string(raw) == "null" {
		*p = nil
		return nil
	}
	var v T
	if err := decodeTyped(file, path, raw, at, &v, want); err != nil {
		return err
	}
	*p = &v
	return nil
}

// strFieldNamed and intFieldNamed are the fields of a nested object: named without
// the prefix, reported with it.
func strFieldNamed(file []byte, prefix, name string, p *string) jsonField {
	f := strField(file, prefix+name, p)
	f.name = name
	return f
}

func intFieldNamed(file []byte, prefix, name string, p *int, lo, hi int) jsonField {
	f := intField(file, prefix+name, p, lo, hi)
	f.name = name
	return f
}

func strField(file []byte, path string, p *string) jsonField {
	return jsonField{path, func(raw []byte, at int) error { return decodeTyped(file, path, raw, at, p, "a string") }}
}

func boolField(file []byte, path string, p *bool) jsonField {
	return jsonField{path, func(raw []byte, at int) error { return decodeTyped(file, path, raw, at, p, "true or false") }}
}

// intField takes a JSON integer written without fraction or exponent in lo..hi.
func intField(file []byte, path string, p *int, lo, hi int) jsonField {
	return jsonField{path, func(raw []byte, at int) error {
		n, err := strconv.Atoi(string(raw))
		if err != nil || n < lo || n > hi {
			return fieldErr(file, at, path, fmt.Sprintf("want an integer %d..%d, got %s", lo, hi, gotText(raw)))
		}
		*p = n
		return nil
	}}
}
