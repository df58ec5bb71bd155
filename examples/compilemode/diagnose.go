package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// diagnose answers -diagnose FILE: the findings in the text (and, in JSON, the plan
// of the call the text shows). Exit 0 when the text was read, 2 when it cannot be.
func (c *cli) diagnose(stdin io.Reader, stdout, stderr io.Writer) int {
	for name := range c.given {
		if name != "diagnose" && name != "json" {
			fmt.Fprintf(stderr, "compilemode: -diagnose reads a log; -%s does not apply to it\n", name)
			return 2
		}
	}
	name := c.diagnoseFile.Value
	r, closeFn, err := openInput(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "compilemode: -diagnose %s: %v\n", name, err)
		return 2
	}
	defer closeFn()
	d, err := diagnose.Read(r)
	if err != nil {
		fmt.Fprintf(stderr, "compilemode: -diagnose %s: %v\n", name, err)
		return 2
	}
	if c.asJSON {
		data, err := json.MarshalIndent(d, "", " ")
		if err == nil {
			_, err = stdout.Write(append(data, '\n'))
		}
		if err != nil {
			fmt.Fprintf(stderr, "compilemode: %v\n", err)
			return 2
		}
		return 0
	}
	if err := d.WriteText(stdout); err != nil {
		fmt.Fprintf(stderr, "compilemode: %v\n", err)
		return 2
	}
	return 0
}

// openInput opens a file for reading, or returns stdin for "-". A path that is not a
// regular file (a FIFO, a device, a directory) is refused before it is opened, so that
// the command never blocks on it.
func openInput(name string, stdin io.Reader) (io.Reader, func(), error) {
	if name == "-" {
		return stdin, func() {}, nil
	}
	if name == "" {
		return nil, nil, fmt.Errorf("empty file name")
	}
	st, err := os.Stat(name)
	if err != nil {
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("not a regular file but %s; to read a pipe, give - and pipe it to stdin", fileKind(st.Mode()))
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// fileKind names what a path that is not a regular file is.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "not a plain file (" + m.Type().String() + ")"
}
