package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEarlyExitGuards: what follows an if whose block leaves (return, raise,
// continue, break, sys.exit) runs only when its condition is false, and a condition
// on a variable's value is decided by the environment given (sweep4 finding 6:
// moshi's `if os.environ.get("NO_TORCH_COMPILE"): return fun` was no guard, and -env
// NO_COMPILE=1 decided nothing).
func TestEarlyExitGuards(t *testing.T) {
	t.Parallel()
	const site = "    return torch.compile(m, mode=\"reduce-overhead\")\n"
	cases := []struct {
		name, reason, src string
		env               map[string]string
		want              string // in the site's guard ("" no guard)
	}{
		{"return", "sweep4 #6 hZ_earlyret: an early return", "def f(m):\n    if os.environ.get(\"NO_COMPILE\"):\n        return m\n" + site, nil,
			`not os.environ.get("NO_COMPILE"): after if os.environ.get("NO_COMPILE") (line 3), which leaves the block`},
		{"return-env-set", "-env NO_COMPILE=1: the site never runs", "def f(m):\n    if os.environ.get(\"NO_COMPILE\"):\n        return m\n" + site, map[string]string{"NO_COMPILE": "1"},
			"`os.environ.get(\"NO_COMPILE\")` is true in the environment planned (-env sets NO_COMPILE=1), so this never runs"},
		{"return-env-unset", "unset: the site runs", "def f(m):\n    if os.environ.get(\"NO_COMPILE\"):\n        return m\n" + site, map[string]string{"OTHER": "1"},
			"`os.environ.get(\"NO_COMPILE\")` is false in the environment planned (NO_COMPILE is not set), so the block goes on past it"},
		{"hasattr-true", "newuser29 #12 (VeOmni): `if not hasattr(torch, \"compile\"): raise` is false on 2.11, the site runs", "def f(m):\n    if not hasattr(torch, \"compile\"):\n        raise RuntimeError(\"no compile\")\n" + site, nil,
			"`not hasattr(torch, \"compile\")` is false on torch 2.11, the release planned, which has torch.compile (from 2.0), so the block goes on past it"},
		{"raise", "raise leaves too", "def f(m):\n    if not torch.cuda.is_available():\n        raise SystemExit(1)\n" + site, nil,
			"torch.cuda.is_available(): after if not torch.cuda.is_available() (line 3)"},
		{"sys-exit", "sys.exit(…) leaves", "import sys\nif args.no_compile:\n    sys.exit(0)\nc = torch.compile(m)\n", nil,
			"not args.no_compile: after if args.no_compile (line 3)"},
		{"not-and-chain", "unseen7 z06:385: the negation of an and chain is parenthesized", "def f(m):\n    if a and not b and len(a) != len(c):\n        raise ValueError()\n" + site, nil,
			"not (a and not b and len(a) != len(c)): after if a and not b and len(a) != len(c) (line 3)"},
		{"or-chain", "unseen7 z13:373: an or chain too", "def f(m):\n    if p.type == \"pi05\" or p.type == \"pi0\":\n        return m\n" + site, nil,
			`not (p.type == "pi05" or p.type == "pi0"): after if`},
		{"not-first-of-chain", "a chain that starts with not is not the negation of the rest", "def f(m):\n    if not a and b:\n        return m\n" + site, nil,
			"not (not a and b): after if not a and b (line 3)"},
		{"not-comparison", "not a == b is not (a == b)", "def f(m):\n    if not a == b:\n        return m\n" + site, nil,
			"a == b: after if not a == b (line 3)"},
		{"if-else", "an if with an else is no early exit", "def f(m):\n    if flag:\n        return m\n    else:\n        pass\n" + site, nil, ""},
		{"not-leaving", "an if that does not leave is no guard of what follows", "def f(m):\n    if flag:\n        print(1)\n" + site, nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := ReadWith(strings.NewReader("import os, torch\n"+tc.src), ReadOptions{Env: tc.env, Torch: "2.11"})
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			g := s.Sites[0].Guard
			if tc.want == "" {
				require.NotContains(t, g, "which leaves the block", tc.reason)
				return
			}
			require.Contains(t, g, tc.want, tc.reason)
		})
	}
}

// TestEnvValueGuards: a condition on a variable's value, decided by the environment
// given: truth of the string, its default, not, ==, !=, int().
func TestEnvValueGuards(t *testing.T) {
	t.Parallel()
	env := map[string]givenEnv{"A": {value: "1", from: "-env"}, "Z": {value: "0", from: "-env"}, "E": {value: "", from: "-env"}}
	cases := []struct {
		cond     string
		want, ok bool
	}{
		{`os.environ.get("A")`, true, true},
		{`not os.environ.get("A")`, false, true},
		{`os.getenv("E")`, false, true},
		{`os.environ.get("U")`, false, true},
		{`os.environ.get("U", "1")`, true, true},
		{`os.environ.get("Z") == "1"`, false, true},
		{`os.environ.get("U", "1") == "1"`, true, true},
		{`os.environ.get("U") != "1"`, true, true},
		{`int(os.environ.get("Z", "0"))`, false, true},
		{`int(os.environ.get("A", "0"))`, true, true},
		{`not int(os.environ.get("U", "0"))`, true, true},
		{`int(os.environ.get("E", "0"))`, false, false},        // int("") raises
		{`os.environ.get("A").lower() == "true"`, false, true}, // decided since script13 item 4
	}
	r := &reader{givenEnv: env}
	for _, tc := range cases {
		got, _, ok := r.envValueTruth(tc.cond)
		require.Equal(t, tc.ok, ok, tc.cond)
		require.Equal(t, tc.want, got, tc.cond)
	}
}
