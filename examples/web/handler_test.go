package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compilemode/compilemode/examples/web/internal/smallgzip"
)

// TestHandler: the server gives each file with its type, gzipped when asked, with the
// page's Content-Security-Policy and an ETag it answers 304 to.
func TestHandler(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, body := range map[string]string{"index.html": "<!doctype html>", "app.wasm": "\x00asm", "app.js": "1"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h, err := newHandler(dir, gzCache{t.TempDir()}, smallgzip.Gzip)
	if err != nil {
		t.Fatal(err)
	}
	<-h.Ready() // the cold start: TestHandlerCold
	srv := httptest.NewServer(h)
	defer srv.Close()
	tests := []struct {
		name, path, gzip, ifNone string
		status                   int
		ctype, encoding          string
	}{
		{name: "index", path: "/", status: 200, ctype: "text/html; charset=utf-8"},
		{name: "wasm gzipped", path: "/app.wasm", gzip: "gzip", status: 200, ctype: "application/wasm", encoding: "gzip"},
		{name: "script", path: "/app.js", status: 200, ctype: "text/javascript; charset=utf-8"},
		{name: "missing", path: "/nope.js", status: 404},
		{name: "outside", path: "/../main.go", status: 404},
	}
	for _, tc := range tests {
		req, _ := http.NewRequest("GET", srv.URL+tc.path, nil)
		req.Header.Set("Accept-Encoding", tc.gzip)
		resp, err := srv.Client().Transport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("%s: status %d, want %d", tc.name, resp.StatusCode, tc.status)
			continue
		}
		if tc.status != 200 {
			continue
		}
		if got := resp.Header.Get("Content-Type"); got != tc.ctype {
			t.Errorf("%s: Content-Type %q, want %q", tc.name, got, tc.ctype)
		}
		if got := resp.Header.Get("Content-Encoding"); got != tc.encoding {
			t.Errorf("%s: Content-Encoding %q, want %q", tc.name, got, tc.encoding)
		}
		if !strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'self'") {
			t.Errorf("%s: no Content-Security-Policy limiting the page to its origin", tc.name)
		}
		req.Header.Set("If-None-Match", resp.Header.Get("ETag"))
		again, err := srv.Client().Transport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		again.Body.Close()
		if again.StatusCode != http.StatusNotModified {
			t.Errorf("%s: revalidating with its ETag gave %d, want 304", tc.name, again.StatusCode)
		}
	}
}

// TestRunArgs: the command takes flags only.
func TestRunArgs(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"stray"}, {"-bogus"}} {
		if err := run(args, io.Discard, io.Discard); err == nil {
			t.Errorf("run(%q) = nil, want an error", args)
		}
	}
}

// TestHandlerMethods: the static page's server answers GET and HEAD, and refuses every
// other method with 405 and the methods it allows (newuser27 #4: POST / got 200).
func TestHandlerMethods(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := newHandler(dir, gzCache{t.TempDir()}, smallgzip.Gzip)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	tests := []struct {
		method, path string
		status       int
		reason       string
	}{
		{"GET", "/", 200, "the page itself"},
		{"HEAD", "/", 200, "HEAD is GET without the body (RFC 9110 §9.3.2)"},
		{"POST", "/", 405, "newuser27 #4: a form post to the page"},
		{"POST", "/index.html", 405, "another path of the same file"},
		{"POST", "/nope.js", 405, "the method is refused before the path is looked up"},
		{"PUT", "/", 405, "a write to a static page"},
		{"DELETE", "/app.js", 405, "a delete"},
		{"PATCH", "/", 405, "a partial write"},
		{"OPTIONS", "/", 405, "the page answers no CORS preflight"},
		{"get", "/", 405, "methods are case-sensitive (RFC 9110 §9.1): get is not GET"},
	}
	for _, tc := range tests {
		req, _ := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader("x=1"))
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("%s %s: status %d, want %d (%s)", tc.method, tc.path, resp.StatusCode, tc.status, tc.reason)
		}
		if allow := resp.Header.Get("Allow"); tc.status == 405 && allow != "GET, HEAD" {
			t.Errorf("%s %s: Allow %q, want \"GET, HEAD\" (%s)", tc.method, tc.path, allow, tc.reason)
		}
	}
}
