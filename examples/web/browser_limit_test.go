package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserTypedLimit: the 16 MiB limit holds for text that reaches a box by typing,
// a drop of text or pastes in pieces (the input event), as for a paste, a file and a
// link, with the same message (hostile28 J1: 20 MB were read in 78 s). The check is
// made when the input event is handled, so the status says it at once.
func TestBrowserTypedLimit(t *testing.T) {
	s, ctx, _ := browserTest(t, 1280, 900)
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if _, err := open(tab, s.url); err != nil {
		t.Fatal(err)
	}
	const refused = "the page reads up to 16 MiB from a file, a paste, a shared link or text typed or dropped into a box"
	for _, tc := range []struct {
		box, text string // text: a JavaScript expression
		refused   bool
		reason    string
	}{
		{"log", `("a".repeat(1023) + "\n").repeat(17 << 10)`, true, "J1: 17 MiB of ASCII typed into the log box"},
		{"script", `("#".repeat(1023) + "\n").repeat(17 << 10)`, true, "J1: the same in the script box"},
		{"log", `("é".repeat(1023) + "\n").repeat(9 << 10)`, true, "9 M characters, 18 MiB of UTF-8: the limit is on bytes"},
		// The lookalikes last: the page goes on reading them after the test.
		{"log", `("é".repeat(1023) + "\n").repeat(6 << 10)`, false, "6 M characters, 12 MiB of UTF-8: under the limit, read"},
		{"log", `("a".repeat(1023) + "\n").repeat(16 << 10)`, false, "exactly 16 MiB: read"},
	} {
		js := `(() => { document.getElementById("tab-` + tc.box + `").click();
const el = document.getElementById("` + tc.box + `");
document.getElementById("status").textContent = "";
el.value = ` + tc.text + `; el.dispatchEvent(new Event("input", { bubbles: true }));
const st = document.getElementById("status").textContent + "\n" + document.getElementById("command").textContent;
el.value = ""; el.dispatchEvent(new Event("input", { bubbles: true }));
return st; })()`
		got, err := eval[string](tab, js)
		if err != nil {
			t.Fatalf("%s: %v", tc.reason, err)
		}
		if strings.Contains(got, refused) != tc.refused {
			t.Errorf("%s: status %q, want refused %v", tc.reason, got, tc.refused)
		}
		// The command line shown is the one the refusal advises, not the Call tab's
		// (hostile29 W1).
		if run := map[string]string{"log": "\ncompilemode -diagnose FILE", "script": "\ncompilemode -script FILE"}[tc.box]; tc.refused && !strings.HasSuffix(got, run) {
			t.Errorf("%s: command line %q, want %q", tc.reason, got, run)
		}
	}
}
