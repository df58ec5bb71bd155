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

	then, els, fallback Value // decoded Then, Else and Fallback
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
// A nil *Schema has no keys, as do its other methods' results.
func (s *Schema) Keys() []KeySpec {
	if s == nil {
		return nil
	}
	return append([]KeySpec(nil), s.keys...)
}

// Len returns the number of keys.
func (s *Schema) Len() int {
	if s == nil {
		return 0
	}
	return len(s.keys)
}

// Lookup returns the key's spec and whether the release has it.
func (s *Schema) Lookup(k Key) (KeySpec, bool) {
	if s == nil {
		return KeySpec{}, false
	}
	i, ok := s.index[k]
	if !ok {
		return KeySpec{}, false
	}
	return s.keys[i], true
}

// ReadsEnv reports whether the release's config reads the environment variable.
func (s *Schema) ReadsEnv(name string) bool { return s != nil && s.envNames[name] }

// isPrefix reports whether p names a subconfig ("triton", "cpp.…"): some key starts with p + ".".
func (s *Schema) isPrefix(p string) bool { return s.prefixes[p] }

// SchemaError reports a schema file that cannot be used.
type SchemaError struct {
	Path string // file name, if known
	Msg  string // what is wrong
	Err  error  // the *PositionError, *LimitError or *ZeroError behind it, if any
}

