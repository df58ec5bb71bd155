package graphs

import (
	"errors"
	"testing"
)

// TestKwargsNamingOwnFields: a kwargs entry naming a torch.compile parameter the
// scenario has a field for (mode, options, backend) or model is refused, exit 2,
// not answered with a false TypeError "compile() got an unexpected keyword argument
// 'mode'" (sweep5 finding 2); other keywords (fullgraph, name, dynamic) stay kwargs.
func TestKwargsNamingOwnFields(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		kv      string
		refused bool
	}{
		{`mode="reduce-overhead"`, true}, {`options={}`, true}, {`backend="eager"`, true}, {`model=None`, true},
		{`fullgraph=True`, false}, {`name="x"`, false}, {`dynamic=1`, false},
	} {
		_, err := Check(&Scenario{Torch: "2.14", Kwargs: []string{tc.kv}})
		var se *ScenarioError
		if got := errors.As(err, &se); got != tc.refused {
			t.Errorf("kwargs %s: refused %v, want %v (%v)", tc.kv, got, tc.refused, err)
		}
	}
}
