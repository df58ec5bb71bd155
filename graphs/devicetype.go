package graphs

import "github.com/compilemode/compilemode/graphs/internal/skips"

// srcDeviceType is where Inductor decides that a graph on a device other than CUDA gets
// no CUDA graph: compile_fx's lowering check check_lowering_disable_cudagraph →
// check_multiple_devices_or_any_cpu_nodes (torch/_inductor/cudagraph_utils.py:161-178
// @2.6.0, :343-366 @2.14.1) gives a reason for any graph whose one device is not CUDA
// ("cpu device (<node>)" for CPU nodes, "multiple devices: device(type='mps',
// index=0)" otherwise; with graph partitioning, 2.7 on, CPU nodes are dropped first
// and an all-CPU graph's empty mapping gives "multiple devices: "), and
// CompiledFxGraph then turns cudagraphs off, logging the reason only when one of the
// graph's device types is a GPU type (torch/_inductor/output_code.py:394-397 @2.6.0,
// :653-661 @2.14.1; GPU_TYPES is ["cuda", "xpu"] @2.6.0 utils.py:59, ["cuda", "mps",
// "xpu", "mtia"] @2.14.1 utils.py:107).
const srcDeviceType = "torch/_inductor/compile_fx.py check_lowering_disable_cudagraph, cudagraph_utils.py check_multiple_devices_or_any_cpu_nodes, output_code.py CompiledFxGraph @2.6.0 and @2.14.1 (Debian python3-torch); a CPU model measured on those CPU builds: one cudagraph skip counted, no log line (testdata/devicetype)"

// measuredCPUModel is the CPU model's measurement on the GPU machine: a reduce-overhead
// nn.Linear with CPU tensors on PyTorch 2.11 counts one cudagraph skip, logs no
// cudagraph line and builds no cudagraph tree.
const measuredCPUModel = "measured on 2.11 (H200, torch 2.11.0+cu130): graphs/testdata/devicetype/cpu-model-2.11.sh → .out"

// noMessage ends the reason of a skip that no message tells.
const noMessage = " (Inductor only counts the skip: no message is logged for a graph with no GPU device type)"

// deviceTypeRules: a compiled function whose tensors are on the CPU or on Apple's GPU
// gets no CUDA graph, whatever the mode (sweep3 finding 20: an mps model was planned
// as a CUDA capture). They come before every rule of a CUDA device, after the switches
// that turn compilation off and the backends that are not Inductor.
func deviceTypeRules() []rule {
	const reason = "the compiled function's tensors are on {device_type}, not on a CUDA device: Inductor's lowering check gives the graph no CUDA graph and it runs without one"
	onDevice := func(t string) func(c *situation) bool {
		return func(c *situation) bool {
			return c.w.DeviceType == t && !c.view.CompileDisabled && !c.otherBackend() && c.view.Backend == "inductor"
		}
	}
	return []rule{
		{Rule{ID: "non-cuda-device-mps-logged", Stage: StageDevice, Backend: "inductor", Releases: between(14, 14),
			Condition: prose("the tensors are on mps, and mps is a GPU type of Inductor's (2.14), so the skip is logged"),
			Outcome:   Skip, Implementation: None, Stop: true,
			Reason:   reason,
			Message:  skips.Prefix + skips.Prefix + "multiple devices: device(type='mps', index=0)",
			Evidence: ReadNotMeasured, Source: src(srcDeviceType)},
			onDevice("mps")},
		{Rule{ID: "non-cuda-device", Stage: StageDevice, Backend: "inductor", Releases: always(),
			Condition: prose("the tensors are on the CPU"),
			Outcome:   Skip, Implementation: None, Stop: true,
			Reason:   reason + noMessage,
			Evidence: ByRelease, Source: src(srcDeviceType + "; " + measuredCPUModel)},
			onDevice("cpu")},
		{Rule{ID: "non-cuda-device-mps", Stage: StageDevice, Backend: "inductor", Releases: always(),
			Condition: prose("the tensors are on mps where no skip message is known to be logged"),
			Outcome:   Skip, Implementation: None, Stop: true,
			Reason:   reason + noMessage,
			Evidence: ReadNotMeasured, Source: src(srcDeviceType)},
			onDevice("mps")},
	}
}
