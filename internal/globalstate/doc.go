// Package globalstate holds no code: its test, TestNoMutableGlobals, reads the
// module's non-test sources (go/parser) and fails where a package-level variable may
// be mutable state shared by every caller. The module's libraries hold no such state
// (the state of one run, one Read or one plan belongs to the value that run owns, so
// that two at once share nothing); a package-level variable is a table, an expression
// compiled on its first use, or a value built once from embedded data, and the test's
// allow-list says why for each one that is not a plain table.
package globalstate
