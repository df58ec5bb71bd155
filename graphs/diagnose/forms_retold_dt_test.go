package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRetoldDT: the class read from the held-out set DT (2026-12-06, the
// twenty-fourth session) and its siblings: a value on the CPU or a copy from the host to
// the device told as what failed a CUDA graph's capture (rows_retold_dt.go). The code is
// the stated release's: before 2.11 stream-capture-illegal, 2.11 and later
// capture-unpinned-copy, which a text that states no release gets. Each positive failed
// before the class was read, and each lookalike gives no finding.
func TestFormsRetoldDT(t *testing.T) {
	copyCode := func(line int) form { return form{diagnose.CaptureUnpinnedCopy, line, diagnose.Paraphrased, ""} }
	on := func(code diagnose.Code, line int, torch string) form {
		return form{code, line, diagnose.Paraphrased, torch}
	}
	checkForms(t, []formTest{
		{"scalar on cpu, which failed the capture", "Summary: The scalar tensor by default is on CPU, which failed the cuda graph capture. To fix the issue, we put the scalar tensor on GPU\n", copyCode(1), "pytorch/pytorch#130712, no release stated: the default release's code"},
		{"scalar on cpu, torch 2.4", "torch 2.4.0\nThe scalar tensor by default is on CPU, which failed the cuda graph capture.\n", on(diagnose.StreamCaptureIllegal, 2, "2.4"), "a release before 2.11 fails at the copy's sync"},
		{"scalar on cpu, torch 2.12", "PyTorch version: 2.12.0+cu130\nThe scalar tensor by default is on CPU, which failed the cuda graph capture.\n", on(diagnose.CaptureUnpinnedCopy, 2, "2.12"), "2.11 and later refuse the copy"},
		{"host→device copy that graph capture forbids", "Fixed a CUDA-graph-capture crash in several models by replacing `torch.tensor(self.config.<x>_token_id, device=inputs_embeds.device)` (a host→device copy that graph capture forbids) with `torch.full((), self.config.<x>_token_id, dtype=torch.long, device=inputs_embeds.device)`, which fills the scalar directly on-device.\n", copyCode(1), "huggingface/transformers#47547"},
		{"copy the capture forbids, torch 2.5", "torch==2.5.1\nFixed a CUDA-graph-capture crash by replacing `torch.tensor(x, device=d)` (a host→device copy that graph capture forbids).\n", on(diagnose.StreamCaptureIllegal, 2, "2.5"), "the stated release chooses"},
		{"copy the capture does not allow, crash after", "the host-to-device copy, which CUDA graph capture does not allow, crashed the warmup\n", copyCode(1), "the failure after the relative clause"},
		{"cpu scalar broke capture", "A CPU scalar tensor broke CUDA graph capture in SDPA.\n", copyCode(1), "another verb, the scalar the subject (not skip-cpu-device: the capture is named)"},
		{"h2d copy crashed the graph capture", "the H2D copy crashed the graph capture\n", copyCode(1), "the copy's short name"},
		{"copy caused the capture to fail", "The CPU->GPU copy caused the CUDA graph capture to fail.\n", copyCode(1), "caused … to fail"},
		{"torch.tensor call fails the graph capture", "Our torch.tensor(step, device=\"cuda\") call fails the graph capture.\n", copyCode(1), "the call that copies, present tense"},
		{"tensor on the cpu, which broke torch.cuda.graph capture", "the tensor on the CPU, which broke torch.cuda.graph capture\n", copyCode(1), "the capture named by its API"},
		{"capture failed because of a cpu tensor", "CUDA graph capture failed because of a CPU tensor\n", copyCode(1), "the capture first"},
		{"capture crashed on a cpu scalar", "cudagraph capture crashed on a CPU scalar\n", copyCode(1), "cudagraph capture"},
		{"capture broken by a copy", "graph capture was broken by a host-to-device copy\n", copyCode(1), "the passive"},
		{"copy forbidden inside capture, breaking", "The H2D copy is forbidden inside graph capture, breaking the decode path.\n", copyCode(1), "forbiddenBreaksRetold's form with the copy as its subject"},
		{"copy forbidden, breaking, torch 2.5", "torch 2.5.1\nThe H2D copy is forbidden inside graph capture, breaking the decode path.\n", on(diagnose.StreamCaptureIllegal, 2, "2.5"), "the older release's code (so on main too, by forbiddenBreaksRetold: here the copy's row is displaced)"},
		{"copy and sync forbidden, both", "The check used (CPU->GPU copy) and .item() (GPU->CPU sync).  Both are forbidden inside graph capture, breaking every decode capture path.\n", on(diagnose.StreamCaptureIllegal, 1, ""), "a copy listed with a sync: the sync's code alone (forbiddenBreaksRetold, as on main), not superseded by the copy's"},
		{"CUDAGraph capture failed because of", "CUDAGraph capture failed because of a CPU tensor\n", copyCode(1), "the capture's name in one word, \"Graph capture\""},
		{"graph capture crashed due to an h2d copy", "Graph capture crashed due to an H2D copy.\n", copyCode(1), "a sentence's start"},
		{"title after a mark", "# CPU scalar tensor broke CUDA graph capture\n", copyCode(1), "a title's mark before the thing"},
		{"docs: a copy breaks graph capture", "the docs say a host-to-device copy breaks graph capture\n", form{}, "\"a\" and the present: what docs say"},
		{"docs: capture fails on cpu tensors", "We document that graph capture fails on CPU tensors in the FAQ.\n", form{}, "the present, no article: a rule"},
		{"rule: copies forbidden during capture", "Host-to-device copies are forbidden during CUDA graph capture.\n", form{}, "a rule"},
		{"rule: capture forbids a copy", "graph capture forbids a copy from the host\n", form{}, "a rule, the capture the subject"},
		{"copy the capture forbids, no failure", "a host→device copy that graph capture forbids\n", form{}, "no failure told"},
		{"purpose's crash", "To avoid a crash, replace torch.tensor (a host→device copy that graph capture forbids).\n", form{}, "a purpose's noun is no failure"},
		{"purpose: copy that fails", "To avoid a host-to-device copy that fails graph capture, we allocate on the GPU.\n", form{}, "a purpose: \"that\" after the subject is not read"},
		{"plan: will fail", "this will fail the graph capture if the tensor is on CPU\n", form{}, "a modal"},
		{"rule: bare verb", "CPU tensors break graph capture.\n", form{}, "a bare verb states a rule"},
		{"condition", "If a CPU tensor fails the graph capture, move it to the GPU.\n", form{}, "a condition"},
		{"negation", "A CPU scalar no longer breaks CUDA graph capture.\n", form{}, "negated"},
		{"no cpu tensor", "so that no CPU tensor breaks graph capture\n", form{}, "no determiner of a thing that was there"},
		{"cpu value makes capture faster", "we keep the scalar on CPU, which makes graph capture faster\n", form{}, "no failure"},
		{"copy before capture", "The H2D copy is done before graph capture.\n", form{}, "no failure"},
		{"cpu tensor breaks cudagraphs", "The CPU tensor breaks cudagraphs.\n", form{diagnose.SkipCPUDevice, 1, diagnose.Paraphrased, ""}, "Inductor's skip, no capture named (cpuBreaksGraphRetold)"},
	})
}
