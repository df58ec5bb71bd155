package diagnose_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestCompressedLogs checks compressed logs (sweep3 finding 8: a train.log.gz read as
// text gave "no known signature", as if the log were clean): gzip, one member or two,
// is read as its text; zstd, xz and bzip2 are refused with a *CompressedError naming
// the tool; text that starts with the same letters is text; a corrupt gzip stream is a
// *ReadError.
func TestCompressedLogs(t *testing.T) {
	t.Parallel()
	const log = "torch==2.11.0\nRuntimeError: Either mode or options can be specified, but both can't be specified at the same time.\n"
	gz := func(parts ...string) []byte {
		var b bytes.Buffer
		for _, p := range parts {
			w := gzip.NewWriter(&b)
			_, err := w.Write([]byte(p))
			require.NoError(t, err)
			require.NoError(t, w.Close())
		}
		return b.Bytes()
	}
	codes := func(d *diagnose.Diagnosis) []diagnose.Code {
		var out []diagnose.Code
		for _, f := range d.Findings {
			out = append(out, f.Code)
		}
		return out
	}
	plain, err := diagnose.Read(bytes.NewReader([]byte(log)))
	require.NoError(t, err)
	require.NotEmpty(t, plain.Findings)
	tests := []struct {
		name   string
		in     []byte
		format string // a *CompressedError's format; "" for none
		read   bool   // a *ReadError
		text   bool   // read as the plain log
	}{
		{"gzip", gz(log), "", false, true},
		{"gzip, two members", gz(log[:20], log[20:]), "", false, true},
		{"zstd", append([]byte{0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x00}, log...), "zstd", false, false},
		{"xz", append([]byte{0xfd, '7', 'z', 'X', 'Z', 0, 0, 4}, log...), "xz", false, false},
		{"bzip2", append([]byte("BZh91AY&SY"), log...), "bzip2", false, false},
		{"text starting BZh", []byte("BZh is my host\n" + log), "", false, false},
		{"corrupt gzip", []byte{0x1f, 0x8b, 0x08, 0xe0, 0, 0, 0, 0, 0, 3, 'g', 'a', 'r', 'b'}, "", true, false}, // FLG's reserved bits set
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := diagnose.Read(bytes.NewReader(tc.in))
			var ce *diagnose.CompressedError
			var re *diagnose.ReadError
			switch {
			case tc.format != "":
				require.ErrorAs(t, err, &ce)
				if ce.Format != tc.format {
					t.Errorf("format %q, want %q", ce.Format, tc.format)
				}
			case tc.read:
				require.True(t, errors.As(err, &re), "err %v, want a *ReadError", err)
			default:
				require.NoError(t, err)
				if diff := cmp.Diff(codes(plain), codes(d)); tc.text && diff != "" {
					t.Errorf("codes differ from the plain log's (-plain +got):\n%s", diff)
				}
				if len(d.Findings) == 0 {
					t.Errorf("no finding")
				}
			}
		})
	}
}

