package script

// torch._dynamo.optimize (sweep2 finding 17: "0 compile sites" for
// torch._dynamo.optimize("inductor")(model)); see [Optimize].

// isOptimize reports whether q is torch._dynamo.optimize or optimize_assert.
func isOptimize(q string) bool {
	return q == "torch._dynamo.optimize" || q == "torch._dynamo.optimize_assert"
}

// optimizeArgs returns the torch.compile arguments torch._dynamo.optimize(…) (the
// call opt, q what it names) applied to model args amounts to: the model, its
// backend (first positional or backend=), nopython as fullgraph (optimize_assert:
// fullgraph=True), dynamic and disable; its other keywords (guard hooks, hooks,
// export) do not change the plan.
func optimizeArgs(opt *expr, q string, model []arg) []arg {
	out := append([]arg(nil), model...)
	for i, a := range opt.args {
		switch {
		case a.star != 0:
			out = append(out, a)
		case a.keyword == "" && i == 0, a.keyword == "backend":
			out = append(out, arg{keyword: "backend", value: a.value})
		case a.keyword == "nopython":
			out = append(out, arg{keyword: "fullgraph", value: a.value})
		case a.keyword == "dynamic" || a.keyword == "disable":
			out = append(out, a)
		}
	}
	if q == "torch._dynamo.optimize_assert" {
		out = append(out, arg{keyword: "fullgraph", value: &expr{kind: name, name: "True"}})
	}
	return out
}
