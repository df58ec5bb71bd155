package skips

import (
	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/modes"
)

// inputMutationDeferred are the releases whose default
// triton.cudagraph_support_input_mutation (True outside fbcode) leaves a mutated input
// to cudagraph trees' check at their first call (MutatedInputsAtRun): config states the
// default per release, with its source (config.FactInputMutationSupportDefault).
var inputMutationDeferred = config.FactReleases(config.FactInputMutationSupportDefault, true)

// The copies of each release's torch package read (graphs/diagnose/testdata/wordings/
// sources.tsv lists them with their paths; wordings-by-release.tsv there has every line).
const (
	c200 = "@2.0.0 (IPCristian/Proiect-Simulare@8bf22d3)"
	c210 = "@2.1.0 (LobosProger/Race-game@fcd94db; same lines @2.1.2)"
	c222 = "@2.2.2 (Nikodeam/Gematria@35ec5e6)"
	c230 = "@2.3.0 (botirk38/GuardianAI@ea4c21e)"
	c240 = "@2.4.0 (Oucru-Innovations/tmas@fd68758)"
	c251 = "@2.5.1 (tinymonster123/DOMR_torch@510b3e7)"
	c260 = "@2.6.0 (Debian trixie python3-torch 2.6.0)"
	c291 = "@2.9.1 (mikebeth/MSLG-SPA-2026@a448a19)"
	c214 = "@2.14.1 (Debian sid python3-torch 2.14.1)"
	// between: what covers the releases between two copies read.
	between = "; 2.7.1, 2.8.0 and 2.9.1 hold the same code; 2.10, 2.12 and 2.13 not read (the same at 2.9.1 and 2.14.1; 2.11 measured where testdata/torch/2.11/measured_scenarios.json is named)"
	// measured211 is the 2.11 measurement of the planner's probe.
	measured211 = "testdata/torch/2.11/measured_scenarios.json "
	// measuredPlanner is the 2.11 measurement of the legacy implementation's mutation checks.
	measuredPlanner = "testdata/torch/2.11/planner_scenarios.json "
)

func minors(lo, hi int) modes.Releases { return modes.Minors(lo, hi) }

// wordings is the table of wordings, by reason and release.
func wordings() []Wording {
	var out []Wording
	for _, part := range [][]Wording{deviceWordings(), mutationWordings(), graphWordings()} {
		out = append(out, part...)
	}
	return out
}

// deviceWordings: a CPU tensor, several CUDA devices, the allocator.
func deviceWordings() []Wording {
	return []Wording{
		{Reason: CPUDevice, Releases: minors(0, 1), Text: "skipping cudagraphs due to multiple devices",
			Source: src("torch/_inductor/compile_fx.py:197" + c200 + " (developer_warning); compile_fx.py:440" + c210 + " (a CPU tensor makes a second device type)")},
		{Reason: CPUDevice, Releases: minors(2, 2), Text: "non-cuda device in graph", Item: true,
			Source: src("torch/_inductor/compile_fx.py:360" + c222)},
		{Reason: CPUDevice, Releases: minors(3, 3), Text: Prefix + Prefix + "cpu device",
			Source: src("torch/_inductor/cudagraph_utils.py:81" + c230 + " (no node name; \". Found from : \" and a stack trace when the CPU tensor's use has one, line 78), logged after a second prefix by compile_fx.py:445-447" + c230)},
		{Reason: CPUDevice, Releases: minors(4, 14), Text: Prefix + Prefix + "cpu device ({input})",
			Source: src(measured211 + "ro_cpu_scalar_partition_off; torch/_inductor/cudagraph_utils.py:110" + c240 + ", :165" + c260 + ", :182" + c291 + ", :355" + c214 + between)},
		{Reason: MultipleDevices, Impl: Trees, Releases: minors(1, 1), Text: "skipping cudagraphs due to multiple device indexes",
			Source: src("torch/_inductor/compile_fx.py:449-453" + c210 + " (cudagraph trees only)")},
		{Reason: MultipleDevices, Impl: Trees, Releases: minors(2, 2), Text: "multiple device indices without cudagraph_trees", Item: true,
			Source: src("torch/_inductor/compile_fx.py:370-376" + c222 + " (fails only with cudagraph trees on)")},
		{Reason: MultipleDevices, Releases: minors(3, 14), Text: Prefix + Prefix + "multiple devices: {devices}",
			Source: src(measured211 + "ro_two_devices_legacy; torch/_inductor/cudagraph_utils.py:90" + c230 + ", :123" + c240 + ", :178" + c260 + ", :195" + c291 + ", :368" + c214 + between)},
		{Reason: UncachedAllocator, Releases: minors(14, 14), Text: Prefix + "cudagraph capture requires the caching allocator; current allocator is uncached",
			Source: src("torch/_inductor/cudagraph_utils.py:385" + c214 + " (check_caching_allocator_for_cudagraphs, checked before the devices, :391-397); absent @2.9.1")},
	}
}

