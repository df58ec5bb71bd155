package smallgzip

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// inputs are data of every kind the encoder meets: none, too short to match, runs,
// noise, text, and more than a segment, with matches across segments' edges.
func inputs(t *testing.T) map[string][]byte {
	r := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 100_000)
	for i := range noise {
		noise[i] = byte(r.Uint32())
	}
	var text []byte
	files, _ := filepath.Glob("../../*.go")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text = append(text, b...)
	}
	if len(text) < 100_000 {
		t.Fatalf("examples/web's Go files are %d bytes", len(text))
	}
	text = text[:100_000]
	few := make([]byte, 40_000)
	for i := range few {
		few[i] = "ab\x00"[r.IntN(3)]
	}
	long := bytes.Repeat(text[:segmentSize/3], 4) // two segments
	in := map[string][]byte{
		"window's edge":   bytes.Repeat(noise[:windowSize], 3),                                           // matches at 32768
		"past the window": append(append([]byte(nil), noise[:windowSize+1]...), noise[:windowSize+1]...), // none
	}
	for k := range 100 {
		b := make([]byte, r.IntN(3000))
		alphabet := 1 + r.IntN(8)
		for i := 0; i < len(b); {
			if i > 300 && r.IntN(20) == 0 { // a repeat of up to 300 bytes from up to 300 back
				j, n := i-1-r.IntN(300), min(len(b)-i, 1+r.IntN(300))
				for k := range n {
					b[i+k] = b[j+k]
				}
				i += n
				continue
			}
			b[i] = byte(r.IntN(alphabet))
			i++
		}
		in[fmt.Sprintf("random %d", k)] = b
	}
	for name, b := range map[string][]byte{
		"empty":           nil,
		"one byte":        {'x'},
		"two bytes":       {0, 0},
		"three":           []byte("abc"),
		"run":             bytes.Repeat([]byte{0}, 100_000),
		"run of pairs":    bytes.Repeat([]byte("ab"), 40_000),
		"noise":           noise,
		"text":            text,
		"three symbols":   few,
		"segments":        long,
		"short repeats":   []byte(strings.Repeat("abcabd", 50)),
		"one literal run": bytes.Repeat([]byte{'z'}, 259),
	} {
		in[name] = b
	}
	return in
}

// TestRoundTrip: compress/gzip reads back every input, in one stream.
func TestRoundTrip(t *testing.T) {
	for name, data := range inputs(t) {
		z := Gzip(data)
		r, err := gzip.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r.Multistream(false)
		got, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(got, data) {
			t.Errorf("%s: read back %d bytes, want the %d written", name, len(got), len(data))
		}
		if rest, _ := io.ReadAll(r); len(rest) != 0 {
			t.Errorf("%s: %d bytes after the stream", name, len(rest))
		}
	}
}

// TestSmallerThanGzip: on text and on mixed data, smaller than compress/gzip at
// BestCompression.
func TestSmallerThanGzip(t *testing.T) {
	in := inputs(t)
	for _, name := range []string{"text", "three symbols", "segments"} {
		var b bytes.Buffer
		w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		w.Write(in[name])
		w.Close()
		if got := len(Gzip(in[name])); got >= b.Len() {
			t.Errorf("%s: %d bytes, compress/gzip's %d", name, got, b.Len())
		}
	}
}

