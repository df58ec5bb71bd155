package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCaughtCompileError: what torch.compile raises at the call, inside the script's
// own try, is said to be caught when an except clause catches its class (sweep4
// finding 5: lerobot's "Continuing without torch.compile" was planned as a plain raise).
func TestCaughtCompileError(t *testing.T) {
	t.Parallel()
	const bad = "    c = torch.compile(m, mode=\"default\", options={\"max_autotune\": True})\n"
	cases := []struct {
		name, reason, src, want string
	}{
		{"exception", "sweep4 #5 hY_try: except Exception", "try:\n" + bad + "except Exception as e:\n    print(e)\n", "caught: the RuntimeError torch.compile raises at this call is caught by the script's except Exception (line 4)"},
		{"runtime", "except RuntimeError", "try:\n" + bad + "except RuntimeError:\n    c = m\n", "except RuntimeError (line 4)"},
		{"bare", "a bare except catches all", "try:\n" + bad + "except:\n    c = m\n", "script's except (line 4)"},
		{"tuple", "a tuple with the class", "try:\n" + bad + "except (ValueError, RuntimeError):\n    c = m\n", "except (ValueError, RuntimeError) (line 4)"},
		{"second-handler", "the second except catches it", "try:\n" + bad + "except ValueError:\n    c = m\nexcept Exception:\n    c = m\n", "except Exception (line 6)"},
		{"value-error", "except ValueError does not catch a RuntimeError", "try:\n" + bad + "except ValueError:\n    c = m\n", ""},
		{"invalid-backend", "InvalidBackend is a TorchDynamoException, a RuntimeError", "try:\n    c = torch.compile(m, backend=\"nope\")\nexcept RuntimeError:\n    c = m\n", "the InvalidBackend torch.compile raises"},
		{"type-error", "an unknown keyword's TypeError", "try:\n    c = torch.compile(m, cudagraphs=False)\nexcept TypeError:\n    c = m\n", "the TypeError torch.compile raises"},
		{"in-def", "a try in the caller holds the def's site", "def build(m):\n    return torch.compile(m, mode=\"default\", options={\"max_autotune\": True})\ntry:\n    c = build(m)\nexcept Exception:\n    c = m\n", "except Exception (line 6)"},
		{"no-raise", "nothing raised: no note", "try:\n    c = torch.compile(m, mode=\"reduce-overhead\")\nexcept Exception:\n    c = m\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("c.py", []byte("import torch\n"+tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			p, err := s.PlanWith(PlanOptions{})
			require.NoError(t, err)
			got := ""
			for _, n := range p.Sites[0].Notes {
				if strings.HasPrefix(n, "caught:") {
					got = n
				}
			}
			if tc.want == "" {
				require.Empty(t, got, tc.reason)
				return
			}
			require.Contains(t, got, tc.want, "%s: notes %q", tc.reason, p.Sites[0].Notes)
		})
	}
}
