package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// A release read from a base image or an install command is replaced by a later
// command of the same Dockerfile or script that installs torch again (branch fixrel27,
// 2026-12-06):
//
//   - a base image's torch, read from a Dockerfile's FROM line (or an Apptainer
//     definition's "From:") by an image row (aws-dlc-tag, ngc-tag, rocm-tag, runpod-tag,
//     colon-key's pytorch/pytorch:X), is replaced by an install after it that names torch
//     as a requirement: "FROM 763104351884.dkr.ecr…/pytorch-inference:2.1.0-gpu-py310-
//     cu118-ubuntu20.04-sagemaker" then "RUN python -m pip install torch torch-tensorrt
//     tensorrt --extra-index-ur https://download.pytorch.org/whl/cu118"
//     (pytorch/TensorRT#2827, holdoutEQ): the install gives the image another torch, whose
//     release the text does not state, so none is read from the image (the release stated
//     before the image, if any, stays); a pinned install ("RUN pip install torch==2.3.1")
//     gives its pin. "pip install -U torch", "pip install --upgrade torch", "uv pip install
//     torch", "conda install pytorch", a wheel's file ("pip install
//     …/torch-2.3.1%2Bcu118-cp310-…whl"), an install continued over lines by a backslash
//     and a notebook's "!pip install torch" are such installs. What pip would do with an
//     installed torch is not judged, only whether torch itself is named: an install of
//     other packages ("pip install torch-tensorrt", "pip install torchvision", "pip
//     install -r requirements.txt"), a comment, prose about an install ("Do not pip
//     install torch here") and an install before the FROM line (another stage's) leave
//     the image's release;
//   - of two install commands that pin torch, the later is the run's (a sequence: the
//     later install replaces the earlier), unless the text says the later one passes or
//     the earlier fails: "* In 2.10, the check passed:" / "pip install torch==2.10.0
//     …" / "pass" / "* While it fails in 2.11 RC" / "pip install torch==2.11.0 …"
//     (pytorch/pytorch#176411, holdoutEI: a release checklist's passing run, then the
//     failing one), read as 2.11. The lines between the two decide it: a lead-in (a
//     list item or a line that ends in a colon) right before the later install that
//     says it passes keeps the earlier ("* It fails in 2.11:" … "* In 2.10 it passed:"
//     / "pip install torch==2.10.0"), one that says it fails takes the later; without a
//     lead-in, output after the earlier install that fails and never passes keeps the
//     earlier ("pip install torch==2.11.0" / "fail_accuracy" / "pip install
//     torch==2.10.0" / "pass"), and so does a lead-in that offers the later as another
//     way ("# 2) if 2.9.1 is not published for cu126, …" before "uv pip install
//     torch==2.8.0 …", a setup guide's fixes, after holdoutP's onLuc notes, whose second
//     fix is "torch<2.9" and whose release is the first fix's, 2.9). A later pin the text
//     says is another run's ("pip install torch==2.10.0  #
//     works", otherRun) keeps the earlier, a later pin of the same release keeps the
//     earlier's line, and a later install without a pin ("pip install -U torch", "uv pip
//     install \"torch<2.9\"") keeps the earlier: it states no release to weigh.

// installWatch is the finder's watch over the lines after a release read from a base
// image or an install command, for an install that replaces it (the rules above).
type installWatch struct {
	line  int          // the line of found, read from a FROM line or an install command (0: none)
	image bool         // found is a base image's
	prior foundRelease // the release found before the image or the first install
	left  int          // lines left that the finder reads whole (pending), for a continued install and the verdicts
	cont  bool         // the last line was an install command continued by a backslash
	// lead is the verdict of a lead-in line since the last output line, result the
	// verdicts of output lines since line (verdictPass, verdictFail)
	lead, result int
}

// foundRelease is the release a versionFinder found, saved to restore.
type foundRelease struct {
	_               [0]func() // incomparable: no equality code (examples/web: Transfer size)
	found           modes.Version
	rank, line, row int
	text, what, as  string
	removed         bool
	installed       bool
}

// installStep is what installBefore did to the line's found release, for installAfter.
type installStep struct {
	before   foundRelease // found before the line
	replaced bool         // the line installs torch again and found was forgotten for it
	pinned   bool         // the install names torch's release
}

// watchLines is how many lines after a FROM line or an install the finder reads whole
// (a Dockerfile's RUN continued over lines, the output and lead-in between two installs).
const watchLines = 40

// Verdicts of a line between two installs.
const (
	verdictPass = 1 << iota
	verdictFail
	verdictAlt // a lead-in that offers another way ("if", "or", "alternatively")
)