// TestCodes: every length and distance is its symbol's base plus its extra bits'
// value, within their range, the symbols in order (RFC 1951, 3.2.5).
func TestCodes(t *testing.T) {
	last := 0
	for l := minMatch; l <= maxMatch; l++ {
		sym, n, v := lengthCode(l)
		if sym < last || sym > 285 || v < 0 || v >= 1<<n || n > 5 {
			t.Fatalf("length %d: symbol %d, %d extra bits of value %d", l, sym, n, v)
		}
		last = sym
	}
	if sym, _, _ := lengthCode(257); sym != 284 {
		t.Errorf("length 257: symbol %d, want 284", sym)
	}
	last = 0
	for d := 1; d <= windowSize; d++ {
		sym, n, v := distCode(d)
		if sym < last || sym > 29 || v < 0 || v >= 1<<n || n > 13 {
			t.Fatalf("distance %d: symbol %d, %d extra bits of value %d", d, sym, n, v)
		}
		if sym != last && v != 0 {
			t.Fatalf("distance %d starts symbol %d with extra value %d", d, sym, v)
		}
		last = sym
	}
	if last != 29 {
		t.Errorf("distance 32768: symbol %d, want 29", last)
	}
}

// TestHuffLengths: codes are complete (Kraft sum 1) and within their bound, for
// skewed counts too.
func TestHuffLengths(t *testing.T) {
	fib := make([]int32, 30)
	fib[0], fib[1] = 1, 1
	for i := 2; i < len(fib); i++ {
		fib[i] = fib[i-1] + fib[i-2]
	}
	for _, f := range [][]int32{{1, 1}, {5, 0, 0, 1}, fib, {1 << 30, 1, 1, 1, 1}} {
		for _, maxBits := range []int{7, 15} {
			if len(f) > 1<<maxBits {
				continue
			}
			l := huffLengths(f, maxBits)
			sum := 0
			for i, n := range l {
				if (n == 0) != (f[i] == 0) || int(n) > maxBits {
					t.Fatalf("%v (≤ %d bits): lengths %v", f, maxBits, l)
				}
				if n > 0 {
					sum += 1 << (maxBits - int(n))
				}
			}
			if sum != 1<<maxBits {
				t.Errorf("%v (≤ %d bits): lengths %v are not a complete code", f, maxBits, l)
			}
		}
	}
}

// FuzzRoundTrip: whatever the bytes, the stream reads back to them with compress/gzip
// (the seeds are TestRoundTrip's kinds in small: none, one byte, runs, text, noise).
func FuzzRoundTrip(f *testing.F) {
	for _, s := range [][]byte{nil, {0}, bytes.Repeat([]byte{'a'}, 300), []byte("skipping cudagraphs due to cpu device; skipping cudagraphs due to mutated inputs"), {0xff, 0x00, 0x7f, 0x80, 0x01}} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := gzip.NewReader(bytes.NewReader(Gzip(data)))
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("read back %d bytes (%v), want the %d written", len(got), err, len(data))
		}
	})
}

// TestVersion: the streams of fixed inputs (text of words, noise, runs: more than a
// segment) are the ones Version names. A change to the encoder that changes a stream
// changes Version too, so that no cache serves the old stream for the new (the web
// server's cache is keyed by Version); then add the new hash here.
func TestVersion(t *testing.T) {
	want := map[int]string{
		1: "03bb31329f943934fb7aaf23e8ede36de4361392ac9c5a4d31207f9e90959e8a",
		2: "8d061d7fa5bac29d1f5010b8db09c725708c54a9539dae5fa3c91867660ee70f", // 512 candidates, four passes
	}
	r := rand.New(rand.NewPCG(3, 4))
	words := strings.Fields("torch compile mode reduce-overhead max-autotune cudagraphs skipping due to cpu device graph break dynamo inductor triton")
	var data []byte
	for len(data) < 150_000 {
		switch r.IntN(10) {
		case 0:
			data = append(data, byte(r.Uint32()))
		case 1:
			data = append(data, bytes.Repeat([]byte{'='}, r.IntN(300))...)
		default:
			data = append(data, words[r.IntN(len(words))]...)
			data = append(data, " \n"[r.IntN(2)])
		}
	}
	got := fmt.Sprintf("%x", sha256.Sum256(Gzip(data)))
	if want[Version] != got {
		t.Errorf("Gzip's stream of the fixed input hashes to %s, Version %d's to %q: an encoder that writes other streams has a new Version (and its hash here)", got, Version, want[Version])
	}
}
