package graphs

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDynamoKeysFile: the embedded Dynamo key lists are the measured dumps, sorted.
func TestDynamoKeysFile(t *testing.T) {
	t.Parallel()
	rels := measuredDynamoKeys()
	if len(rels) < 2 {
		t.Fatalf("dynamo_keys.json holds %d releases", len(rels))
	}
	for _, r := range rels {
		data, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(r.Dump)))
		if err != nil {
			t.Fatal(err)
		}
		var dump struct {
			Torch string   `json:"torch"`
			Keys  []string `json:"keys"`
		}
		if err := json.Unmarshal(data, &dump); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(dump.Torch, r.Torch+"+") {
			t.Errorf("%s: dump is torch %s", r.Torch, dump.Torch)
		}
		if diff := cmp.Diff(dump.Keys, r.Keys); diff != "" {
			t.Errorf("%s keys differ from %s (-dump +embedded):\n%s", r.Torch, r.Dump, diff)
		}
		if !slices.IsSorted(r.Keys) {
			t.Errorf("%s keys are not sorted", r.Torch)
		}
	}
}

// TestDynamoKeyMessages: a real Dynamo key the planner does not model is named as a
// Dynamo setting, not as an unknown key (usersweep: cache_size_limit got the message of
// a made-up key); a made-up key gets PyTorch's AttributeError text.
func TestDynamoKeyMessages(t *testing.T) {
	t.Parallel()
	tests := []struct{ key, want, notWant string }{
		{"cache_size_limit", "is a Dynamo setting (torch 2.6.0 and 2.14.1 have it, measured), not Inductor config", "does not exist"},
		{"recompile_limit", "is a Dynamo setting (torch 2.14.1 has it, measured)", "does not exist"},
		{"made_up_key", "is not a Dynamo key: PyTorch raises AttributeError(\"torch._dynamo.config.made_up_key does not exist\")", "Dynamo setting"},
	}
	for _, tt := range tests {
		_, err := Check(&Scenario{Torch: "2.11", Set: []string{"torch._dynamo.config." + tt.key + "=1"}})
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), tt.notWant) {
			t.Errorf("%s: Check error %v, want %q", tt.key, err, tt.want)
		}
	}
}
