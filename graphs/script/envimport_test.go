package script

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEnvImportMeasured: for each statement measured in the 2.6.0 and 2.14.1 chroots
// (testdata/envimport/probe.sh), a TORCHINDUCTOR_* variable set after it counts
// exactly when PyTorch read it: after a statement that loads torch._inductor.config
// (import torch._dynamo, torch._dynamo.config.X = …, from torch._inductor import
// config, torch.compile(…), torch.compiler.reset(), …) the variable is set too late
// (sweep finding 4); after import torch, torch.compiler or torch.nn it counts.
func TestEnvImportMeasured(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/envimport/probe-*.tsv")
	require.NoError(t, err)
	require.Len(t, files, 2)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if strings.HasPrefix(line, "#") {
				continue
			}
			cols := strings.Split(line, "\t")
			require.Len(t, cols, 3, line)
			form := cols[0][1 : len(cols[0])-1] // a repr without escapes
			loaded := cols[1] == "True"
			require.Equal(t, loaded, cols[2] == "False", "the probe's two columns agree: %s", line)
			t.Run(filepath.Base(f)+"/"+form, func(t *testing.T) {
				src := "import os\n" + form + "\nos.environ[\"TORCHINDUCTOR_CUDAGRAPHS\"] = \"1\"\nimport torch\nm = torch.compile(model)\n"
				s, err := readBytes("e.py", []byte(src))
				require.NoError(t, err)
				require.Len(t, s.Env, 1)
				require.Equal(t, loaded, s.Env[0].AfterImport, "%s", src)
				sc, ok := s.Scenario(len(s.Sites)-1, zeroScenario)
				require.True(t, ok)
				_, set := sc.Env["TORCHINDUCTOR_CUDAGRAPHS"]
				require.Equal(t, !loaded, set)
			})
		}
	}
}
