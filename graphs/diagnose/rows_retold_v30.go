package diagnose

// Retellings from the validation v30 (2026-12-06, real repository passages), each read
// as a class from its siblings:
//   - mode-and-options told with a verb of giving the two after the refusal ("Torch 2.7
//     forbids passing both mode and options", a TD-MPC-style agent's comment), or with the
//     two joined by other words than "and" ("rejects mode together with options");
//   - backend-takes-no-mode told as the cudagraphs backend refusing the mode argument
//     ("The ``cudagraphs`` backend / rejects the ``mode`` argument, so it must be left
//     unset", a decode compile config's comment wrapped over two lines).
//
// Their lookalikes stay unread: a rule told as an instruction ("Do NOT pass mode
// together with options", a task constraint in the code corpus), another program's own
// modes and options ("Some commands reject raw mode together with options that only
// shape normalized output", a CLI's notes), another program's mode argument ("v2 decode
// rejects the mode argument"), a program's own guard in a string of code
// (stringKept: "train.torch_compile.mode is not accepted by the 'cudagraphs' backend",
// a training library's ValueError), and the cudagraphs backend's other arguments.

// retoldV30 returns the retellings of this file; mode-and-options' forms are branches of
// its retelling in rows_retold.go (modeOptionsGivenLiterals, modeOptionsGivenBranches),
// whose pattern the anchors they share run once.
func retoldV30() []retelling {
	return []retelling{
		{code: BackendTakesNoMode, retold: cudagraphsRefusesModeRetold, own: noModeRetoldRow()},
	}
}

// modeOptionsRefusal is the refusal before the two: a verb that forbids or rejects, a
// negated verb of allowing ("does not permit", "doesn't accept"), an inability or an
// error's word. Not a bare "not" or "don't": "Do NOT pass mode together with options"
// is an instruction, no refusal told.
const modeOptionsRefusal = `\b(?:forbids?|forbade|forbidden|disallow(?:s|ed)?|prohibit(?:s|ed)?|rejects?|rejected|refuses?|refused|` +
	`(?:does|did|will|would)\s*n[o']t\s+(?:allow|permit|accept|support)|doesn't\s+(?:allow|permit|accept|support)|won't\s+(?:allow|permit|accept)|` +
	`not\s+(?:allowed|permitted|supported)|can(?:'|no)?t|cannot|can\s+not|errors?|raises?|fail(?:s|ed|ing)?|complains?)\b`

// modeOptionsRefusalAfter is the refusal after the two ("passing both mode and options
// raises a RuntimeError", "… is not allowed"); not "mutually exclusive", which a fix's
// prose says of what the code did ("currently passes both `mode` and `options` to
// `torch.compile`, although PyTorch treats those arguments as mutually exclusive",
// huggingface/lerobot#4155, a corpus negative).
const modeOptionsRefusalAfter = `\b(?:raises?|raised|fails?|failed|errors?(?:\s+out)?|throws?|crash(?:es|ed)?|` +
	`is\s+(?:not\s+allowed|forbidden|disallowed|rejected|refused|not\s+permitted|not\s+supported)|isn't\s+(?:allowed|permitted|supported))\b`

// modeOptionsGivenBoth is the two given together by a verb of giving and "both … and …"
// ("passing both mode and options", "supplying both `mode=` and `options=`"); not
// "passes", a fix's prose of what code does (lerobot#4155).
const modeOptionsGivenBoth = `\b(?:pass(?:ing|ed)?|supply(?:ing)?|supplied|provid(?:e|ed|ing)|mix(?:ing|ed)?|combin(?:e|ed|ing))\s+` +
	`both\s+\W{0,2}mode\W{0,2}(?:\s*=\s*[^\s,]+)?\s+and\s+\W{0,2}options\b`

// modeOptionsJoined is the two joined by other words than "and" ("mode together with
// options", "mode along with options", "mode plus options") or given "at once"
// ("mode and options at once", "simultaneously").
const modeOptionsJoined = `\bmode\W{0,2}(?:\s*=\s*[^\s,]+)?\s+(?:together\s+with|along\s+with|alongside|plus|combined\s+with)\s+\W{0,2}options\b|` +
	`\bmode\W{0,2}\s+and\s+\W{0,2}options\W{0,2}\s+(?:at\s+once|simultaneously)\b`

// modeOptionsCompileNamed: torch.compile or PyTorch named before the refusal in the
// sentence, where the words that join the two are another program's too ("Some commands
// reject raw mode together with options that only shape normalized output", a CLI's
// notes in the code corpus).
const modeOptionsCompileNamed = `(?:torch\.?\s?compile|\bcompile\(|pytorch|\btorch\s+2\.)`

