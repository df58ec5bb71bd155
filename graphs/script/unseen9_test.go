package script

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/graphs"
)

// TestUnseen9Set: 19 real files held out until measured (testdata/unseen9: FastTD3,
// holosoma, xinference, LongLive, tokasaurus, ArcticInference, pocket-tts,
// Self-Forcing, RLinf, SpecForge, torchao, diffusers, cosmos-predict2, open-pi-zero,
// accelerate; manifest.tsv gives each one's URL), read and planned as
// `compilemode -script NAME.py` does in that folder (text, torch 2.11, no -env, an
// environment that sets none of the variables they read, 2 CPUs). after/NAME.txt is that output after the fixes
// (before/ is the output measured once before them); README.md says what EXPECTED.md
// asked, what was wrong before and what changed. go test -update rewrites after/.
func TestUnseen9Set(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "unseen9", "*.py"))
	require.NoError(t, err)
	require.Len(t, files, 19)
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(strings.TrimSuffix(name, ".py"), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			s, err := ReadWith(bytes.NewReader(src), ReadOptions{Name: name, Torch: "2.11"})
			require.NoError(t, err)
			// The CLI plans for the machine it runs on (cliflags.MachineHost): the one that
			// wrote before/ and after/ has 2 CPUs (compile_threads=2 in the text).
			p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Host: schema.Host{CPUs: 2}}})
			require.NoError(t, err)
			var b bytes.Buffer
			require.NoError(t, p.WriteText(&b, graphs.DefaultWidth))
			compareGolden(t, filepath.Join("testdata", "unseen9", "after", strings.TrimSuffix(name, ".py")+".txt"), b.Bytes())
		})
	}
}
