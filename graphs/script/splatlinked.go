package script

import (
	"strings"

	"github.com/compilemode/compilemode/config/literal"
)

// A **kwargs dict whose items are set under separate guards (sweep2 finding 11:
// kwargs = {}; if use_ro: kwargs["mode"] = "reduce-overhead"; if no_cg:
// kwargs["options"] = {…}) reaches the site with several values, the dict flow's
// variants: {}, {mode}, {options}, {mode, options}. The argument whose value
// differs between them is planned with each value, and the mode and the other
// arguments go with it as one variant gives them: the combinations planned are the
// variants, the one that raises ("Either mode or options can be specified, but both
// can't be specified at the same time.") included, and none that no variant is
// (an if/else giving mode in one branch and options in the other never gives both).

// splatVariantsAlt plans argument k (options, backend or dynamic) of the **kwargs
// dict o with each value its variants give it, when they differ and each is known
// (absent: torch.compile's default). It reports whether it did.
func (r *reader) splatVariantsAlt(st *siteState, e *expr, k string, o *dictObj) bool {
	if !altArgs.has(k) || len(o.variants) < 2 {
		return false
	}
	var vals []ArgChoice
	for _, v := range o.variants {
		c, ok := r.variantChoice(k, v, o)
		if !ok {
			return false
		}
		vals = append(vals, c)
	}
	vals = uniqueChoices(vals)
	if len(vals) < 2 {
		return false
	}
	for i := range vals {
		// Which variant a run given nothing takes is its guards' business, not
		// decided here: no combination is labelled a run given nothing's (unseen7
		// z13:373: options=None was, though the field that sets options defaults
		// True).
		vals[i].variant = true
	}
	src := "**" + cut(oneLine(r.text(e)), MaxCallText)
	st.Alternatives = append(st.Alternatives, ArgAlternatives{Keyword: k, Expr: src, Values: vals, Complete: true})
	st.note("%s: %s differs between the dict's values here: %s; each is planned with the mode and items of the same value", src, k, choicesText(vals))
	return true
}

// variantChoice returns the value argument k has in variant v of o: its item's
// (a followed dict as its first variant's literal), else torch.compile's default
// (splatDefault; dynamic: dynamicAbsent). ok is false for a value not known.
func (r *reader) variantChoice(k string, v dictVal, o *dictObj) (ArgChoice, bool) {
	it, has := v.item(k)
	if !has {
		if k == "dynamic" {
			return ArgChoice{Line: o.line, Value: dynamicAbsent, v: literal.None()}, true
		}
		def, ok := splatDefault(k)
		return ArgChoice{Line: o.line, Value: def.String(), v: def}, ok
	}
	lv, u := r.itemValue(it)
	if len(u) > 0 {
		return ArgChoice{}, false
	}
	line := o.lastLine()
	if it.x != nil {
		line = int(it.x.line)
	}
	return ArgChoice{Line: line, Value: lv.String(), v: lv}, true
}

// splatLinked links the keywords of o planned per value (keys) with the mode (unless
// given in the call): one branch per variant of o, so that only the combinations the
// variants are get planned (linked.go).
func (r *reader) splatLinked(st *siteState, o *dictObj, keys []string, modeGiven bool) {
	g := linkGroup{keywords: keys}
	if !modeGiven {
		g.keywords = append([]string{"mode"}, keys...)
	}
	for _, v := range o.variants {
		b := map[string][]string{}
		for _, k := range keys {
			c, _ := r.variantChoice(k, v, o)
			b[k] = []string{c.Value}
		}
		if !modeGiven {
			if reprs, ok := r.variantModes(v); ok {
				b["mode"] = reprs
			}
		}
		g.branches = append(g.branches, b)
	}
	st.linked = append(st.linked, g)
	st.note("the combinations planned are the dict's values (%s go together)", strings.Join(g.keywords, ", "))
}

// variantModes returns the reprs of the modes variant v gives: None without a "mode"
// item, its literal, else the candidates of its expression; ok is false when those
// are not known (any mode goes with the variant).
func (r *reader) variantModes(v dictVal) ([]string, bool) {
	it, has := v.item("mode")
	switch {
	case !has:
		return []string{"None"}, true
	case it.ok:
		return []string{it.val.String()}, true
	case it.x == nil:
		return nil, false
	}
	var out []string
	for _, c := range r.valueCands(it.x) {
		out = append(out, modeRepr(c.Value))
	}
	return out, len(out) > 0
}

// modeRepr is the repr of a mode (nil: None), as [Site.consistent] compares it.
func modeRepr(m *string) string {
	if m == nil {
		return "None"
	}
	return literal.Str(*m).String()
}
