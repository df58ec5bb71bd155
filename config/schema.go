package config

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/compilemode/compilemode/modes"
)

// SchemaFormat is the format tag of a schema file (see config/schemas/FORMAT.md).
const SchemaFormat = "compilemode-schema/1"

// MaxSchemaBytes bounds a schema file read by [LoadSchema], in bytes (the 2.11 file is
// about 200 KB).
const MaxSchemaBytes = 16 << 20

//go:embed schemas/torch-*.json
var builtinSchemas embed.FS

// Key is a flat dotted Inductor config name, e.g. "triton.cudagraphs".
type Key string

// KeySpec is one config key of a release: its declared type, its default in a clean
// environment and how the environment changes that default.
type KeySpec struct {
	Key          Key
	Default      Value
	Repr         string   // Python repr of Default, as the release printed it
	DeclaredType string   // str(config.get_type(key)): "<class 'bool'>", "typing.Optional[int]", …
	Env          *EnvRule // nil when the environment does not change the key
	Host         string   // non-empty when the default depends on the host: how
}

// EnvRule is how one key's default is computed from environment variables at import
// of torch._inductor.config. Kinds and their Python meaning are listed in
// config/schemas/FORMAT.md.
type EnvRule struct {
	Kind    string            `json:"kind"`
	Vars    []string          `json:"vars"`
	Unset   *string           `json:"unset"`
	Equals  string            `json:"equals,omitempty"`
	Upper   bool              `json:"upper,omitempty"`
	Choices []string          `json:"choices,omitempty"`
	Error   string            `json:"error,omitempty"`
	Expr    string            `json:"expr,omitempty"`
	Host    string            `json:"host,omitempty"`
	Map     map[string]string `json:"map,omitempty"`
	// DefaultVars (kind force): the Config's env_name_default variables, read like
	// read_env when no force variable is set; they rank below user overrides.
	DefaultVars []string `json:"default_vars,omitempty"`
	// NoneWords (kind int_or_none): lower-cased values that mean None.
	NoneWords []string `json:"none_words,omitempty"`
	// Values (kind in): the strings (or null for unset) that make the key True.
	Values []*string `json:"values,omitempty"`
	// Item and Sep (kind split_contains): the key is Then when Item is among the
	// variable's Sep-separated parts, else Else.
	Item string          `json:"item,omitempty"`
	Sep  string          `json:"sep,omitempty"`
	Then json.RawMessage `json:"then,omitempty"`
	Else json.RawMessage `json:"else,omitempty"`
	// Fallback (kind one_of): the value when the variable is not one of Choices.
	Fallback json.RawMessage `json:"fallback,omitempty"`

	then, els, fallback Value   // decoded Then, Else and Fallback
	ev                  envEval // the kind's evaluator, picked by validate
}

// Schema is one release's Inductor config: keys in get_config_copy() order and the
// mode table. A Schema is immutable after loading and safe for concurrent use.
type Schema struct {
	// Torch is the release string the schema was made from ("2.11.0+cu130").
	Torch string
	// Version is Torch's minor release.
	Version modes.Version
	// Evidence says how the schema is known: measured, source or inferred.
	Evidence modes.Evidence
	// MadeBy says how the file was produced.
	MadeBy string
	// IsFBCode is torch._utils_internal.is_fbcode() where the schema was made.
	IsFBCode bool
	// Modes is list_mode_options() in order.
	Modes []modes.Entry
	// EnvVarNames lists every environment variable the config reads, sorted.
	EnvVarNames []string

	keys     []KeySpec
	index    map[Key]int
	prefixes map[string]bool
	envNames map[string]bool
}

// Keys returns the keys in get_config_copy() order.
func (s *Schema) Keys() []KeySpec { return append([]KeySpec(nil), s.keys...) }

// Len returns the number of keys.
func (s *Schema) Len() int { return len(s.keys) }

// Lookup returns the key's spec and whether the release has it.
func (s *Schema) Lookup(k Key) (KeySpec, bool) {
	i, ok := s.index[k]
	if !ok {
		return KeySpec{}, false
	}
	return s.keys[i], true
}

// ReadsEnv reports whether the release's config reads the environment variable.
func (s *Schema) ReadsEnv(name string) bool { return s.envNames[name] }

// isPrefix reports whether p names a subconfig ("triton", "cpp.…"): some key starts with p + ".".
func (s *Schema) isPrefix(p string) bool { return s.prefixes[p] }

// SchemaError reports a schema file that cannot be used.
type SchemaError struct {
	Path string // file name, if known
	Msg  string // what is wrong
}

