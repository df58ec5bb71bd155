package script

import (
	"strconv"
	"strings"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// The last item of a list of kept outputs. A new cudagraph-tree generation frees the
// outputs of the calls before it, and only an access of such an output raises (see
// keptunread.go). In torch/_inductor/cudagraph_trees.py at 2.11.0+cu130 (the copy the
// kept_unread_2.11.py probe wrote on the GPU machine), _set_storage_access_error_msg
// (line 2614) is called only by dealloc_current_path_weakrefs (2600), which only
// try_end_curr_recording (2511) and try_end_curr_warmup (2541) call, when
// can_start_new_generation (2488) holds, and those only from the manager's _run (2180,
// 2183) as a compiled call begins; a replay writes outputs only inside a call
// (run_graph). So the last call's output is left as it is until a later compiled call:
// after a loop that appends every call's output, L[-1] (L[len(L)-1], L.pop()) read before
// another compiled call raises nothing and reads that call's values. Measured on 2.11
// (testdata/measured/kept_last_2.11.out): those reads, and an item's metadata (.shape,
// .dtype, .size(), len(L[0]) …), raise nothing; L[0] and sum(L) raise. A list from which
// only a replayed call's item is read after a later call (readsReplayed: L[-2] after 5
// calls, or the last after one more call) is outputs_stale=true, not outputs_kept; what
// that read gives, on which releases, and the measurement and source that show it, are
// graphs' rule trees-stale-output (graphs/fieldreports.go: reasonStale, srcStale). A read
// of every item (sum, stack, a for loop) or of L[0] or L[1] reads the warm-up's or the
// recording's output, which raises: outputs_kept=true.

// readsNoOverwritten reports whether the use of ev's container at name token i reads
// no output a later call overwrote: an item's metadata, or the last item read before
// the next compiled call (lastRead).
func (r *reader) readsNoOverwritten(ev event, i int) bool {
	if r.metaOnly(i) {
		return true
	}
	end := r.lastItemEnd(i)
	return end >= 0 && r.lastRead(ev, r.toks[i].off, r.escapes(i, end))
}

// itemMeta are the tensor attributes, and metaMethods the methods, that read its
// metadata, not its storage: on an overwritten output they raise nothing (measured on
// 2.11, testdata/measured/kept_last_2.11.out meta_first_*).
var (
	itemMeta    = nameSet{"shape", "dtype", "device", "ndim", "requires_grad"}
	metaMethods = nameSet{"size", "dim", "numel", "stride"}
)

// metaOnly reports whether the name at token i is one item's metadata, L[k].shape,
// L[k].size(), len(L[k]), which reads the tensor's sizes, not its storage.
func (r *reader) metaOnly(i int) bool {
	if r.tokAt(i+1) != "[" {
		return false
	}
	c := r.closing(i + 1)
	if c < 0 {
		return false
	}
	a, next := r.tokAt(c+2), r.tokAt(c+3)
	switch {
	case r.tokAt(c+1) == ".":
		return itemMeta.has(a) && next != "(" || metaMethods.has(a) && next == "("
	case r.tokAt(c+1) == ")":
		return r.tokAt(i-1) == "(" && r.tokAt(i-2) == "len" // len(L[k])
	}
	return false
}

// readsReplayed reports whether the use of ev's container at name token i reads one
// item a replayed call kept, after a later call, once the loop or comprehension that
// keeps one output per call in order is done: the last item (a later compiled call
// between, or it would be readsNoOverwritten), L[-k] or L[k] for a literal k of 2 or
// more. Such an item is the output of the third call or a later one when the loop ran
// k+2 times or more (the reader does not count iterations), which cudagraph trees
// replay: what reading it gives, and on which releases, is graphs' rule
// trees-stale-output (graphs/fieldreports.go). L[0] and L[1], the warm-up's and the
// recording's outputs, are freed and raise (first_after_loop). Kept with gradients too:
// in training (a backward and an optimizer step per call), a kept loss or a kept module
// output reads the same way (testdata/measured/kept_stale_2.11.out train_loss, train_out).
func (r *reader) readsReplayed(ev event, i int) bool {
	end, ok := r.keepEnd(ev)
	if !ok || r.reordered(ev.into) || r.toks[i].off < r.keepDone(ev, end) {
		return false
	}
	if r.lastItemEnd(i) >= 0 {
		return true
	}
	k, ok := r.literalIndex(i)
	return ok && (k >= 2 || k <= -2)
}

// keepDone returns the byte offset past which ev's loop or comprehension, whose keep
// ends at end (keepEnd), has made all its calls.
func (r *reader) keepDone(ev event, end int32) int32 {
	if ev.end != 0 || ev.loop == nil {
		return end
	}
	_, hi := r.span(ev.loop)
	return hi
}

// literalIndex returns k of L[k] or L[-k] written at name token i, for a literal
// integer k.
func (r *reader) literalIndex(i int) (int, bool) {
	j, sign := i+2, 1
	if r.tokAt(i+1) != "[" {
		return 0, false
	}
	if r.tokAt(j) == "-" {
		j, sign = j+1, -1
	}
	k, err := strconv.Atoi(r.tokAt(j))
	if err != nil || r.tokAt(j+1) != "]" {
		return 0, false
	}
	return sign * k, true
}

// Token spellings of the last item after a list's name (lastItemEnd).
var (
	lastIndex = []string{"[", "-", "1", "]"}
	lenOpen   = []string{"[", "len", "("}
	lenMinus1 = []string{")", "-", "1", "]"}
	popLast   = []string{".", "pop", "(", ")"}
	popMinus1 = []string{".", "pop", "(", "-", "1", ")"}
	detachDot = []string{".", "detach", "(", ")"}
)

// lastItemEnd returns the index of the token just past L[-1], L[len(L)-1], L.pop() or
// L.pop(-1) written at name token i, or -1 where none is.
func (r *reader) lastItemEnd(i int) int {
	switch {
	case r.tokensAre(i+1, lastIndex), r.tokensAre(i+1, popLast):
		return i + 5
	case r.tokensAre(i+1, popMinus1):
		return i + 7
	case r.tokensAre(i+1, lenOpen) && r.tokAt(i+4) == r.tokAt(i) && r.tokensAre(i+5, lenMinus1):
		return i + 9
	}
	return -1
}

// tokensAre reports whether the tokens from j on spell p.
func (r *reader) tokensAre(j int, p []string) bool {
	for k, s := range p {
		if r.tokAt(j+k) != s {
			return false
		}
	}
	return true
}

// escapeBefore are the tokens after which an item is held, not only read: bound,
// returned, or a dict's value.
var escapeBefore = nameSet{"=", "return", "yield", ":", "lambda"}

// escapes reports whether the item at tokens i to end is held past its statement
// (last = L[-1], other.append(L[-1]), return L[-1]) rather than read there
// (print(L[-1]), L[-1].sum(), L[-1].item()).
func (r *reader) escapes(i, end int) bool {
	if r.tokensAre(end, detachDot) {
		end += 4
	}
	if r.tokAt(end) == "." && copyMethods.has(r.tokAt(end+1)) {
		return false
	}
	prev := r.tokAt(i - 1)
	return escapeBefore.has(prev) || prev == "(" && keepMethods.has(r.tokAt(i-2))
}

// keepMethods are the methods that hold what they are given.
var keepMethods = nameSet{"append", "extend", "insert", "add", "put", "setdefault"}

// lastRead reports whether reading the last item of ev's container at byte offset at
// reads the last compiled call's output before any later call: ev keeps one output
// per call in order, every iteration (keepEnd), nothing else reorders the container,
// and at is after the keep with nothing between that runs a compiled call or another
// scope (quietBetween). An item held past its statement (escape) must also be held
// after the loop, which runs in no other loop and no def, with nothing after it that
// runs a compiled call.
func (r *reader) lastRead(ev event, at int32, escape bool) bool {
	end, ok := r.keepEnd(ev)
	if !ok || at < end || r.reordered(ev.into) || !r.quietBetween(end, at) {
		return false
	}
	if !escape {
		return true
	}
	if ev.loop != nil {
		if _, hi := r.span(ev.loop); at < hi {
			return false
		}
	}
	return ev.fn == nil && len(ev.loops) == 1 && r.quietBetween(end, int32(len(r.src)))
}

// keepEnd returns the byte offset just past the keep of ev when it keeps each call's
// output in order, every time the call runs: a list comprehension (its end), or a
// simple statement of its loop's own body in a loop with no break or continue (the
// statement's end).
func (r *reader) keepEnd(ev event) (int32, bool) {
	switch {
	case !ev.order || ev.into == "":
		return 0, false
	case ev.end != 0:
		return ev.end, true
	case ev.loop == nil:
		return 0, false
	}
	for j := ev.loop.tokStart; j < ev.loop.tokEnd && int(j) < len(r.toks); j++ {
		if t := r.toks[j]; t.kind == pytoken.Name && (r.tokText(t) == "break" || r.tokText(t) == "continue") {
			return 0, false
		}
	}
	s := r.keepStmt(ev)
	if s == nil {
		return 0, false
	}
	_, hi := r.span(s)
	return hi, true
}

// reorderers are the list methods after which L[-1] need not be the last item kept.
var reorderers = nameSet{"remove", "sort", "reverse", "insert"}

// reordered reports whether the file changes which item of list n is last other than
// by appending: del n[…], n[k] = v, n.remove(…), n.sort(), n.reverse(), n.insert(…),
// or more than one n.pop(…).
func (r *reader) reordered(n string) bool {
	pops := 0
	for _, i := range r.nameTokens(n) {
		next, m := r.tokAt(i+1), r.tokAt(i+2)
		switch {
		case r.tokAt(i-1) == ".":
		case r.tokAt(i-1) == "del", next == "." && reorderers.has(m):
			return true
		case next == "." && m == "pop":
			pops++
		case next == "[":
			if c := r.closing(i + 1); c >= 0 && r.tokAt(c+1) == "=" {
				return true
			}
		}
	}
	return pops > 1
}

// scopeWords start a def, a class or a lambda: code between the keep and a read that
// holds one may run at another time (print(outs[-1]) in a def written after the loop).
var scopeWords = nameSet{"def", "class", "lambda"}

// quietBetween reports whether the text from byte offset lo to before hi holds no
// compiled call, no call of a def that makes one (callsCompiled), and no def, class or
// lambda.
func (r *reader) quietBetween(lo, hi int32) bool {
	for _, c := range r.callEvents {
		if c.off >= lo && c.off < hi {
			return false
		}
	}
	for _, t := range r.toks {
		if t.off < lo || t.off >= hi || t.kind != pytoken.Name {
			continue
		}
		w := r.tokText(t)
		if scopeWords.has(w) || r.callsCompiled(r.funcs[w], 0) {
			return false
		}
		for _, d := range r.methods[w] {
			if r.callsCompiled(d, 0) {
				return false
			}
		}
	}
	return true
}

// callsCompiled reports whether def d makes a compiled call, itself or through the
// defs it calls (maxCalleeDepth deep, backwardinside.go).
func (r *reader) callsCompiled(d *stmt, depth int) bool {
	if d == nil || depth > maxCalleeDepth {
		return false
	}
	if len(r.defCalls[d]) > 0 {
		return true
	}
	for _, c := range r.callees[d] {
		if r.callsCompiled(c, depth+1) {
			return true
		}
	}
	return false
}

// fstringLast reports whether every use of ev's container in the f-string token i
// (text) is its last item, {L[-1]}, read before the next compiled call.
func (r *reader) fstringLast(ev event, i int, text string) bool {
	w := ev.into
	for k := strings.Index(text, w); k >= 0; {
		end := k + len(w)
		if (k == 0 || !isIdentByte(text[k-1])) && (end == len(text) || !isIdentByte(text[end])) && !strings.HasPrefix(text[end:], "[-1]") {
			return false
		}
		j := strings.Index(text[end:], w)
		if j < 0 {
			break
		}
		k = end + j
	}
	return r.lastRead(ev, r.toks[i].off, false)
}

// listOfGen reports whether comprehension e is a generator expression written as the
// one argument of list(…) or tuple(…), which keeps every item it yields.
func (r *reader) listOfGen(e *expr) bool {
	i := int(e.start) - 1
	for i >= 0 && strings.IndexByte(" \t\r\n\\", r.src[i]) >= 0 {
		i--
	}
	if i < 0 || r.src[i] != '(' {
		return false
	}
	i--
	for i >= 0 && (r.src[i] == ' ' || r.src[i] == '\t') {
		i--
	}
	j := i + 1
	for j > 0 && isIdentByte(r.src[j-1]) {
		j--
	}
	w := r.src[j : i+1]
	return (w == "list" || w == "tuple") && (j == 0 || r.src[j-1] != '.')
}

// keptComp returns the comprehension that keeps the items of v when v is one (a list
// comprehension, list(… for …)), else nil.
func keptComp(v *expr) *expr {
	switch {
	case v == nil:
		return nil
	case v.is(comp):
		return v
	case v.kind == call && v.x.kind == name && (v.x.name == "list" || v.x.name == "tuple") && len(v.args) == 1 && v.args[0].value.is(comp):
		return v.args[0].value
	}
	return nil
}

// compInto names n the container a comprehension's kept outputs are in, when the
// assignment binds the comprehension's value (v) to it: outs = [model(x) for x in xs]
// is read as outs.append(model(x)) in a loop is.
func (r *reader) compInto(n string, v *expr) {
	c := keptComp(v)
	if c == nil {
		return
	}
	for i := len(r.events) - 1; i >= 0; i-- {
		if ev := &r.events[i]; ev.f == factKept && ev.end != 0 && ev.off == c.start {
			ev.into = n
			return
		}
	}
}
