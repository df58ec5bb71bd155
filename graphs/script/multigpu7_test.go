package script

import (
	"fmt"
	"testing"
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
	setSummary(t, "multigpu7", "*.py", 0, ReadOptions{}, func(st Site, w []byte) string {
		return fmt.Sprintf("%d %s %s threads=%q guard=%q workload=%s", st.Line, st.Kind, cut(st.Call, 60), st.Threads, cut(st.Guard, 60), w)
	})
}
