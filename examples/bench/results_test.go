package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func ptr(v float64) *float64 { return &v }

// TestResultsJSONKeys checks that the file has exactly issue 17's keys, in its order.
func TestResultsJSONKeys(t *testing.T) {
	t.Parallel()
	r := Results{Date: "2026-12-01T00:00:00Z", Commit: "abc", GPU: "NVIDIA H200",
		SyncStep: []SyncResult{{K: 16, GoRun1WallUS: 22, CPPLaunchSyncWallUS: 21.5}},
		Drafter:  DrafterJSON{GoReplayUS: 11, GoEagerUS: 20, GoSyncStepWallUS: 18, WeightBytes: 21037056, FloorUS: floorUS(21037056)}}
	path := filepath.Join(t.TempDir(), "results-h200.json")
	if err := writeResultsJSON(path, r); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range top {
		keys = append(keys, k)
	}
	var sync []map[string]any
	var drafter map[string]any
	if err := json.Unmarshal(top["sync_step"], &sync); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(top["drafter"], &drafter); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		got  map[string]bool
		want []string
	}{
		{"top", set(keys...), []string{"date", "commit", "gpu", "sync_step", "drafter"}},
		{"sync_step", set(mapKeys(sync[0])...), []string{"k", "go_run1_wall_us", "cpp_launch_sync_wall_us"}},
		{"drafter", set(mapKeys(drafter)...), []string{"kernels", "variants", "go_replay_us", "go_eager_us", "go_sync_step_wall_us", "torch_eager_us", "torch_reduce_overhead_us", "weight_bytes", "floor_us"}},
	} {
		if diff := cmp.Diff(set(tc.want...), tc.got); diff != "" {
			t.Errorf("%s keys mismatch (-want +got):\n%s", tc.name, diff)
		}
	}
	if drafter["torch_eager_us"] != nil {
		t.Errorf("torch_eager_us = %v, want null when PyTorch did not run", drafter["torch_eager_us"])
	}
}

func set(s ...string) map[string]bool {
	m := map[string]bool{}
	for _, v := range s {
		m[v] = true
	}
	return m
}

func mapKeys(m map[string]any) []string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	return k
}

func TestFloor(t *testing.T) {
	t.Parallel()
	// Issue 17: 21 MB at ~4.8 TB/s is about 4.4 µs.
	if got := floorUS(21037056); got < 4.3 || got > 4.5 {
		t.Errorf("floorUS(21037056) = %g µs, want about 4.4", got)
	}
}

func TestParse(t *testing.T) {
	t.Parallel()
	out := []byte("cpp_launch_sync K=1 gpu_us_per_step=2.10 wall_us_median=7.50 wall_us_p90=8.00 overhead_us=5.40\n" +
		"cpp_launch_sync K=16 gpu_us_per_step=16.70 wall_us_median=21.50 wall_us_p90=22.00 overhead_us=4.80\n")
	got, err := parseLaunchSync(out)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[int][2]float64{1: {7.5, 2.1}, 16: {21.5, 16.7}}, got); diff != "" {
		t.Errorf("parseLaunchSync mismatch (-want +got):\n%s", diff)
	}
	if _, err := parseLaunchSync([]byte("ERR no device 12")); err == nil {
		t.Errorf("parseLaunchSync of an error line: want an error")
	}
	e, ro, err := parseTorch([]byte("warming up\ntorch_drafter eager_us=362.6 reduce_overhead_us=158.8\n"))
	if err != nil || e != 362.6 || ro != 158.8 {
		t.Errorf("parseTorch = %v, %v, %v; want 362.6, 158.8, nil", e, ro, err)
	}
	if _, _, err := parseTorch([]byte("Traceback")); err == nil {
		t.Errorf("parseTorch of a traceback: want an error")
	}
}

func TestMedianUS(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		in   []time.Duration
		want float64
	}{
		{"none", nil, 0},
		{"odd", []time.Duration{3 * time.Microsecond, time.Microsecond, 2 * time.Microsecond}, 2},
		{"even takes the upper", []time.Duration{4 * time.Microsecond, time.Microsecond}, 4},
	} {
		if got := medianUS(tc.in); got != tc.want {
			t.Errorf("%s: medianUS = %g, want %g", tc.name, got, tc.want)
		}
	}
}

func TestWriteSyncTable(t *testing.T) {
	t.Parallel()
	base := Results{Drafter: DrafterJSON{GoReplayUS: 11.5, WeightBytes: 21037056, FloorUS: floorUS(21037056)}}
	withTorch := base
	withTorch.Drafter.TorchEagerUS, withTorch.Drafter.TorchReduceOverheadUS = ptr(362.6), ptr(158.8)
	slow := base
	slow.Drafter.GoReplayUS = 30
	for _, tc := range []struct {
		name   string
		r      Results
		sync   []syncDetail
		want   []string
		reason string
	}{
		{"met", withTorch, []syncDetail{{K: 16, Untimed: walls{23, 21}, CPPWall: 21.5, CPPGPU: 16.7}, {K: 256, Untimed: walls{270, 265}, CPPWall: 259.5}},
			[]string{"| 16 | 21.5 | 16.7 | 23.0 / 21.0 | 1.07 | 1.10 |", "| 1.04 | 1.05 |", "above: met", "| PyTorch reduce-overhead | | 158.8 |", "12 µs/step: met"},
			"1.07 ≤ 1.10 at K=16, 1.04 ≤ 1.05 at K=256; replay 11.5 ≤ 12"},
		{"K=256 over 1.05", base, []syncDetail{{K: 16, Untimed: walls{23, 21}, CPPWall: 21.5}, {K: 256, Untimed: walls{280, 270}, CPPWall: 259.5}},
			[]string{"| 1.08 | 1.05 |", "above: NOT met"}, "280/259.5 = 1.08 is within 1.10 but not 1.05"},
		{"sync missed", base, []syncDetail{{K: 16, Untimed: walls{30, 21}, CPPWall: 21.5}},
			[]string{"| 1.40 |", "above: NOT met", "PyTorch | not run"}, "30/21.5 = 1.40"},
		{"no baseline", slow, []syncDetail{{K: 64, Untimed: walls{70, 66}}},
			[]string{"above: NOT met", "12 µs/step: NOT met"}, "without the C++ number nothing is met"},
	} {
		var buf bytes.Buffer
		drafters := []drafterDetail{{"classic", 72, 64.5, 80, nil}, {"fused", 20, tc.r.Drafter.GoReplayUS, 18, []KernelTime{{"mlp_step", 11}}}}
		if err := writeSyncTable(&buf, tc.r, tc.sync, drafters); err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(buf.String(), w) {
				t.Errorf("%s: table lacks %q (%s); got:\n%s", tc.name, w, tc.reason, buf.String())
			}
		}
	}
}

// TestCommittedResults checks that the committed results-h200.json (copied from a run of
// run-h200.sh) reads back into Results with every K and the drafter's variants.
func TestCommittedResults(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("results-h200.json")
	if err != nil {
		t.Fatal(err)
	}
	var r Results
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.SyncStep) != 3 || r.Commit == "" || r.GPU == "" || len(r.Drafter.Variants) != 3 || r.Drafter.Kernels != "fused" {
		t.Errorf("results-h200.json: %d sync rows, commit %q, gpu %q, %d variants, kernels %q; want 3 rows, a commit and a GPU, 3 variants, fused",
			len(r.SyncStep), r.Commit, r.GPU, len(r.Drafter.Variants), r.Drafter.Kernels)
	}
}
