package script

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

var zeroScenario graphs.Scenario

// readBytes reads src named name.
func readBytes(name string, src []byte) (*Script, error) {
	return ReadNamed(name, bytes.NewReader(src))
}

// testModes are the modes the value-flow tests plan when a mode is not known.
var testModes = []string{"default", "reduce-overhead", "max-autotune"}

// oneSite reads src, which must hold one compile site, and returns it with the modes
// it plans (of testModes).
func oneSite(t *testing.T, src string) (Site, []*string) {
	t.Helper()
	s, err := readBytes("t.py", []byte(src))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	return s.Sites[0], s.Sites[0].Modes(testModes)
}
