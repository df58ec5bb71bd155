package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTorchImportEnv: TORCH_LOGS is read by `import torch` (measured in the CPU
// chroots, env.go): set after it, it has no effect in the process; before it, or in a
// file that does not import torch, nothing is said (unseen3 v15, v17).
func TestTorchImportEnv(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		after     bool
	}{
		{"after-import", "import os\nimport torch\nos.environ[\"TORCH_LOGS\"] = \"+dynamo\"\n", true},
		{"before-import", "import os\nos.environ[\"TORCH_LOGS\"] = \"+dynamo\"\nimport torch\n", false},
		{"setdefault-after", "import os, torch\nos.environ.setdefault(\"TORCH_LOGS\", \"recompiles\")\n", true},
		{"no-torch", "import os\nos.environ[\"TORCH_LOGS\"] = \"+dynamo\"\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("e.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Env, 1)
			require.Equal(t, ReadAtTorchImport, s.Env[0].ReadAt)
			require.Equal(t, tc.after, s.Env[0].AfterImport)
			warned := false
			for _, w := range s.Warnings {
				warned = warned || w.Code == WarningEnvAfterImport
			}
			require.Equal(t, tc.after, warned)
		})
	}
}
