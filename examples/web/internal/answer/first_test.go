package answer

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/config/strictjson"
	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/modes"
)

func TestFirstCheckTiming(t *testing.T) {
	data, _ := os.ReadFile("../../../../config/schema/torch-2.14.json")
	t0 := time.Now()
	strictjson.Check(data)
	t.Logf("strictjson: %v", time.Since(t0))
	t0 = time.Now()
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	dec.Decode(&v)
	t.Logf("decode any: %v", time.Since(t0))
	t0 = time.Now()
	schema.Builtin(modes.Version{Major: 2, Minor: 14})
	t.Logf("builtin 2.14: %v", time.Since(t0))
	t0 = time.Now()
	schema.Builtin(modes.Version{Major: 2, Minor: 14})
	t.Logf("builtin 2.14 again: %v", time.Since(t0))
	c := Call{Args: []string{"-torch", "2.11", "-mode", "reduce-overhead"}, Workload: graphs.Workload{Devices: 2, Threads: graphs.PerDevice}}
	for i := 0; i < 3; i++ {
		t0 := time.Now()
		Check(c, Options{})
		t.Logf("check %d: %v", i, time.Since(t0))
	}
	c.Args[1] = "2.14"
	t0 = time.Now()
	Check(c, Options{})
	t.Logf("check 2.14: %v", time.Since(t0))
}
