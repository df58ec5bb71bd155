//go:build !compilemode_nosources

package skips_test

// sourcesKept says the rows hold their Source (src.go).
const sourcesKept = true
