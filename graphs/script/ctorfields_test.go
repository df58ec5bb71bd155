package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDataclassConstructorValues: a dataclass field's default replaced by the
// constructor's argument gives the attribute the argument's value, the default only
// when some construction leaves it (sweep9 findings 2 and 7: Config(compile_mode=
// "max-autotune") still planned the field's "default", and backend/dynamic read the
// default as their one value).
func TestDataclassConstructorValues(t *testing.T) {
	t.Parallel()
	const cls = "import argparse, torch, tyro\nfrom dataclasses import dataclass\n@dataclass\nclass Config:\n    compile_mode: str = \"default\"\n    backend: str = \"inductor\"\n    dyn: bool = False\n"
	const site = "m = torch.compile(f, mode=cfg.compile_mode, backend=cfg.backend, dynamic=cfg.dyn)\n"
	cases := []struct {
		name, reason, src     string
		modes, backends, dyns []string
	}{
		{"keywords", "every construction passes each field",
			cls + "cfg = Config(compile_mode=\"max-autotune\", backend=\"eager\", dyn=True)\n" + site,
			[]string{"max-autotune"}, []string{"'eager'"}, []string{"True"}},
		{"positional", "positional arguments bind the fields in order",
			cls + "cfg = Config(\"max-autotune\", \"eager\")\n" + site,
			[]string{"max-autotune"}, []string{"'eager'"}, []string{"False"}},
		{"one-leaves-it", "a construction that leaves backend keeps its default",
			cls + "a = Config(backend=\"eager\")\ncfg = Config()\n" + site,
			[]string{"default"}, []string{"'inductor'", "'eager'"}, []string{"False"}},
		{"splat", "Config(**kw) may pass anything: the default stays",
			cls + "cfg = Config(**kw, backend=\"eager\")\n" + site,
			[]string{"default"}, []string{"'inductor'", "'eager'"}, []string{"False"}},
		{"handed-over", "tyro.cli(Config) builds it elsewhere, defaults included",
			cls + "cfg = tyro.cli(Config)\ncfg = Config(backend=\"eager\")\n" + site,
			[]string{"default"}, []string{"'inductor'", "'eager'"}, []string{"False"}},
		{"from-flag", "a construction passing an argparse flag's value: both of its values",
			cls + "p = argparse.ArgumentParser()\np.add_argument(\"--dyn\", action=\"store_true\")\nargs = p.parse_args()\ncfg = Config(dyn=args.dyn)\n" + site,
			[]string{"default"}, []string{"'inductor'"}, []string{"False", "True"}},
		{"subclass-positional", "a subclass's fields come after its base's",
			cls + "@dataclass\nclass Big(Config):\n    extra: int = 0\ncfg = Big(\"reduce-overhead\", \"eager\", True, 3)\n" + site,
			[]string{"reduce-overhead"}, []string{"'eager'"}, []string{"True"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("c.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			st := s.Sites[0]
			var modes []string
			for _, c := range st.ModeCandidates {
				v := "None"
				if c.Value != nil {
					v = *c.Value
				}
				modes = append(modes, v)
			}
			if len(modes) == 0 && st.Mode != nil {
				modes = []string{*st.Mode}
			}
			require.Equal(t, tc.modes, modes, "%s: mode; notes %q", tc.reason, st.Notes)
			require.Equal(t, tc.backends, altValues(st, "backend", st.Backend), "%s: backend; notes %q", tc.reason, st.Notes)
			var dyn *string
			if st.Dynamic != nil {
				d := map[bool]string{true: "True", false: "False"}[*st.Dynamic]
				dyn = &d
			}
			require.Equal(t, tc.dyns, altValues(st, "dynamic", dyn), "%s: dynamic; notes %q", tc.reason, st.Notes)
		})
	}
}

// altValues returns the values planned for keyword k: its alternatives, else the one
// value read (one, in the repr the alternatives use for backend).
func altValues(st Site, k string, one *string) []string {
	for _, a := range st.Alternatives {
		if a.Keyword == k {
			var out []string
			for _, v := range a.Values {
				out = append(out, v.Value)
			}
			return out
		}
	}
	if one == nil {
		return nil
	}
	if k == "backend" {
		return []string{"'" + *one + "'"}
	}
	return []string{*one}
}
