package diagnose_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/diagnose"
	"github.com/compilemode/compilemode/graphs/script"
	"github.com/compilemode/compilemode/modes"
)

// TestReleaseEntryPoints: each entry point that takes a release refuses a bad one with
// the one *modes.VersionError, errors.As-able, its words the same everywhere (the kind's
// reason, did-you-mean for a release typed without its dot) and wrapped in the entry
// point's own context without a package the caller never imported (newuser28 11(d):
// graphs.Check had said "is not supported" for 2.99 and 2.31, diagnose.Options.Read
// "modes: torch version …"). A newer release near the known ones (2.15) is refused by
// every entry point alike (fix brief 31, finding 1: diagnose alone had taken it).
func TestReleaseEntryPoints(t *testing.T) {
	t.Parallel()
	entries := []struct {
		name   string
		prefix string // the entry point's context before the release's words
		call   func(torch string) error
	}{
		{"modes.ParseVersion", "", func(v string) error { _, err := modes.ParseVersion(v); return err }},
		{"graphs.Check", "graphs: scenario torch: ", func(v string) error { _, err := graphs.Check(&graphs.Scenario{Torch: v}); return err }},
		{"diagnose.ParseTorch", "", func(v string) error { _, err := diagnose.ParseTorch(v); return err }},
		{"diagnose.Options.Read", "diagnose: Options.Torch: ", func(v string) error {
			_, err := diagnose.Options{Torch: v}.Read(strings.NewReader("RuntimeError: x\n"))
			return err
		}},
		{"script.PlanWith", "script: PlanOptions.CLI.Torch: ", func(v string) error {
			s, err := script.Read(strings.NewReader("import torch\nm = torch.compile(model)\n"))
			if err != nil {
				return err
			}
			_, err = s.PlanWith(script.PlanOptions{CLI: graphs.Scenario{Torch: v}})
			return err
		}},
	}
	bad := []struct {
		torch  string
		kind   modes.VersionKind
		words  string
		reason string
	}{
		{"2.99", modes.VersionNotRelease, "is not a release torch has or is near", "hostile28 R1; graphs.Check said \"is not supported\""},
		{"2.31", modes.VersionNotRelease, "did you mean 2.3 (2.3.1 typed without its dot)?", "graphs.Check gave no did-you-mean"},
		{"10.0", modes.VersionNotRelease, "a future release that far ahead is not known yet", "hostile28 R2"},
		{"2.999999999999999999999", modes.VersionNotRelease, "its numbers are past any release's", "hostile28 R2: \"is out of range\""},
		{"1.13", modes.VersionOlder, "is older than torch.compile, which came in 2.0", "\"is not supported\" said nothing"},
		{"2.15", modes.VersionNewer, "is newer than the newest release known, 2.14 (the releases known are 2.0–2.14): nothing about it is known yet", "fix brief 31, finding 1: diagnose took it and planned it on 2.14; one rule now"},
		{"2.6.2", modes.VersionNotRelease, "is not a release torch has: 2.6's patch releases ended at 2.6.0; did you mean 2.6?", "fix brief 31, finding 2: a patch that never shipped was taken as its minor"},
		{"2.11.3+cu128", modes.VersionNotRelease, "2.11's patch releases ended at 2.11.0; did you mean 2.11?", "the same, with a build suffix"},
		{"3.0", modes.VersionNewer, "give 2.14 for the newest facts known", "a next major near the known ones: refused the same way"},
		{"two", modes.VersionNotParsed, "is not a version", "no numbers"},
	}
	for _, e := range entries {
		for _, b := range bad {
			err := e.call(b.torch)
			var ve *modes.VersionError
			if !errors.As(err, &ve) {
				t.Errorf("%s(%q) = %v; want a *modes.VersionError (%s)", e.name, b.torch, err, b.reason)
				continue
			}
			if want := e.prefix + ve.Error(); ve.Kind != b.kind || err.Error() != want || !strings.Contains(err.Error(), b.words) || strings.Contains(err.Error(), "modes:") {
				t.Errorf("%s(%q) = %q (kind %q);\nwant %q, kind %q, saying %q (%s)", e.name, b.torch, err, ve.Kind, want, b.kind, b.words, b.reason)
			}
		}
	}
}
