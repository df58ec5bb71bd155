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

// keptUnread reports whether no output a later call overwrote is read from the
// container ev keeps outputs in: every use of its name in the file, not as an
// attribute, binds it (losses = []; outs = [model(x) for x in xs]; del; global), adds
// to it (.append, .extend, .insert, d[k] = v), clears it, takes its len(), reads an
// item's metadata, or reads its last item before the next compiled call
// (readsNoOverwritten, keptlast.go). A container the reader cannot name (an
// attribute's, a comprehension's not bound to a name: torch.stack([model(x) for x in
// xs])) is read.
func (r *reader) keptUnread(ev event) bool { return r.readsOnly(ev, false) }

// keptStale reports whether every read of an overwritten output from ev's container
// reads an item a replayed call kept (readsReplayed, keptlast.go), and keptUnread's
// uses aside nothing else reads it.
func (r *reader) keptStale(ev event) bool { return r.readsOnly(ev, true) }

// readsOnly reports whether every use of ev's container's name is one keptUnread
// allows, or, with replayed, one readsReplayed allows.
func (r *reader) readsOnly(ev event, replayed bool) bool {
	if ev.into == "" {
		return false
	}
	for i, t := range r.toks {
		switch text := r.tokText(t); {
		case t.kind == pytoken.Name && text == ev.into && !r.writesOnly(i) && !r.readsNoOverwritten(ev, i) && !(replayed && r.readsReplayed(ev, i)):
			return false
		case t.kind == pytoken.String && strings.Contains(text, "{") && containsWord(text, ev.into) && !r.fstringLast(ev, i, text):
			return false // f"{sum(losses)}": an f-string is one token
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
// host memory, a new tensor): what they return survives the next generation. Measured
// on 2.11: .item() and .detach().cpu() of a kept output raise nothing
// (testdata/measured/kept_unread_2.11.out train_keep_item, train_keep_cpu).
var copyMethods = nameSet{"item", "tolist", "cpu", "numpy", "clone"}

// keepStmt returns the statement of ev's loop's own body that keeps the output when
// it is a simple one, run every iteration: not under an if or a nested block, a with
// block's body aside (nil: none).
func (r *reader) keepStmt(ev event) *stmt {
	body := ev.loop.body
	for depth := 0; depth < maxParamDepth; depth++ {
		var in *stmt
		for _, s := range body {
			if lo, hi := r.span(s); ev.off >= lo && ev.off < hi {
				in = s
				break
			}
		}
		switch {
		case in == nil || in.kind == blockStmt || in.kind == loopStmt || in.kind == defStmt || in.kind == classStmt:
			return nil
		case in.kind != withStmt:
			return in
		}
		body = in.body
	}
	return nil
}

// keepCopy is an L.append(v) that keeps a compiled function's output: L and v as the
// script writes them ("" when not a plain expression).
type keepCopy struct {
	_           [0]func() // incomparable: no equality code (examples/web: Transfer size)
	list, value string
}

// maxKeepText bounds the text of L or v that keepCopyNote quotes.
const maxKeepText = 80

// keepCopyNote says, on a site whose kept output is overwritten (factKept by an
// append), what to keep instead at that line: v.item() for a number, v.detach().cpu()
// for a tensor — measured to raise nothing after later calls on 2.11
// (testdata/measured/kept_unread_2.11.out train_keep_item, train_keep_cpu); a
// .clone() kept on the GPU holds one more tensor of memory per item.
func (st *siteState) keepCopyNote(ev event) {
	k := ev.keep
	if ev.f != factKept || k.list == "" || k.value == "" || len(k.list)+len(k.value) > maxKeepText || strings.ContainsAny(k.list+k.value, "\n\r") {
		return
	}
	st.note("line %d: %s.append(%s) keeps the output tensor itself, which a later call overwrites; keep a copy: %s.append(%s.item()) for a number (a loss), %s.append(%s.detach().cpu()) for a tensor (both read without error after later calls, measured on 2.11)",
		ev.line, k.list, k.value, k.list, k.value, k.list, k.value)
}