// TestNotTextInputs checks inputs that are files of another kind than text (sweep7
// finding 3: a zip, a PNG screenshot, a shared library and a log gzip'd twice were
// answered "no known signature", exit 0, and the compilemode binary itself gave
// findings from its strings): each is refused with a *NotTextError naming its kind,
// whatever text follows the magic number; text that starts with similar letters, and
// a tar.gz of a log, are read.
func TestNotTextInputs(t *testing.T) {
	t.Parallel()
	const log = "torch==2.11.0\nRuntimeError: Either mode or options can be specified, but both can't be specified at the same time.\n"
	gz := func(b []byte) []byte {
		var out bytes.Buffer
		w := gzip.NewWriter(&out)
		_, err := w.Write(b)
		require.NoError(t, err)
		require.NoError(t, w.Close())
		return out.Bytes()
	}
	tarOf := func(gnu bool) []byte {
		var out bytes.Buffer
		w := tar.NewWriter(&out)
		h := &tar.Header{Name: "run.log", Mode: 0o644, Size: int64(len(log))}
		if gnu {
			h.Format = tar.FormatGNU
		}
		require.NoError(t, w.WriteHeader(h))
		_, err := w.Write([]byte(log))
		require.NoError(t, err)
		require.NoError(t, w.Close())
		return out.Bytes()
	}
	tests := []struct {
		name, in string
		format   string // the *NotTextError's format; "" when the input is read
	}{
		// a tar archive, ustar's and GNU's, and gzipped (hostile21's D2: read as one log)
		{"tar", string(tarOf(false)), "a tar archive"},
		{"gnu tar", string(tarOf(true)), "a tar archive"},
		{"tar.gz", string(gz(tarOf(false))), "a tar archive"},
		{"zip", "PK\x03\x04\x14\x00\x00\x00\x08\x00" + log, "a zip archive"},
		{"empty zip", "PK\x05\x06" + log, "an empty zip archive"},
		{"png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + log, "a PNG image"},
		{"jpeg", "\xFF\xD8\xFF\xE0\x00\x10JFIF" + log, "a JPEG image"},
		{"gif87a", "GIF87a" + log, "a GIF image"},
		{"gif89a", "GIF89a" + log, "a GIF image"},
		{"elf", "\x7fELF\x02\x01\x01" + log, "an ELF program or library"},
		{"mach-o", "\xCF\xFA\xED\xFE" + log, "a Mach-O program or library"},
		{"mach-o, other order", "\xFE\xED\xFA\xCF" + log, "a Mach-O program or library"},
		{"pdf", "%PDF-1.7\n" + log, "a PDF document"},
		{"7z", "7z\xBC\xAF\x27\x1C" + log, "a 7z archive"},
		{"wasm", "\x00asm\x01\x00\x00\x00" + log, "a WebAssembly module"},
		{"gzip of a zip", string(gz([]byte("PK\x03\x04" + log))), "a zip archive"},
		{"gzip twice", string(gz(gz([]byte(log)))), "gzip-compressed twice"},
		{"text starting PK", "PKG_CONFIG_PATH=/usr/lib\n" + log, ""},
		{"text starting GIF", "GIF export done\n" + log, ""},
		{"text starting %PDF", "%PDF is not here\n" + log, ""},
		{"tar.gz of a log", string(gz([]byte("run.log\x00\x00\x00" + log))), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := diagnose.Read(bytes.NewReader([]byte(tc.in)))
			if tc.format == "" {
				require.NoError(t, err)
				require.NotEmpty(t, d.Findings)
				return
			}
			var nt *diagnose.NotTextError
			require.ErrorAs(t, err, &nt)
			require.Equal(t, tc.format, nt.Format)
			require.NotEmpty(t, nt.Hint)
		})
	}
}

// TestCutHeader: an input that ends inside a gzip header, or inside the magic number
// of another format the reader knows, is a *CutHeaderError that says so and how many
// bytes it holds (sweep9 #6: 2 bytes of gzip were read as text, 3 to 9 gave "reading
// line 1: gzip: unexpected EOF"); a few printable letters that start a magic number
// ("PK", "GIF8") are text, and so are bytes after 1f 8b that are no deflate method.
func TestCutHeader(t *testing.T) {
	t.Parallel()
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Name = "train.log"
	_, err := w.Write([]byte("skipping cudagraphs due to cpu device\n"))
	require.NoError(t, err)
	require.NoError(t, w.Close())
	named := z.Bytes()
	tests := []struct {
		name, in, want string // want: the error's text after "the input is "; "" for text
	}{
		{"gzip, 2 bytes", "\x1f\x8b", "a gzip stream cut inside its header (it holds 2 bytes; the header takes 10 or more)"},
		{"gzip, 3 bytes", "\x1f\x8b\x08", "a gzip stream cut inside its header (it holds 3 bytes; the header takes 10 or more)"},
		{"gzip, 9 bytes", string(named[:9]), "a gzip stream cut inside its header (it holds 9 bytes; the header takes 10 or more)"},
		{"gzip, cut in its file name", string(named[:14]), "a gzip stream cut inside its header (it holds 14 bytes, which end inside the header's optional fields"},
		{"zstd, 3 bytes", "\x28\xb5\x2f", "a zstd stream cut inside its header (it holds 3 bytes; the header takes 4 or more)"},
		{"xz, 4 bytes", "\xfd7zX", "an xz stream cut inside its header (it holds 4 bytes; the header takes 6 or more)"},
		{"zip, 3 bytes", "PK\x03", "a zip archive cut inside its header"},
		{"png, 4 bytes", "\x89PNG", "a PNG image cut inside its header"},
		{"7z, 3 bytes", "7z\xbc", "a 7z archive cut inside its header"},
		{"text PK", "PK\n", ""},
		{"text GIF8", "GIF8", ""},
		{"1f 8b, no deflate", "\x1f\x8b\x07 skipping cudagraphs due to cpu device\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := diagnose.Read(strings.NewReader(tc.in))
			var ch *diagnose.CutHeaderError
			if tc.want == "" {
				require.False(t, errors.As(err, &ch), "%v", err)
				return
			}
			require.ErrorAs(t, err, &ch)
			require.ErrorIs(t, err, io.ErrUnexpectedEOF)
			require.Contains(t, err.Error(), "the input is "+tc.want)
			require.Contains(t, err.Error(), "the file is cut short")
			_, err = diagnose.NewTextReader(strings.NewReader(tc.in))
			require.ErrorAs(t, err, &ch, "NewTextReader")
		})
	}
}
