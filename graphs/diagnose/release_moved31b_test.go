package diagnose_test

import (
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestMovedToIntlAndBare: the phrasings fixrel31 left open, each above the TLS assert
// (a torch failure), read as the release the run fails on, with their siblings in other
// words and languages, and lookalikes that keep their reading. Each positive fails on
// main: the German read 2.4 (the release that worked), the Japanese 2.6 as a package
// list, the English two none.
func TestMovedToIntlAndBare(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line, torch, head, reason string
	}{
		{"Funktionierte mit torch 2.4, seit dem Upgrade auf 2.6 kommt:", "2.6", "torch 2.6 (from line 1; its prose also names 2.4)", "German: had read 2.4"},
		{"Mit torch 2.4 lief es, nach dem Update auf torch 2.6 kommt:", "2.6", "torch 2.6 (from line 1; its prose also names 2.4)", "German sibling: lief, nach dem Update auf torch"},
		{"torch 2.6 には問題がありませんでしたが、2.7 にアップグレードした後に失敗します", "2.7", "torch 2.7 (from line 1; its prose also names 2.6)", "Japanese: had read 2.6 as a package list"},
		{"torch 2.6 没问题，升级到 2.7 后报错", "2.7", "torch 2.7 (from line 1; its prose also names 2.6)", "Chinese sibling: had read none"},
		{"Downgrading to 2.5.1 fixed it; on 2.6.0 I get:", "2.6", "torch 2.6 (from line 1)", "English, torch unnamed: had read none"},
		{"With 2.6.0 we still see:", "2.6", "torch 2.6 (from line 1)", "a sibling: with … we still see"},
		{"Regression from 2.5 to 2.6:", "2.6", "torch 2.6 (from line 1)", "a regression's later end, torch unnamed, in a text about torch: had read none"},
		{"Regressed from 2.5.1 to 2.6.0 with this error:", "2.6", "torch 2.6 (from line 1)", "a sibling: regressed"},
		{"torch 2.7 にアップグレードしたら直りました", "", "", "lookalike: the upgrade fixed it: the failing release is unsaid"},
		{"torch 升级到 2.7 后问题解决", "", "", "lookalike: Chinese, the upgrade fixed it"},
		{"numpy regression from 2.1 to 2.2:", "", "", "lookalike: another package's regression"},
		{"torch 2.6.0    pypi_0    pypi", "2.6", "torch 2.6 (from line 1)", "lookalike: a conda list row stays a package list's"},
	}
	for _, tc := range tests {
		d, err := diagnose.Read(strings.NewReader(tc.line + "\n" + tlsTrace))
		if err != nil {
			t.Fatal(err)
		}
		if d.Torch != tc.torch || tc.head != "" && d.HeadLines()[0] != tc.head {
			t.Errorf("%q: torch %q, header %q; want %q, %q (%s)", tc.line, d.Torch, d.HeadLines()[0], tc.torch, tc.head, tc.reason)
		}
	}
	// a text whose failure is no torch failure reads no bare regression
	d, err := diagnose.Read(strings.NewReader("Regression from 2.5 to 2.6:\nthe build takes twice as long\n"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Torch != "" {
		t.Errorf("a bare regression without a torch failure: torch %q, want none (decided by context: the text is about torch)", d.Torch)
	}
}
