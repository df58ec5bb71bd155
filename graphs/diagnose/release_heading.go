package diagnose

import (
	"bytes"

	"github.com/compilemode/compilemode/internal/lazyregexp"
	"github.com/compilemode/compilemode/modes"
)

// headingRelease is a release first on its line, a local build's tag or a nightly's date
// after it ("2.2.0", "2.5.1+cu124", "2.6.0.dev20241112+cu124"), alone or with a note
// (the second group): in parentheses ("2.3.0 (pinned by zeta)", issue 21's v37a R3,
// pytorch/pytorch#128153's Versions section), after a dash or a comma ("2.5.1 — latest",
// "2.4.0, cuda 12.1") or a preposition ("2.6.0+cu124 on Ubuntu").
var headingRelease = &lazyregexp.Regexp{Expr: `^v?(\d+\.\d+(?:\.\d+)?(?:\.dev\d{8})?(?:\+[0-9A-Za-z.]+)?)` +
	`(\s*\([^()\n]{0,60}\)|\s*[,;]\s.{0,60}|\s+[-–—]\s.{0,60}|\s+(?:on|with|via|from|in|under|for)\s.{0,60})?$`}

// headingNote is a note's word that names a package whose release the line's may be
// (foreignNames, less the platform's: CUDA, cuDNN, NCCL, Python, the driver and the
// compilers, which a note on torch's build names) or the release's own package
// ("2.4.0 (torchvision)").
var headingNote = &lazyregexp.Regexp{Expr: `(?i)\b(?:lightning|diffusers|transformers|accelerate|xformers|triton|tensorrt|` +
	`torchvision|torchaudio|torchao|torchtune|torchtitan|torchrec|torch[-_]xla|directml|peft|deepspeed|vllm|` +
	`sglang|onnxruntime|onnx|tensorflow|keras|jax|numpy|comfyui|timm|bitsandbytes|flash[-_ ]?attn|flash[-_ ]?attention|mmcv|detectron2|ipex)\b`}

// waitedValue returns the value on text of the key the line before named (f.waitWhat):
// under a "### Versions" heading only a release torch has alone on the line
// (versionsHeadingValue), else waitedVersion's.
func (f *versionFinder) waitedValue(text []byte) []byte {
	if f.waitWhat == whatVersionsHeading {
		return versionsHeadingValue(text)
	}
	return waitedVersion(text)
}

// versionsHeadingValue returns the release first on text (headingRelease) where it is
// one torch has (modes.ParseRelease, not one only near them: modes.Near) and its note
// names no other package (headingNote), nil otherwise: a bare "3.1.0" under the heading
// is another package's (Triton's), "transformers 4.40.0" names its package, and so does
// "2.4.0 (torchvision)".
func versionsHeadingValue(text []byte) []byte {
	m := findSubmatchGated(headingRelease, bytes.TrimSpace(text))
	if m == nil || (len(m[2]) > 0 && matchGated(headingNote, m[2])) {
		return nil
	}
	if v, err := modes.ParseRelease(string(m[1])); err != nil || modes.Near(v) {
		return nil
	}
	return m[1]
}
