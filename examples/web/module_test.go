package main

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBuildOutsideModule: run from a directory that is not inside a clone of the
// module, the page's build says where to run it instead of go build's "go.mod file not
// found" (sweep4 finding 33).
func TestBuildOutsideModule(t *testing.T) {
	t.Chdir(t.TempDir())
	err := Build(context.Background(), t.TempDir())
	require.Error(t, err)
	require.True(t, strings.Contains(err.Error(), "is not inside a clone of it: run it there (git clone https://github.com/compilemode/compilemode"), err.Error())
	require.NotContains(t, err.Error(), "go.mod file not found")
}
