package pyver_test

import (
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/pyver"
)

// A *pyver.Python is the Lang the literal package reads and evaluates text with.
var _ literal.Lang = (*pyver.Python)(nil)
