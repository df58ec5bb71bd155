package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/config/literal"
	"github.com/compilemode/compilemode/config/strictjson"
	"github.com/compilemode/compilemode/modes"
)

// Format is the format tag of a schema file (see config/schema/FORMAT.md).
const Format = "compilemode-schema/1"

// MaxBytes bounds a schema file read by [Load], in bytes (the 2.11 file is
// about 200 KB).
const MaxBytes = 16 << 20

// MaxKeyParts is the most dotted parts a config key may have ("triton.cudagraphs"
// has 2; the deepest key of any release read has 3). It bounds schema keys and global
// assignments (-set, config.Request.Globals); an option key is looked up whole, as
// PyTorch does, and needs no such bound.
const MaxKeyParts = 32

// CheckKeyParts refuses a dotted key with more than MaxKeyParts parts, before it is
// split, with a *inputerr.LimitError.
func CheckKeyParts(k string) error {
	if n := strings.Count(k, ".") + 1; n > MaxKeyParts {
		return &inputerr.LimitError{Limit: "schema.MaxKeyParts", Max: MaxKeyParts, Got: int64(n), What: "the number of dotted key parts"}
	}
	return nil
}

// Key is a flat dotted Inductor config name, e.g. "triton.cudagraphs".
type Key string

// KeySpec is one config key of a release: its declared type, its default in a clean
// environment and how the environment changes that default.
type KeySpec struct {
	_            [0]func() // incomparable: arrays of it need no equality code (examples/web: Transfer size)
	Key          Key
	Default      literal.Value
	Repr         string   // Python repr of Default, as the release printed it
	DeclaredType string   // str(config.get_type(key)): "<class 'bool'>", "typing.Optional[int]", …
	Env          *EnvRule // nil when the environment does not change the key
	Host         string   // non-empty when the default depends on the host: how
}

// EnvRule is how one key's default is computed from environment variables at import
// of torch._inductor.config. Kinds and their Python meaning are listed in
// config/schema/FORMAT.md.
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

	then, els, fallback literal.Value // decoded Then, Else and Fallback
	ev                  envEval       // the kind's evaluator, picked by validate
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
	// knownUnread are variables the next schema read reads that this release is known
	// not to read (EnvRows).
	knownUnread []string
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

// Index returns k's position in [Schema.Keys], and whether the release has it.
func (s *Schema) Index(k Key) (int, bool) {
	if s == nil {
		return 0, false
	}
	i, ok := s.index[k]
	return i, ok
}

// At returns the key at position i of [Schema.Keys] without copying the list, or the
// zero KeySpec when i is not in [0, Len()).
func (s *Schema) At(i int) KeySpec {
	if s == nil || i < 0 || i >= len(s.keys) {
		return KeySpec{}
	}
	return s.keys[i]
}

// ReadsEnv reports whether the release's config reads the environment variable.
func (s *Schema) ReadsEnv(name string) bool { return s != nil && s.envNames[name] }

// IsPrefix reports whether p names a subconfig ("triton", "cpp.…"): some key starts
// with p + ".".
func (s *Schema) IsPrefix(p string) bool { return s != nil && s.prefixes[p] }

// Error reports a schema file that cannot be used.
type Error struct {
	Path string // file name, if known
	Msg  string // what is wrong
	Err  error  // the *inputerr.PositionError, *inputerr.LimitError or *inputerr.ZeroError behind it, if any
}

// Unwrap returns the error behind the refusal, or nil.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

