package diagnose

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReleasePipInstalledAfter: a release pip installs after a list or pin stated
// another is the run's from there on (sweep11 finding 10: a pip list's 2.11, then
// "Successfully installed torch-2.14.1", then the run's traceback, was diagnosed on 2.11
// and advised to upgrade to 2.14).
func TestReleasePipInstalledAfter(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, text, want string }{
		{"list-then-install", "$ pip list | grep torch\ntorch                    2.11.0\n$ pip install --upgrade torch\nSuccessfully installed torch-2.14.1\n$ python serve.py", "2.14"},
		{"freeze-then-install", "torch==2.4.0\n$ pip install -U torch\nSuccessfully installed torch-2.5.1 torchvision-0.20.1", "2.5"},
		{"install-alone", "Successfully installed torch-2.3.0 torchaudio-2.3.0", "2.3"},
		{"collect-env-wins", "PyTorch version: 2.6.0+cu124\nSuccessfully installed torch-2.5.1", "2.6"},
		{"list-only", "torch                    2.11.0", "2.11"},
	} {
		d, err := Read(strings.NewReader(tt.text + "\n\n    assert torch._C._is_key_in_tls(attr_name)\n"))
		require.NoError(t, err, tt.name)
		require.Equal(t, tt.want, d.Torch, "%s: %q (%s)", tt.name, tt.text, d.TorchFrom)
	}
}
