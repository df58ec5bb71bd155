package script

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestUnseen6Set: 23 real files held out until measured (testdata/unseen6: nanoGPT,
// modded-nanogpt, LeanRL, SAM-fast, mamba, moshi, index-tts, mini-sglang, higgs-audio,
// TurboDiffusion, musubi-tuner, diffusion-pipe, DiffSynth, Open-Sora, HunyuanVideo-1.5,
// float8_experimental, ezpz, OLMo-core, nunchaku; manifest.tsv gives each one's URL),
// read as -script reads them on 2.11. The summary golden holds, per file, its
// warnings' codes and its globals, then each site's line, kind, guard, plans with their
// exits, notes and workload; README.md says what EXPECTED.md asked, what was wrong
// before and what changed. go test -update rewrites testdata/unseen6/summary.txt.
func TestUnseen6Set(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "unseen6", "scripts", "*.py"))
	require.NoError(t, err)
	require.Len(t, files, 23)
	var b strings.Builder
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		s, err := ReadWith(bytes.NewReader(src), ReadOptions{Name: filepath.Base(f), Torch: "2.11"})
		require.NoError(t, err)
		p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: "2.11"}})
		require.NoError(t, err)
		var codes, globals []string
		for _, w := range s.Warnings {
			codes = append(codes, w.Code)
		}
		for _, g := range s.Globals {
			globals = append(globals, fmt.Sprintf("%d %s %s %s", g.Line, g.Key, cmp.Or(g.Op, "="), g.Value))
		}
		fmt.Fprintf(&b, "%s: %d sites, exit %s, warnings %q, globals %q\n", filepath.Base(f), len(s.Sites), p.Exit(), codes, globals)
		for _, st := range p.Sites {
			w, err := json.Marshal(st.Workload)
			require.NoError(t, err)
			fmt.Fprintf(&b, "  %d %s %s plans=%s guard=%q notes=%q workload=%s\n", st.Line, st.Kind, cut(st.Call, 60), plansOf(st.Plan), st.Guard, st.Notes, w)
		}
	}
	compareGolden(t, filepath.Join("testdata", "unseen6", "summary.txt"), []byte(b.String()))
}
