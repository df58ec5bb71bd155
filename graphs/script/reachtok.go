package script

import (
	"strings"

	"github.com/compilemode/compilemode/graphs/script/pytoken"
)

// What a thread's code reaches is read from its tokens (reachOf), by name, as Python
// would resolve each name where the token stands (sweep3 finding 3: modded-nanogpt's
// data-loading thread was a caller of the compiled model because dict(step=0, …)
// named the optimizer's step() and super().__init__() named every class's __init__):
//   - a name followed by "=" is a keyword argument's name or an assignment's target
//     (self.step = 0), and the name after def or class the name that statement binds:
//     it calls nothing (a subclass's own def forward reached is no use of the
//     compiled forward it overrides);
//   - a bare name reaches the def of the file of that name, and builds the class of
//     that name only where it is called (C(…)), or, in a thread's target, handed over
//     uncalled (target=C, partial(C, …)), which the thread builds; a class named in
//     isinstance(x, C) or an annotation is not built. A bare name never reaches a
//     method: Python reaches methods only through an object;
//   - an attribute (.m) reaches the methods of that name; .__init__ after super()
//     reaches the __init__ of the first base of the enclosing class that has one,
//     after a class name that class's, and nothing otherwise.

// nameUse says how a name token is used.
type nameUse uint8

const (
	useBound  nameUse = iota // followed by "=": a keyword argument's name or a target
	useBare                  // a bare name
	useAttr                  // an attribute, after "."
	useInitOf                // .__init__ after super() or a class name
)

// scanTokens adds to rc what the tokens of a def's body (in: that def) or of a
// thread's target (in: nil) reach. A target's C(…) is built by the thread that starts
// it, so only a lambda's body, or a class handed over uncalled, builds in the thread.
func (r *reader) scanTokens(rc *reach, toks []token, queue *[]*stmt, in *stmt) {
	target := in == nil
	lambda := target && len(toks) > 0 && r.tokText(toks[0]) == "lambda"
	for i, t := range toks {
		switch tk := t.full(r.src, r.lines); tk.Kind {
		case pytoken.Name:
			r.scanUse(rc, toks, i, tk.Text, queue, in, target && !lambda)
			rc.device = rc.device || r.namesDeviceAt(toks, i)
		case pytoken.String:
			if strings.Contains(tk.Text, "cuda:") {
				rc.device = true
			}
		}
	}
}

// scanUse adds what the name n at toks[i] reaches, by its use; handOver says a class
// named uncalled is built by the thread (a target's own tokens, not a lambda's).
func (r *reader) scanUse(rc *reach, toks []token, i int, n string, queue *[]*stmt, in *stmt, handOver bool) {
	switch r.useOf(toks, i, n) {
	case useBound:
	case useBare:
		r.noteUse(rc, n, in)
		called := r.calledAt(toks, i)
		if called && !handOver || !called && handOver {
			r.reachCtor(rc, n, queue)
		}
		if called {
			r.reachInstanceCall(rc, n, queue, in) // gen(p) of gen = Generator(): Generator.__call__
		}
		r.scanName(rc, n, queue, false)
	case useAttr:
		if rc.attrs == nil {
			rc.attrs = map[string]bool{}
		}
		rc.attrs[n] = true
		r.scanName(rc, n, queue, true)
	case useInitOf:
		r.reachInit(rc, toks, i, queue, in)
	}
}

// useOf classifies the name n at toks[i].
func (r *reader) useOf(toks []token, i int, n string) nameUse {
	if i+1 < len(toks) && r.tokText(toks[i+1]) == "=" {
		return useBound
	}
	if i > 0 && (r.tokText(toks[i-1]) == "def" || r.tokText(toks[i-1]) == "class") {
		return useBound // the name a def or class statement binds: no use of it
	}
	if i == 0 || r.tokText(toks[i-1]) != "." {
		return useBare
	}
	if n == "__init__" {
		return useInitOf
	}
	return useAttr
}

// reachInit adds the __init__ that X.__init__ at toks[i] runs: after super(), the
// first base of in's class (or its bases) that defines one; after a class name of the
// file, that class's; else none.
func (r *reader) reachInit(rc *reach, toks []token, i int, queue *[]*stmt, in *stmt) {
	var d *stmt
	switch {
	case i >= 4 && r.tokText(toks[i-2]) == ")" && r.tokText(toks[i-3]) == "(" && r.tokText(toks[i-4]) == "super":
		if cls := r.sc.classOf[in]; cls != nil {
			if chain := r.classChain(cls); len(chain) > 1 {
				d = r.methodIn(chain[1:], "__init__")
			}
		}
	case i >= 2:
		if cls, ok := r.sc.classes[r.tokText(toks[i-2])]; ok {
			d = r.method(cls, "__init__")
		}
	}
	if d != nil && !rc.defs[d] {
		rc.defs[d] = true
		*queue = append(*queue, d)
	}
}

// methodIn returns the first def named m of the classes chain (nil: none).
func (r *reader) methodIn(chain []*stmt, m string) *stmt {
	for _, k := range chain {
		if d, ok := r.sc.methods[k][m]; ok {
			return d
		}
	}
	return nil
}

// scanName adds to rc what the name n reaches, once per use: a bare name the def of
// that name, an attribute the methods of that name; and set_device's device.
func (r *reader) scanName(rc *reach, n string, queue *[]*stmt, attr bool) {
	key := n
	if attr {
		key = "." + n
	}
	if rc.seen[key] {
		return
	}
	if rc.seen == nil {
		rc.seen = map[string]bool{}
	}
	rc.seen[key] = true
	rc.names[n] = true
	if n == "set_device" {
		rc.device = true
	}
	var defs []*stmt
	if attr {
		defs = r.methods[n]
	} else if d := r.funcs[n]; d != nil {
		defs = []*stmt{d}
	}
	for _, d := range defs {
		if !rc.defs[d] {
			rc.defs[d] = true
			*queue = append(*queue, d)
		}
	}
}

// reachInstanceCall adds what calling the name n, read in def in, runs when n is bound
// to an instance of a class of the file (gen = Generator()): the class's __call__, else
// its forward (instanceCallees: calling an nn.Module runs forward), its bases' when it
// defines neither (sweep9 finding 4's sibling: a gradio function calling gen(prompt)
// whose __call__ calls the compiled self.pipe).
func (r *reader) reachInstanceCall(rc *reach, n string, queue *[]*stmt, in *stmt) {
	if r.sc == nil {
		return
	}
	cls, ok := r.sc.classes[r.sc.types[r.nameKey(n, in)]]
	if !ok {
		return
	}
	for _, m := range instanceCallees {
		if d := r.methodIn(r.classChain(cls), m); d != nil {
			if !rc.defs[d] {
				rc.defs[d] = true
				*queue = append(*queue, d)
			}
			return
		}
	}
}
