package script

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestWorkloadFlagsFields: every flag names a JSON field of graphs.Workload; a flag
// with Bool sets exactly the boolean field of its name, and every boolean field the
// command sets has its Bool (replaceGiven and givenBoolParts read it).
func TestWorkloadFlagsFields(t *testing.T) {
	t.Parallel()
	kinds := map[string]reflect.Kind{}
	wt := reflect.TypeOf(graphs.Workload{})
	for i := 0; i < wt.NumField(); i++ {
		kinds[strings.Split(wt.Field(i).Tag.Get("json"), ",")[0]] = wt.Field(i).Type.Kind()
	}
	for _, f := range WorkloadFlags() {
		kind, ok := kinds[f.Field]
		require.Truef(t, ok, "-%s: %q is no field of graphs.Workload", f.Flag, f.Field)
		if (kind == reflect.Bool) != (f.Bool != nil) {
			t.Errorf("-%s (%s): field kind %v, Bool set %v", f.Flag, f.Field, kind, f.Bool != nil)
			continue
		}
		if f.Bool == nil {
			continue
		}
		var w graphs.Workload
		*f.Bool(&w) = true
		data, err := json.Marshal(w)
		require.NoError(t, err)
		if want := `{"` + f.Field + `":true}`; string(data) != want {
			t.Errorf("-%s: Bool sets %s, want %s", f.Flag, data, want)
		}
	}
}
