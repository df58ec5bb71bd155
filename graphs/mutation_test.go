package graphs_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sync"
	"testing"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/internal/catalog"
	"github.com/compilemode/compilemode/modes"
	"github.com/google/go-cmp/cmp"
)

// mutate changes every exported field reachable from v through pointers, slices,
// maps, arrays and interfaces: strings get a suffix, numbers grow, bools flip, map
// entries change. Unexported fields cannot be changed through the API and are left
// alone. seen stops at pointers already visited (Result.Threaded may be the result).
func mutate(v reflect.Value, seen map[uintptr]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return
		}
		seen[v.Pointer()] = true
		mutate(v.Elem(), seen)
	case reflect.Interface:
		if !v.IsNil() && v.Elem().Kind() == reflect.Pointer {
			mutate(v.Elem(), seen)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				mutate(v.Field(i), seen)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			mutate(v.Index(i), seen)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			mutate(e, seen)
			if v.CanSet() || v.Len() > 0 {
				v.SetMapIndex(k, e)
			}
		}
	default:
		mutateScalar(v)
	}
}

func mutateScalar(v reflect.Value) {
	if !v.CanSet() {
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(v.String() + "~mutated")
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(v.Float() + 1)
	}
}

// answer is everything a Check call says, as text and JSON.
func answer(t *testing.T, sc *graphs.Scenario) string {
	t.Helper()
	rep, err := graphs.Check(sc)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := rep.WriteText(&b, graphs.TextOptions{}); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	return b.String() + string(data)
}

// TestNoSharedMutableState: mutating every exported field of every result the API
// hands out — a Report with its Result and Plan, the resolver's Table, Schema and
// Facts, the planner's and the modes' tables, the caller's Scenario after the call —
// changes nothing in the next call's answer (issue 23 item 4). Run under -race, the
// mutations run beside concurrent Checks.
func TestNoSharedMutableState(t *testing.T) {
	t.Parallel()
	scenarios := []*graphs.Scenario{
		{Torch: "2.11", Mode: graphs.Ptr("reduce-overhead"), Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice}},
		{Torch: "2.14", Mode: graphs.Ptr("max-autotune"), Set: []string{"triton.cudagraph_trees=False"}, Dynamic: graphs.Ptr(false),
			Env: map[string]string{"TORCHINDUCTOR_CUDAGRAPHS": "true"}, Workload: graphs.Workload{Threads: graphs.Callers, MovingStaticInputs: true}},
		{Torch: "2.12", Options: "{'triton.cudagraphs': True}", Set: []string{"max_autotune=True"}, Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice}},
		{Torch: "2.11", Mode: graphs.Ptr("nope")},
	}
	want := make([]string, len(scenarios))
	for i, sc := range scenarios {
		want[i] = answer(t, sc)
	}
	handouts := func() []any {
		var out []any
		for _, v := range []modes.Version{{Major: 2, Minor: 11}, {Major: 2, Minor: 12}, {Major: 2, Minor: 14}} {
			r, err := config.NewResolver(v)
			if err != nil {
				t.Fatal(err)
			}
			f := r.Facts()
			s := r.Schema()
			keys := s.Keys()
			out = append(out, r.Table(), s, &f, &keys)
			tbl, _ := modes.For(v)
			out = append(out, tbl)
		}
		rows, hz, ae := graphs.Rules(), graphs.Hazards(), catalog.AllocatorEnv()
		mr, rr, sr, fr, sup := modes.ModeRows(), modes.ReleaseRows(), modes.SiteRows(), config.FactRows(), modes.Supported()
		return append(out, &rows, &hz, &ae, &mr, &rr, &sr, &fr, &sup)
	}
	var wg sync.WaitGroup
	for _, sc := range scenarios {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rep, err := graphs.Check(sc)
			if err != nil {
				t.Error(err)
				return
			}
			mutate(reflect.ValueOf(rep), map[uintptr]bool{})
		}()
	}
	for _, h := range handouts() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mutate(reflect.ValueOf(h), map[uintptr]bool{})
		}()
	}
	wg.Wait()
	for i, sc := range scenarios {
		if diff := cmp.Diff(want[i], answer(t, sc)); diff != "" {
			t.Errorf("scenario %d: the answer changed after mutating earlier results (-want +got):\n%s", i, diff)
		}
	}
	// The report does not alias the caller's scenario.
	sc := &graphs.Scenario{Torch: "2.11", Mode: graphs.Ptr("reduce-overhead"), Dynamic: graphs.Ptr(true), Set: []string{"max_autotune=True"}}
	rep, err := graphs.Check(sc)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := json.Marshal(rep)
	mutate(reflect.ValueOf(sc), map[uintptr]bool{})
	if after, _ := json.Marshal(rep); !bytes.Equal(before, after) {
		t.Errorf("mutating the Scenario after Check changed the report:\n%s", cmp.Diff(string(before), string(after)))
	}
	if rep.Result.RequestedMode == sc.Mode || rep.Mode == sc.Mode || rep.Result.Dynamic == sc.Dynamic {
		t.Error("the report points into the caller's Scenario")
	}
}
