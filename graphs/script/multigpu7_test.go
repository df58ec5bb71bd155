package script

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestMultiGPU7: real multi-GPU scripts (testdata/multigpu7: torchrun DDP and tensor
// parallel, a thread per device, FSDP helpers; manifest.tsv gives each one's URL),
// read as a new user runs -script on them. The summary golden holds each site's line,
// kind, conditional guard and workload, and the exit on 2.11; README.md says what a
// careful reader expects of each and what changed. gpt-fast's generate.py never
// finished before (devicetype.go deviceKindsSeen). go test -update rewrites
// testdata/multigpu7/summary.txt.
func TestMultiGPU7(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/multigpu7/scripts/*.py")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var b strings.Builder
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		s, err := readBytes(filepath.Base(f), src)
		require.NoError(t, err)
		p, err := s.PlanWith(PlanOptions{CLI: graphs.Scenario{Torch: "2.11"}})
		require.NoError(t, err)
		fmt.Fprintf(&b, "%s: %d sites, %d thread or process starts, exit %s\n", filepath.Base(f), len(s.Sites), len(s.Threads), p.Exit())
		for _, st := range s.Sites {
			w, err := json.Marshal(st.Workload)
			require.NoError(t, err)
			fmt.Fprintf(&b, "  %d %s %s threads=%q guard=%q workload=%s\n", st.Line, st.Kind, cut(st.Call, 60), st.Threads, cut(st.Guard, 60), w)
		}
	}
	compareGolden(t, filepath.Join("testdata", "multigpu7", "summary.txt"), []byte(b.String()))
}