// mutationWordings: inputs mutated in place, or their storage replaced.
func mutationWordings() []Wording {
	return []Wording{
		{Reason: MutatedInputs, Releases: minors(0, 1), Text: "skipping cudagraphs due to input mutation",
			Source: src("torch/_inductor/compile_fx.py:200" + c200 + " (graph.mutated_inputs: any graph input); compile_fx.py:442-443" + c210 + " (has_mutation, lines 364-370: user inputs with trees, any graph input without)")},
		{Reason: MutatedInputs, Releases: minors(2, 2), Text: "mutated inputs", Item: true,
			Source: src("torch/_inductor/compile_fx.py:350-361" + c222 + " (has_mutation: user inputs with trees, any graph input without)")},
		{Reason: MutatedInputs, Impl: Trees, Releases: minors(3, 3), Text: Prefix + "mutation on input. Found from : \n <stack>",
			Source: src("torch/_inductor/cudagraph_utils.py:25-40" + c230 + " get_mutation_stack_trace (without a stack trace it logs \"" + Prefix + "mutated inputs\"); logged alone by compile_fx.py:543-547" + c230 + "; PR #117720")},
		{Reason: MutatedInputs, Impl: Legacy, Releases: minors(3, 4), Text: Prefix + "mutated inputs",
			Source: src("torch/_inductor/cudagraph_utils.py:46, 60-62" + c230 + " check_for_mutation (any mutated graph input), logged alone by compile_fx.py:543-547" + c230 + "; check_for_mutation_ignore_cuda_graph_managed_tensor :149" + c240 + " (triton.cudagraph_support_input_mutation False by default, config.py:643" + c240 + "), logged alone by compile_fx.py:646-652" + c240)},
		{Reason: MutatedInputs, Impl: Legacy, Releases: minors(5, 14), Text: Prefix + Prefix + "mutated inputs",
			Source: src(measuredPlanner + "legacy_mut_input_support_off_nopart, legacy_mut_buffer_support_off_nopart; check_for_mutation_ignore_cuda_graph_managed_tensor :204" + c260 + ", :231" + c291 + ", :430" + c214 + " (only with triton.cudagraph_support_input_mutation False; \"False if is_fbcode() else True\" from config.py:849" + c251 + "), set as the graph's disabled reason and logged after a second prefix by FxGraphCache.post_compile, codecache.py:1156-1163" + c251 + ", CompiledFxGraph.post_compile, output_code.py:486-494" + c260 + ", :896-901" + c214 + between)},
		{Reason: MutatedInputs, Impl: Trees, Releases: minors(4, 4), Text: Prefix + "mutated inputs (1 instances)",
			Source: src("torch/_inductor/cudagraph_utils.py:54-70, 146-162" + c240 + " (one mutated input; compile time with 2.4.0's default), logged alone by compile_fx.py:646-652" + c240 + "; PR #124700")},
		{Reason: MutatedInputs, Impl: Trees, Releases: minors(5, 14), Text: Prefix + Prefix + "mutated inputs (1 instances)",
			Source: src("torch/_inductor/cudagraph_utils.py:115" + c260 + ", :297" + c214 + " get_mutation_stack_trace, at compile time only with triton.cudagraph_support_input_mutation False, then logged after a second prefix as the legacy line is (" + measuredPlanner + "legacy_mut_input_support_off_nopart; codecache.py:1156-1163" + c251 + ", output_code.py:486-494" + c260 + ", :896-901" + c214 + ")" + between)},
		{Reason: MutatedInputsAtRun, Impl: Trees, Releases: inputMutationDeferred, Text: Prefix + "mutated inputs (1 instances)",
			Source: src(measured211 + "ro_mut_input (one mutated input); cudagraph_trees.py:1947" + c251 + ", :1975" + c260 + ", :2040" + c291 + ", :2434" + c214 + " check_for_mutation at the first call; cudagraph_utils.py get_mutation_stack_trace :115" + c260 + ", :124" + c291 + ", :297" + c214 + "; PR #124700" + between)},
		{Reason: StorageMutation, Releases: minors(14, 14), Text: Prefix + "input storage mutation (1 instances)",
			Source: src("torch/_inductor/cudagraph_utils.py:253" + c214 + " get_input_storage_mutation_reason (one input); preferred over a mutation by output_code.py:686-690" + c214 + "; PR #183645; absent @2.9.1")},
	}
}

