package diagnose_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestTextShowsPlan: the text output ends with the plan of the call the log shows
// (sweep4 finding 29), its raise or its devices' outcomes; a log with no call shows none.
func TestTextShowsPlan(t *testing.T) {
	const crash = "Exception in thread Thread-2 (worker):\n  File \"/x/torch/_inductor/cudagraph_trees.py\", line 345, in get_obj\n" +
		"    assert torch._C._is_key_in_tls(attr_name)\nAssertionError\n"
	tests := []struct {
		name, log string
		want      []string // lines the text must end with, in order
	}{
		{"threads", "model = torch.compile(model, mode=\"reduce-overhead\")\n" + crash, []string{
			"plan of the call the log shows (torch 2.11 (the default: the log states no release), backend inductor, " +
				"mode=\"reduce-overhead\", threads inferred from trees-user-thread-tls; -json has the report with the changed keys, -json -all every key):",
			"  cuda:0 user thread 0: capture (a race)",
			"  cuda:0 user thread 1: fail, AssertionError (a race)",
		}},
		{"the call raises as written", "model = torch.compile(model, mode=\"max-autotune\", options={\"triton.cudagraphs\": True})\n" +
			crash + "PyTorch version: 2.3.1+cu121\n", []string{
			"plan of the call the log shows (torch 2.3, backend inductor, mode=\"max-autotune\", options={\"triton.cudagraphs\": True}, " +
				"threads inferred from trees-user-thread-tls; -json has the report with the changed keys, -json -all every key):",
			"  torch.compile raises (inferred): RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.",
			"    hint: pass one dict: options={'max_autotune': True, 'triton.cudagraphs': True} (torch._inductor.list_mode_options(\"max-autotune\") expanded, your options winning); that is the same effective config as mode=\"max-autotune\"",
		}},
		{"no call", crash, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := diagnose.Read(strings.NewReader(tt.log))
			require.NoError(t, err)
			require.NotEmpty(t, d.Findings)
			var b strings.Builder
			require.NoError(t, d.WriteTextWidth(&b, 0))
			text := b.String()
			if tt.want == nil {
				require.NotContains(t, text, "plan of the call")
				return
			}
			require.True(t, strings.HasSuffix(text, strings.Join(tt.want, "\n")+"\n"), text)
		})
	}
}

// TestTextShowsPlanWithoutFindings: a log that matches no signature but shows a
// torch.compile call gets NoSignature and then the plan block, as the JSON has the
// plan (sweep6 finding 4: a pasted call that raises as written was only "no known
// signature"); a log without a call gets no plan block. Between NoSignature and the
// block is the line of the release the log shows, none when it shows none
// (inputfix23 #3: only -json said which release was read).
func TestTextShowsPlanWithoutFindings(t *testing.T) {
	tests := []struct {
		name, log string
		want      []string // the whole text, line by line
	}{
		{"mode and options (sweep6 log8)", "torch 2.11.0\nmodel = torch.compile(model, mode=\"reduce-overhead\", options={\"max_autotune\": True})\n", []string{
			diagnose.NoSignature, diagnose.ScopeCovers, diagnose.ScopeLacks,
			"torch 2.11 (from line 1)",
			"",
			"plan of the call the log shows (torch 2.11, backend inductor, mode=\"reduce-overhead\", options={\"max_autotune\": True}; -json has the report with the changed keys, -json -all every key):",
			"  torch.compile raises (measured): RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.",
			"    hint: pass one dict: options={'triton.cudagraphs': True, 'max_autotune': True} (torch._inductor.list_mode_options(\"reduce-overhead\") expanded, your options winning)",
		}},
		{"collect_env and options (sweep6 log9)", "[pip3] torch==2.14.0\nPython version: 3.12.3 (main) [GCC 13] (64-bit runtime)\n" +
			"compiled = torch.compile(net, mode=\"max-autotune\", options={\"a\":1})\n", []string{
			diagnose.NoSignature, diagnose.ScopeCovers, diagnose.ScopeLacks,
			"torch 2.14 (from line 1)",
			"",
			"plan of the call the log shows (torch 2.14, Python 3.12 (line 2, collect_env), backend inductor, mode=\"max-autotune\", options={\"a\":1}; -json has the report with the changed keys, -json -all every key):",
			"  torch.compile raises (source): RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.",
			"    hint: pass mode alone: one options dict with the mode's table expanded would raise too (RuntimeError: Unexpected optimization option a)",
		}},
		{"unknown mode (sweep6 log10)", "torch 2.11.0\nmodel = torch.compile(model, mode=\"fast\")\n", nil},
		{"a call that compiles", "torch 2.11.0\nmodel = torch.compile(model, mode=\"reduce-overhead\")\n", []string{
			diagnose.NoSignature, diagnose.ScopeCovers, diagnose.ScopeLacks,
			"torch 2.11 (from line 1)",
			"",
			"plan of the call the log shows (torch 2.11, backend inductor, mode=\"reduce-overhead\"; -json has the report with the changed keys, -json -all every key):",
			"  cuda:0 main: capture",
		}},
		// inputfix23 #3: the release read is named, as -json's "torch" and "torch_line" are
		{"no call", "torch 2.11.0\nall good\n", []string{diagnose.NoSignature, diagnose.ScopeCovers, diagnose.ScopeLacks, "torch 2.11 (from line 1)"}},
		{"no call, release on line 3", "start\nrun\nPyTorch version: 2.13.0+cu128\nall good\n", []string{diagnose.NoSignature, diagnose.ScopeCovers, diagnose.ScopeLacks, "torch 2.13 (from line 3)"}},
		{"no call, an older release", "torch 1.13.1\nall good\n", []string{diagnose.NoSignature, diagnose.ScopeCovers, diagnose.ScopeLacks,
			"torch: line 1 states torch 1.13, older than torch.compile, which came in 2.0: read as none"}},
		// newuser27 #3: the release line says none is stated, as over findings; with no
		// fix to speak of, nothing on fixes (newuser28 #2).
		{"no call, no release", "all good\n", []string{diagnose.NoSignature, diagnose.ScopeCovers, diagnose.ScopeLacks,
			"torch: not stated in the text"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := diagnose.Read(strings.NewReader(tt.log))
			require.NoError(t, err)
			require.Empty(t, d.Findings)
			var b strings.Builder
			require.NoError(t, d.WriteTextWidth(&b, 0))
			if tt.want == nil { // the plan raises: its block names the error
				require.NotNil(t, d.Plan)
				require.NotNil(t, d.Plan.Error)
				require.Contains(t, b.String(), "plan of the call the log shows")
				require.Contains(t, b.String(), d.Plan.Error.Message)
				return
			}
			require.Equal(t, strings.Join(tt.want, "\n")+"\n", b.String())
		})
	}
}
