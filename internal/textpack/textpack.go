// Package textpack keeps several generated text files in one, so that a package
// can embed them as one string instead of an embed.FS: reading an embed.FS keeps
// io/fs.FileInfo, and with it time.Time's formatting and parsing methods, in the web
// page's WebAssembly (examples/web's Transfer size has the bytes).
//
// A pack is its files in name order, each a header line and then the file's bytes:
//
//	=NAME LENGTH
//	CONTENT      exactly LENGTH bytes (any bytes, newlines included)
//
// NAME holds no space and no newline; LENGTH is decimal.
package textpack

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Error reports a pack that cannot be read.
type Error struct {
	Offset int // of the header, in bytes
	Msg    string
}

func (e *Error) Error() string {
	if e == nil {
		return "textpack: <nil *Error>"
	}
	return fmt.Sprintf("textpack: at byte %d: %s", e.Offset, e.Msg)
}

// Pack returns files (name to content) as one text, in name order. It returns an
// error for a name that is empty or holds a space or a newline.
func Pack(files map[string]string) (string, error) {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if name == "" || strings.ContainsAny(name, " \n") {
			return "", fmt.Errorf("textpack: file name %q: want no space or newline", name)
		}
		fmt.Fprintf(&b, "=%s %d\n%s", name, len(files[name]), files[name])
	}
	return b.String(), nil
}

// Unpack returns the files of pack, by name. A header it cannot read, a length past
// the end or a name given twice is an *Error.
func Unpack(pack string) (map[string]string, error) {
	files := map[string]string{}
	for off := 0; off < len(pack); {
		head, rest, ok := strings.Cut(pack[off:], "\n")
		if !ok || len(head) < 2 || head[0] != '=' {
			return nil, &Error{Offset: off, Msg: "want a header line =NAME LENGTH"}
		}
		name, length, ok := strings.Cut(head[1:], " ")
		n, err := strconv.Atoi(length)
		switch {
		case !ok || name == "" || err != nil || n < 0 || strings.HasPrefix(length, "+"):
			return nil, &Error{Offset: off, Msg: fmt.Sprintf("header %q: want =NAME LENGTH", head)}
		case n > len(rest):
			return nil, &Error{Offset: off, Msg: fmt.Sprintf("file %s: length %d, %d bytes left", name, n, len(rest))}
		}
		if _, dup := files[name]; dup {
			return nil, &Error{Offset: off, Msg: fmt.Sprintf("file %s given twice", name)}
		}
		files[name] = rest[:n]
		off += len(head) + 1 + n
	}
	return files, nil
}
