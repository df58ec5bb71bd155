package diagnose

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// TestBinaryThreshold holds binaryText's thresholds to the measurements their comment
// gives: random bytes hold far more than one control byte in binaryShare (about 9 %),
// and every text of testdata/corpus/texts and testdata/logs, decoded as Read decodes
// it, holds far fewer (none at the time of writing), so none is refused.
func TestBinaryThreshold(t *testing.T) {
	t.Parallel()
	random := make([]byte, 200<<10)
	_, _ = rand.NewChaCha8([32]byte{1}).Read(random)
	controls, chars := binaryControls(random[:sniffBytes])
	if share := float64(controls) / float64(chars); share < 0.08 || share > 0.11 {
		t.Errorf("random bytes: %d of %d bytes are controls (%.1f %%), want about 9.4 %%", controls, chars, 100*share)
	}
	files := 0
	most, mostName := 0.0, ""
	for _, glob := range []string{"testdata/corpus/texts/*", "testdata/logs/*"} {
		names, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			raw, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			files++
			r, err := decompressed(bytes.NewReader(raw))
			if err != nil {
				continue // refused by its magic number: not text
			}
			d, _ := decodedLen(r, -1)
			head := textHead(d)
			c, n := binaryControls(head)
			if err := binaryText(head); err != nil {
				t.Errorf("%s: %v", name, err)
			}
			if n > 0 && float64(c)/float64(n) > most {
				most, mostName = float64(c)/float64(n), name
			}
		}
	}
	if files < 2000 {
		t.Fatalf("read %d texts; the corpus holds more than 2,000", files)
	}
	if most*binaryShare*2 > 1 {
		t.Errorf("%s: %.2f %% of its bytes are controls, over half the threshold (1 in %d)", mostName, 100*most, binaryShare)
	}
	t.Logf("%d texts, the most controls %.2f %% (%s); random bytes %.1f %%", files, 100*most, mostName, 100*float64(controls)/float64(chars))
}
