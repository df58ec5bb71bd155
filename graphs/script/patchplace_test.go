package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestPatchPlacement: a torch._inductor.config.patch applies where the compiled
// function's first call is, as Inductor compiles there (sweep3 finding 15; measured on
// 2.6.0 and 2.14.1: testdata/patchplace). Each placement of the probe, and the
// siblings people write.
func TestPatchPlacement(t *testing.T) {
	t.Parallel()
	const head = "import torch\nimport torch._inductor.config as ic\nlin = torch.nn.Linear(4, 4)\n"
	const patch = "ic.patch(\"coordinate_descent_tuning\", True)"
	on := []string{"coordinate_descent_tuning=True"}
	cases := []struct {
		name, reason, src string
		want              []string // the patches the site's plan is given
	}{
		{name: "with-around-compile-only", reason: "compile is lazy: the patch is gone by the first call",
			src: head + "with " + patch + ":\n    f = torch.compile(lin)\nf(x)\n"},
		{name: "with-around-first-call", reason: "the first call compiles under the patch",
			src: head + "f = torch.compile(lin)\nwith " + patch + ":\n    f(x)\n", want: on},
		{name: "with-around-both", reason: "site and first call under the same patch",
			src: head + "with " + patch + ":\n    f = torch.compile(lin)\n    f(x)\n", want: on},
		{name: "patch-outer-decorator", reason: "@patch above @torch.compile",
			src: head + "@" + patch + "\n@torch.compile\ndef f(t):\n    return t\nf(x)\n", want: on},
		{name: "patch-inner-decorator", reason: "@patch below @torch.compile (measured: in force too)",
			src: head + "@torch.compile(mode=\"max-autotune\")\n@" + patch + "\ndef f(t):\n    return t\nf(x)\n", want: on},
		{name: "decorated-never-called", reason: "the compiled def's own patch is in force at any call",
			src: head + "@" + patch + "\n@torch.compile\ndef f(t):\n    return t\n", want: on},
		{name: "patch-on-caller", reason: "@patch on the def that makes the first call",
			src: head + "f = torch.compile(lin)\n@" + patch + "\ndef run():\n    return f(x)\nrun()\n", want: on},
		{name: "patch-on-builder", reason: "@patch on a def that only builds the compiled function",
			src: head + "@" + patch + "\ndef build():\n    return torch.compile(lin)\nf = build()\nf(x)\n"},
		{name: "dict-form", reason: "patch({KEY: V}) around the first call",
			src: head + "f = torch.compile(lin)\nwith ic.patch({\"coordinate_descent_tuning\": True}):\n    f(x)\n", want: on},
		{name: "kwargs-form-alias", reason: "cfg = torch._inductor.config; cfg.patch(KEY=V) around the first call",
			src: "import torch\ncfg = torch._inductor.config\nf = torch.compile(net)\nwith cfg.patch(coordinate_descent_tuning=True):\n    f(x)\n", want: on},
		{name: "method-site", reason: "model.compile() compiles at the first call too",
			src: head + "lin.compile()\nwith " + patch + ":\n    lin(x)\n", want: on},
		{name: "decorated-forward", reason: "a compiled forward's first call through the instance",
			src: head + "class N(torch.nn.Module):\n    @torch.compile\n    def forward(self, t):\n        return t\nm = N()\nwith " + patch + ":\n    m(x)\n", want: on},
		{name: "first-call-outside", reason: "the patch covers a later call, not the first",
			src: head + "f = torch.compile(lin)\nf(x)\nwith " + patch + ":\n    f(x)\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("p.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, s.Sites[0].patchSet); diff != "" {
				t.Errorf("%s: patches (-want +got):\n%s\nnotes %q", tc.reason, diff, s.Sites[0].Notes)
			}
		})
	}
}
