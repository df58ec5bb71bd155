package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// An environment stated right after a line that says the failure is gone there is the
// environment of a run that does not fail, no failing run's (issue 21's v39b F3 and F4):
// "get fixed in:" / "Triton:  3.6.0" / "PyTorch: 2.10.0+git8514f05" (ROCm/pytorch#3150,
// the reporter's later comment, read as 2.10 before), and a maintainer's "… But with the
// latest versions, this bug is fixed. I've added the gist here." over "`Keras version :
// 3.12.0" / "Torch version: 2.9.1`" (keras-team/keras#21851, where the reporter's
// recompile-limit run states no release; read as 2.9 before). So are "Fixed after
// upgrading to:", "Resolved with:", "Working environment:", "Works for me on:" and "I
// can't reproduce this. My env:". The block of lines right after such a line (on the
// next line, or after one blank line: fixedEnvGap), up to its next blank line and at
// most fixedEnvLines lines, states another run's release: a key, a print, a pin or a path
// read there is not taken, nor a prose row's reading of them ("torch==2.5.1" is prose's
// one-line spec too), whether or not the text states another release (a fix's section
// and worksLead's working setup only lower such a release to looser prose). The lead's
// own line keeps prose's rules ("fixed in torch 2.6" is otherRun's). A block
// the failing run's own env opens after a blank line is read as before, and a line that
// says the failure is not fixed or still happens opens none (fixedEnvNot).
var (
	// fixedEnvColon is a line that introduces, with its colon at the end, the
	// environment where the failure is gone: a fix's preposition after "fixed",
	// "resolved" or "solved", a working setup's key, a "works for me", a failed
	// reproduction.
	fixedEnvColon = &lazyregexp.Regexp{Expr: `(?i)(?:\b(?:fixed|resolved|solved)\s+(?:in|on|with|after|by|using|via|when|for\s+me)\b[^:：\n]{0,60}|` +
		`\bworking\s+(?:env\w*|setup|config\w*|versions?|combination|stack|install\w*)|` +
		`\bworks?\s+(?:fine\s+|well\s+)?for\s+me\b[^:：\n]{0,40}|` +
		`\b(?:can(?:no|'|’)?t|unable\s+to|could(?:n't|n’t|\s+not)|not\s+able\s+to)\s+reproduce\b[^\n]{0,80})\s*[:：]\s*$`}
	// fixedEnvSaid is a sentence that says the failure is gone, the environment told in
	// the block after it: "this bug is fixed", "the issue has been resolved", "I can't
	// reproduce this".
	fixedEnvSaid = &lazyregexp.Regexp{Expr: `(?i)\b(?:this|the|that|your)\s+(?:bug|issue|error|problem|crash|failure)\s+` +
		`(?:is|was|has\s+been|got|gets|seems(?:\s+to\s+be)?|appears(?:\s+to\s+be)?)\s+(?:now\s+|already\s+)?(?:fixed|resolved|solved|gone)\b|` +
		`\b(?:can(?:no|'|’)?t|unable\s+to|could(?:n't|n’t|\s+not)|not\s+able\s+to)\s+reproduce\b`}
	// fixedEnvNot is a line that says the failure stays or was only thought gone.
	fixedEnvNot = &lazyregexp.Regexp{Expr: `(?i)\b(?:not\s+(?:been\s+)?(?:fixed|resolved|solved)|isn't\s+(?:fixed|resolved)|still|thought|hoped?|supposed|claimed|if|whether|unless)\b`}
)

// fixedEnvLines bounds the lines of a fixed environment's block; fixedEnvGap is how
// many lines after its lead the block may start (one blank line between).
const (
	fixedEnvLines = 16
	fixedEnvGap   = 2
)

// fixedEnvWatch is the finder's watch over a fixed environment's block: lead, the line
// that said the failure is gone (0 for none); first and last, the block's lines read so
// far (0 before it starts).
type fixedEnvWatch struct {
	lead, first, last int
}

// fixedEnvAnchors are the prefilter's anchors of fixedEnvColon's and fixedEnvSaid's
// lines (worksLead's are fixAnchors'), so that they reach the finder though they name no
// release.
func fixedEnvAnchors() []string {
	return []string{"fixed", "Fixed", "FIXED", "solved", "Solved", "orking env", "orking setup", "orking config", "orking version",
		"orking combination", "orking stack", "orking install", "eproduce"}
}

// noteFixedEnv follows the watch on line, a line that is not blank (text): the block
// goes on while its lines follow one another, and a line that says the failure is gone
// (opensFixedEnv) opens a new watch where none is in a block.
func (f *versionFinder) noteFixedEnv(text []byte, line int) {
	w := &f.fixedEnv
	switch {
	case w.lead == 0:
	case w.first == 0 && line-w.lead <= fixedEnvGap:
		w.first, w.last = line, line
		return
	case w.first > 0 && line == w.last+1 && line-w.first < fixedEnvLines:
		w.last = line
		return
	default:
		*w = fixedEnvWatch{}
	}
	if opensFixedEnv(text) {
		*w = fixedEnvWatch{lead: line}
	}
}

// opensFixedEnv reports whether text says the failure is gone in the environment the
// lines after it state (fixedEnvColon, fixedEnvSaid), not that it stays (fixedEnvNot).
func opensFixedEnv(text []byte) bool {
	if !matchGated(fixedEnvColon, text) && !matchGated(fixedEnvSaid, text) {
		return false
	}
	return !matchGated(fixedEnvNot, text)
}

// inFixedEnv reports whether a release read on line is a fixed environment's, not
// taken: any in its block (the prose rows read a pin too).
func (f *versionFinder) inFixedEnv(line int) bool {
	w := f.fixedEnv
	return w.first > 0 && line >= w.first && line <= w.last
}
