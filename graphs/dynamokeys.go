package graphs

import (
	_ "embed"
	"encoding/json"
	"slices"
)

// dynamoKeysJSON is every name torch._dynamo.config accepts in an assignment on the
// releases measured (Debian's CPU builds 2.6.0 and 2.14.1): a copy of
// testdata/torch/{2.6.0,2.14.1}-debian/dynamo_keys.json (TestDynamoKeysFile).
//
//go:embed dynamo_keys.json
var dynamoKeysJSON []byte

// dynamoKeyRelease is one measured release's torch._dynamo.config names.
type dynamoKeyRelease struct {
	Torch string   `json:"torch"` // "2.6.0"
	Dump  string   `json:"dump"`  // the measured file it copies
	Keys  []string `json:"keys"`  // sorted
}

// measuredDynamoKeys returns the releases measured, oldest first, each with the names
// its torch._dynamo.config accepts; nil when the embedded file does not parse (a
// test catches that).
func measuredDynamoKeys() []dynamoKeyRelease {
	var f struct {
		Releases []dynamoKeyRelease `json:"releases"`
	}
	if json.Unmarshal(dynamoKeysJSON, &f) != nil {
		return nil
	}
	return f.Releases
}

// dynamoKeyReleases returns the measured releases whose torch._dynamo.config has key
// (["2.6.0", "2.14.1"]), oldest first; none for a name no release has.
func dynamoKeyReleases(key string) []string {
	var out []string
	for _, r := range measuredDynamoKeys() {
		if _, ok := slices.BinarySearch(r.Keys, key); ok {
			out = append(out, r.Torch)
		}
	}
	return out
}
