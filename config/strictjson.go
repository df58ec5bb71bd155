package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// CheckStrictJSON reports the first reason data is not one strict JSON object: invalid
// UTF-8 (encoding/json would silently replace it), a top level other than an object
// (null included), a key repeated in one object (encoding/json keeps the last
// silently), nesting deeper than MaxLiteralDepth, or data after the object. Schema and
// scenario files are checked with it before they are decoded.
func CheckStrictJSON(data []byte) error {
	if !utf8.Valid(data) {
		return errors.New("not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return fmt.Errorf("want a JSON object at the top level, got %v", tok)
	}
	if err := strictObject(dec, "", 1); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON object")
	}
	return nil
}

func strictObject(dec *json.Decoder, path string, depth int) error {
	if depth > MaxLiteralDepth {
		return fmt.Errorf("%s: nested more than %d levels deep", path, MaxLiteralDepth)
	}
	seen := map[string]bool{}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return err
		}
		k, _ := kt.(string)
		if seen[k] {
			return fmt.Errorf("key %q appears twice in %s", k, orTop(path))
		}
		seen[k] = true
		if err := strictValue(dec, path+"."+k, depth); err != nil {
			return err
		}
	}
	_, err := dec.Token() // '}'
	return err
}

func strictValue(dec *json.Decoder, path string, depth int) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	switch d {
	case '{':
		return strictObject(dec, path, depth+1)
	case '[':
		for i := 0; dec.More(); i++ {
			if err := strictValue(dec, fmt.Sprintf("%s[%d]", path, i), depth+1); err != nil {
				return err
			}
		}
		_, err := dec.Token() // ']'
		return err
	}
	return nil
}

func orTop(path string) string {
	if path == "" {
		return "the top-level object"
	}
	return path[1:]
}
