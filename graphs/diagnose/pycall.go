package diagnose

import "bytes"

// One statement of a Python call's extent: where its argument list ends. A call's
// statement goes on from its "(" while brackets stay open, over lines (implicit
// concatenation of the message's pieces, `warnings.warn(` over "Unable to hit fast
// path of CUDAGraphs because of pending, uninvoked backwards. " in cudagraph_trees.py
// @ T2.1.0, validation v29 neg/11); brackets inside a string (an f-string's
// "{self.name!r}", v30 neg/01) and a comment are no code; a ")" that closes the call's
// "(" or a ";" ends it. raisedInSource's Python calls (openPyCall) and emittedInSource's
// (emitOpens) read it so.

// pyCall is where a Python call's argument list stands as its text is read from its
// "(": the brackets open (the call's own counted), the string open, and whether the
// call's ")" closed it, a ";" ended its statement or a string ran past a line's end.
type pyCall struct {
	scan    pyScan
	done    bool
	comment bool
}

// feed reads b, the call's text from its "(" on or the text after what feed read.
func (c *pyCall) feed(b []byte) {
	for k := 0; k < len(b) && !c.done; {
		ch := b[k]
		if c.comment {
			c.comment = ch != '\n'
			k++
			continue
		}
		if ch == '\n' && c.scan.quote != 0 {
			c.done = true // a string of one line that does not close: no Python
			break
		}
		n, code := c.scan.step(b, k)
		k += n
		switch {
		case !code:
		case ch == '#':
			c.comment = true
		case ch == ';' || c.scan.depth <= 0:
			c.done = true
		}
	}
}

// inString reports whether the call's argument list is open, inside a string.
func (c *pyCall) inString() bool { return !c.done && c.scan.quote != 0 }

// pyCallOpen reports whether rest, the text after a call's name (or after "raise "
// and before its exception's name), opens the call's "(" and leaves it open inside a
// string at its end: the call's argument list holds the point rest ends at.
func pyCallOpen(rest []byte) bool {
	k := 0
	for k < len(rest) && (isWordByte(rest[k]) || rest[k] == '.') {
		k++
	}
	for k < len(rest) && (rest[k] == ' ' || rest[k] == '\t') {
		k++
	}
	if k == len(rest) || rest[k] != '(' {
		return false
	}
	var c pyCall
	c.feed(rest[k:])
	return c.inString()
}

// openPyCall reports whether before holds the name of one of calls (the last
// occurrence) with its argument list open inside a string at before's end (pyCallOpen).
func openPyCall(before []byte, calls []string) bool {
	for _, m := range calls {
		if j := bytes.LastIndex(before, []byte(m)); j >= 0 && pyCallOpen(before[j+len(m):]) {
			return true
		}
	}
	return false
}