func (e *Error) Error() string {
	if e == nil {
		return "config: <nil *Error>"
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

// Load reads a schema file in the format of config/schema/FORMAT.md, as
// config/dump_schema.py writes it from a user's own PyTorch. name is used in errors.
// It returns a *Error when the input is not JSON, has another format tag, names
// an unsupported release, or has a malformed key, value or environment rule; it wraps
// a *inputerr.PositionError (with line and column) for a file that is not strict JSON, a
// *inputerr.LimitError for one past MaxBytes, strictjson.MaxDepth or MaxKeyParts, and a
// *inputerr.ZeroError for a nil or typed-nil r, and a *inputerr.StreamError for a
// reader that panics, returns a bad count or makes no progress. It reads at most
// MaxBytes+1 bytes of r, and its time is linear in their number.
func Load(name string, r io.Reader) (*Schema, error) {
	data, err := inputerr.ReadAll("Load", r, MaxBytes)
	var z *inputerr.ZeroError
	if errors.As(err, &z) {
		return nil, &Error{Path: name, Msg: "nil reader", Err: err}
	}
	if err != nil {
		return nil, &Error{Path: name, Msg: err.Error(), Err: err}
	}
	if len(data) > MaxBytes {
		le := &inputerr.LimitError{Limit: "schema.MaxBytes", Max: MaxBytes, Got: int64(len(data)), What: "the schema's length in bytes"}
		return nil, &Error{Path: name, Msg: strings.TrimPrefix(le.Error(), "config: "), Err: le}
	}
	return parse(name, data)
}

func parse(name string, data []byte) (*Schema, error) {
	return parseWith(name, data, parseSchemaFile)
}

// parseWith parses data with decode, naming the file name in its errors.
func parseWith(name string, data []byte, decode func([]byte) (*Schema, error)) (*Schema, error) {
	s, err := decode(data)
	if se, ok := err.(*Error); ok {
		return nil, withPath(se, name)
	}
	if err != nil {
		return nil, &Error{Path: name, Msg: strings.TrimPrefix(err.Error(), "config: "), Err: err}
	}
	return s, nil
}

// parseSchemaFile decodes and checks a schema file; its errors are the messages of
// a *Error.
func parseSchemaFile(data []byte) (*Schema, error) {
	if err := strictjson.Check(data); err != nil {
		return nil, &Error{Msg: "not a schema file: " + strings.TrimPrefix(err.Error(), "config: "), Err: err}
	}
	return decodeSchemaFile(data)
}

// decodeSchemaFile decodes and checks a schema file known to be strict JSON: the
// embedded files, which TestBuiltinStrictJSON checks with strictjson.Check (the
// check is a quarter of a parse, and more in WebAssembly).
func decodeSchemaFile(data []byte) (*Schema, error) {
	var f schemaFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("not a schema file: %v", err)
	}
	if f.Format != Format {
		return nil, schemaErr("format %q, want %q (write it with config/dump_schema.py)", inputerr.Cut(f.Format, 80), Format)
	}
	v, err := modes.ParseVersion(f.Torch)
	if err != nil {
		return nil, err
	}
	s := &Schema{
		Torch: f.Torch, Version: v, MadeBy: f.MadeBy, IsFBCode: f.IsFBCode,
		index: make(map[Key]int, len(f.Keys)), prefixes: map[string]bool{}, envNames: map[string]bool{},
	}
	switch ev := modes.Evidence(f.Evidence); ev {
	case modes.Measured, modes.Source, modes.Inferred:
		s.Evidence = ev
	default:
		return nil, schemaErr("evidence %q, want measured, source or inferred", inputerr.Cut(f.Evidence, 80))
	}
	if len(f.Keys) == 0 {
		return nil, fmt.Errorf("no keys")
	}
	if err := s.addKeys(f.Keys); err != nil {
		return nil, err
	}
	if err := s.addModes(f.Modes); err != nil {
		return nil, err
	}
	if len(s.Modes) == 0 {
		return nil, fmt.Errorf("no modes")
	}
	s.addEnvNames(f.EnvVarNames)
	return s, nil
}

// addEnvNames records the variables the config reads: the file's list and every
// variable a rule names.
func (s *Schema) addEnvNames(names []string) {
	s.EnvVarNames = append([]string(nil), names...)
	sort.Slice(s.EnvVarNames, func(i, j int) bool { return s.EnvVarNames[i] < s.EnvVarNames[j] })
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
}

// nextDot returns the index of the first '.' in k after index j, or -1.
func nextDot(k string, j int) int {
	if n := strings.IndexByte(k[j+1:], '.'); n >= 0 {
		return j + 1 + n
	}
	return -1
}

// schemaErr is a *Error without its path (withPath adds it).
func schemaErr(format string, a ...any) error {
	return &Error{Msg: fmt.Sprintf(format, a...)}
}

// withPath sets the file name of a *Error.
func withPath(se *Error, name string) *Error {
	se.Path = name
	return se
}

// addKeys checks and adds the schema's keys, in order.
func (s *Schema) addKeys(keys []schemaKey) error {
	for i, k := range keys {
		if k.Key == "" {
			return schemaErr("key %d has no name", i)
		}
		if err := CheckKeyParts(k.Key); err != nil {
			return &Error{Msg: fmt.Sprintf("key %d: %v", i, err), Err: err}
		}
		if _, dup := s.index[Key(k.Key)]; dup {
			return schemaErr("key %q appears twice", inputerr.Cut(k.Key, 80))
		}
		def, err := decodeJSONValue(k.Default, k.PyType, k.Repr)
		if err != nil {
			return schemaErr("key %q: default: %v", inputerr.Cut(k.Key, 80), err)
		}
		if k.DeclaredType == "" {
			return schemaErr("key %q: no declared_type (str(config.get_type(key)))", inputerr.Cut(k.Key, 80))
		}
		if k.PyType != "" && def.Kind() != literal.OpaqueKind && def.PyType() != k.PyType {
			return schemaErr("key %q: default %s is a %s, but pytype says %s", inputerr.Cut(k.Key, 80), def, def.PyType(), k.PyType)
		}
		if k.Env != nil {
			if err := k.Env.validate(); err != nil {
				return schemaErr("key %q: env: %v", inputerr.Cut(k.Key, 80), err)
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
			return schemaErr("mode %q is empty or listed twice", inputerr.Cut(m.Mode, 80))
		}
		seenMode[m.Mode] = true
		e := modes.Entry{Mode: modes.Mode(m.Mode)}
		for _, o := range m.Options {
			if _, ok := s.index[Key(o.Key)]; !ok {
				return schemaErr("mode %q sets %q, which is not among the keys", inputerr.Cut(m.Mode, 80), inputerr.Cut(o.Key, 80))
			}
			val, err := decodeJSONValue(o.Value, "", "")
			if err != nil {
				return schemaErr("mode %q option %q: %v", inputerr.Cut(m.Mode, 80), inputerr.Cut(o.Key, 80), err)
			}
			e.Patch = append(e.Patch, modes.Option{Key: o.Key, Literal: val.String()})
		}
		s.Modes = append(s.Modes, e)
	}
	return nil
}

// decodeJSONValue decodes a value in the dump encoding. pytype ("tuple") restores
// what JSON loses at the top level; objects keep their key order.
func decodeJSONValue(raw json.RawMessage, pytype, repr string) (literal.Value, error) {
	if len(raw) == 0 {
		return literal.Value{}, fmt.Errorf("missing")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := decodeOrdered(dec, 0)
	if err != nil {
		return literal.Value{}, err
	}
	if pytype == "tuple" && v.Kind() == literal.ListKind {
		v = literal.Tuple(v.Items()...)
	}
	if v.Kind() == literal.OpaqueKind && pytype != "" {
		v = literal.Opaque(v.String(), pytype)
	}
	return v, nil
}

// decodeOrdered reads one JSON value from the token stream; objects become dicts in
// their written order, {"repr": R} an opaque value, {"tuple": [...]} a tuple.
func decodeOrdered(dec *json.Decoder, depth int) (literal.Value, error) {
	if depth > literal.MaxDepth {
		return literal.Value{}, fmt.Errorf("nested more than %d levels deep", literal.MaxDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return literal.Value{}, err
	}
	switch t := tok.(type) {
	case nil:
		return literal.None(), nil
	case bool:
		return literal.Bool(t), nil
	case string:
		return literal.Str(t), nil
	case json.Number:
		return numberValue(t)
	case json.Delim:
		switch t {
		case '[':
			return decodeArray(dec, depth)
		case '{':
			return decodeObject(dec, depth)
		}
	}
	return literal.Value{}, fmt.Errorf("unexpected JSON token %v", tok)
}

// decodeArray reads the items of an array whose '[' was read, and its ']'.
func decodeArray(dec *json.Decoder, depth int) (literal.Value, error) {
	var items []literal.Value
	for dec.More() {
		v, err := decodeOrdered(dec, depth+1)
		if err != nil {
			return literal.Value{}, err
		}
		items = append(items, v)
	}
	if _, err := dec.Token(); err != nil {
		return literal.Value{}, err
	}
	return literal.List(items...), nil
}

// decodeObject reads the members of an object whose '{' was read, and its '}'.
func decodeObject(dec *json.Decoder, depth int) (literal.Value, error) {
	var items []literal.DictItem
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return literal.Value{}, err
		}
		k, _ := kt.(string)
		v, err := decodeOrdered(dec, depth+1)
		if err != nil {
			return literal.Value{}, err
		}
		items = append(items, literal.DictItem{Key: literal.Str(k), Val: v})
	}
	if _, err := dec.Token(); err != nil {
		return literal.Value{}, err
	}
	if v, ok := taggedValue(items); ok {
		return v, nil
	}
	return literal.Dict(items...), nil
}

// taggedValue decodes the one-member objects of the dump encoding: {"repr": R} is an
// opaque value, {"tuple": [...]} a tuple.
func taggedValue(items []literal.DictItem) (literal.Value, bool) {
	if len(items) != 1 {
		return literal.Value{}, false
	}
	switch k, _ := items[0].Key.AsStr(); k {
	case "repr":
		if r, ok := items[0].Val.AsStr(); ok {
			return literal.Opaque(r, "object"), true
		}
	case "tuple":
		if items[0].Val.Kind() == literal.ListKind {
			return literal.Tuple(items[0].Val.Items()...), true
		}
	}
	return literal.Value{}, false
}

// numberValue keeps JSON ints and floats apart: a number written with a fraction or
// an exponent is a float, anything else an int (beyond int64 kept as digits).
func numberValue(n json.Number) (literal.Value, error) {
	s := n.String()
	if !strings.ContainsAny(s, ".eE") {
		if i, err := n.Int64(); err == nil {
			return literal.Int(i), nil
		}
		if v, ok := literal.IntDigits(s); ok {
			return v, nil
		}
	}
	f, err := n.Float64()
	if err != nil {
		return literal.Value{}, fmt.Errorf("number %s: %v", s, err)
	}
	return literal.Float(f), nil
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
