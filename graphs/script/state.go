package script

import (
	"hash/maphash"
	"strings"
)

// state names what a prefix of KEY=VALUE assignments leaves in force, so that sites
// whose globals differ only in history share one plan: sum is a sum over the keys
// of a hash of (key, its last value), pairs the number of distinct (key, value)
// pairs assigned so far. Two prefixes of one list with the same state assign the
// same pairs (the longer one adds none) and leave the same values, so they plan
// alike: an error from a bad pair is in both.
type state struct {
	sum   [2]uint64
	pairs int
}

// prefixStates returns the state after each prefix of items (len(items)+1 states).
func prefixStates(items []string) []state {
	return prefixStatesSeeded(items, [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()})
}

// prefixStatesSeeded is prefixStates with the given seeds (states are comparable
// only when made with the same seeds).
func prefixStatesSeeded(items []string, seeds [2]maphash.Seed) []state {
	out := make([]state, len(items)+1)
	last := map[string]string{}
	seen := map[string]bool{}
	var cur state
	for i, it := range items {
		k, _, _ := strings.Cut(it, "=")
		if old, ok := last[k]; ok {
			for j := range cur.sum {
				cur.sum[j] -= maphash.String(seeds[j], old)
			}
		}
		for j := range cur.sum {
			cur.sum[j] += maphash.String(seeds[j], it)
		}
		last[k] = it
		if !seen[it] {
			seen[it] = true
			cur.pairs++
		}
		out[i+1] = cur
	}
	return out
}
