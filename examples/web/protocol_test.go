package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/examples/web/internal/smallgzip"
)

// TestAcceptsGzip: Accept-Encoding read as RFC 9110 §12.5.3 says (hostile28 W1).
func TestAcceptsGzip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		values []string
		want   bool
		reason string
	}{
		{[]string{"gzip, deflate, br, zstd"}, true, "what browsers send"},
		{[]string{"gzip"}, true, "gzip alone"},
		{[]string{"GZIP"}, true, "W1: coding names are case-insensitive (§8.4.1)"},
		{[]string{"Gzip;Q=0.5"}, true, "the q parameter's name is case-insensitive too"},
		{[]string{"x-gzip"}, true, "x-gzip is gzip (§8.4.1.3)"},
		{[]string{"gzip;q=0"}, false, "W1: q=0 means not acceptable"},
		{[]string{"gzip ; q=0.000"}, false, "q=0.000, with spaces around the ;"},
		{[]string{"gzip;q=0, identity;q=0"}, false, "W1: gzip refused, identity refused too: identity is sent all the same"},
		{[]string{"gzip;q=0.001"}, true, "the least weight is still acceptable"},
		{[]string{"gzip;q=1.000"}, true, "the greatest weight"},
		{[]string{"*"}, true, "any coding"},
		{[]string{"*;q=0"}, false, "no coding"},
		{[]string{"gzip;q=0, *"}, false, "* stands only for codings not named"},
		{[]string{"*;q=0, gzip"}, true, "gzip named beats *;q=0"},
		{[]string{"deflate", "gzip"}, true, "the field given twice: its values join"},
		{[]string{""}, false, "an empty field: identity (§12.5.3)"},
		{nil, false, "no field"},
		{[]string{"identity"}, false, "identity only"},
		{[]string{"br, zstd"}, false, "codings the server does not have"},
		{[]string{"gzipx"}, false, "another coding whose name begins with gzip"},
		{[]string{"deflate;q=0.5;gzip"}, false, "gzip as a parameter's name is no coding"},
		{[]string{"gzip;q=2"}, false, "a weight over 1 is no qvalue: the entry counts for nothing"},
		{[]string{"gzip;q=0.5000"}, false, "four decimals are no qvalue"},
		{[]string{"gzip;q=-1"}, false, "a negative weight is no qvalue"},
		{[]string{"gzip;q=abc"}, false, "a word is no qvalue"},
		{[]string{"gzip;q=1.5"}, false, "1 takes only zeros after its point"},
		{[]string{"gzip;level=9"}, true, "a parameter other than q leaves the weight at 1"},
	}
	for _, tc := range tests {
		if got := acceptsGzip(tc.values); got != tc.want {
			t.Errorf("acceptsGzip(%q) = %v, want %v (%s)", tc.values, got, tc.want, tc.reason)
		}
	}
}

// TestHandlerPaths: a path that is not clean names no file (hostile28 W3: the page at
// /index.html/ asked for /index.html/app.js), a clean one its file; the server gives
// "OPTIONS *" the handler's 405, not net/http's 200 (hostile28 W2).
func TestHandlerPaths(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, name := range []string{"index.html", "app.js", "style.css"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h, err := newHandler(dir, gzCache{t.TempDir()}, smallgzip.Gzip)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(h)
	srv.Config = newServer(h)
	srv.Start()
	defer srv.Close()
	tests := []struct {
		path   string
		status int
		reason string
	}{
		{"/", 200, "the page"},
		{"/index.html", 200, "the page by its name"},
		{"/app.js", 200, "a file"},
		{"/index.html/", 404, "W3: a file with a trailing slash"},
		{"/app.js/", 404, "W3: the same for a script"},
		{"/style.css/.", 404, "W3: a trailing /."},
		{"/./app.js", 404, "a ./ before the name"},
		{"//app.js", 404, "a doubled slash"},
		{"/x/../app.js", 404, "a .. in the path"},
		{"/index.html?x=1", 200, "a query is no part of the path"},
	}
	for _, tc := range tests {
		if got := rawStatus(t, srv.Listener.Addr().String(), "GET "+tc.path); got != tc.status {
			t.Errorf("GET %s: status %d, want %d (%s)", tc.path, got, tc.status, tc.reason)
		}
	}
	if got := rawStatus(t, srv.Listener.Addr().String(), "OPTIONS *"); got != http.StatusMethodNotAllowed {
		t.Errorf("OPTIONS *: status %d, want 405 (W2: README says every method but GET and HEAD gets 405)", got)
	}
}

// rawStatus sends "METHOD TARGET HTTP/1.1" as written (no client cleans the target)
// and returns the response's status.
func rawStatus(t *testing.T, addr, requestLine string) int {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, requestLine+" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if strings.HasPrefix(requestLine, "GET ") && resp.StatusCode == 200 {
		io.Copy(io.Discard, resp.Body)
	}
	return resp.StatusCode
}
