package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/compilemode/compilemode/examples/web/internal/smallgzip"
)

// gzCache keeps each file's checked gzip stream (gzipChecked) on disk, so that a start
// whose files were gzipped before reads them back (a fraction of a second) instead of
// spending smallgzip's seconds on them again. An entry is named by the sha256 of the
// file's bytes and smallgzip.Version, and is used only if compress/gzip reads it back
// to those bytes: a corrupt, cut or foreign entry is a miss. A cache that cannot be
// read or written is no error: the files are gzipped as without one. The zero value
// (dir "") is no cache.
type gzCache struct{ dir string }

// cacheKeep is how many entries a cache keeps (a page is eight files): past it, the
// least recently used go when a start writes new ones.
const cacheKeep = 40

// userGzCache is the cache under os.UserCacheDir() (~/.cache/compilemode/web on
// Linux), or none where the system has no cache directory.
func userGzCache() gzCache {
	d, err := os.UserCacheDir()
	if err != nil {
		return gzCache{}
	}
	return gzCache{filepath.Join(d, "compilemode", "web")}
}

// entryName is the file name of the entry for bytes of sha256 sum.
func entryName(sum [32]byte) string {
	return fmt.Sprintf("%x-v%d.gz", sum, smallgzip.Version)
}

// get returns the cached stream of data (whose sha256 is sum), if there is one that
// compress/gzip reads back to data. A hit is marked used (its modification time),
// for prune.
func (c gzCache) get(sum [32]byte, data []byte) ([]byte, bool) {
	if c.dir == "" {
		return nil, false
	}
	p := filepath.Join(c.dir, entryName(sum))
	gz, err := os.ReadFile(p)
	if err != nil || !decodesTo(gz, data) {
		return nil, false
	}
	now := time.Now()
	os.Chtimes(p, now, now) //nolint:errcheck // only prune's order depends on it
	return gz, true
}

// put stores gz, the stream of the bytes of sha256 sum. It writes a temporary file
// and renames it, so that a reader (another server starting) never sees part of one.
func (c gzCache) put(sum [32]byte, gz []byte) error {
	if c.dir == "" {
		return errors.New("no cache directory")
	}
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return err
	}
	name := entryName(sum)
	f, err := os.CreateTemp(c.dir, name+".tmp*")
	if err != nil {
		return err
	}
	_, err = f.Write(gz)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(c.dir, name))
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// prune removes the cache's entries past the cacheKeep most recently used, and
// temporary files an hour old (a server stopped while writing one). Only the files
// this cache names are touched.
func (c gzCache) prune() {
	entries, err := os.ReadDir(c.dir)
	if c.dir == "" || err != nil {
		return
	}
	type entry struct {
		name string
		used time.Time
	}
	var kept []entry
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() || !isEntryName(e.Name()) {
			continue
		}
		if strings.Contains(e.Name(), ".tmp") {
			if time.Since(info.ModTime()) > time.Hour {
				os.Remove(filepath.Join(c.dir, e.Name()))
			}
			continue
		}
		kept = append(kept, entry{e.Name(), info.ModTime()})
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].used.After(kept[j].used) })
	for _, e := range kept[min(len(kept), cacheKeep):] {
		os.Remove(filepath.Join(c.dir, e.name))
	}
}

// isEntryName reports whether name is an entry's (entryName) or its temporary file's:
// 64 hexadecimal digits, then "-v".
func isEntryName(name string) bool {
	if len(name) < 66 || name[64:66] != "-v" {
		return false
	}
	for _, r := range name[:64] {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return false
		}
	}
	return true
}

// decodesTo reports whether compress/gzip reads gz back to data, whole.
func decodesTo(gz, data []byte) bool {
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return false
	}
	back, err := io.ReadAll(r)
	return err == nil && bytes.Equal(back, data)
}
