package diagnose

import "bytes"

// A message wrapped over two string pieces of one call's argument (implicit
// concatenation: `refused = RuntimeError(` over "\"cudaErrorStreamCaptureUnsupported:
// operation not permitted when \"" and "\"stream is capturing\"", a test's double of a
// refused capture, validation v33b's 54) is the same code as the message on one line in
// that call: the rules that read a string of code (raisedInSource, emittedInSource,
// assertedInSource) read the wrapped message's first line where its literal starts, at
// the head of the literal that ends the line and whose rest starts the next (wrappedAt).
// A match over lines joined had read none of them (rowAt found no literal on the first
// line), so the wrapped form was a finding where the one-line form was none.

// minWrappedHead is the least of a row's literal a wrapped message's first line must end
// with for wrappedHeadAt: three words or more ("operation not permitted when" is 28).
const minWrappedHead = 12

// wrappedAt returns where e's line ends with a head of lit (wrappedHeadAt) whose rest
// starts the line below (its white space, quote marks and comment marks aside): a
// message wrapped there, not one cut at its line's end (a dict's value "Error: accessing
// tensor output of CUDAGraphs" over "}" stays a cut message's); else -1.
func (s *scanner) wrappedAt(e *ringLine, lit []byte) int {
	at, k := wrappedHeadAt(e.clean, lit)
	if at < 0 {
		return -1
	}
	b := s.lineBelow(e)
	if b == nil {
		return -1
	}
	rest := bytes.TrimLeft(lit[k:], " ")
	if sp := bytes.IndexByte(rest, ' '); sp > 0 {
		rest = rest[:sp]
	}
	next := bytes.TrimLeft(b.clean, " \t\"'`+#/*>")
	if len(rest) == 0 || len(next) < len(rest) || !bytes.EqualFold(next[:len(rest)], rest) {
		return -1
	}
	return at
}

// wrappedHeadAt returns where line ends with a head of lit (folded, minWrappedHead bytes
// or more, ending where a word of lit ends), only quote marks, a backslash, "+", "," or
// white space after it, and the head's length; else -1 and 0.
func wrappedHeadAt(line, lit []byte) (int, int) {
	end := len(bytes.TrimRight(line, " \t\r\n\"'`\\+,"))
	text := line[:end]
	for k := min(len(lit)-1, end); k >= minWrappedHead; k-- {
		if insideWord(lit, k) || lit[k-1] == ' ' {
			continue
		}
		if at := end - k; bytes.EqualFold(text[at:], lit[:k]) && (at == 0 || !isWordByte(text[at-1])) {
			return at, k
		}
	}
	return -1, 0
}
