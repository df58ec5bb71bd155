package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/examples/web/internal/answer"
)

// notesHead is the line the text view shows the command's stderr notes under (app.js
// NOTES).
const notesHead = "notes (the command writes these on standard error):"

// TestBrowserNotes (webnotes32): the page shows the notes the command writes on
// stderr beside an answer. A script with a type statement planned on torch 2.0 (whose
// default Python, 3.10, refuses it: `compilemode -no-env -torch 2.0 -script
// py310.py`) gets the command's note under the text view's text and in a box of the
// readable view, and the status line counts it, while the text and JSON views stay the
// command's stdout; a script given as a log gets -diagnose's hint, naming -script
// run.log in the text view and the Script tab in the readable one; a script with
// nothing to note shows no notes.
func TestBrowserNotes(t *testing.T) {
	s, ctx, _ := browserTest(t, 1280, 900)
	if _, err := open(ctx, s.url); err != nil {
		t.Fatal(err)
	}
	t.Run("a script the planned Python refuses", func(t *testing.T) { browserNotesPython(ctx, t) })
	t.Run("a script given as a log", func(t *testing.T) { browserNotesHint(ctx, t) })
	t.Run("lookalike: nothing to note", func(t *testing.T) { browserNotesNone(ctx, t) })
}

// notesInput returns the text of the file name in the answer package's testdata/notes.
func notesInput(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("internal", "answer", "testdata", "notes", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// notesViews returns the text view's notes (what #answer-notes shows, "" when hidden)
// and the readable view's text, leaving the readable view shown.
func notesViews(ctx context.Context, t *testing.T) (notes, readable string) {
	t.Helper()
	notes, err := eval[string](ctx, `document.getElementById("view-text").click();
(() => { const el = document.getElementById("answer-notes"); return el.hidden ? "" : el.textContent; })()`)
	if err != nil {
		t.Fatal(err)
	}
	readable, err = eval[string](ctx, `document.getElementById("view-read").click(); document.getElementById("rendered-0").innerText`)
	if err != nil {
		t.Fatal(err)
	}
	return notes, readable
}

// showTab shows the tab named id and waits for its answer.
func showTab(ctx context.Context, t *testing.T, id string) {
	t.Helper()
	if _, err := eval[bool](ctx, `document.getElementById("`+id+`").click(), window.t_ready()`); err != nil {
		t.Fatal(err)
	}
}

func browserNotesPython(ctx context.Context, t *testing.T) {
	src := notesInput(t, "py310.py")
	want := answer.Script("py310.py", src, "2.0", "", answer.Options{JSON: true})
	if !strings.Contains(want.Notes, "the plan is for Python 3.10 (the release's default), which refuses this file") {
		t.Fatalf("the library gives no note: %q", want.Notes)
	}
	showTab(ctx, t, "tab-script")
	if err := set(ctx, "script-torch", "2.0", "script-python", "", "script-name", "py310.py", "script", src); err != nil {
		t.Fatal(err)
	}
	notes, readable := notesViews(ctx, t)
	if diff := cmp.Diff(notesHead+"\n"+want.Notes, notes); diff != "" {
		t.Errorf("text view's notes differ from the command's stderr (-command +page):\n%s", diff)
	}
	note := strings.TrimSuffix(strings.TrimPrefix(want.Notes, "compilemode: "), "\n")
	if !strings.Contains(readable, note) {
		t.Errorf("the readable view lacks the note %q:\n%s", note, readable)
	}
	if n, err := eval[int](ctx, `document.querySelectorAll("#rendered-0 .notes li").length`); err != nil || n != 1 {
		t.Errorf("the readable view's note box has %d items, want 1 (err %v)", n, err)
	}
	if st, err := text(ctx, "status"); err != nil || st != "exit 0: no plan shown raises · 1 note on stderr" {
		t.Errorf("status %q (err %v), want it to count the note", st, err)
	}
	// The text and JSON views are the command's stdout, without the notes.
	expectShown(ctx, t, expectations{"py310": {want.Text, want.JSON}}, shown{"py310", "answer-text", "answer-json"})
}

func browserNotesHint(ctx context.Context, t *testing.T) {
	src := notesInput(t, "script-as-log.py")
	want := answer.Diagnose(src, answer.Options{})
	showTab(ctx, t, "tab-log")
	if err := set(ctx, "log-torch", "", "log", src); err != nil {
		t.Fatal(err)
	}
	notes, readable := notesViews(ctx, t)
	if diff := cmp.Diff(notesHead+"\n"+want.Notes, notes); diff != "" || !strings.Contains(notes, "-script run.log plans this script") {
		t.Errorf("text view's notes differ from the command's stderr (-command +page):\n%s", diff)
	}
	if !strings.Contains(readable, "not a log: "+answer.PageScriptTab+" plans this script") || strings.Contains(readable, "-script run.log") {
		t.Errorf("the readable view should name the Script tab, not -script:\n%s", readable)
	}
}

func browserNotesNone(ctx context.Context, t *testing.T) {
	showTab(ctx, t, "tab-script")
	if err := set(ctx, "script-torch", "", "script-name", "plain.py", "script", notesInput(t, "plain.py")); err != nil {
		t.Fatal(err)
	}
	notes, readable := notesViews(ctx, t)
	if notes != "" || strings.Contains(readable, notesHead) {
		t.Errorf("a script with nothing to note shows notes: text view %q, readable view:\n%s", notes, readable)
	}
}
