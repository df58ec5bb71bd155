package diagnose_test

import (
	"bytes"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// BenchmarkTrainingLog reads 16 MB of diagnose.TrainingLog with Read in this process (for pprof
// and -benchmem; BenchmarkShapes' training-log sets it beside grep -F).
func BenchmarkTrainingLog(b *testing.B) {
	var buf bytes.Buffer
	diagnose.TrainingLog(&buf, 16<<20)
	if _, err := diagnose.Anchors(); err != nil { // the table, outside the time
		b.Fatal(err)
	}
	b.SetBytes(int64(buf.Len()))
	for b.Loop() {
		d, err := diagnose.Read(bytes.NewReader(buf.Bytes()))
		if err != nil || len(d.Findings) != 1 {
			b.Fatalf("Read = %+v, %v", d, err)
		}
	}
}