func (e *SchemaError) Error() string {
	if e.Path != "" {
		return fmt.Sprintf("config: schema %s: %s", e.Path, e.Msg)
	}
	return "config: schema: " + e.Msg
}

type schemaFile struct {
	Format      string       `json:"format"`
	Torch       string       `json:"torch"`
	Evidence    string       `json:"evidence"`
	MadeBy      string       `json:"made_by"`
	IsFBCode    bool         `json:"is_fbcode"`
	Modes       []schemaMode `json:"modes"`
	Keys        []schemaKey  `json:"keys"`
	EnvVarNames []string     `json:"env_var_names"`
}

type schemaMode struct {
	Mode    string `json:"mode"`
	Options []struct {
		Key   string          `json:"key"`
		Value json.RawMessage `json:"value"`
	} `json:"options"`
}

type schemaKey struct {
	Key          string          `json:"key"`
	Default      json.RawMessage `json:"default"`
	Repr         string          `json:"repr"`
	PyType       string          `json:"pytype"`
	DeclaredType string          `json:"declared_type"`
	Env          *EnvRule        `json:"env"`
	Host         string          `json:"host"`
}

// LoadSchema reads a schema file in the format of config/schemas/FORMAT.md, as
// config/dump_schema.py writes it from a user's own PyTorch. name is used in errors.
// It returns a *SchemaError when the input is not JSON, has another format tag, names
// an unsupported release, or has a malformed key, value or environment rule.
func LoadSchema(name string, r io.Reader) (*Schema, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSchemaBytes+1))
	if err != nil {
		return nil, &SchemaError{Path: name, Msg: err.Error()}
	}
	if len(data) > MaxSchemaBytes {
		return nil, &SchemaError{Path: name, Msg: fmt.Sprintf("larger than %d bytes", MaxSchemaBytes)}
	}
	return parseSchema(name, data)
}

func parseSchema(name string, data []byte) (*Schema, error) {
	fail := func(format string, a ...any) (*Schema, error) {
		return nil, &SchemaError{Path: name, Msg: fmt.Sprintf(format, a...)}
	}
	if err := CheckStrictJSON(data); err != nil {
		return fail("not a schema file: %v", err)
	}
	var f schemaFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return fail("not a schema file: %v", err)
	}
	if f.Format != SchemaFormat {
		return fail("format %q, want %q (write it with config/dump_schema.py)", f.Format, SchemaFormat)
	}
	v, err := modes.ParseVersion(f.Torch)
	if err != nil {
		return fail("%v", err)
	}
	s := &Schema{
		Torch: f.Torch, Version: v, MadeBy: f.MadeBy, IsFBCode: f.IsFBCode,
		index: make(map[Key]int, len(f.Keys)), prefixes: map[string]bool{}, envNames: map[string]bool{},
	}
	switch ev := modes.Evidence(f.Evidence); ev {
	case modes.Measured, modes.Source, modes.Inferred:
		s.Evidence = ev
	default:
		return fail("evidence %q, want measured, source or inferred", f.Evidence)
	}
	if len(f.Keys) == 0 {
		return fail("no keys")
	}
	for i, k := range f.Keys {
		if k.Key == "" {
			return fail("key %d has no name", i)
		}
		if _, dup := s.index[Key(k.Key)]; dup {
			return fail("key %q appears twice", k.Key)
		}
		def, err := decodeJSONValue(k.Default, k.PyType, k.Repr)
		if err != nil {
			return fail("key %q: default: %v", k.Key, err)
		}
		if k.DeclaredType == "" {
			return fail("key %q: no declared_type (str(config.get_type(key)))", k.Key)
		}
		if k.PyType != "" && def.Kind() != OpaqueKind && def.PyType() != k.PyType {
			return fail("key %q: default %s is a %s, but pytype says %s", k.Key, def, def.PyType(), k.PyType)
		}
		if k.Env != nil {
			if err := k.Env.validate(); err != nil {
				return fail("key %q: env: %v", k.Key, err)
			}
		}
		s.index[Key(k.Key)] = len(s.keys)
		s.keys = append(s.keys, KeySpec{Key: Key(k.Key), Default: def, Repr: k.Repr, DeclaredType: k.DeclaredType, Env: k.Env, Host: k.Host})
		parts := strings.Split(k.Key, ".")
		for j := 1; j < len(parts); j++ {
			s.prefixes[strings.Join(parts[:j], ".")] = true
		}
	}
	seenMode := map[string]bool{}
	for _, m := range f.Modes {
		if m.Mode == "" || seenMode[m.Mode] {
			return fail("mode %q is empty or listed twice", m.Mode)
		}
		seenMode[m.Mode] = true
		e := modes.Entry{Mode: modes.Mode(m.Mode)}
		for _, o := range m.Options {
			if _, ok := s.index[Key(o.Key)]; !ok {
				return fail("mode %q sets %q, which is not among the keys", m.Mode, o.Key)
			}
			val, err := decodeJSONValue(o.Value, "", "")
			if err != nil {
				return fail("mode %q option %q: %v", m.Mode, o.Key, err)
			}
			e.Patch = append(e.Patch, modes.Option{Key: o.Key, Literal: val.String()})
		}
		s.Modes = append(s.Modes, e)
	}
	if len(s.Modes) == 0 {
		return fail("no modes")
	}
	s.EnvVarNames = append([]string(nil), f.EnvVarNames...)
	sort.Strings(s.EnvVarNames)
	for _, n := range s.EnvVarNames {
		s.envNames[n] = true
	}
	for _, k := range s.keys {
		if k.Env != nil {
			for _, n := range k.Env.Vars {
				s.envNames[n] = true
			}
		}
	}
	return s, nil
}

