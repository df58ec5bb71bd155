package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/compilemode/compilemode/modes"
)

// writeVersion prints the three lines of -version: the module version, the Go version
// and the PyTorch releases compilemode knows.
func writeVersion(w io.Writer) error {
	bi, ok := debug.ReadBuildInfo()
	_, err := io.WriteString(w, versionText(bi, ok, runtime.Version()))
	return err
}

// versionText renders -version from the build info (ok false: none was recorded) and
// the Go version the binary runs on. The module version is bi.Main.Version: a tag
// such as v1.2.0 for go install …@v1.2.0, "(devel)" for a binary built from a
// checkout, followed by the VCS revision when the build recorded one (-buildvcs).
func versionText(bi *debug.BuildInfo, ok bool, goVersion string) string {
	module := "compilemode (no build information)"
	if ok && bi != nil {
		module = "compilemode " + bi.Main.Version
		if bi.Main.Version == "" {
			module = "compilemode (devel)"
		}
		if rev := vcsRevision(bi); rev != "" {
			module += " " + rev
		}
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
		}
	}
	releases := make([]string, 0, len(modes.Supported()))
	for _, v := range modes.Supported() {
		releases = append(releases, v.String())
	}
	return fmt.Sprintf("%s\n%s %s/%s\nPyTorch releases: %s\n", module, goVersion, runtime.GOOS, runtime.GOARCH, strings.Join(releases, ", "))
}

// vcsRevision returns "(revision R[, modified])" from the build's vcs settings, or ""
// when the build recorded none (e.g. go install of a module version, -buildvcs=false).
func vcsRevision(bi *debug.BuildInfo) string {
	rev, modified := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return ""
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified {
		return "(revision " + rev + ", modified)"
	}
	return "(revision " + rev + ")"
}
