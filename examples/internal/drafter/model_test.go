package drafter

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestForward checks the CPU reference: each output row is a probability distribution,
// and the model is the same for the same sizes.
func TestForward(t *testing.T) {
	t.Parallel()
	m := NewModel(16, 3, 2)
	p := m.Forward()
	if len(p) != 3*16 {
		t.Fatalf("Forward() has %d values, want %d", len(p), 3*16)
	}
	for r := 0; r < 3; r++ {
		sum := 0.0
		for _, v := range p[r*16 : (r+1)*16] {
			if v < 0 || v > 1 {
				t.Errorf("row %d: probability %g out of [0, 1]", r, v)
			}
			sum += v
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("row %d sums to %g, want 1", r, sum)
		}
	}
	if diff := cmp.Diff(p, NewModel(16, 3, 2).Forward()); diff != "" {
		t.Errorf("the model is not deterministic (-first +second):\n%s", diff)
	}
}

// TestWeightBytes checks the drafter of issue 17: hidden 1024, 4 layers, about 21 MB.
func TestWeightBytes(t *testing.T) {
	t.Parallel()
	const h = 1024
	want := int64(4 * (4*(h*h+3*h) + h*h + h))
	if got := NewModel(h, 8, 4).WeightBytes(); got != want {
		t.Errorf("WeightBytes() = %d, want %d", got, want)
	}
}

func TestVariant(t *testing.T) {
	t.Parallel()
	for _, v := range Variants() {
		got, err := ParseVariant(v.String())
		if err != nil || got != v {
			t.Errorf("ParseVariant(%q) = %v, %v; want %v", v.String(), got, err, v)
		}
	}
	if _, err := ParseVariant("fast"); err == nil {
		t.Errorf(`ParseVariant("fast"): want an error`)
	}
	if got := Variant(5).String(); got != "Variant(5)" {
		t.Errorf("Variant(5).String() = %q", got)
	}
}
