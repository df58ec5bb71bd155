package wasmdata

import (
	"bytes"
	"fmt"
	"path"
	"strconv"
	"strings"
)

// ShortNames returns module with the names, in the Go runtime's function table
// (funcnametab: each name's bytes and a 0, which every function and every inlined
// call of that name points to by its offset), of the functions whose names start
// with none of keep replaced by a short name: the last element of the function's
// package path, a dot and a number counted per that element ("diagnose.17"). The
// names are then packed back to back (packNames), the rest of the table zeros, and
// every offset into it rewritten (each function's and each inlined call's); where
// packNames does not find those offsets in the layout it reads, each short name is
// left where its full name began, the rest of the full name's bytes zeros. The
// runtime reads the short name where it read the full one: a traceback,
// runtime.FuncForPC and runtime.CallersFrames name the function "diagnose.17", and
// names (pairs of a short name and the full one, in the table's order) maps it back.
// Every other byte of the module is kept. Of the page's
// app.wasm (examples/web), the table was 482 KB (9,457 names), 58 KB gzipped (zlib,
// level 9); with the module's own 4,814 names short 45 KB, with every name but the
// runtime's, reflect's and internal/reflectlite's (7,402 short) 37 KB, and packed
// 31 KB. It returns module as it is and no names when its data hold no
// function table of the layout DropLines reads; an error, and no module, where
// DropLines returns one for the module's form, or a name runs past the table.
func ShortNames(module []byte, keep ...string) ([]byte, [][2]string, error) {
	var names [][2]string
	out, _, err := rewriteMemory(module, func(mem []byte) (int, error) {
		h, ok, err := findPCHeader(mem)
		if err != nil || !ok {
			return 0, err
		}
		var starts []int
		if names, starts, err = shortNames(mem[h.funcname:h.cu], keep); err != nil || len(names) == 0 {
			return 0, err
		}
		packNames(mem, h, starts)
		return len(names), nil
	})
	if err != nil || len(names) == 0 {
		return out, nil, err
	}
	return out, names, nil
}

// shortNames writes the short names over the names of tab (funcnametab) that start
// with none of keep (ShortNames) and returns the pairs of short and full names, and
// the offsets in tab of every name.
func shortNames(tab []byte, keep []string) ([][2]string, []int, error) {
	var names [][2]string
	var starts []int
	count := map[string]int{}
	for i := 0; i < len(tab); {
		end := bytes.IndexByte(tab[i:], 0)
		if end < 0 {
			return nil, nil, fmt.Errorf("wasmdata: the function name at %#x of the function table has no end", i)
		}
		name := string(tab[i : i+end])
		starts = append(starts, i)
		if !hasAnyPrefix(name, keep) {
			base := path.Base(packageOf(name))
			short := base + "." + strconv.Itoa(count[base])
			count[base]++
			if len(short) < len(name) {
				clear(tab[i : i+end])
				copy(tab[i:], short)
				names = append(names, [2]string{short, name})
			}
		}
		i += end + 1
	}
	return names, starts, nil
}

// hasAnyPrefix says whether s starts with one of prefixes.
func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// packageOf is the package path of a function's name in the runtime's table:
// "a.b/c/d" of "a.b/c/d.(*T).m" or of "a.b/c/d.F[...]".
func packageOf(name string) string {
	head := name
	if k := strings.IndexAny(head, "[("); k >= 0 {
		head = head[:k]
	}
	slash := strings.LastIndexByte(head, '/') + 1
	if dot := strings.IndexByte(head[slash:], '.'); dot >= 0 {
		return name[:slash+dot]
	}
	return head
}

// TracebackNames returns the prefixes of the function names a program's runtime
// and reflection read by name, for ShortNames to keep whole: of the runtime's
// (runtime/traceback.go, Go 1.26), runtime.gopanic, whose frame a traceback shows
// as "panic", and the exported functions and methods of exported types, whose
// frames it shows (isExportedRuntime: "runtime." and a capital, or "runtime.(*"
// and a capital); every other runtime function's frame it hides, and it tells a
// runtime goroutine from a user's by the prefix "runtime." (isSystemGoroutine),
// which a short name keeps ("runtime.17"). Of reflect's and
// internal/reflectlite's, the methods of Value: they name the method in a panic's
// message by its name (reflect/value.go valueMethodName, the first frame named
// "reflect.Value." and a capital; internal/reflectlite/value.go methodName, the
// frame of the Value method that called flag.mustBeExported or mustBeAssignable).
func TracebackNames() []string {
	keep := []string{"runtime.gopanic", "reflect.Value.", "internal/reflectlite.Value."}
	for c := 'A'; c <= 'Z'; c++ {
		keep = append(keep, "runtime."+string(c), "runtime.(*"+string(c))
	}
	return keep
}
