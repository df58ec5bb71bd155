package script

import (
	"bytes"

	"github.com/compilemode/compilemode/graphs"
)

var zeroScenario graphs.Scenario

// readBytes reads src named name.
func readBytes(name string, src []byte) (*Script, error) {
	return ReadNamed(name, bytes.NewReader(src))
}