var (
	// installPass and installFail are a line's words of a run that passes or fails; a
	// line of pip's own ("ERROR: pip's dependency resolver …") gives none.
	// Chinese and Japanese lead-ins say it too ("2.10 通过：", "2.11 失败：", "2.11 でエラー").
	installPass = &lazyregexp.Regexp{Expr: `(?i)\b(?:pass(?:es|ed)?|works?|worked|working|fine|ok|okay)\b|通过|通過|正常|問題なし|動く`}
	installFail = &lazyregexp.Regexp{Expr: `(?i)\b(?:fail\w*|errors?|exception|traceback|broken|breaks|crash\w*|regress\w*|segfault\w*)\b|\bnot\s+work|n't\s+work|` + failedCJK}
	// pipOwn is a line of pip's own output, which names pip ("ERROR: pip's dependency
	// resolver …", "WARNING: Running pip as the 'root' user") and says nothing of the run;
	// a lead-in that says "the pipeline passed" is no such line (the review of 2026-12-06).
	pipOwn = &lazyregexp.Regexp{Expr: `(?i)\bpip\b`}
	// installAlt is a lead-in's words that offer the install after it as another way.
	installAlt = &lazyregexp.Regexp{Expr: `(?i)\b(?:if|or|alternatively|otherwise|instead|option)\b`}
	// installLead is a lead-in's shape: a list item, a heading or a comment, a line that
	// ends in a colon.
	installLead = &lazyregexp.Regexp{Expr: `^\s*(?:[*+-]|\d{1,2}[.)]|#{1,6})\s|:\s*$`}
)

// saveFound returns f's found release.
func (f *versionFinder) saveFound() foundRelease {
	return foundRelease{found: f.found, rank: f.rank, line: f.line, row: f.row, text: f.text, what: f.what, as: f.as, removed: f.removed, installed: f.installed}
}

// restoreFound sets f's found release to s.
func (f *versionFinder) restoreFound(s foundRelease) {
	f.found, f.rank, f.line, f.row, f.text, f.what, f.as, f.removed, f.installed = s.found, s.rank, s.line, s.row, s.text, s.what, s.as, s.removed, s.installed
}

// installBefore reads text (line line) before its releases are: where found was read
// from a FROM line or an install command and text installs torch again, it forgets
// found for the line's own release (installAfter settles it); otherwise it notes the
// line's verdict.
func (f *versionFinder) installBefore(text []byte, line int) installStep {
	step := installStep{before: f.saveFound()}
	w := &f.inst
	if w.line == 0 {
		return step
	}
	if w.line != f.line || f.rank == 0 {
		*w = installWatch{} // found is another release now
		return step
	}
	if w.left > 0 {
		w.left--
	}
	in := parseInstall(text, w.cont)
	w.cont = in.goesOn && (in.command || w.cont)
	if !in.torch && installReport(text) {
		in.torch, in.pinned = true, true // a package manager's report of a change (release_reported.go)
	}
	if !in.torch {
		w.note(text)
		return step
	}
	if !w.laterRuns(in.pinned) {
		w.lead, w.result, w.left = 0, 0, watchLines
		return step
	}
	step.replaced, step.pinned = true, in.pinned
	f.forget()
	return step
}

// installAfter settles the line's releases after installBefore: a forgotten release
// comes back where the install's own release was not read (its pin another run's:
// the one before stays; no pin: the release stated before the image or the first
// install) or states the same release at no higher rank; a release read from a FROM
// line or an install command starts a watch.
func (f *versionFinder) installAfter(step installStep, text []byte, line int) {
	prior := step.before
	if step.replaced {
		prior = f.inst.prior
		kept := step.before
		switch {
		case f.rank == 0 && step.pinned, f.rank > 0 && f.found == kept.found && f.rank <= kept.rank:
			f.restoreFound(kept)
			f.inst.lead, f.inst.result, f.inst.left = 0, 0, watchLines
			return
		case f.rank == 0:
			f.restoreFound(prior)
			f.inst = installWatch{}
			return
		}
	}
	if f.rank == 0 || f.line != line || (f.inst.line == line && !step.replaced) {
		return
	}
	switch {
	case fromLine(text):
		f.inst = installWatch{line: line, image: true, prior: prior, left: watchLines}
	case parseInstall(text, false).torch, installReport(text):
		f.inst = installWatch{line: line, prior: prior, left: watchLines}
	default:
		f.inst = installWatch{}
	}
}

