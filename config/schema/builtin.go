package schema

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/compilemode/compilemode/internal/linediff"
	"github.com/compilemode/compilemode/internal/textpack"
	"github.com/compilemode/compilemode/modes"
)

//go:generate go run ./internal/gen

// builtinPack holds the schema of every release measured or read (the torch-X.Y.json
// files of this folder, their source of truth) in the form the web page can carry: the
// newest release's file whole and every older one as a linediff against the next newer
// (torch-2.11.diff turns torch-2.14.json into torch-2.11.json, ...), one textpack.
// The six files whole cost the page 55 KB gzipped, since deflate cannot share text
// between files; builtin.txt 22 KB (examples/web's Transfer size). internal/gen writes
// builtin.txt; TestBuiltinPackUpToDate and TestBuiltinTexts check it.
//
//go:embed builtin.txt
var builtinPack string

// builtinTexts returns every embedded schema file's text by name ("torch-2.11.json"),
// rebuilt from builtinPack on first use and only read after.
var builtinTexts = sync.OnceValues(func() (map[string]string, error) {
	files, err := textpack.Unpack(builtinPack)
	if err != nil {
		return nil, err
	}
	return rebuildTexts(files)
})

// rebuildTexts returns the files of a pack like builtinPack by their .json names: its
// one .json file as it is, then each .diff, newest release first, applied to the
// text of the next newer.
func rebuildTexts(files map[string]string) (map[string]string, error) {
	out := map[string]string{}
	var text string
	for _, name := range packOrder(files) {
		switch base, ok := strings.CutSuffix(name, ".diff"); {
		case !ok && len(out) == 0:
			text = files[name]
			out[name] = text
		case ok && len(out) > 0:
			var err error
			if text, err = linediff.Apply(text, files[name]); err != nil {
				return nil, fmt.Errorf("schema: builtin.txt's %s: %w", name, err)
			}
			out[base+".json"] = text
		default:
			return nil, fmt.Errorf("schema: builtin.txt: want one whole file, the newest, then diffs; %s is not in order", name)
		}
	}
	return out, nil
}

// packOrder returns the names of a pack's files ("torch-2.14.json", "torch-2.11.diff")
// by their releases, newest first; a name without a release goes last.
func packOrder(files map[string]string) []string {
	release := func(name string) modes.Version {
		x := strings.TrimPrefix(name, "torch-")
		x = strings.TrimSuffix(strings.TrimSuffix(x, ".json"), ".diff")
		v, _ := modes.ParseVersion(x)
		return v
	}
	names := slices.Collect(maps.Keys(files))
	// sort.Slice, which the page links anyway: slices.SortFunc on strings was its own
	// instantiation of the sort, 5.1 KB of the web page (examples/web's Transfer size)
	sort.Slice(names, func(i, j int) bool {
		va, vb := release(names[i]), release(names[j])
		if va != vb {
			return vb.Less(va)
		}
		return names[i] < names[j]
	})
	return names
}