// graphWordings: what the graph holds: ops, non-tensor inputs, symbolic shapes.
func graphWordings() []Wording {
	const unknown = "skipping cudagraphs for unknown reason"
	return []Wording{
		{Reason: IncompatibleOp, Releases: minors(0, 0), Text: "",
			Source: src("torch/_inductor/compile_fx.py:183-204" + c200 + " (has_incompatible_cudagraph_ops fails the test; no branch logs it)")},
		{Reason: IncompatibleOp, Releases: minors(1, 1), Text: unknown,
			Source: src("torch/_inductor/compile_fx.py:455-456" + c210)},
		{Reason: IncompatibleOp, Releases: minors(2, 5), Text: "incompatible ops", Item: true,
			Source: src("torch/_inductor/compile_fx.py:362" + c222 + ", :485" + c230 + ", :586" + c240 + ", :617" + c251)},
		{Reason: IncompatibleOp, Releases: minors(6, 14), Text: Prefix + "disabling cudagraphs due to incompatible op {op}",
			Source: src("torch/_inductor/compile_fx.py:1079" + c260 + ", :1589" + c291 + ", :1852" + c214 + " (set at lowering, logged after a prefix by output_code.py)" + between)},
		{Reason: NonTensorInputs, Releases: minors(1, 1), Text: unknown,
			Source: src("torch/_inductor/compile_fx.py:457-458" + c210)},
		{Reason: NonTensorInputs, Releases: minors(2, 14), Text: "non-Tensor inputs", Item: true,
			Source: src("torch/_inductor/compile_fx.py:364-369" + c222 + ", :491" + c230 + ", :592" + c240 + ", :624" + c251 + "; output_code.py:438" + c260 + ", :712" + c214 + between)},
		{Reason: ComplexMemoryOverlap, Releases: minors(0, 1), Text: "skipping cudagraphs due to complex input striding",
			Source: src("torch/_inductor/compile_fx.py:201-204" + c200 + ", :444-447" + c210)},
		{Reason: ComplexMemoryOverlap, Releases: minors(2, 12), Text: "complex memory overlap", Item: true,
			Source: src("torch/_inductor/compile_fx.py:363" + c222 + ", :486" + c230 + ", :618" + c251 + "; output_code.py:432" + c260 + ", :552" + c291 + "; PR #182524 dropped the check (merged 2026-05-11, between the 2.12 branch cut of 2026-04-13 and 2.13's of 2026-06-08, graphs/diagnose/rows_kwargs.go), absent @2.14.1; 2.10 to 2.13 not read")},
		{Reason: DynamicGraphs, Releases: minors(4, 14), Text: Prefix + "graph with symbolic shapes inputs and config.triton.cudagraph_skip_dynamic_graphs=True.",
			Source: src(measured211 + "ro_dynamic_true_skip_partition_off; torch/_inductor/compile_fx.py:855" + c240 + ", :1069" + c260 + ", :1833" + c214 + " (\" Found from \" and a stack trace when a node has one)" + between)},
	}
}

// partitionSilent: with graph_partition on, the list's reasons turn CUDA graphs off in
// cudagraph_partition_post_compile, which logs nothing (first in 2.8.0).
var partitionSilent = minors(8, 14)

const partitionSilentSource = "with graph_partition on, cudagraph_partition_post_compile returns on the fail reasons without a line: output_code.py:250-280@2.8.0, :253-290@2.9.1, :331-365 and 922-934@2.14.1 (absent @2.7.1); PR #193044 (open, 2026-08) would report it"

