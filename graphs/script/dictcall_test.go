package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestDictCallMapping: dict(…) of the builtin with literal keywords is read wherever
// a ** mapping or an options dict is (sweep2 finding 21: torch.compile(m,
// **dict(mode=…, options=…)) planned every mode without options, exit 0); a **
// mapping that is not read makes the plan partial.
func TestDictCallMapping(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, reason, call string
		pre                string // lines before the call
		mode, options      string // "" none
		unfollowed         []string
		exit               graphs.Exit
	}{
		{
			name: "inline-dict-call", reason: "sweep2 #21 kwdict.py",
			call: `torch.compile(m, **dict(mode="reduce-overhead", options={"max_autotune": True}))`,
			mode: "reduce-overhead", options: "{'max_autotune': True}", exit: graphs.Raises,
		},
		{
			name: "inline-dict-call-options-dict-call", reason: "options given as dict(…) inside",
			call: `torch.compile(m, **dict(mode="max-autotune", options=dict(max_autotune=True)))`,
			mode: "max-autotune", options: "{'max_autotune': True}", exit: graphs.Raises,
		},
		{
			name: "inline-dict-call-mapping", reason: "dict(mapping, k=v): the mapping's items, then the keywords",
			call: `torch.compile(m, **dict({"mode": "default"}, mode="reduce-overhead"))`,
			mode: "reduce-overhead", exit: graphs.Compiles,
		},
		{
			name: "display-splat-of-dict-call", reason: "**{**dict(…), …}",
			call: `torch.compile(m, **{**dict(mode="reduce-overhead"), "options": {"max_autotune": True}})`,
			mode: "reduce-overhead", options: "{'max_autotune': True}", exit: graphs.Raises,
		},
		{
			name: "partial-of-dict-call", reason: "functools.partial(torch.compile, **dict(…)) reads its keywords the same way",
			call: `functools.partial(torch.compile, **dict(mode="reduce-overhead", options={"max_autotune": True}))`,
			mode: "reduce-overhead", options: "{'max_autotune': True}", exit: graphs.Raises,
		},
		{
			name: "method-of-dict-call", reason: "model.compile(**dict(…))",
			call: `m.compile(**dict(mode="reduce-overhead", options={"max_autotune": True}))`,
			mode: "reduce-overhead", options: "{'max_autotune': True}", exit: graphs.Raises,
		},
		{
			name: "options-dict-call", reason: "options=dict(k=v) is the dict {k: v}, not {}",
			call:    `torch.compile(m, options=dict(max_autotune=True, epilogue_fusion=False))`,
			options: "{'max_autotune': True, 'epilogue_fusion': False}", exit: graphs.Compiles,
		},
		{
			name: "options-display-splat", reason: "options={**BASE, k: v} with BASE a literal dict the file binds",
			call:    `torch.compile(m, options={**BASE, "max_autotune": True})`,
			options: "{'triton.cudagraphs': False, 'max_autotune': True}", exit: graphs.Compiles,
		},
		{
			name: "options-dict-call-mapping", reason: "options=dict(BASE, k=v)",
			call:    `torch.compile(m, options=dict(BASE, max_autotune=True))`,
			options: "{'triton.cudagraphs': False, 'max_autotune': True}", exit: graphs.Compiles,
		},
		{
			name: "options-dict-call-unread-part", reason: "a keyword that is not a literal is named",
			call:    `torch.compile(m, options=dict(max_autotune=flag))`,
			options: "{}", unfollowed: []string{"options: max_autotune=flag"}, exit: graphs.Compiles,
		},
		{
			name: "splat-of-call-unread", reason: "**f() is not read: the plan says it is partial",
			call: `torch.compile(m, **get_kwargs(), mode="reduce-overhead")`,
			mode: "reduce-overhead", unfollowed: []string{"**get_kwargs()"}, exit: graphs.Compiles,
		},
		{
			name: "splat-name-unread-item", reason: "**kw, kw's options given by a call: the plan says it is partial",
			pre:  "kw = {\"mode\": \"reduce-overhead\", \"options\": make_opts()}\n",
			call: `torch.compile(m, **kw)`,
			mode: "reduce-overhead", unfollowed: []string{`**kw: "options": make_opts()`}, exit: graphs.Compiles,
		},
		{
			name: "splat-name-items-read-otherwise", reason: "**kw whose options name a literal dict and whose backend has two values: all read, not partial",
			pre:     "kw = {\"mode\": None, \"options\": BASE, \"backend\": \"inductor\" if x else \"eager\"}\n",
			call:    `torch.compile(m, **kw)`,
			options: "{'triton.cudagraphs': False}", exit: graphs.Compiles,
		},
		{
			name: "splat-item-assigned-unread", reason: "kw[\"fullgraph\"] = flag among several dicts: named",
			pre:        "kw = {\"mode\": \"default\"}\nif c:\n    kw = {\"mode\": \"max-autotune\"}\nkw[\"fullgraph\"] = flag\n",
			call:       `torch.compile(m, **kw)`,
			unfollowed: []string{`**kw: "fullgraph": flag`}, exit: graphs.Compiles,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import functools\nimport torch\nBASE = {\"triton.cudagraphs\": False}\nm = torch.nn.Linear(2, 2)\n" + tc.pre + "c = " + tc.call + "\n"
			s, err := readBytes("d.py", []byte(src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			st := s.Sites[0]
			got := struct{ Mode, Options string }{deref(st.Mode), deref(st.Options)}
			want := struct{ Mode, Options string }{tc.mode, tc.options}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s (%s): mode/options (-want +got):\n%s\nnotes %q", tc.call, tc.reason, diff, st.Notes)
			}
			if diff := cmp.Diff(tc.unfollowed, st.Unfollowed); diff != "" {
				t.Errorf("%s (%s): Unfollowed (-want +got):\n%s", tc.call, tc.reason, diff)
			}
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			if got := p.Exit(); got != tc.exit {
				t.Errorf("%s (%s): exit %q, want %q", tc.call, tc.reason, got, tc.exit)
			}
		})
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
