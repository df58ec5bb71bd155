//go:build compilemode_nosources

package skips_test

// sourcesKept says the rows hold their Source: not under compilemode_nosources
// (src_nosources.go).
const sourcesKept = false
