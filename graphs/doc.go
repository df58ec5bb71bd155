// Package graphs plans what PyTorch does with CUDA graphs for every device and thread
// of a workload — capture, partitioned capture, skip or fail — with PyTorch's own
// messages, the hazards and their fixes. The plan is plain Go data; the backend that
// captures and replays CUDA graphs on real GPUs is the cuda-tagged subpackage backend.
//
// # Reliability
//
// Every input path — the command's flags, -options @FILE, -scenario, -schema, -env,
// -set, and the library's parsers and loaders (config.ParseLiteral, ParseAssignment,
// ParseEnvAssignment, ParseOptions, LoadSchema, CheckStrictJSON, [LoadScenario],
// [Check]) — runs in time linear in its size, with memory bounded by a limit checked
// before the input is parsed or stored. Past a limit the answer is a
// *config.LimitError naming it and the value (wrapped in the path's own error type),
// and the command exits 2:
//
//	config.MaxLiteralBytes      1 MiB  an options literal, a -set value, -options @FILE
//	config.MaxLiteralDepth      64     brackets; also unary signs in a row, operators and names
//	config.MaxIntDigits         4300   digits of a decimal int literal (Python's own limit)
//	config.MaxNonDecimalDigits  4300   digits of a hex, octal or binary int literal
//	config.MaxKeyParts          32     dotted parts of a -set key (a global) or a schema key
//	config.MaxJSONDepth         64     objects and arrays together, in a scenario or schema
//	config.MaxEnvEntries        4096   environment variables of one request
//	config.MaxSchemaBytes       16 MiB a schema file
//	MaxScenarioBytes            1 MiB  a scenario file
//	MaxDevices                  4096   workload devices, and callers
//	MaxDeviceThreads            16384  devices × callers under threads per-thread
//	MaxDistinctSizes            2^20   distinct input sizes
//
// Text is held to one rule everywhere: a NUL byte, invalid UTF-8 and a lone UTF-16
// surrogate escape are refused with their byte offset (and line and column in a file),
// as is a UTF-8 byte order mark at the start of a file or literal (Python refuses it
// too); control characters are accepted where Python accepts them (inside string
// literals and values) and refused where it refuses them. A path that is not a regular
// file (a FIFO, a device, a directory) is refused before it is opened for reading.
// Every single-valued flag may be given once; a second occurrence is an error naming
// both values. A Scenario's fields are checked by the same code whether they come from
// a file, a program or the command's flags. No exported function or method panics on
// nil or zero arguments or receivers (graphs/nilsafety_test.go lists them with go/doc).
//
// Measured on the shared 2-core development machine under load (go test -bench
// InputPaths -benchtime 3x in config and graphs; time per call). Time per byte stays
// within the noise from 1 KB to 1 MB; Check's 25 ms floor is building the release's
// resolver. The slowest 1 MB input of the hostile table
// (examples/compilemode/hostile_test.go) takes 0.4 s of CPU and 83 MB.
//
//	path                            1 KB       100 KB     1 MB
//	config.ParseLiteral             0.36 ms    28 ms      364 ms
//	config.CheckStrictJSON          0.05 ms    1.3 ms     67 ms
//	config.ParseAssignment          0.04 ms    0.14 ms    3.7 ms
//	config.ParseEnvAssignment       0.002 ms   0.07 ms    1.2 ms
//	config.UnknownOptionError.Hint  0.05 ms    1.5 ms     40 ms
//	LoadScenario                    0.12 ms    2.7 ms     112 ms
//	Check (options of that size)    26 ms      24 ms      470 ms
package graphs
