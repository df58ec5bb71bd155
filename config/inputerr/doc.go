// Package inputerr holds the error types with which every parser under config reports
// bad input: a limit passed (*LimitError), a malformed byte at a position
// (*PositionError) and a nil or zero value (*ZeroError), with [CheckText] for the bytes
// no input may hold. It imports nothing of the module, so that the literal, strict JSON
// and schema packages and config itself can all report with the same types.

package inputerr
