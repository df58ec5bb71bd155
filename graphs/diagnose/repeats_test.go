package diagnose_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestRepeatsInText: the text says how often a finding's texts occurred and the last
// line, as the JSON's count and last_line do (sweep finding 17: 61 skip lines over eight
// ranks read as one "line 5291").
func TestRepeatsInText(t *testing.T) {
	t.Parallel()
	const msg = "skipping cudagraphs due to mutated inputs (1 instances)\n"
	tests := []struct {
		name, log, want string
	}{
		{"three", msg + "foo\n[rank1]: " + msg + "bar\n" + msg, "line 1 (3 times, last line 5): skip-mutated-inputs\n"},
		{"once", "foo\n" + msg, "line 2: skip-mutated-inputs\n"},
	}
	for _, tt := range tests {
		d, err := diagnose.Read(strings.NewReader(tt.log))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := d.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		_, rest, _ := strings.Cut(b.String(), "torch: not stated in the text")
		_, rest, _ = strings.Cut(rest, "\n\n") // the findings after the torch line
		first, _, _ := strings.Cut(rest, "\n")
		if diff := cmp.Diff(tt.want, first+"\n"); diff != "" {
			t.Errorf("%s: first line mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestRepeatsConsecutive: a message on consecutive lines counts once per line, not once
// more as one message wrapped over them (sweep7 finding 5: two ranks' lines with the
// TLS assert read "3 times", k lines 2k-1 times), and a message wrapped over lines,
// next to the same message whole, counts once per place.
func TestRepeatsConsecutive(t *testing.T) {
	t.Parallel()
	const tls = "AssertionError: assert torch._C._is_key_in_tls(attr_name)\n"
	const skip = "skipping cudagraphs due to mutated inputs (1 instances). Found from :\n"
	const wrapped = "skipping cudagraphs due to mutated inputs (1\ninstances). Found from :\n"
	const rerecord = "CUDAGraph supports dynamic shapes by recording a new graph for each distinct\ninput size. Recording too many CUDAGraphs may lead to extra overhead.\nWe have observed 9 distinct sizes.\n"
	tests := []struct {
		name, log string
		count     int
	}{
		{"tls twice", "torch 2.11.0\n" + tls + tls, 2},
		{"tls three times", "torch 2.11.0\n" + tls + tls + tls, 3},
		{"tls five times", "torch 2.11.0\n" + strings.Repeat(tls, 5), 5},
		{"tls, two ranks", "torch 2.11.0\n[rank0]:     assert torch._C._is_key_in_tls(attr_name)\n[rank1]:     assert torch._C._is_key_in_tls(attr_name)\n", 2},
		{"tls, a line between", "torch 2.11.0\n" + tls + "foo\n" + tls, 2},
		{"skip twice", "torch 2.6.0\n" + skip + skip, 2},
		{"skip wrapped once", "torch 2.6.0\n" + wrapped, 1},
		{"skip wrapped, then whole", "torch 2.6.0\n" + wrapped + skip, 2},
		{"skip whole, then wrapped", "torch 2.6.0\n" + skip + wrapped, 2},
		// A wrapped message whose halves are found apart before the whole is one place,
		// and a retelling in prose is no place the message occurs (sweep7 finding 5's
		// remainder: z_gradflow_a4_unity_m40_gputooold_pt213 read 2, f1_pt188150 3).
		{"halves found apart, then whole", "torch 2.13.0\nGPUTooOldForTriton: ... Triton only supports devices of CUDA Capability >= 7.0,\nbut your device is of CUDA capability 5.2\n", 1},
		{"retold, then the message", "CUDAGraphs recompiles on every batch with dynamic padding\n\n" + rerecord, 1},
		{"the message, then retold", rerecord + "\nso CUDAGraphs sees different input shapes each batch and recompiles\n", 1},
		{"retold twice, no message", "CUDAGraphs recompiles on every batch with dynamic padding\n\nand cudagraphs re-record for every new input shape\n", 2},
		{"tls, a title retelling it", "# torch.compile+cudagraphs asserts in multithreaded context\n\ntorch 2.11.0\n" + tls, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := diagnose.Read(strings.NewReader(tt.log))
			require.NoError(t, err)
			require.Len(t, d.Findings, 1)
			require.Equal(t, tt.count, d.Findings[0].Count, "%+v", d.Findings[0])
		})
	}
}

// TestRepeatsLastLine: a finding that occurred more than once has LastLine, the last
// line it occurred on, also when every place is on its first line: a log whose lines
// end in a bare carriage return (tqdm's progress bars: one line to Read) (libsweep
// finding 7: LastLine 0 with Count 2).
func TestRepeatsLastLine(t *testing.T) {
	t.Parallel()
	const msg = "skipping cudagraphs due to mutated inputs (1 instances)"
	tests := []struct {
		name, log         string
		line, count, last int
	}{
		{"bare CRs", " 10%|#   |\r" + msg + "\r 50%|#####|\r" + msg + "\r", 1, 2, 1},
		{"CRs after a line", "torch 2.6.0\n" + msg + "\r" + msg + "\r", 2, 2, 2},
		{"two lines", msg + "\nfoo\n" + msg + "\n", 1, 2, 3},
		{"once", "foo\n" + msg + "\n", 2, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := diagnose.Read(strings.NewReader(tt.log))
			require.NoError(t, err)
			require.Len(t, d.Findings, 1)
			f := d.Findings[0]
			require.Equal(t, []int{tt.line, tt.count, tt.last}, []int{f.Line, f.Count, f.LastLine}, "%+v", f)
		})
	}
}
