//go:build compilemode_nofiles

package cliflags

import (
	"flag"
	"io"
	"strings"
	"testing"
)

// TestNoFilesBuild: built with -tags compilemode_nofiles (the web page's build), a
// file flag reads nothing: NoFiles's wording when set, else this build's own refusal.
// Run it with go test -tags compilemode_nofiles -run TestNoFilesBuild (the package's
// other tests read files).
func TestNoFilesBuild(t *testing.T) {
	for _, tt := range []struct {
		noFiles string
		args    []string
		want    string
	}{
		{"", []string{"-schema", "go.mod"}, "-schema go.mod: this program reads no files"},
		{"", []string{"-options", "@go.mod"}, "this program reads no files"},
		{"", []string{"-schema", "-"}, "-schema -: this program reads no files"},
		{"no files here", []string{"-schema", "go.mod"}, "-schema go.mod: no files here"},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		c := Compile{NoFiles: tt.noFiles, Stdin: strings.NewReader("{}")}
		c.Register(fs)
		if err := fs.Parse(tt.args); err != nil {
			t.Fatal(err)
		}
		given := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
		_, err := c.Scenario(given, nil, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v (NoFiles %q): error %v, want one holding %q", tt.args, tt.noFiles, err, tt.want)
		}
	}
}
