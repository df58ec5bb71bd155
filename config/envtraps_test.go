package config

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

// TestEnvTraps checks every environment-variable trap: the warnings that
// resolution reports (codes in order), the key, and a phrase of the message or fix.
func TestEnvTraps(t *testing.T) {
	t.Parallel()
	env := func(kv ...string) Environ { return func() []string { return kv } }
	v211, v22 := modes.Version{Major: 2, Minor: 11}, modes.Version{Major: 2, Minor: 2}
	tests := []struct {
		name   string
		torch  modes.Version
		req    Request
		codes  []Code
		key    schema.Key
		phrase string // in the first warning's message or recommendation
		reason string
	}{
		{"cudagraphs-true", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=true")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "write TORCHINDUCTOR_CUDAGRAPHS=1",
			"only \"1\" counts (measured on 2.11, env_edge_cases)"},
		{"cudagraphs-True", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=True")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "triton.cudagraphs=False", "Python spelling"},
		{"cudagraphs-yes", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=yes")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "looks like on", "yes"},
		{"cudagraphs-on", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=on")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "looks like on", "on"},
		{"cudagraphs-space-1", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS= 1")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", `" 1"`, "a leading space is not stripped (measured)"},
		{"cudagraphs-1-csi", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=1\x1b[2J")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", `"1\x1b[2J" looks like on`, "an escape sequence shows nothing: a person reads 1 (sweep finding 13)"},
		{"cudagraphs-1-osc", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=1\x1b]0;T\x07")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "looks like on", "an OSC title sequence shows nothing"},
		{"cudagraphs-zwsp-1", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=\u200b1")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "looks like on", "a zero-width space shows nothing"},
		{"cudagraphs-1-nbsp", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=1\u00a0")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "looks like on", "a no-break space shows as a space"},
		{"cudagraphs-1-rlo", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=1\u202e")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "looks like on", "a bidirectional override shows nothing"},
		{"cudagraphs-1-c1", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=1\u009b0m")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "looks like on", "an 8-bit CSI sequence shows nothing"},
		{"cudagraphs-fullwidth-1", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=１")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "looks like on", "a fullwidth digit reads as 1"},
		{"cudagraphs-quoted-1", v211, Request{Env: env(`TORCHINDUCTOR_CUDAGRAPHS="1"`)}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "looks like on", "an env file that keeps the quotes"},
		{"cudagraphs-quoted-0", v211, Request{Env: env(`TORCHINDUCTOR_CUDAGRAPHS='0'`)}, nil, "", "", "reads as off, and PyTorch makes it False too"},
		{"cudagraphs-1.0", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=1.0")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "1.0", "not a float comparison"},
		{"cudagraphs-1", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=1")}, nil, "", "", "the spelling PyTorch compares with"},
		{"cudagraphs-false", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPHS=false")}, nil, "", "", "reads as off, and PyTorch makes it False too"},
		{"profile-0", v211, Request{Env: env("TORCHINDUCTOR_PROFILE=0")}, []Code{WarnEnvSwitchMisread}, "profile_bandwidth", "unset TORCHINDUCTOR_PROFILE",
			"!= \"\": 0 turns profiling on (measured, torch_env_effects.json)"},
		{"force-false-is-a-string", v211, Request{Env: env("TORCHINDUCTOR_FX_GRAPH_CACHE=false")}, []Code{WarnEnvSwitchMisread}, "fx_graph_cache", "fx_graph_cache='false'",
			"env_name_force keeps any value but 1 and 0 as a string, which is truthy"},
		{"tristate-true", v211, Request{Env: env("TORCHINDUCTOR_FX_GRAPH_REMOTE_CACHE=true")}, []Code{WarnEnvSwitchMisread}, "fx_graph_remote_cache", "get_tristate_env",
			"get_tristate_env leaves the default for anything but 1 and 0"},
		{"compile-disable-true", v211, Request{Env: env("TORCH_COMPILE_DISABLE=true")}, []Code{WarnEnvSwitchMisread}, "torch._dynamo.config.disable", "write TORCH_COMPILE_DISABLE=1",
			"torch/_dynamo/config.py compares with \"1\""},
		{"mode-overrides-env", v211, Request{Mode: strp("reduce-overhead"), Env: env("TORCHINDUCTOR_CUDAGRAPHS=0")}, []Code{"mode-overrides-global"}, "triton.cudagraphs", `TORCHINDUCTOR_CUDAGRAPHS="0" makes the default`,
			"the patch replaces the default the variable set; worded for the variable"},
		{"mode-gives-misread-on", v211, Request{Mode: strp("reduce-overhead"), Env: env("TORCHINDUCTOR_CUDAGRAPHS=true")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "write TORCHINDUCTOR_CUDAGRAPHS=1",
			"sweep8 #5: the mode gives True, what \"true\" looks like: no mode-overrides-global telling how to get False"},
		{"mode-gives-misread-yes", v211, Request{Mode: strp("max-autotune"), Env: env("TORCHINDUCTOR_CUDAGRAPHS=yes")}, []Code{WarnEnvSwitchMisread}, "triton.cudagraphs", "looks like on", "the same for every spelling of on, every mode that sets it"},
		{"options-over-misread-off", v211, Request{Options: opts(t, `{"triton.cudagraphs": True}`), Env: env("TORCHINDUCTOR_CUDAGRAPHS=off")}, []Code{"mode-overrides-global"}, "triton.cudagraphs", "drop \"triton.cudagraphs\" from options",
			"meant off, read off, options turn it on: the variable is still overridden (off is no misread for a == \"1\" switch)"},
		{"options-override-env", v211, Request{Options: opts(t, `{"triton.cudagraphs": False}`), Env: env("TORCHINDUCTOR_CUDAGRAPHS=1")}, []Code{"mode-overrides-global"}, "triton.cudagraphs", "drop \"triton.cudagraphs\" from options",
			"options beat the variable too"},
		{"no-cudagraphs-mode-env", v211, Request{Mode: strp("max-autotune-no-cudagraphs"), Env: env("TORCHINDUCTOR_CUDAGRAPHS=1")}, []Code{WarnNoCUDAGraphsModeCaptures}, "triton.cudagraphs", "unset TORCHINDUCTOR_CUDAGRAPHS",
			"the mode's patch (measured) does not set triton.cudagraphs, so the variable keeps graphs on"},
		{"no-cudagraphs-mode-global", v211, Request{Mode: strp("max-autotune-no-cudagraphs"), Globals: []Assignment{{Key: "triton.cudagraphs", Value: literal.Bool(true)}}}, []Code{WarnNoCUDAGraphsModeCaptures}, "triton.cudagraphs", "drop the global assignment",
			"the same with a global"},
		{"no-cudagraphs-mode-plain", v211, Request{Mode: strp("max-autotune-no-cudagraphs")}, nil, "", "", "graphs off: nothing to say"},
		{"not-read-yet", v22, Request{Env: env("TORCHINDUCTOR_GRAPH_PARTITION=1")}, []Code{WarnEnvVarOtherRelease}, "", "does not read it yet", "graph_partition came after 2.2"},
		{"no-longer-read", v211, Request{Env: env("TORCHINDUCTOR_SEARCH_AUTOTUNE_CACHE=1")}, []Code{WarnEnvVarOtherRelease}, "", "no longer reads it", "read by 2.2 only"},
		{"misspelled", v211, Request{Env: env("TORCHINDUCTOR_CUDAGRAPH=1")}, []Code{WarnEnvVarMisspelled}, "", "did you mean TORCHINDUCTOR_CUDAGRAPHS?", "one letter away"},
		{"lower-case", v211, Request{Env: env("torchinductor_cudagraphs=1")}, []Code{WarnEnvVarMisspelled}, "", "did you mean TORCHINDUCTOR_CUDAGRAPHS?", "names are case-sensitive"},
		{"far-unknown", v211, Request{Env: env("TORCHINDUCTOR_DISABLE_CUDAGRAPHS=1")}, []Code{"unknown-env-var"}, "", "none of the releases read", "F6: not a typo, no release reads it"},
		{"unrelated", v211, Request{Env: env("PATH=/usr/bin", "HOME=/root")}, nil, "", "", "variables PyTorch does not read are not reported"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res, err := Resolve(tc.torch, tc.req)
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			var codes []Code
			for _, w := range res.Warnings {
				codes = append(codes, w.Code)
			}
			if diff := cmp.Diff(tc.codes, codes); diff != "" {
				t.Fatalf("warnings mismatch (-want +got) (%s):\n%s\n%+v", tc.reason, diff, res.Warnings)
			}
			if len(codes) == 0 {
				return
			}
			w := res.Warnings[0]
			if w.Key != tc.key {
				t.Errorf("key %q, want %q", w.Key, tc.key)
			}
			if !strings.Contains(w.Message+" fix: "+w.Recommendation, tc.phrase) {
				t.Errorf("warning %+v lacks %q (%s)", w, tc.phrase, tc.reason)
			}
		})
	}
}

// TestEnvTrapRowsCiteSources checks that every row names its source and code.
func TestEnvTrapRowsCiteSources(t *testing.T) {
	t.Parallel()
	for _, row := range envTrapRows() {
		if row.code == "" || row.source == "" || row.find == nil {
			t.Errorf("row %+v: every row needs a code, a source and a finder", row.code)
		}
	}
}