// decodeJSONValue decodes a value in the dump encoding. pytype ("tuple") restores
// what JSON loses at the top level; objects keep their key order.
func decodeJSONValue(raw json.RawMessage, pytype, repr string) (Value, error) {
	if len(raw) == 0 {
		return Value{}, fmt.Errorf("missing")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := decodeOrdered(dec, 0)
	if err != nil {
		return Value{}, err
	}
	if pytype == "tuple" && v.kind == ListKind {
		v = Tuple(v.items()...)
	}
	if v.kind == OpaqueKind && pytype != "" {
		v = Opaque(v.s, pytype)
	}
	return v, nil
}

// decodeOrdered reads one JSON value from the token stream; objects become dicts in
// their written order, {"repr": R} an opaque value, {"tuple": [...]} a tuple.
func decodeOrdered(dec *json.Decoder, depth int) (Value, error) {
	if depth > MaxLiteralDepth {
		return Value{}, fmt.Errorf("nested more than %d levels deep", MaxLiteralDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return Value{}, err
	}
	switch t := tok.(type) {
	case nil:
		return None(), nil
	case bool:
		return Bool(t), nil
	case string:
		return Str(t), nil
	case json.Number:
		return numberValue(t)
	case json.Delim:
		switch t {
		case '[':
			var items []Value
			for dec.More() {
				v, err := decodeOrdered(dec, depth+1)
				if err != nil {
					return Value{}, err
				}
				items = append(items, v)
			}
			if _, err := dec.Token(); err != nil {
				return Value{}, err
			}
			return List(items...), nil
		case '{':
			var items []DictItem
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return Value{}, err
				}
				k, _ := kt.(string)
				v, err := decodeOrdered(dec, depth+1)
				if err != nil {
					return Value{}, err
				}
				items = append(items, DictItem{Key: Str(k), Val: v})
			}
			if _, err := dec.Token(); err != nil {
				return Value{}, err
			}
			if len(items) == 1 {
				switch k, _ := items[0].Key.AsStr(); k {
				case "repr":
					if r, ok := items[0].Val.AsStr(); ok {
						return Opaque(r, "object"), nil
					}
				case "tuple":
					if items[0].Val.kind == ListKind {
						return Tuple(items[0].Val.items()...), nil
					}
				}
			}
			return Dict(items...), nil
		}
	}
	return Value{}, fmt.Errorf("unexpected JSON token %v", tok)
}

// numberValue keeps JSON ints and floats apart: a number written with a fraction or
// an exponent is a float, anything else an int (beyond int64 kept as digits).
func numberValue(n json.Number) (Value, error) {
	s := n.String()
	if !strings.ContainsAny(s, ".eE") {
		if i, err := n.Int64(); err == nil {
			return Int(i), nil
		}
		return Value{kind: IntKind, s: strings.TrimPrefix(s, "+")}, nil
	}
	f, err := n.Float64()
	if err != nil {
		return Value{}, fmt.Errorf("number %s: %v", s, err)
	}
	return Float(f), nil
}

// validate checks the rule when its schema is loaded and picks its kind's evaluator
// from [envKinds].
func (r *EnvRule) validate() error {
	k, ok := envKinds()[r.Kind]
	if !ok {
		return fmt.Errorf("unknown rule kind %q", r.Kind)
	}
	if k.check != nil {
		if err := k.check(r); err != nil {
			return err
		}
	}
	if len(r.Vars) == 0 && r.Kind != "opaque" {
		return fmt.Errorf("rule %q names no variable", r.Kind)
	}
	if r.Kind == "eq" && r.Equals == "" {
		return fmt.Errorf("rule eq without equals")
	}
	r.ev = k.eval
	return nil
}

