package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestConfigUseChain (sweep finding 21): an attribute chain that uses the config marks
// where the config was loaded by its outermost link whose path loads it, whatever the
// chain's length, and a long chain is read in one pass over its links (500,000 links
// took minutes when each link built its path anew). The warning names the path found.
func TestConfigUseChain(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, use string
		want      []string // the env-after-import warnings' "by" text
	}{
		{"config attr", "torch._inductor.config.max_autotune", []string{"using torch._inductor.config.max_autotune"}},
		{"long tail", "torch._inductor.config" + strings.Repeat(".b", 2000), []string{"using torch._inductor.config" + strings.Repeat(".b", 2000)}},
		{"dynamo", "torch._dynamo.config.x", []string{"using torch._dynamo.config.x"}},
		{"reset prefix only", "torch.compiler.reset.__doc__", []string{"using torch.compiler.reset"}},
		{"alias", "T._inductor.config.max_autotune", []string{"using torch._inductor.config.max_autotune"}},
		{"not an import", "a" + strings.Repeat(".b", 5000), nil},
		{"not torch config", "torch.nn.Linear", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import os\nimport torch\nimport torch as T\nx = " + tc.use + "\nos.environ[\"TORCHINDUCTOR_MAX_AUTOTUNE\"] = \"1\"\n"
			s, err := readBytes("t.py", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range s.Warnings {
				if w.Code == WarningEnvAfterImport {
					_, by, _ := strings.Cut(w.Message, "(line 4, by ")
					by, _, _ = strings.Cut(by, ")")
					got = append(got, by)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("env-after-import by (-want +got):\n%s", diff)
			}
		})
	}
}
