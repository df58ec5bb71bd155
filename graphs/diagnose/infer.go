package diagnose

import (
	"bytes"
	"math/bits"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/compilemode/compilemode/graphs"
)

// Inference is one row of the table that turns a finding into fields of the recovered
// call's workload, so that the plan shown beside the findings describes the run the
// log shows (a thread crash is planned with user threads, not the main thread). Like
// [Signature], rows are data: a new inference is a new row.
type Inference struct {
	_    [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	Code Code
	// Quote, when set, is a regular expression the finding's quote must match for the
	// row to apply; its first group, if any, is the value of the field Capture names.
	Quote   string
	Capture string // the JSON name of a string or int field of graphs.Workload
	// Plus is added to a captured int: the dynamic-shape warning prints the count of
	// sizes the graph with symbolic inputs recorded, and under dynamic=None the run
	// had one size more (the first, compiled static).
	Plus int
	// MinDevices, when set, is how many devices the log must show (distinct "[rankN]:"
	// prefixes or CUDA device indices) for the row to apply.
	MinDevices int
	// LogDevices sets devices to the number the log shows when that is more than
	// Set.Devices.
	LogDevices bool
	// Set holds the fields the row sets; its zero fields are left alone.
	Set graphs.Workload
}

// Inferences returns the table, a fresh copy on each call. Within a code, the first
// row that applies gives the edit. A field the recovered call already has (such as
// the allocator its environment names), or that an earlier finding set, is kept; an
// edit that would make the workload invalid (graphs.Workload.Normalize) is dropped.
func Inferences() []Inference {
	return []Inference{
		{Code: TreesUserThreadTLS, MinDevices: 2, LogDevices: true, Set: graphs.Workload{Threads: graphs.PerDevice}},
		{Code: TreesUserThreadTLS, Set: graphs.Workload{Threads: graphs.PerThread}},
		{Code: TreesConcurrentCallers, Set: graphs.Workload{Threads: graphs.Callers}},
		{Code: LegacyStaticInputMoved, Set: graphs.Workload{MovingStaticInputs: true}},
		{Code: LegacyMutatedInput, Set: graphs.Workload{MutatedInputs: graphs.InputMutation}},
		{Code: OverwrittenOutput, Set: graphs.Workload{OutputsKept: true}},
		{Code: AllocatorIncompatible, Quote: `allocator is uncached`, Set: graphs.Workload{Allocator: "uncached"}},
		// Another allocator's refusal ("pluggable does not yet support …"): no allocator
		// the workload can name (native, cudaMallocAsync, uncached), so nothing is set.
		{Code: AllocatorIncompatible, Quote: `cudaMallocAsync`, Set: graphs.Workload{Allocator: "cudaMallocAsync"}},
		{Code: AllocatorIncompatible, Quote: `\w does not yet support checkPoolLiveAllocations`},
		{Code: AllocatorIncompatible, Set: graphs.Workload{Allocator: "cudaMallocAsync"}},
		{Code: DynamicShapeRerecord, Quote: `We have observed (\d+) distinct sizes`, Capture: "distinct_sizes", Plus: 1,
			Set: graphs.Workload{DynamicShapes: true}},
		{Code: DynamicShapeRerecord, Set: graphs.Workload{DynamicShapes: true}},
		{Code: SkipCPUDevice, Quote: `cpu device \((\w+)\)`, Capture: "cpu_input_name", Set: graphs.Workload{CPUInputs: true}},
		{Code: SkipCPUDevice, Set: graphs.Workload{CPUInputs: true}},
		{Code: SkipMutatedInputs, Set: graphs.Workload{MutatedInputs: graphs.InputMutation}},
		{Code: SkipMultipleDevices, LogDevices: true, Set: graphs.Workload{SpanDevices: true, Devices: 2}},
		// Only when the log names the op: the list form up to 2.5 does not.
		{Code: SkipIncompatibleOp, Quote: `incompatible op ([\w.]+)`, Capture: "incompatible_op"},
		{Code: SkipDynamicGraphs, Set: graphs.Workload{DynamicShapes: true}},
		{Code: SkipNonTensorInputs, Set: graphs.Workload{NonTensorInputs: true}},
	}
}

// compiledInference is an Inference with its regular expression compiled.
type compiledInference struct {
	Inference
	quote *regexp.Regexp
}

// inferenceTable is Inferences compiled on first use (not at initialisation: most runs
// of the library never read a log); the rows are constant.
var (
	inferenceTableOnce  sync.Once
	inferenceTableValue []compiledInference
)

func inferenceTable() []compiledInference {
	inferenceTableOnce.Do(func() { inferenceTableValue = newInferenceTable() })
	return inferenceTableValue
}

// newInferenceTable builds [inferenceTable]'s value.
func newInferenceTable() []compiledInference {
	rows := Inferences()
	out := make([]compiledInference, len(rows))
	for i, r := range rows {
		out[i] = compiledInference{Inference: r}
		if r.Quote != "" {
			out[i].quote = regexp.MustCompile(r.Quote)
		}
	}
	return out
}

// edit returns the workload the first applicable row of f's code sets, or false.
func edit(f Finding, devices int) (graphs.Workload, bool) {
	for _, r := range inferenceTable() {
		if r.Code != f.Code || devices < r.MinDevices {
			continue
		}
		var m []string
		if r.quote != nil {
			if m = r.quote.FindStringSubmatch(f.Quote); m == nil {
				continue
			}
		}
		w := r.Set
		if r.LogDevices && devices > w.Devices {
			w.Devices = devices
		}
		if r.Capture != "" && len(m) > 1 && !setField(&w, r.Capture, m[1], r.Plus) {
			continue
		}
		return w, true
	}
	return graphs.Workload{}, false
}

// infer applies the findings' edits to sc's workload, in line order, and returns which
// finding set each field (nil when none did).
func infer(sc *graphs.Scenario, findings []Finding, devices int) map[string]Code {
	if sc == nil {
		return nil
	}
	var from map[string]Code
	for _, f := range findings {
		e, ok := edit(f, devices)
		if !ok {
			continue
		}
		w := sc.Workload
		fields := merge(&w, e)
		if len(fields) == 0 {
			continue
		}
		if _, err := w.Normalize(); err != nil {
			continue
		}
		sc.Workload = w
		if from == nil {
			from = map[string]Code{}
		}
		for _, name := range fields {
			from[name] = f.Code
		}
	}
	return from
}

// merge copies e's non-zero fields into w where w's are zero, and returns their JSON
// names.
func merge(w *graphs.Workload, e graphs.Workload) []string {
	dst, src := reflect.ValueOf(w).Elem(), reflect.ValueOf(e)
	var names []string
	for i := 0; i < src.NumField(); i++ {
		if src.Field(i).IsZero() || !dst.Field(i).IsZero() {
			continue
		}
		dst.Field(i).Set(src.Field(i))
		names = append(names, jsonName(src.Type().Field(i)))
	}
	return names
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// setField sets the string or int field of w whose JSON name is name to value (an int
// value plus plus); it reports whether it could (an int must be positive and leave w
// valid).
func setField(w *graphs.Workload, name, value string, plus int) bool {
	v := reflect.ValueOf(w).Elem()
	for i := 0; i < v.NumField(); i++ {
		if jsonName(v.Type().Field(i)) != name {
			continue
		}
		switch fv := v.Field(i); fv.Kind() {
		case reflect.String:
			fv.SetString(value)
			return true
		case reflect.Int:
			n, err := strconv.Atoi(value)
			if err != nil || n <= 0 {
				return false
			}
			fv.SetInt(int64(n + plus))
			// The field's own limit (Normalize) decides, not one cap for every int
			// field: past it the row does not apply, and edit tries the next one.
			_, err = w.Normalize()
			return err == nil
		}
	}
	return false
}

// reDevice matches what names a device or rank: torchrun's "[rank3]:" prefix, "cuda:1",
// "device(type='cuda', index=1)".
// deviceCounter counts the distinct ranks and CUDA device indices a log shows, up to
// 64 of each: "[rankN]:" prefixes, "cuda:N" and "device(type='cuda', index=N)".
type deviceCounter struct{ ranks, devices uint64 }

// devicePrefixes are the texts before a rank or device number, with the text that must
// follow the number ("" for none) and the set the number goes to (0 ranks, 1 devices).
var devicePrefixes = []struct {
	before, after string
	set           int
}{
	{"[rank", "]:", 0},
	{"cuda:", "", 1},
	{"device(type='cuda', index=", ")", 1},
}

func (c *deviceCounter) window(raw []byte) {
	for _, p := range devicePrefixes {
		rest := raw
		for n := 0; n < 16; n++ {
			at := bytes.Index(rest, []byte(p.before))
			if at < 0 {
				break
			}
			rest = rest[at+len(p.before):]
			d := 0
			for d < len(rest) && d < 3 && rest[d] >= '0' && rest[d] <= '9' {
				d++
			}
			if d == 0 || !bytes.HasPrefix(rest[d:], []byte(p.after)) {
				continue
			}
			v, err := strconv.Atoi(string(rest[:d]))
			switch {
			case err != nil || v >= 64:
			case p.set == 0:
				c.ranks |= 1 << v
			default:
				c.devices |= 1 << v
			}
		}
	}
}

// count returns the number of devices the log shows (ranks or indices, the larger).
func (c *deviceCounter) count() int {
	return max(bits.OnesCount64(c.ranks), bits.OnesCount64(c.devices))
}