// modeOptionsGivenLiterals are the literals of modeOptionsGivenBranches' own words (the
// "both mode" forms are the retelling's already).
var modeOptionsGivenLiterals = []string{"together with options", "along with options", "plus options", "options at once",
	"options simultaneously"}

// modeOptionsGivenBranches is mode-and-options told with a verb of giving the two after
// the refusal ("# Torch 2.7 forbids passing both mode and options.", a TD-MPC-style
// agent's comment, code index 71550906843, v30 pos/02; "PyTorch does not permit passing
// `mode` and `options` together", a design note, code index 71327448882) or the refusal
// after it (a dot inside a word, "torch.compile", no sentence's end); and the two joined by other words, torch.compile or PyTorch named before the
// refusal (modeOptionsCompileNamed). Not in Chinese or Japanese: no report that says it
// so ("同时传 mode 和 options", "mode と options を同時に") was found in the code or issue
// corpora (2026-12-06), and their literals ("和 options", "と options") cost the anchor
// line 2.6 a byte (TestDenseLineBounded).
const modeOptionsGivenBranches = modeOptionsRefusal + `(?:[^.;]|\.\w){0,60}?` + modeOptionsGivenBoth + `|` +
	modeOptionsGivenBoth + `(?:[^.;]|\.\w){0,60}?` + modeOptionsRefusalAfter + `|` +
	modeOptionsCompileNamed + `(?:[^.;]|\.\w){0,60}?` + modeOptionsRefusal + `(?:[^.;]|\.\w){0,40}?(?:` + modeOptionsJoined + `)`

// cudagraphsNamed: PyTorch's cudagraphs backend named ("the cudagraphs backend", "the
// `cudagraphs` backend", backend="cudagraphs", CudagraphsBackend).
const cudagraphsNamed = `(?:\bcudagraphs\W{0,3}\s+backends?\b|\bbackend\s*=\s*\W?cudagraphs\b\W?|\bCudagraphsBackend\b)`

// noModeArgument: the argument named as one ("the mode argument", "the `mode`
// kwarg", "mode=", "options=").
const noModeArgument = `(?:(?:the\s+|a\s+|any\s+)?\W{0,2}(?:mode|options)\W{0,2}\s*(?:argument|arg|kwarg|keyword|parameter|param)s?\b|` +
	`\W{0,2}(?:mode|options)\s*=)`

// cudagraphsRefusesModeRetold is backend-takes-no-mode told as the cudagraphs backend
// refusing the argument (the verb is the group v, negatedVerb: "the cudagraphs backend
// no longer rejects the mode argument" on 2.14, whose CudagraphsBackend.__call__ takes
// **kwargs and warns, backend-ignores-inductor-config): "rejects", "refuses", "does not
// accept", "doesn't take", "chokes on", "errors on", "raises a TypeError on"; or the
// argument said refused by it ("the mode argument is rejected by the cudagraphs
// backend"). pytorch-facts.md's torch/__init__.py section: torch.compile passes mode=
// and options= on to a backend other than inductor, and 2.6.0's
// CudagraphsBackend.__call__(model, inputs) takes neither (noKeywordRows' source). The
// literals are the backend's name: its last letters before " backend" (under 14 bytes,
// one anchor: the whole "cudagraphs" is one on Inductor's own log lines,
// TestPlainLinesHoldNoAnchor), the name in code quotes (one or two backquotes, one
// literal: gofmt would turn a doubled backquote in the package doc's list into a
// typographic quote), its class, or backend=; the argument may be on the next line.
var cudagraphsRefusesModeRetold = retold{
	literals: []string{"phs backend", "cudagraphs`", "phs' backend", "phs\" backend", "CudagraphsBackend",
		`backend="cudagraphs"`, `backend='cudagraphs'`},
	pattern: `(?i)` + cudagraphsNamed + `[^.;]{0,30}?\s(?P<v>rejects?|rejected|refuses?|refused|chokes?\s+on|choked\s+on|` +
		`(?:does|did|do)\s*n[o']t\s+(?:accept|take|support|allow|expect)|(?:does|did|do)\s+not\s+(?:accept|take|support|allow|expect)|` +
		`won't\s+(?:accept|take)|will\s+not\s+(?:accept|take)|(?:can(?:'|no)?t|cannot)\s+(?:accept|take|handle)|` +
		`takes\s+no|accepts\s+no|errors?\s+(?:out\s+)?on|fails?\s+(?:on|with)|failed\s+(?:on|with)|raises?\s+(?:a\s+)?TypeError\s+(?:on|for|with))\s+` +
		noModeArgument + `|` +
		`(?:` + noModeArgument + `|\bmode\b)\s+(?:is|was|gets|got)\s+(?P<v>rejected|refused|not\s+accepted|not\s+supported)\s+by\s+(?:the\s+)?\W{0,2}` + cudagraphsNamed,
}
