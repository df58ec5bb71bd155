package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/compilemode/compilemode/examples/internal/cliflags"
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
	r, err := cliflags.Open(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "compilemode: -diagnose %s: %v\n", name, err)
		return 2
	}
	defer r.Close()
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
