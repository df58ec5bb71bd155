package graphs_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/graphs"
)

// TestScenarioOptionsObjectLimit: an options object under MaxScenarioBytes whose Python
// dict is past literal.MaxBytes is refused at the object's offset in the file (sweep
// finding 9: "bad literal at offset 1048576" pointed into a dict the user never wrote).
func TestScenarioOptionsObjectLimit(t *testing.T) {
	t.Parallel()
	file := "{\n  \"options\": {\"x\": [" + strings.Repeat("1,", 1<<19-20) + "1]}}"
	require.Less(t, len(file), graphs.MaxScenarioBytes)
	_, err := graphs.LoadScenario("big.json", strings.NewReader(file))
	require.Error(t, err)
	var pe *inputerr.PositionError
	require.True(t, errors.As(err, &pe), "%v", err)
	require.Equal(t, strings.Index(file, "{\"x\""), pe.Offset)
	require.Equal(t, 2, pe.Line)
	var le *inputerr.LimitError
	require.True(t, errors.As(err, &le), "%v", err)
	require.Equal(t, "literal.MaxBytes", le.Limit)
	require.Contains(t, err.Error(), "as the Python dict torch.compile gets")

	small := `{"options": {"x": [1, 2]}}`
	sc, err := graphs.LoadScenario("small.json", strings.NewReader(small))
	require.NoError(t, err)
	require.Equal(t, "{'x': [1, 2]}", sc.Options)
}
