package config

import "strings"

// Environ is how the environment comes in: a function returning "NAME=VALUE" strings,
// like os.Environ. A nil Environ is an empty environment. Tests pass their own;
// nothing in this package reads the process environment.
type Environ func() []string

// envMap turns an Environ into a map; for a repeated name the last value wins, as in
// os.environ built from envp.
func envMap(env Environ) map[string]string {
	m := map[string]string{}
	if env == nil {
		return m
	}
	for _, kv := range env() {
		name, val, ok := strings.Cut(kv, "=")
		if !ok || name == "" {
			continue
		}
		m[name] = val
	}
	return m
}
