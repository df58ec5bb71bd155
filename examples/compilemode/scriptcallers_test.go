package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// TestScriptCallersAgreeWithFlags: the plan of a script whose two thread starts (a
// Thread subclass's run and an awaited asyncio.to_thread) call the compiled function
// at the same time, after a first call in the main thread, is the plan of
// -mode reduce-overhead -threads callers -callers 2 (sweep finding 14); when the
// script joins the first thread before the second starts, it is -callers 1's.
func TestScriptCallersAgreeWithFlags(t *testing.T) {
	t.Parallel()
	const head = `import asyncio, threading
import torch
fn = torch.compile(torch.nn.Linear(4, 4).cuda(), mode="reduce-overhead")
class Worker(threading.Thread):
    def run(self):
        fn(torch.randn(2, 4, device="cuda"))
async def main():
    await asyncio.to_thread(fn, torch.randn(2, 4, device="cuda"))
fn(torch.randn(2, 4, device="cuda"))
`
	row := regexp.MustCompile(`(?m)^  cuda:0  \d+ caller threads .*$`)
	tests := []struct{ name, tail, callers string }{
		{"at once", "w = Worker(); w.start()\nasyncio.run(main())\nw.join()\n", "2"},
		{"one after the other", "w = Worker(); w.start(); w.join()\nasyncio.run(main())\n", "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var sout, serr bytes.Buffer
			code := runIn([]string{"-no-env", "-script", "-"}, strings.NewReader(head+tt.tail), &sout, &serr, func() []string { return nil })
			fout, ferr, fcode := runStdin(t, "", "-no-env", "-mode", "reduce-overhead", "-threads", "callers", "-callers", tt.callers)
			got, want := row.FindString(sout.String()), row.FindString(fout)
			if want == "" || got != want || code != fcode {
				t.Errorf("script: exit %d, row %q; flags -callers %s: exit %d, row %q\nscript stderr %s\nflags stderr %s", code, got, tt.callers, fcode, want, serr.String(), ferr)
			}
		})
	}
}