// Unwrap returns the error behind the refusal, or nil.
func (e *SchemaError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

func (e *SchemaError) Error() string {
	if e == nil {
		return "config: <nil *SchemaError>"
	}
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
// an unsupported release, or has a malformed key, value or environment rule; it wraps
// a *PositionError (with line and column) for a file that is not strict JSON, a
// *LimitError for one past MaxSchemaBytes, MaxJSONDepth or MaxKeyParts, and a
// *ZeroError for a nil r. It reads at most MaxSchemaBytes+1 bytes of r, and its time
// is linear in their number.
func LoadSchema(name string, r io.Reader) (*Schema, error) {
	if r == nil {
		return nil, &SchemaError{Path: name, Msg: "nil reader", Err: &ZeroError{Func: "LoadSchema", Arg: "r (the reader)"}}
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxSchemaBytes+1))
	if err != nil {
		return nil, &SchemaError{Path: name, Msg: err.Error(), Err: err}
	}
	if len(data) > MaxSchemaBytes {
		le := &LimitError{Limit: "config.MaxSchemaBytes", Max: MaxSchemaBytes, Got: int64(len(data)), What: "the schema's length in bytes"}
		return nil, &SchemaError{Path: name, Msg: strings.TrimPrefix(le.Error(), "config: "), Err: le}
	}
	return parseSchema(name, data)
}

func parseSchema(name string, data []byte) (*Schema, error) {
	fail := func(format string, a ...any) (*Schema, error) {
		return nil, &SchemaError{Path: name, Msg: fmt.Sprintf(format, a...)}
	}
	if err := CheckStrictJSON(data); err != nil {
		return nil, &SchemaError{Path: name, Msg: "not a schema file: " + strings.TrimPrefix(err.Error(), "config: "), Err: err}
	}
	var f schemaFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return fail("not a schema file: %v", err)
	}
	if f.Format != SchemaFormat {
		return fail("format %q, want %q (write it with config/dump_schema.py)", cut(f.Format, 80), SchemaFormat)
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
		return fail("evidence %q, want measured, source or inferred", cut(f.Evidence, 80))
	}
	if len(f.Keys) == 0 {
		return fail("no keys")
	}
	if err := s.addKeys(f.Keys); err != nil {
		return nil, withPath(err, name)
	}
	if err := s.addModes(f.Modes); err != nil {
		return nil, withPath(err, name)
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

// nextDot returns the index of the first '.' in k after index j, or -1.
func nextDot(k string, j int) int {
	if n := strings.IndexByte(k[j+1:], '.'); n >= 0 {
		return j + 1 + n
	}
	return -1
}

// schemaErr is a *SchemaError without its path (withPath adds it).
func schemaErr(format string, a ...any) error {
	return &SchemaError{Msg: fmt.Sprintf(format, a...)}
}

// withPath sets the file name of a *SchemaError.
func withPath(err error, name string) error {
	if se, ok := err.(*SchemaError); ok {
		se.Path = name
	}
	return err
}

// addKeys checks and adds the schema's keys, in order.
func (s *Schema) addKeys(keys []schemaKey) error {
	for i, k := range keys {
		if k.Key == "" {
			return schemaErr("key %d has no name", i)
		}
		if err := checkKeyParts(k.Key); err != nil {
			return &SchemaError{Msg: fmt.Sprintf("key %d: %v", i, err), Err: err}
		}
		if _, dup := s.index[Key(k.Key)]; dup {
			return schemaErr("key %q appears twice", cut(k.Key, 80))
		}
		def, err := decodeJSONValue(k.Default, k.PyType, k.Repr)
		if err != nil {
			return schemaErr("key %q: default: %v", cut(k.Key, 80), err)
		}
		if k.DeclaredType == "" {
			return schemaErr("key %q: no declared_type (str(config.get_type(key)))", cut(k.Key, 80))
		}
		if k.PyType != "" && def.Kind() != OpaqueKind && def.PyType() != k.PyType {
			return schemaErr("key %q: default %s is a %s, but pytype says %s", cut(k.Key, 80), def, def.PyType(), k.PyType)
		}
		if k.Env != nil {
			if err := k.Env.validate(); err != nil {
				return schemaErr("key %q: env: %v", cut(k.Key, 80), err)
			}
		}
		s.index[Key(k.Key)] = len(s.keys)
		s.keys = append(s.keys, KeySpec{Key: Key(k.Key), Default: def, Repr: k.Repr, DeclaredType: k.DeclaredType, Env: k.Env, Host: k.Host})
		for j := strings.IndexByte(k.Key, '.'); j >= 0; j = nextDot(k.Key, j) {
			s.prefixes[k.Key[:j]] = true
		}
	}
	return nil
}

// addModes checks and adds the mode table.
func (s *Schema) addModes(ms []schemaMode) error {
	seenMode := map[string]bool{}
	for _, m := range ms {
		if m.Mode == "" || seenMode[m.Mode] {
			return schemaErr("mode %q is empty or listed twice", cut(m.Mode, 80))
		}
		seenMode[m.Mode] = true
		e := modes.Entry{Mode: modes.Mode(m.Mode)}
		for _, o := range m.Options {
			if _, ok := s.index[Key(o.Key)]; !ok {
				return schemaErr("mode %q sets %q, which is not among the keys", cut(m.Mode, 80), cut(o.Key, 80))
			}
			val, err := decodeJSONValue(o.Value, "", "")
			if err != nil {
				return schemaErr("mode %q option %q: %v", cut(m.Mode, 80), cut(o.Key, 80), err)
			}
			e.Patch = append(e.Patch, modes.Option{Key: o.Key, Literal: val.String()})
		}
		s.Modes = append(s.Modes, e)
	}
	return nil
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

func (r *EnvRule) validate() error {
	switch r.Kind {
	case "eq", "ne", "str", "str_map", "int", "float", "int_tuple", "none_str_tuple", "read_env", "force", "tristate",
		"choice", "path", "host_int", "host_str", "int_or_none", "in", "any_eq", "none", "opaque":
	case "split_contains":
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
	case "one_of":
		var err error
		if r.fallback, err = decodeJSONValue(r.Fallback, "", ""); err != nil {
			return fmt.Errorf("rule one_of: fallback: %v", err)
		}
	default:
		return fmt.Errorf("unknown rule kind %q", r.Kind)
	}
	if len(r.Vars) == 0 && r.Kind != "opaque" {
		return fmt.Errorf("rule %q names no variable", r.Kind)
	}
	if r.Kind == "eq" && r.Equals == "" {
		return fmt.Errorf("rule eq without equals")
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

// nextSchemaFor names the embedded schema of the next release read after the older
// one v borrows, or "" when v has its own schema or borrows a newer one.
func nextSchemaFor(v modes.Version) string {
	switch v.Minor {
	case 3, 4, 5:
		return "torch-2.6.json"
	case 8, 9:
		return "torch-2.11.json"
	case 12:
		return "torch-2.14.json"
	}
	return ""
}

// schemaFor names the embedded schema that stands for release v: the release itself
// where one was measured or read, else the nearest one read (ties go to the older).
func schemaFor(v modes.Version) string {
	switch {
	case v.Minor <= 5:
		return "torch-2.2.json"
	case v.Minor == 6:
		return "torch-2.6.json"
	case v.Minor <= 9:
		return "torch-2.7.json"
	case v.Minor <= 12:
		return "torch-2.11.json"
	default:
		return "torch-2.14.json"
	}
}