// note notes the verdict of a line between an install and the next: a lead-in's, or an
// output line's, which ends the lead-in before it.
func (w *installWatch) note(text []byte) {
	if matchGated(pipOwn, text) {
		return
	}
	v := 0
	if matchGated(installPass, text) {
		v |= verdictPass
	}
	if matchGated(installFail, text) {
		v |= verdictFail
	}
	// a traceback's head ends in a colon too, and is output: the run failed
	lead := matchGated(installLead, text) && !bytes.HasPrefix(bytes.TrimSpace(text), []byte("Traceback ("))
	if lead && matchGated(installAlt, text) {
		v |= verdictAlt
	}
	switch {
	case v == 0:
	case lead:
		w.lead = v
	default:
		w.result |= v
		w.lead = 0
	}
}

// laterRuns reports whether a later install of torch is the run's: always after a base
// image; after an install, where it is pinned, unless the lead-in before it says it
// passes or offers it as another way ("# 2) if 2.9.1 is not published for cu126, take
// the newest cu126 build", holdoutP's onLuc setup notes), or, without
// a lead-in that says it fails, the earlier install's output failed and never passed.
func (w installWatch) laterRuns(pinned bool) bool {
	switch {
	case w.image:
		return true
	case !pinned, w.lead&(verdictPass|verdictAlt) != 0 && w.lead&verdictFail == 0:
		return false
	case w.lead&verdictFail != 0:
		return true
	}
	return w.result != verdictFail
}

// fromLine reports whether text is a Dockerfile's FROM line or an Apptainer
// definition's "From:" line, which names the base image.
func fromLine(text []byte) bool {
	t := bytes.TrimLeft(text, " \t")
	return bytes.HasPrefix(t, []byte("FROM ")) || bytes.HasPrefix(t, []byte("From: "))
}

// installCmd is what parseInstall found on a line: an install command (command), one
// that names torch as a requirement (torch), with its release (pinned), continued on
// the next line by a backslash (goesOn).
type installCmd struct {
	command, torch, pinned, goesOn bool
}

// parseInstall reads text as shell: the commands a Dockerfile's RUN, a prompt or a
// notebook's "!" or "%" runs, split at &&, ||, ; and |, and the requirements of each
// install command (installArgs). On a line that continues an install command (cont)
// the words before the first separator are its requirements.
func parseInstall(text []byte, cont bool) installCmd {
	var in installCmd
	t := bytes.TrimSpace(text)
	if n := len(t); n > 0 && t[n-1] == '\\' {
		in.goesOn, t = true, bytes.TrimSpace(t[:n-1])
	}
	if len(t) == 0 || (t[0] == '#' && !cont) {
		return in
	}
	fields := bytes.Fields(t)
	i := 0
	if cont {
		in.command = true
		i = in.requirements(fields, 0)
	}
	for i < len(fields) {
		if j := installArgs(fields, i); j >= 0 {
			in.command = true
			i = in.requirements(fields, j)
			continue
		}
		i = nextCommand(fields, i)
	}
	return in
}

// requirements reads the requirements of an install command from fields[i:] up to a
// separator, and returns where the next command starts.
func (in *installCmd) requirements(fields [][]byte, i int) int {
	for ; i < len(fields); i++ {
		a := fields[i]
		if separator(a) {
			return i + 1
		}
		last := bytes.HasSuffix(a, []byte(";"))
		a = bytes.TrimSuffix(a, []byte(";"))
		switch {
		case len(a) > 0 && a[0] == '-':
			if optionValue(a) {
				i++
			}
		default:
			named, pinned := torchRequirement(a)
			in.torch, in.pinned = in.torch || named, in.pinned || pinned
		}
		if last {
			return i + 1
		}
	}
	return i
}

// nextCommand returns the index after the next separator at or after fields[i].
func nextCommand(fields [][]byte, i int) int {
	for ; i < len(fields); i++ {
		if separator(fields[i]) || bytes.HasSuffix(fields[i], []byte(";")) {
			return i + 1
		}
	}
	return i
}

// separator reports whether a is a shell word that ends a command.
func separator(a []byte) bool {
	switch string(a) {
	case "&&", "||", ";", "|", "&":
		return true
	}
	return false
}

// optionValue reports whether the option a takes the next word as its value: a conda
// channel ("-c pytorch"), an environment's name or prefix, a requirements or constraints
// file, an editable path, an index (pip's, conda's, uv's options).
func optionValue(a []byte) bool {
	switch string(a) {
	case "-c", "--channel", "-n", "--name", "-p", "--prefix", "-r", "--requirement", "-e", "--editable",
		"--constraint", "-i", "--index-url", "--extra-index-url", "-f", "--find-links", "-t", "--target", "--index", "--default-index":
		return true
	}
	return false
}

