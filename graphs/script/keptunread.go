package script

import (
	"strings"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// Outputs kept but never read (nu32 item 2). cudagraph trees raise "Error: accessing
// tensor output of CUDAGraphs that has been overwritten by a subsequent run" only when
// an overwritten output is accessed: at a new generation, dealloc_current_path_weakrefs
// calls torch._C._set_storage_access_error_msg on each output tensor still alive, which
// takes its storage away so that only an access of its data raises, then frees each
// live storage back to the pool (torch._C._free_And_Remove_DeleterFn)
// (torch/_inductor/cudagraph_trees.py lines 2600-2647 at 2.11.0+cu130, read on the GPU
// machine). Measured on 2.11
// (testdata/measured/kept_unread_2.11.out): outputs appended to a list never read raise
// nothing and leave torch.cuda.memory_allocated() as it is without the list (a kept
// tensor's untyped_storage() raises); read after the loop, they raise.

// keptUnread reports whether the container ev keeps outputs in is never read after a
// later call: every use of its name in the file, not as an attribute, binds it
// (losses = []; del; global), adds to it (.append, .extend, .insert, d[k] = v), clears
// it, takes its len(), or copies its last item before the next call
// (copiedBeforeNextCall).
// A container the reader cannot name (a comprehension's, an attribute's) is read.
func (r *reader) keptUnread(ev event) bool {
	if ev.into == "" {
		return false
	}
	for i, t := range r.toks {
		switch text := r.tokText(t); {
		case t.kind == pytoken.Name && text == ev.into && !r.writesOnly(i) && !r.copiedBeforeNextCall(ev, i):
			return false
		case t.kind == pytoken.String && strings.Contains(text, "{") && containsWord(text, ev.into):
			return false // f"{losses[-1]}": an f-string is one token
		}
	}
	return true
}

// containsWord reports whether s holds w not inside a longer identifier.
func containsWord(s, w string) bool {
	for i := strings.Index(s, w); i >= 0; {
		end := i + len(w)
		if (i == 0 || !isIdentByte(s[i-1])) && (end == len(s) || !isIdentByte(s[end])) {
			return true
		}
		j := strings.Index(s[end:], w)
		if j < 0 {
			return false
		}
		i = end + j
	}
	return false
}

// containerWrites are the list and dict methods that add to or clear a container
// without reading what it holds.
var containerWrites = nameSet{"append", "extend", "insert", "clear"}

// writesOnly reports whether the name at token i is a use that reads none of the
// tensors its container holds.
func (r *reader) writesOnly(i int) bool {
	prev, next := r.tokAt(i-1), r.tokAt(i+1)
	switch {
	case prev == "." || unreadAfter.has(prev):
		return true // another object's attribute of the same name; del, global, def
	case next == "=" || r.boundOffs[r.toks[i].off]:
		return true // losses = [] (losses, res = [], {}; losses: list = [])
	case next == "." && containerWrites.has(r.tokAt(i+2)) && r.tokAt(i+3) == "(":
		return true
	case prev == "(" && r.tokAt(i-2) == "len" && next == ")":
		return true
	case next == "[":
		c := r.closing(i + 1)
		return c >= 0 && r.tokAt(c+1) == "=" // d[k] = v
	}
	return false
}

// unreadAfter are the keywords after which a name is not read.
var unreadAfter = nameSet{"del", "global", "nonlocal", "def", "class"}

// tokAt is the text of token j ("" outside the file).
func (r *reader) tokAt(j int) string {
	if j < 0 || j >= len(r.toks) {
		return ""
	}
	return r.tokText(r.toks[j])
}

// copyMethods are the tensor methods that copy the data out (a Python number, a list,
// host memory, a new tensor): what they return survives the next generation.
var copyMethods = nameSet{"item", "tolist", "cpu", "numpy", "clone"}

// copiedBeforeNextCall reports whether the use of ev's container at token i copies
// the output it kept last before any compiled call can overwrite it: L[-1].item(),
// L[-1].cpu(), L[-1].detach().cpu(), written in the loop ev keeps it in, after the keep
// and with no compiled call between, where the keep is a statement of the loop's own
// body (run every iteration, so L[-1] is this iteration's output). Measured on 2.11:
// .item() and .detach().cpu() of a kept output raise nothing
// (testdata/measured/kept_unread_2.11.out train_keep_item, train_keep_cpu).
func (r *reader) copiedBeforeNextCall(ev event, i int) bool {
	if ev.loop == nil || !r.everyIteration(ev) {
		return false
	}
	at := r.toks[i].off
	lo, hi := r.span(ev.loop)
	if at <= ev.off || at < lo || at >= hi {
		return false
	}
	for _, c := range r.callEvents {
		if c.off > ev.off && c.off < at {
			return false
		}
	}
	return r.copiesLast(i)
}

// copiesLast reports whether the name at token i is followed by [-1], an optional
// .detach(), and a call of one of copyMethods.
func (r *reader) copiesLast(i int) bool {
	j := i + 1
	if r.tokAt(j) != "[" || r.tokAt(j+1) != "-" || r.tokAt(j+2) != "1" || r.tokAt(j+3) != "]" {
		return false
	}
	j += 4
	if r.tokAt(j) == "." && r.tokAt(j+1) == "detach" && r.tokAt(j+2) == "(" && r.tokAt(j+3) == ")" {
		j += 4
	}
	return r.tokAt(j) == "." && copyMethods.has(r.tokAt(j+1)) && r.tokAt(j+2) == "("
}

// everyIteration reports whether ev's keep is a simple statement of its loop's own
// body, not under an if or a nested block.
func (r *reader) everyIteration(ev event) bool {
	for _, s := range ev.loop.body {
		if lo, hi := r.span(s); ev.off >= lo && ev.off < hi {
			return s.kind != blockStmt && s.kind != loopStmt && s.kind != withStmt && s.kind != defStmt && s.kind != classStmt
		}
	}
	return false
}
