package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteTable(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		rows   []row
		want   []string // lines the output must contain
		reason string
	}{
		{
			name: "targets met",
			rows: []row{{K: 64, GoEager: 250, GoReplay: 63, GoRunCall: 90, CPPEager: 278, CPPGraph: 63.5}},
			want: []string{"| 64 | 250.0 | 63.0 | 278.0 | 63.5 | 0.99 | 0.90 | 90.0 |",
				"target replay <= 1.05x C++ graph at every K: met", "target eager <= 1.00x C++ eager at every K: met"},
			reason: "both ratios under their targets",
		},
		{
			name:   "replay target missed at one K",
			rows:   []row{{K: 16, GoEager: 60, GoReplay: 16, CPPEager: 67, CPPGraph: 16}, {K: 256, GoEager: 900, GoReplay: 270, CPPEager: 1044, CPPGraph: 250}},
			want:   []string{"target replay <= 1.05x C++ graph at every K: NOT met", "target eager <= 1.00x C++ eager at every K: met"},
			reason: "270/250 = 1.08 > 1.05",
		},
		{
			name:   "no anchor",
			rows:   []row{{K: 16, GoEager: 60, GoReplay: 16}},
			want:   []string{"| 16 | 60.0 | 16.0 | - | - | - | - |", "targets: not checked"},
			reason: "without the C++ baseline nothing is compared",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			for i := range tc.rows {
				tc.rows[i].finish()
			}
			var buf bytes.Buffer
			if err := writeTable(&buf, tc.rows, 4096, 2000); err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(buf.String(), w) {
					t.Errorf("table lacks %q (%s); got:\n%s", w, tc.reason, buf.String())
				}
			}
		})
	}
}

func TestDrawPlot(t *testing.T) {
	t.Parallel()
	rows := []row{
		{K: 16, GoEager: 60, GoReplay: 16, CPPEager: 67, CPPGraph: 16.7},
		{K: 64, GoEager: 240, GoReplay: 62, CPPEager: 278, CPPGraph: 63.5},
		{K: 256, GoEager: 950, GoReplay: 248, CPPEager: 1044, CPPGraph: 250.6},
	}
	for i := range rows {
		rows[i].finish()
	}
	path := filepath.Join(t.TempDir(), "bench.svg")
	if err := drawPlot(path, "test", rows); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"<svg", "Go eager", "Go replay", "C++ eager", "C++ graph"} {
		if !bytes.Contains(b, []byte(w)) {
			t.Errorf("SVG lacks %q", w)
		}
	}
}