// installArgs returns the index of the first requirement of the install command that
// starts at fields[i] (after a RUN, a prompt, sudo, an environment's assignments and
// their options), or -1 where no install command starts there: pip, pip3, python -m
// pip, uv pip and conda, mamba or micromamba "install"; uv, poetry and pixi "add".
func installArgs(fields [][]byte, i int) int {
	for i < len(fields) && commandPrefix(fields[i]) {
		i++
	}
	if i >= len(fields) {
		return -1
	}
	i, verb := installTool(fields, i)
	if i >= 0 && i < len(fields) && string(fields[i]) == verb {
		return i + 1
	}
	return -1
}

// installTool returns the index of the verb after the installer named at fields[i] and
// the verb it installs with, or -1 where fields[i] names none.
func installTool(fields [][]byte, i int) (int, string) {
	tool := string(toolName(fields[i]))
	next := func(j int) string {
		if j < len(fields) {
			return string(fields[j])
		}
		return ""
	}
	switch {
	case pipName(fields[i]):
		return i + 1, "install"
	case pythonName([]byte(tool)) && next(i+1) == "-m" && pipName([]byte(next(i+2))):
		return i + 3, "install"
	case tool == "uv" && next(i+1) == "pip":
		return i + 2, "install"
	case tool == "uv", tool == "poetry", tool == "pixi":
		return i + 1, "add"
	case tool == "conda", tool == "mamba", tool == "micromamba":
		return i + 1, "install"
	}
	return -1, ""
}

// commandPrefix reports whether a is a word before a command: a Dockerfile's RUN, a
// shell prompt ("$", "(venv)", "root@host:/#"), sudo, an environment variable's
// assignment or an option (RUN's --mount=…, sudo's -H).
func commandPrefix(a []byte) bool {
	switch string(a) {
	case "RUN", "$", ">", "%", "!", "sudo", "env", "exec":
		return true
	}
	n := len(a)
	switch {
	case a[0] == '-', a[0] == '(' && a[n-1] == ')', n > 1 && (a[n-1] == '$' || a[n-1] == '#'):
		return true
	}
	eq := bytes.IndexByte(a, '=')
	return eq > 0 && isUpperWord(a[:eq])
}

// isUpperWord reports whether b is an environment variable's name: upper-case letters,
// digits and underscores.
func isUpperWord(b []byte) bool {
	for _, c := range b {
		if (c < 'A' || c > 'Z') && c != '_' && !isDigit(c) {
			return false
		}
	}
	return true
}

// toolName returns a command's name without its directory or a notebook's "!" or "%".
func toolName(a []byte) []byte {
	if i := bytes.LastIndexByte(a, '/'); i >= 0 {
		a = a[i+1:]
	}
	return bytes.TrimLeft(a, "!%")
}

// pipName reports whether a names pip: pip, pip3, pip3.11.
func pipName(a []byte) bool {
	a = toolName(a)
	return bytes.HasPrefix(a, []byte("pip")) && len(bytes.Trim(a[3:], "0123456789.")) == 0
}

// pythonName reports whether a names Python: python, python3, python3.11, py.
func pythonName(a []byte) bool {
	return string(a) == "py" || (bytes.HasPrefix(a, []byte("python")) && len(bytes.Trim(a[6:], "0123456789.")) == 0)
}

// torchRequirement reports whether the requirement a names torch (torch or pytorch,
// with extras, a bound, a pin, a URL after @, a conda channel before ::, or a wheel of
// torch by its file), and whether it names its release (a pin, "==2.3.1" or conda's
// "=2.3.1", or a wheel).
func torchRequirement(a []byte) (named, pinned bool) {
	a = bytes.Trim(a, "'\"`")
	if i := bytes.LastIndex(a, []byte("::")); i >= 0 {
		a = a[i+2:]
	}
	n := 0
	for n < len(a) && (wordByte(a[n]) || a[n] == '-' || a[n] == '.') {
		n++
	}
	if name := bytes.ToLower(a[:n]); string(name) != "torch" && string(name) != "pytorch" {
		wheel := torchWheel(a[bytes.LastIndexByte(a, '/')+1:])
		return wheel, wheel
	}
	rest := a[n:]
	if len(rest) > 0 && rest[0] == '[' {
		if j := bytes.IndexByte(rest, ']'); j >= 0 {
			rest = rest[j+1:]
		}
	}
	if len(rest) == 0 {
		return true, false
	}
	if bytes.IndexByte([]byte("=<>!~@;,"), rest[0]) < 0 {
		return false, false
	}
	value := bytes.TrimLeft(rest, "=")
	return true, rest[0] == '=' && len(value) > 0 && isDigit(value[0])
}

// torchWheel reports whether a is a wheel of torch by its file name
// ("torch-2.3.1+cu118-cp310-cp310-linux_x86_64.whl").
func torchWheel(a []byte) bool {
	return bytes.HasPrefix(bytes.ToLower(a), []byte("torch-")) && bytes.Contains(a, []byte(".whl"))
}
