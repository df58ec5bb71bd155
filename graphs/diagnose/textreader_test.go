package diagnose_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/config/inputerr"
	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestNewTextReader: the text NewTextReader yields is the text Read diagnoses: the
// same findings on the same lines from the bytes and from the text (the web page shows
// the text and answers the bytes).
func TestNewTextReader(t *testing.T) {
	const log = "torch 2.11.0\r\nstep\r\nAssertionError: assert torch._C._is_key_in_tls(attr_name)\r\n"
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, err := zw.Write([]byte(log))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	utf16 := []byte{0xFF, 0xFE}
	for _, r := range log {
		utf16 = append(utf16, byte(r), 0)
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"UTF-8", []byte(log)},
		{"UTF-8 after FF FE", append([]byte{0xFF, 0xFE}, log...)},
		{"UTF-16LE with a BOM", utf16},
		{"UTF-16LE without a BOM", utf16[2:]},
		{"gzip", gz.Bytes()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := diagnose.NewTextReader(bytes.NewReader(tc.data))
			require.NoError(t, err)
			text, err := io.ReadAll(r)
			require.NoError(t, err)
			require.Contains(t, string(text), "AssertionError: assert torch._C._is_key_in_tls(attr_name)\r\n")
			fromBytes, err := diagnose.Read(bytes.NewReader(tc.data))
			require.NoError(t, err)
			fromText, err := diagnose.Read(bytes.NewReader(text))
			require.NoError(t, err)
			require.Len(t, fromBytes.Findings, 1)
			if diff := cmp.Diff(fromBytes.Findings, fromText.Findings); diff != "" {
				t.Errorf("findings from the bytes and from the text differ (-bytes +text):\n%s", diff)
			}
		})
	}
	_, err = diagnose.NewTextReader(bytes.NewReader([]byte{0xfd, '7', 'z', 'X', 'Z', 0, 0, 4}))
	var ce *diagnose.CompressedError
	require.True(t, errors.As(err, &ce), "xz: %v", err)
	require.Equal(t, "xz", ce.Format)
	_, err = diagnose.NewTextReader(nil)
	var ze *inputerr.ZeroError
	require.True(t, errors.As(err, &ze), "nil: %v", err)
}

func ExampleNewTextReader() {
	// "torch 2.11.0\n" as Windows PowerShell's > writes it: UTF-16LE with a BOM.
	data := []byte{0xFF, 0xFE}
	for _, c := range "torch 2.11.0\n" {
		data = append(data, byte(c), 0)
	}
	r, err := diagnose.NewTextReader(bytes.NewReader(data))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	text, _ := io.ReadAll(r)
	fmt.Printf("%q\n", strings.TrimSpace(string(text)))
	// Output: "torch 2.11.0"
}
