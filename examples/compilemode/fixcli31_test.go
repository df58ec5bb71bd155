package main

import (
	"strings"
	"testing"
)

// TestKeyNotKnown: -key of a key that a release's borrowed schema lacks but the next
// release read has says it is not known, in the words of -set's uncertain-key warning,
// where it said "torch 2.9 has no such key" (fix brief 31, newuser29 F14); a key no
// release has, a release with its own schema and -set keep their words.
func TestKeyNotKnown(t *testing.T) {
	t.Parallel()
	cases := []struct {
		reason     string
		args       []string
		code       int
		want, not  string
		wantStdout string
	}{
		{"2.9 borrows 2.7.1's keys, which lack it; 2.11 has it", []string{"-torch", "2.9", "-key", "use_static_cuda_launcher"}, 2,
			"whether torch 2.9 has it is not known", "has no such key", ""},
		{"the module path form is the same key", []string{"-torch", "2.8", "-key", "torch._inductor.config.use_static_cuda_launcher"}, 2,
			"is not in torch 2.7.1 (the schema torch 2.8 borrows)", "has no such key", ""},
		{"a comparison's row says not known for 2.9, no such key for 2.7 (its own schema)", []string{"-torch", "2.7,2.9,2.11", "-key", "use_static_cuda_launcher"}, 0,
			"", "", "2.7 use_static_cuda_launcher (no such key)\n2.9 use_static_cuda_launcher (not known: torch 2.9 borrows 2.7.1's keys, which lack it)\n2.11 use_static_cuda_launcher=True\n"},
		{"lookalike: a key no release read has stays no such key", []string{"-torch", "2.9", "-key", "no_such_thing"}, 2,
			"torch 2.9 has no such key", "not known", ""},
		{"lookalike: 2.7 has its own schema, which lacks it", []string{"-torch", "2.7", "-key", "use_static_cuda_launcher"}, 2,
			"torch 2.7 has no such key", "not known", ""},
		{"lookalike: -set of it keeps its uncertain-key warning", []string{"-torch", "2.9", "-set", "use_static_cuda_launcher=False"}, 0,
			"", "", "whether torch 2.9 has it is not known"},
	}
	for _, tc := range cases {
		out, stderr, code := runPlan(t, nil, append([]string{"-no-env"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) || (tc.not != "" && strings.Contains(stderr, tc.not)) {
			t.Errorf("%s: %v: exit %d (want %d), stderr %q", tc.reason, tc.args, code, tc.code, stderr)
		}
		if tc.wantStdout != "" && !strings.Contains(out, tc.wantStdout) {
			t.Errorf("%s: %v: stdout %q, want %q in it", tc.reason, tc.args, out, tc.wantStdout)
		}
	}
}

// TestHandCaptureSizes: a hand capture (-capture-error-mode) reads -dynamic-shapes and
// -sizes, each row saying that each size is its own capture, where the output was the
// same as without them; and the heading says the capture is by hand above its rows,
// where it said "CUDA graphs: off" (fix brief 31, newuser29 F22).
func TestHandCaptureSizes(t *testing.T) {
	t.Parallel()
	hand := []string{"-no-env", "-capture-error-mode", "thread_local", "-devices", "2", "-threads", "per-device"}
	cases := []struct {
		reason    string
		args      []string
		want, not []string
	}{
		{"35 sizes are 35 captures, on each device", append(hand[:len(hand):len(hand)], "-dynamic-shapes", "-sizes", "35"),
			[]string{"CUDA graphs: captured by hand (torch.cuda.graph); Inductor's own: off DEVICE", "cuda:1 user thread 1: torch.cuda.graph", "35 input sizes need 35 captures"}, nil},
		{"-dynamic-shapes without -sizes: each size its own capture", append(hand[:len(hand):len(hand)], "-dynamic-shapes"),
			[]string{"each input size needs its own capture"}, []string{"35"}},
		{"lookalike: fixed shapes say nothing of sizes", hand,
			[]string{"Inductor's own: off"}, []string{"capture per size", "input sizes need"}},
		{"Inductor's CUDA graphs on under the hand capture: the heading names both", []string{"-no-env", "-capture-error-mode", "global", "-mode", "reduce-overhead"},
			[]string{"CUDA graphs: captured by hand (torch.cuda.graph); Inductor's own: ON (cudagraph_trees)"}, nil},
		{"lookalike: no hand capture keeps the verdict alone", []string{"-no-env", "-dynamic-shapes", "-sizes", "35"},
			[]string{"CUDA graphs: off DEVICE"}, []string{"by hand"}},
	}
	for _, tc := range cases {
		out, stderr, _ := runPlan(t, nil, tc.args...)
		out = strings.Join(strings.Fields(out), " ") // the text's wrapping aside
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: %v: want %q in\n%s%s", tc.reason, tc.args, w, out, stderr)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(out, n) {
				t.Errorf("%s: %v: %q should not be in\n%s", tc.reason, tc.args, n, out)
			}
		}
	}
}