// builtinNames are the embedded schema files' names, sorted, read from builtinPack's
// headers (no text is rebuilt).
func builtinNames() []string {
	files, _ := textpack.Unpack(builtinPack)
	var names []string
	for name := range files {
		if base, ok := strings.CutSuffix(name, ".diff"); ok {
			name = base + ".json"
		}
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
	return names
}

// builtinData returns the embedded schema file name's text.
func builtinData(name string) ([]byte, error) {
	texts, err := builtinTexts()
	if err != nil {
		return nil, err
	}
	text, ok := texts[name]
	if !ok {
		return nil, fmt.Errorf("no such file")
	}
	return []byte(text), nil
}

// Builtin returns the embedded schema for release v and the evidence with which
// it describes v: the schema's own (measured for 2.11; source for 2.2, 2.6, 2.7 and
// 2.14) or inferred, when v borrows the nearest release that was read. It returns a
// *modes.VersionError for an unsupported release.
func Builtin(v modes.Version) (*Schema, modes.Evidence, error) {
	if _, err := modes.ParseVersion(v.String()); err != nil {
		return nil, "", err // the release words as every entry point's
	}
	s, err := builtinFile(schemaFor(v))
	if err != nil {
		return nil, "", err
	}
	ev := s.Evidence
	if s.Version != v {
		ev = modes.Inferred
		if s, err = withEnvRows(s, v); err != nil {
			return nil, "", err
		}
	}
	return s, ev, nil
}

// Row says which embedded schema stands for a range of releases: the release's
// own where one was measured or read, else the nearest one read (ties go to the
// older), and, for a release that borrows an older schema, the next one read.
type Row struct {
	_        [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	Releases modes.Releases
	// File is the embedded schema, config/schema/<File>.
	File string
	// Next is the schema of the next release read after an older borrowed one ("" when
	// the release has its own schema or borrows a newer one): a key or variable only it
	// has is uncertain for the releases in between.
	Next string
	// Evidence is how the schema describes the releases: the file's own for a release
	// that has it, inferred for one that borrows it.
	Evidence modes.Evidence
	Source   string
}

// Rows returns which embedded schema each supported release uses. Each call
// returns new rows.
func Rows() []Row {
	r := modes.Minors
	const (
		borrow = "no copy of these releases was read (testdata/reference/pytorch-facts.md §0): the nearest release read stands for them"
	)
	return []Row{
		{Releases: r(0, 0), File: "torch-2.0.json", Evidence: modes.Inferred, Source: "config/schema/torch-2.0.json: torch 2.2.2's keys less triton.cudagraph_trees (2.0 had no cudagraph trees: PR #89146, turned on by PR #97993 in 2023-03, after 2.0), no copy of 2.0's config.py being read (testdata/reference/field-judgement.md, \"2.0\"); 2.0's apply_mode and apply_options (docs/2.0/_modules/torch.html) confirm that epilogue_fusion, max_autotune, size_asserts and triton.cudagraphs are keys"},
		{Releases: r(1, 1), File: "torch-2.2.json", Evidence: modes.Inferred, Source: borrow},
		{Releases: r(2, 2), File: "torch-2.2.json", Evidence: modes.Source, Source: "config/schema/torch-2.2.json, from the sources of torch 2.2.2 (T2.2.2)"},
		{Releases: r(3, 5), File: "torch-2.2.json", Next: "torch-2.6.json", Evidence: modes.Inferred, Source: borrow},
		{Releases: r(6, 6), File: "torch-2.6.json", Evidence: modes.Source, Source: "config/schema/torch-2.6.json, from the sources of torch 2.6.0 (T2.6.0)"},
		{Releases: r(7, 7), File: "torch-2.7.json", Evidence: modes.Source, Source: "config/schema/torch-2.7.json, from the sources of torch 2.7.1 (T2.7.1)"},
		{Releases: r(8, 9), File: "torch-2.7.json", Next: "torch-2.11.json", Evidence: modes.Inferred, Source: borrow},
		{Releases: r(10, 10), File: "torch-2.11.json", Evidence: modes.Inferred, Source: borrow},
		{Releases: r(11, 11), File: "torch-2.11.json", Evidence: modes.Measured, Source: "config/schema/torch-2.11.json, dumped from torch 2.11.0+cu130 (testdata/torch/2.11/schema_live.json)"},
		{Releases: r(12, 12), File: "torch-2.11.json", Next: "torch-2.14.json", Evidence: modes.Inferred, Source: borrow},
		{Releases: r(13, 13), File: "torch-2.14.json", Evidence: modes.Inferred, Source: borrow},
		{Releases: r(14, 14), File: "torch-2.14.json", Evidence: modes.Source, Source: "config/schema/torch-2.14.json, from the sources of torch 2.14.0 (T2.14.0)"},
	}
}

// schemaRow returns the row that holds for v.
func schemaRow(v modes.Version) (Row, bool) {
	for _, r := range Rows() {
		if r.Releases.Contains(v) {
			return r, true
		}
	}
	return Row{}, false
}

// Next returns the embedded schema of the next release read after the older one that
// release v borrows ([Row].Next), or nil when v has its own schema or borrows a newer
// one: a key or variable only it has is uncertain for v.
func Next(v modes.Version) *Schema {
	r, _ := schemaRow(v)
	if r.Next == "" {
		return nil
	}
	s, err := builtinFile(r.Next)
	if err != nil {
		return nil
	}
	return s
}

// builtinFile returns a copy of the embedded schema file: each file is parsed once,
// on first use, and every caller gets its own [Schema.Clone], so nothing a caller does
// changes another's. Parsing is most of a release's first plan (about 10 ms natively,
// over 100 ms in WebAssembly) and a plan may read every release's schema (the variables
// other releases read), so parsing each file once matters.
func builtinFile(file string) (*Schema, error) {
	parsed, ok := builtinParsed[file]
	if !ok {
		return nil, &Error{Path: file, Msg: "not embedded"}
	}
	s, err := parsed()
	if err != nil {
		return nil, err
	}
	return s.Clone(), nil
}

// builtinParsed memoises the parse of every embedded schema file, by name. It is
// built at package initialisation from the embedded files' names (each entry runs
// once, on first use) and never written after.
var builtinParsed = func() map[string]func() (*Schema, error) {
	m := map[string]func() (*Schema, error){}
	for _, name := range builtinNames() {
		m[name] = sync.OnceValues(func() (*Schema, error) {
			data, err := builtinData(name)
			if err != nil {
				return nil, &Error{Path: name, Msg: "not embedded: " + err.Error()}
			}
			return parseWith(name, data, decodeSchemaFile) // strict JSON: TestBuiltinStrictJSON
		})
	}
	return m
}()

// schemaFor names the embedded schema that stands for release v.
func schemaFor(v modes.Version) string {
	r, _ := schemaRow(v)
	return r.File
}

// envVarNamesAll is BuiltinEnvVarNames's answer, built once from the embedded schemas
// and only read after: no mutable state.
var (
	envVarNamesOnce sync.Once
	envVarNamesAll  []string
)

// BuiltinEnvVarNames returns every variable some embedded schema's config reads at
// import (the union of the files' env_var_names), sorted, read without parsing the rest
// of the files: a script that sets a variable needs these of every release, and parsing
// every release's schema had been most of a script's first answer in the web page.
// TestBuiltinEnvVarNames checks it against the parsed schemas.
// Built on the first call (a sync.Once, not sync.OnceValue: its instantiation for
// []string was 1.9 KB of the web page; examples/web's Transfer size); the caller must
// not change the slice.
func BuiltinEnvVarNames() []string {
	envVarNamesOnce.Do(func() { envVarNamesAll = newBuiltinEnvVarNames() })
	return envVarNamesAll
}

// newBuiltinEnvVarNames builds [BuiltinEnvVarNames]'s value.
func newBuiltinEnvVarNames() []string {
	var out []string
	for _, name := range builtinNames() {
		names, ok := envVarNames(name)
		if !ok {
			s, err := builtinFile(name)
			if err != nil {
				continue
			}
			names = s.EnvVarNames
		}
		out = append(out, names...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return slices.Compact(out)
}

// envVarNames reads the env_var_names member of the embedded file name (the one member
// of that name in every file, a top-level one), ok false where it cannot.
func envVarNames(name string) ([]string, bool) {
	data, err := builtinData(name)
	if err != nil {
		return nil, false
	}
	const member = `"env_var_names"`
	i := bytes.Index(data, []byte(member))
	if i < 0 || bytes.Count(data, []byte(member)) != 1 {
		return nil, false
	}
	rest := bytes.TrimLeft(data[i+len(member):], " \t\r\n")
	if len(rest) == 0 || rest[0] != ':' {
		return nil, false
	}
	var names []string
	if err := json.NewDecoder(bytes.NewReader(rest[1:])).Decode(&names); err != nil {
		return nil, false
	}
	return names, true
}

// EnvRow says that the releases of a borrowed schema read a variable for a key that
// the schema they borrow does not: the key takes the rule of the same key in From (an
// embedded schema that has it), so the rule is stated once. Each row was read in a
// copy of each of its releases' torch/_inductor/config.py.
type EnvRow struct {
	_        [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	Key      Key
	Releases modes.Releases
	From     string
	Source   string
	// Unread, in a row without From, is a variable that the next schema read reads
	// and these releases are known not to ([Schema.KnownUnread]).
	Unread string
}

// The copies of torch 2.3.0, 2.4.0 and 2.5.1 read for EnvRows
// (graphs/diagnose/testdata/wordings/sources.tsv lists them).
const (
	copy230 = "2.3.0: botirk38/GuardianAI@ea4c21e venv/lib/python3.11/site-packages/torch/_inductor/config.py"
	copy240 = "2.4.0: Oucru-Innovations/tmas@fd68758 .venv/lib/python3.12/site-packages/torch/_inductor/config.py"
	copy251 = "2.5.1: tinymonster123/DOMR_torch@510b3e7 venv/lib/python3.10/site-packages/torch/_inductor/config.py"
)

// EnvRows returns the rows, a fresh slice on each call.
func EnvRows() []EnvRow {
	r := modes.Minors
	cpp := func(key Key, l240, l251 int) EnvRow {
		return EnvRow{Key: key, Releases: r(4, 5), From: "torch-2.6.json", Source: fmt.Sprintf("%s:%d, %s:%d (the same rule as 2.6.0's); not in %s, as in 2.2.2", copy240, l240, copy251, l251, copy230)}
	}
	unread := func(key Key, name string) EnvRow {
		return EnvRow{Key: key, Releases: r(3, 3), Unread: name, Source: copy230 + " reads no " + name}
	}
	return []EnvRow{
		unread("triton.cudagraphs", "TORCHINDUCTOR_CUDAGRAPHS"),
		unread("cpp.no_redundant_loops", "TORCHINDUCTOR_CPP_NO_REDUNDANT_LOOPS"),
		unread("cpp.dynamic_threads", "TORCHINDUCTOR_CPP_DYNAMIC_THREADS"),
		unread("cpp.min_chunk_size", "TORCHINDUCTOR_CPP_MIN_CHUNK_SIZE"),
		unread("cpp.enable_kernel_profile", "TORCHINDUCTOR_CPP_ENABLE_KERNEL_PROFILE"),
		unread("cpp.weight_prepack", "TORCHINDUCTOR_CPP_WEIGHT_PREPACK"),
		unread("cpp.max_horizontal_fusion_size", "TORCHINDUCTOR_CPP_MAX_HORIZONTAL_FUSION_SIZE"),
		unread("cpp.fallback_scatter_reduce_sum", "TORCHINDUCTOR_CPP_FALLBACK_SCATTER_REDUCE_SUM"),
		unread("cpp.enable_unsafe_math_opt_flag", "TORCHINDUCTOR_CPP_ENABLE_UNSAFE_MATH_OPT_FLAG"),
		{Key: "triton.cudagraphs", Releases: r(4, 5), From: "torch-2.6.json", Source: copy240 + ":627, " + copy251 + ":833 (cudagraphs = os.environ.get(\"TORCHINDUCTOR_CUDAGRAPHS\") == \"1\"); " + copy230 + ":502 has cudagraphs = False, as 2.2.2"},
		{Key: "cpp_wrapper", Releases: r(3, 5), From: "torch-2.6.json", Source: copy230 + ":28, " + copy240 + ":38, " + copy251 + ":76 (cpp_wrapper = os.environ.get(\"TORCHINDUCTOR_CPP_WRAPPER\", \"0\") == \"1\")"},
		cpp("cpp.no_redundant_loops", 560, 738),
		cpp("cpp.dynamic_threads", 567, 745),
		cpp("cpp.min_chunk_size", 570, 748),
		cpp("cpp.enable_kernel_profile", 582, 760),
		cpp("cpp.weight_prepack", 586, 764),
		cpp("cpp.max_horizontal_fusion_size", 603, 781),
		cpp("cpp.fallback_scatter_reduce_sum", 609, 787),
		cpp("cpp.enable_unsafe_math_opt_flag", 614, 792),
	}
}

// withEnvRows returns s (release v's schema, borrowed) with the rules of the EnvRows
// that hold for v.
func withEnvRows(s *Schema, v modes.Version) (*Schema, error) {
	for _, row := range EnvRows() {
		if !row.Releases.Contains(v) {
			continue
		}
		if row.Unread != "" {
			s.knownUnread = append(slices.Clone(s.knownUnread), row.Unread)
			continue
		}
		from, err := builtinFile(row.From)
		if err != nil {
			return nil, err
		}
		src, ok := from.Lookup(row.Key)
		i, has := s.index[row.Key]
		if !ok || src.Env == nil || !has {
			return nil, &Error{Path: row.From, Msg: fmt.Sprintf("EnvRows: %s has no rule in %s or no key in %s", row.Key, row.From, s.Torch)}
		}
		s.keys[i].Env = src.clone().Env
		s.addEnvVars(src.Env.Vars)
	}
	return s, nil
}

// addEnvVars records more variables the config reads, on a copy of the name index
// (Clone shares it).
func (s *Schema) addEnvVars(vars []string) {
	names := maps.Clone(s.envNames)
	for _, n := range vars {
		if !names[n] {
			names[n] = true
			s.EnvVarNames = append(s.EnvVarNames, n)
		}
	}
	sort.Slice(s.EnvVarNames, func(i, j int) bool { return s.EnvVarNames[i] < s.EnvVarNames[j] })
	s.envNames = names
}

// KnownUnread reports whether name is a variable that the next schema read reads
// and this release is known not to read (an [EnvRow] with Unread).
func (s *Schema) KnownUnread(name string) bool {
	return s != nil && slices.Contains(s.knownUnread, name)
}