// checkSplitContains decodes Then and Else.
func checkSplitContains(r *EnvRule) error {
	if r.Sep == "" {
		return fmt.Errorf("rule split_contains without sep")
	}
	var err error
	if r.then, err = decodeJSONValue(r.Then, "", ""); err != nil {
		return fmt.Errorf("rule split_contains: then: %v", err)
	}
	if r.els, err = decodeJSONValue(r.Else, "", ""); err != nil {
		return fmt.Errorf("rule split_contains: else: %v", err)
	}
	return nil
}

// checkOneOf decodes Fallback.
func checkOneOf(r *EnvRule) error {
	var err error
	if r.fallback, err = decodeJSONValue(r.Fallback, "", ""); err != nil {
		return fmt.Errorf("rule one_of: fallback: %v", err)
	}
	return nil
}

// BuiltinSchema returns the embedded schema for release v and the evidence with which
// it describes v: the schema's own (measured for 2.11; source for 2.2, 2.6, 2.7 and
// 2.14) or inferred, when v borrows the nearest release that was read. It returns a
// *modes.VersionError for an unsupported release.
func BuiltinSchema(v modes.Version) (*Schema, modes.Evidence, error) {
	if v.Less(modes.First()) || modes.Last().Less(v) {
		return nil, "", &modes.VersionError{Input: v.String(), Supported: modes.Supported(), Reason: "is not supported"}
	}
	file := schemaFor(v)
	data, err := builtinSchemas.ReadFile("schemas/" + file)
	if err != nil {
		return nil, "", &SchemaError{Path: file, Msg: "not embedded: " + err.Error()}
	}
	s, err := parseSchema(file, data)
	if err != nil {
		return nil, "", err
	}
	ev := s.Evidence
	if s.Version != v {
		ev = modes.Inferred
	}
	return s, ev, nil
}

// SchemaRow says which embedded schema stands for a range of releases: the release's
// own where one was measured or read, else the nearest one read (ties go to the
// older), and, for a release that borrows an older schema, the next one read.
type SchemaRow struct {
	Releases modes.Releases
	// File is the embedded schema, config/schemas/<File>.
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

// SchemaRows returns which embedded schema each supported release uses. Each call
// returns new rows.
func SchemaRows() []SchemaRow {
	r := modes.Minors
	const (
		borrow = "no copy of these releases was read (testdata/reference/pytorch-facts.md §0): the nearest release read stands for them"
	)
	return []SchemaRow{
		{r(1, 1), "torch-2.2.json", "", modes.Inferred, borrow},
		{r(2, 2), "torch-2.2.json", "", modes.Source, "config/schemas/torch-2.2.json, from the sources of torch 2.2.2 (T2.2.2)"},
		{r(3, 5), "torch-2.2.json", "torch-2.6.json", modes.Inferred, borrow},
		{r(6, 6), "torch-2.6.json", "", modes.Source, "config/schemas/torch-2.6.json, from the sources of torch 2.6.0 (T2.6.0)"},
		{r(7, 7), "torch-2.7.json", "", modes.Source, "config/schemas/torch-2.7.json, from the sources of torch 2.7.1 (T2.7.1)"},
		{r(8, 9), "torch-2.7.json", "torch-2.11.json", modes.Inferred, borrow},
		{r(10, 10), "torch-2.11.json", "", modes.Inferred, borrow},
		{r(11, 11), "torch-2.11.json", "", modes.Measured, "config/schemas/torch-2.11.json, dumped from torch 2.11.0+cu130 (testdata/torch/2.11/schema_live.json)"},
		{r(12, 12), "torch-2.11.json", "torch-2.14.json", modes.Inferred, borrow},
		{r(13, 13), "torch-2.14.json", "", modes.Inferred, borrow},
		{r(14, 14), "torch-2.14.json", "", modes.Source, "config/schemas/torch-2.14.json, from the sources of torch 2.14.0 (T2.14.0)"},
	}
}

// schemaRow returns the row that holds for v.
func schemaRow(v modes.Version) (SchemaRow, bool) {
	for _, r := range SchemaRows() {
		if r.Releases.Contains(v) {
			return r, true
		}
	}
	return SchemaRow{}, false
}

// nextSchemaFor names the embedded schema of the next release read after the older
// one v borrows, or "" when v has its own schema or borrows a newer one.
func nextSchemaFor(v modes.Version) string {
	r, _ := schemaRow(v)
	return r.Next
}

// schemaFor names the embedded schema that stands for release v.
func schemaFor(v modes.Version) string {
	r, _ := schemaRow(v)
	return r.File
}