// checks is the table of each release's check steps, in order.
func checks() []Check {
	return []Check{
		{Releases: minors(0, 0), Reasons: []Reason{CPUDevice, MutatedInputs, ComplexMemoryOverlap, IncompatibleOp},
			Source: src("torch/_inductor/compile_fx.py:183-204" + c200 + ": several device types, else input mutation, else complex striding, else nothing logged")},
		{Releases: minors(1, 1), Reasons: []Reason{CPUDevice, MutatedInputs, ComplexMemoryOverlap, MultipleDevices, IncompatibleOp, NonTensorInputs},
			Source: src("torch/_inductor/compile_fx.py:439-458" + c210 + ": one line per case, the first that holds")},
		{Releases: minors(2, 2), Reasons: []Reason{CPUDevice, MutatedInputs, IncompatibleOp, ComplexMemoryOverlap, NonTensorInputs, MultipleDevices}, List: true,
			Source: src("torch/_inductor/compile_fx.py:359-378, 427-430" + c222 + ": cudagraph_fail_reasons, every failed test in the list's order, logged as the list")},
		{Releases: minors(3, 3), Reasons: []Reason{CPUDevice, MultipleDevices},
			Source: src("torch/_inductor/compile_fx.py:445-449, 719-726" + c230 + ": the lowering's reason (check_multiple_devices_or_any_cpu_nodes: CPU first) is logged alone, before the other tests")},
		{Releases: minors(4, 5), Reasons: []Reason{DynamicGraphs, CPUDevice, MultipleDevices},
			Source: src("torch/_inductor/compile_fx.py:534-541, 838-872" + c240 + ": the lowering's reasons, symbolic shapes first, logged alone; same @2.5.1")},
		{Releases: minors(6, 13), Reasons: []Reason{DynamicGraphs, IncompatibleOp, CPUDevice, MultipleDevices},
			Source: src("torch/_inductor/compile_fx.py:1053-1100" + c260 + ", :1563-1612" + c291 + ": the lowering's reasons in this order, each only when none before it is set; logged alone by output_code.py" + between)},
		{Releases: minors(14, 14), Reasons: []Reason{DynamicGraphs, IncompatibleOp, UncachedAllocator, CPUDevice, MultipleDevices},
			Source: src("torch/_inductor/compile_fx.py:1816-1887 and cudagraph_utils.py:391-397" + c214 + " (the allocator before the devices)")},
		{Releases: minors(3, 13), Reasons: []Reason{MutatedInputs},
			Source: src("torch/_inductor/compile_fx.py:475-481, 543-547" + c230 + "; output_code.py:421-425, 486-494" + c260 + ": a mutation's own message is preferred to the list" + between)},
		{Releases: minors(14, 14), Reasons: []Reason{StorageMutation, MutatedInputs},
			Source: src("torch/_inductor/output_code.py:667-690, 321-324" + c214 + ": the storage-mutation reason overwrites the mutation's")},
		{Releases: minors(3, 5), Reasons: []Reason{IncompatibleOp, ComplexMemoryOverlap, NonTensorInputs}, List: true,
			Source: src("torch/_inductor/compile_fx.py:483-494, 549-551" + c230 + ", :584-595, 653-656" + c240 + ", :615-634" + c251)},
		{Releases: minors(6, 12), Reasons: []Reason{ComplexMemoryOverlap, NonTensorInputs}, List: true, PartitionSilent: partitionSilent,
			Source: src("torch/_inductor/output_code.py:430-448, 231-234" + c260 + ", :550-568" + c291 + between + "; " + partitionSilentSource)},
		{Releases: minors(13, 14), Reasons: []Reason{NonTensorInputs}, List: true, PartitionSilent: partitionSilent,
			Source: src(partitionSilentSource + "; torch/_inductor/output_code.py:692-733, 326-328" + c214 + " (no overlap test since PR #182524, in 2.13 by its date; force_disable_cudagraph_TESTING_ONLY, a test switch, is not a reason here)")},
		{Releases: inputMutationDeferred, Reasons: []Reason{MutatedInputsAtRun},
			Source: src("cudagraph_trees.py:1947" + c251 + ", :1975" + c260 + ", :2434" + c214 + ": the trees' check at the first call, which a compile-time skip prevents (output_code.py:421-428" + c260 + ": \"Check mutation later to support cudagraph-managed tensors\")")},
	}
}
