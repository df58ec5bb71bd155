// Package exactname tells a name that differs from a known one only by white space or
// case. PyTorch looks modes, options, config keys and backends up exactly: "reduce-overhead "
// (a trailing space) and "Reduce-Overhead" are refused with a message that shows the
// name as given, where the difference is easy to miss (fix brief 29, finding 4:
// `-mode "reduce-overhead "` reproduced "Unrecognized mode=reduce-overhead , …", and its
// hint "did you mean reduce-overhead?" named what looked like the same name).
package exactname

import (
	"fmt"
	"strings"
	"unicode"
)

// Slip returns the known name that given differs from only by white space (around it
// or inside it) or by case, and how it differs ("a trailing space", "a leading tab",
// "white space", "case", "white space and case"); ok is false when given is known, or
// differs from every known name otherwise.
func Slip(given string, known []string) (name, how string, ok bool) {
	for _, k := range known {
		if k == given {
			return "", "", false
		}
	}
	squeezed := strings.Join(strings.FieldsFunc(given, unicode.IsSpace), "")
	for _, k := range known {
		switch {
		case squeezed == k:
			return k, spaceWords(given), true
		case strings.EqualFold(given, k):
			return k, "case", true
		case strings.EqualFold(squeezed, k):
			return k, "white space and case", true
		}
	}
	return "", "", false
}

// spaceWords says where the white space of given is: "a trailing space", "a leading
// tab", "2 trailing spaces", "trailing white space" (of several kinds); "white space"
// where it is inside the name or on both sides.
func spaceWords(given string) string {
	trimmedRight := strings.TrimRightFunc(given, unicode.IsSpace)
	trimmed := strings.TrimLeftFunc(trimmedRight, unicode.IsSpace)
	trail := given[len(trimmedRight):]
	lead := trimmedRight[:len(trimmedRight)-len(trimmed)]
	switch {
	case strings.IndexFunc(trimmed, unicode.IsSpace) >= 0:
		return "white space"
	case lead == "" && trail != "":
		return counted("trailing", trail)
	case trail == "" && lead != "":
		return counted("leading", lead)
	}
	return "white space"
}

// counted names a run of white space where it is ("trailing"): "a trailing space",
// "2 trailing tabs", or "trailing white space" for a mix of kinds.
func counted(where, ws string) string {
	var name string
	switch ws[0] {
	case ' ':
		name = "space"
	case '\t':
		name = "tab"
	}
	switch {
	case name == "" || strings.Trim(ws, ws[:1]) != "":
		return where + " white space"
	case len(ws) > 1:
		return fmt.Sprintf("%d %s %ss", len(ws), where, name)
	}
	return "a " + where + " " + name
}

// Hint words Slip's finding as a hint that follows PyTorch's message: what (the kind
// of name: "mode", "option", "backend") given differs from the known name only by how,
// and PyTorch matches such names exactly. It returns "" when Slip finds nothing.
func Hint(what, given string, known []string) string {
	name, how, ok := Slip(given, known)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s %q differs from %q only by %s, and PyTorch matches %s names exactly: pass %q", what, given, name, how, what, name)
}
