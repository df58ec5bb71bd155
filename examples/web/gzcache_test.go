package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/compilemode/compilemode/examples/web/internal/smallgzip"
)

// pageDir writes a page of files into a new directory: a large one (several of
// smallgzip's segments) and small ones.
func pageDir(t *testing.T) (string, map[string][]byte) {
	t.Helper()
	dir := t.TempDir()
	files := map[string][]byte{
		"index.html": []byte("<!doctype html><title>compilemode</title>"),
		"app.js":     bytes.Repeat([]byte("postMessage({mode: 'reduce-overhead'});\n"), 300),
		"app.wasm":   bytes.Repeat([]byte("\x00asm skipping cudagraphs due to cpu device (arg2_1)\n"), 4000),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, files
}

// TestGzCache: an entry is used only when compress/gzip reads it back to the file's
// bytes; a missing, corrupt, cut or foreign entry is a miss, and a cache that cannot
// be written is no error to the handler.
func TestGzCache(t *testing.T) {
	t.Parallel()
	data := bytes.Repeat([]byte("graph break: torch.compile mode=max-autotune\n"), 2000)
	sum := sha256.Sum256(data)
	good := smallgzip.Gzip(data)
	other := smallgzip.Gzip([]byte("another file"))
	tests := []struct {
		name  string
		entry []byte // written under data's name; nil: none
		hit   bool
	}{
		{name: "hit", entry: good, hit: true},
		{name: "miss", entry: nil},
		{name: "corrupt", entry: func() []byte { b := bytes.Clone(good); b[len(b)/2] ^= 0xff; return b }()},
		{name: "cut", entry: good[:len(good)/2]},
		{name: "foreign", entry: other},
		{name: "empty", entry: []byte{}},
		{name: "no gzip", entry: data},
	}
	for _, tc := range tests {
		c := gzCache{t.TempDir()}
		if tc.entry != nil {
			if err := os.WriteFile(filepath.Join(c.dir, entryName(sum)), tc.entry, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		gz, ok := c.get(sum, data)
		if ok != tc.hit || ok && !bytes.Equal(gz, good) {
			t.Errorf("%s: get = %d bytes, %v; want a hit %v", tc.name, len(gz), ok, tc.hit)
		}
	}
	c := gzCache{filepath.Join(t.TempDir(), "compilemode", "web")}
	if err := c.put(sum, good); err != nil {
		t.Fatalf("put in a new directory: %v", err)
	}
	if gz, ok := c.get(sum, data); !ok || !bytes.Equal(gz, good) {
		t.Errorf("get after put = %d bytes, %v; want the stream put", len(gz), ok)
	}
	if _, ok := c.get(sum, data[1:]); ok {
		t.Errorf("get of other bytes under the same key is a hit")
	}
	if _, ok := (gzCache{}).get(sum, data); ok {
		t.Errorf("no cache: a hit")
	}
	if err := (gzCache{}).put(sum, good); err == nil {
		t.Errorf("no cache: put = nil, want an error")
	}
}

// TestGzCacheVersion: an entry is named by the file's sha256 and the encoder's
// Version, so a stream of another Version is not read.
func TestGzCacheVersion(t *testing.T) {
	t.Parallel()
	var sum [32]byte
	sum[0] = 0xab
	want := fmt.Sprintf("ab%s-v%d.gz", strings.Repeat("0", 62), smallgzip.Version)
	if got := entryName(sum); got != want {
		t.Errorf("entryName = %q, want %q", got, want)
	}
	if !isEntryName(want) || !isEntryName(want+".tmp123") || isEntryName("notes.txt") || isEntryName(strings.Repeat("g", 64)+"-v1.gz") {
		t.Errorf("isEntryName tells the cache's names from others wrongly")
	}
}

// TestGzCachePrune: past cacheKeep entries the least recently used go, with old
// temporary files; files the cache did not name stay.
func TestGzCachePrune(t *testing.T) {
	t.Parallel()
	c := gzCache{t.TempDir()}
	old := time.Now().Add(-2 * time.Hour)
	var names []string
	for i := range cacheKeep + 3 {
		var sum [32]byte
		sum[0], sum[1] = byte(i), 1
		p := filepath.Join(c.dir, entryName(sum))
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		used := old.Add(time.Duration(i) * time.Minute) // the first three least recently used
		if err := os.Chtimes(p, used, used); err != nil {
			t.Fatal(err)
		}
		names = append(names, filepath.Base(p))
	}
	tmpOld := filepath.Join(c.dir, names[0]+".tmp1")
	tmpNew := filepath.Join(c.dir, names[1]+".tmp2")
	mine := filepath.Join(c.dir, "notes.txt")
	for _, p := range []string{tmpOld, tmpNew, mine} {
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chtimes(tmpOld, old, old); err != nil {
		t.Fatal(err)
	}
	c.prune()
	for i, n := range names {
		_, err := os.Stat(filepath.Join(c.dir, n))
		if gone := err != nil; gone != (i < 3) {
			t.Errorf("entry %d (of %d, oldest first): gone %v", i, len(names), gone)
		}
	}
	for p, stay := range map[string]bool{tmpOld: false, tmpNew: true, mine: true} {
		if _, err := os.Stat(p); (err == nil) != stay {
			t.Errorf("%s: kept %v, want %v", filepath.Base(p), err == nil, stay)
		}
	}
	gzCache{}.prune() // no cache: nothing to do, no panic
}

// fetch GETs name from srv as a client that accepts gzip, and returns the body it
// decodes to, the ETag, and whether its Content-Length was the body's.
func fetch(t *testing.T, srv *httptest.Server, name, ifNone string) (status int, decoded []byte, etag, encoding string) {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+"/"+name, nil)
	req.Header.Set("Accept-Encoding", "gzip") // set here, so the client does not decompress
	if ifNone != "" {
		req.Header.Set("If-None-Match", ifNone)
	}
	resp, err := srv.Client().Transport.RoundTrip(req)
	if err != nil {
		t.Error(err)
		return 0, nil, "", ""
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Error(err)
		return 0, nil, "", ""
	}
	if resp.StatusCode == http.StatusOK && resp.Header.Get("Content-Length") != fmt.Sprint(len(body)) {
		t.Errorf("%s: Content-Length %s, body %d bytes", name, resp.Header.Get("Content-Length"), len(body))
	}
	decoded = body
	if enc := resp.Header.Get("Content-Encoding"); enc == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err == nil {
			decoded, err = io.ReadAll(zr)
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	return resp.StatusCode, decoded, resp.Header.Get("ETag"), resp.Header.Get("Content-Encoding")
}

// TestHandlerCold: on a cold cache the handler answers at once, before smallgzip's
// streams are ready (held here until the test lets them go), with bodies that decode
// to the files and ETags of their own; once ready, it sends smallgzip's streams,
// writes them to the cache, and a second handler on that cache sends them from its
// first request. Requests run while the streams change (go test -race).
func TestHandlerCold(t *testing.T) {
	t.Parallel()
	dir, files := pageDir(t)
	cache := gzCache{filepath.Join(t.TempDir(), "cache")}
	release := make(chan struct{})
	encode := func(data []byte) []byte { <-release; return smallgzip.Gzip(data) }
	h, err := newHandler(dir, cache, encode)
	if err != nil {
		t.Fatal(err)
	}
	if h.cached != 0 || h.pending != len(files) {
		t.Errorf("cold: %d files cached, %d pending; want 0 and %d", h.cached, h.pending, len(files))
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	// A file is sent as it is until its compress/gzip stream is in, then as that stream,
	// each with its own ETag: checkCold revalidates once both are in, so that its two
	// requests see the same body (CI's clean run on 2 cores saw the stream come in
	// between them: 200, not 304).
	waitBestSpeed(t, h, files)
	coldTags := checkCold(t, srv, files)
	var wg sync.WaitGroup
	for range 4 { // requests while the streams are replaced
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				for name, want := range files {
					if _, got, _, _ := fetch(t, srv, name, ""); !bytes.Equal(got, want) {
						t.Errorf("%s during compression: %d bytes decoded, want %d", name, len(got), len(want))
					}
				}
			}
		}()
	}
	close(release)
	wg.Wait()
	<-h.Ready()
	if h.cacheErr != nil {
		t.Errorf("writing the cache: %v", h.cacheErr)
	}
	checkReady(t, srv, h, files, coldTags)
	checkWarm(t, dir, cache, h)
}

// waitBestSpeed waits, up to a minute, until every file of h has a stream to send (the
// compress/gzip one, while smallgzip's is held back).
func waitBestSpeed(t *testing.T, h *Handler, files map[string][]byte) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for name := range files {
		for h.files[name].gz.Load() == nil {
			if time.Now().After(deadline) {
				t.Fatalf("cold %s: no compress/gzip stream after a minute", name)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// checkWarm checks that a handler of dir on cache, which cold filled, has every
// file's stream and ETag from its start, without running an encoder.
func checkWarm(t *testing.T, dir string, cache gzCache, cold *Handler) {
	t.Helper()
	warm, err := newHandler(dir, cache, func([]byte) []byte { t.Error("warm: the encoder ran"); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if warm.cached != len(cold.files) || warm.pending != 0 {
		t.Errorf("warm: %d files cached, %d pending; want %d and 0", warm.cached, warm.pending, len(cold.files))
	}
	for name, f := range cold.files {
		if a, b := warm.files[name].gz.Load(), f.gz.Load(); a == nil || !bytes.Equal(a.body, b.body) || a.etag != b.etag {
			t.Errorf("warm %s: not the cached stream and its ETag", name)
		}
	}
	<-warm.Ready()
}

// checkCold checks each file as srv sends it before smallgzip's streams are ready:
// whole, and revalidated by its ETag. It returns the ETags.
func checkCold(t *testing.T, srv *httptest.Server, files map[string][]byte) map[string]string {
	t.Helper()
	tags := map[string]string{}
	for name, want := range files {
		status, got, etag, _ := fetch(t, srv, name, "")
		if status != http.StatusOK || !bytes.Equal(got, want) {
			t.Errorf("cold %s: status %d, %d bytes decoded; want 200 and the file's %d", name, status, len(got), len(want))
		}
		if status, _, _, _ := fetch(t, srv, name, etag); status != http.StatusNotModified {
			t.Errorf("cold %s: revalidating with its ETag %s gave %d, want 304", name, etag, status)
		}
		tags[name] = etag
	}
	return tags
}

// checkReady checks each file as srv sends it once h is ready: smallgzip's stream,
// with an ETag other than the cold one (coldTags), which no longer revalidates.
func checkReady(t *testing.T, srv *httptest.Server, h *Handler, files map[string][]byte, coldTags map[string]string) {
	t.Helper()
	for name, want := range files {
		status, got, etag, enc := fetch(t, srv, name, coldTags[name])
		if status != http.StatusOK || enc != "gzip" || !bytes.Equal(got, want) || etag == coldTags[name] {
			t.Errorf("ready %s: status %d (%q, ETag %s, cold %s), %d bytes decoded; want 200 with a new ETag and the file's %d",
				name, status, enc, etag, coldTags[name], len(got), len(want))
		}
		if gz := h.files[name].gz.Load(); !bytes.Equal(gz.body, smallgzip.Gzip(want)) {
			t.Errorf("ready %s: the stream sent is not smallgzip's", name)
		}
	}
}

// TestHandlerUnwritableCache: a cache directory that cannot be made or written is no
// error: the page is served, each file its smallgzip stream once ready, and the
// failure is kept for the command's message.
func TestHandlerUnwritableCache(t *testing.T) {
	t.Parallel()
	dir, files := pageDir(t)
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	readOnly := t.TempDir()
	if err := os.Chmod(readOnly, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(readOnly, 0o700) })
	caches := map[string]gzCache{
		"under a file": {filepath.Join(blocker, "web")},
		"read-only":    {readOnly},
		"none":         {},
	}
	for name, cache := range caches {
		if name == "read-only" && os.Geteuid() == 0 {
			continue // root writes there anyway
		}
		h, err := newHandler(dir, cache, smallgzip.Gzip)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		<-h.Ready()
		if h.cacheErr == nil {
			t.Errorf("%s: no error kept from writing the cache", name)
		}
		srv := httptest.NewServer(h)
		for f, want := range files {
			if status, got, _, enc := fetch(t, srv, f, ""); status != http.StatusOK || enc != "gzip" || !bytes.Equal(got, want) {
				t.Errorf("%s: %s gave %d (%q), %d bytes decoded, want 200 gzip and the file's %d", name, f, status, enc, len(got), len(want))
			}
		}
		srv.Close()
	}
}
