package pyver

import (
	"bufio"
	"fmt"
	"strings"
	"sync"
)

// setattrFiles are the generated setattr tables (testdata/probe/gen_pysetattr.py
// writes testdata/setattr-X.Y.txt; the package embeds them in tables.txt), by
// Python: 3.8-3.12 from the host's pyenv interpreters (3.8.18, 3.9.18, 3.10.13,
// 3.11.7, 3.12.1), 3.13 and 3.14 from the Debian chroots. The attributes differ by
// version (only 3.9 and 3.10 list float.__setformat__, 3.11 adds __getstate__,
// 3.12 int.is_integer and bytes.__buffer__); the generic text changed only in 3.13
// (pyver.SetAttrNoDict).
var setattrFiles = map[Version]string{
	{3, 8}:  "setattr-3.8.txt",
	{3, 9}:  "setattr-3.9.txt",
	{3, 10}: "setattr-3.10.txt",
	{3, 11}: "setattr-3.11.txt",
	{3, 12}: "setattr-3.12.txt",
	{3, 13}: "setattr-3.13.txt",
	{3, 14}: "setattr-3.14.txt",
}

// setattrTables holds each file, read once on first use and never written after.
var setattrTables = func() map[string]func() map[string][2]string {
	m := map[string]func() map[string][2]string{}
	for _, f := range setattrFiles {
		m[f] = sync.OnceValue(func() map[string][2]string { return readSetattr(f) })
	}
	return m
}()

// readSetattr reads TYPE<TAB>ATTR<TAB>EXCEPTION<TAB>MESSAGE lines.
func readSetattr(name string) map[string][2]string {
	out := map[string][2]string{}
	text, err := tableText(name)
	if err != nil {
		return out
	}
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), "\t", 4)
		if len(parts) == 4 {
			out[parts[0]+"."+parts[1]] = [2]string{parts[2], parts[3]}
		}
	}
	return out
}

// SetAttr returns what setattr(value, attr, v) raises in this Python, for a value of
// the built-in type pytype and an assigned value of type vtype: the exception's
// class and message. ok is false when the assignment succeeds (no built-in type
// here allows it) or the type is not a built-in one.
func (p *Python) SetAttr(pytype, attr, vtype string) (exc, msg string, ok bool) {
	if f, has := setattrFiles[p.v]; has {
		if row, found := setattrTables[f]()[pytype+"."+attr]; found {
			if row[0] == "None" {
				return "", "", false
			}
			if attr == "__class__" {
				// The generator assigned an int; this message names the value's type.
				return row[0], strings.ReplaceAll(row[1], "not 'int' object", "not '"+vtype+"' object"), true
			}
			return row[0], row[1], true
		}
	}
	return "AttributeError", fmt.Sprintf("'%s' object has no attribute '%s'%s", pytype, attr, p.Text(SetAttrNoDict)), true
}
