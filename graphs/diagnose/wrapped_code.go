package diagnose

import "bytes"

// A message wrapped over two string pieces of one call's argument (implicit
// concatenation: `refused = RuntimeError(` over "\"cudaErrorStreamCaptureUnsupported:
// operation not permitted when \"" and "\"stream is capturing\"", a test's double of a
// refused capture, validation v33b's 54) is the same code as the message on one line in
// that call: the rules that read a string of code (raisedInSource, emittedInSource,
// assertedInSource) read the wrapped message's first line where its literal starts, at the
// head of the literal that ends the line (wrappedHeadAt). A match over lines joined had
// read none of them (rowAt found no literal on the first line), so the wrapped form was a
// finding where the one-line form was none.

// minWrappedHead is the least of a row's literal a wrapped message's first line must end
// with for wrappedHeadAt: three words or more ("operation not permitted when" is 28).
const minWrappedHead = 12

// wrappedHeadAt returns where line ends with a head of lit (folded, minWrappedHead bytes
// or more, ending where a word of lit ends), only quote marks, a backslash, "+", "," or
// white space after it; else -1.
func wrappedHeadAt(line, lit []byte) int {
	end := len(bytes.TrimRight(line, " \t\r\n\"'`\\+,"))
	text := line[:end]
	for k := min(len(lit)-1, end); k >= minWrappedHead; k-- {
		if insideWord(lit, k) || lit[k-1] == ' ' {
			continue
		}
		if at := end - k; bytes.EqualFold(text[at:], lit[:k]) && (at == 0 || !isWordByte(text[at-1])) {
			return at
		}
	}
	return -1
}
