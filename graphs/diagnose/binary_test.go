package diagnose_test

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// randomBytes returns n bytes of a seeded generator: the same bytes on every run.
func randomBytes(n int) []byte {
	b := make([]byte, n)
	r := rand.NewChaCha8([32]byte{'i', 'n', 'p', 'u', 't', 'f', 'i', 'x', '2', '3'})
	_, _ = r.Read(b)
	return b
}

// zipOf returns a zip archive of the named files, in order, as torch.save writes its
// records (archive/zip's Store, as PyTorchFileWriter stores them).
func zipOf(t *testing.T, names ...string) []byte {
	t.Helper()
	var out bytes.Buffer
	w := zip.NewWriter(&out)
	for _, name := range names {
		f, err := w.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store})
		require.NoError(t, err)
		_, err = f.Write([]byte("\x80\x02}q\x00X\x01\x00\x00\x00aq\x01K\x01s."))
		require.NoError(t, err)
	}
	require.NoError(t, w.Close())
	return out.Bytes()
}

// safetensorsFile returns a safetensors file of one tensor of two float32 zeros
// (huggingface/safetensors README, "Format").
func safetensorsFile() []byte {
	header := `{"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}}`
	b := binary.LittleEndian.AppendUint64(nil, uint64(len(header)))
	return append(append(b, header...), make([]byte, 8)...)
}

func utf16LE(s string, mark bool) []byte {
	var b []byte
	if mark {
		b = []byte{0xFF, 0xFE}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return b
}

// TestBinaryInputs checks the saved models, arrays, compiled files and random bytes a
// new user gave -diagnose (inputfix23 #1 and #2: each printed "no known signature",
// exit 0): each is refused with a *NotTextError naming its kind, a torch.save zip as a
// PyTorch checkpoint rather than a zip to extract; text with the control bytes logs
// hold, UTF-16 Chinese, and a log cut by a crash into NUL runs are read.
func TestBinaryInputs(t *testing.T) {
	t.Parallel()
	const log = "torch==2.11.0\nRuntimeError: Either mode or options can be specified, but both can't be specified at the same time.\n"
	const chinese = "训练启动，第二轮损失为二点三，编译模式为降低耗时，图被捕获后重放。\n"
	tests := []struct {
		name, reason string
		in           []byte
		format       string // the *NotTextError's Format, its start for binary data; "" when the input is read
	}{
		{"random 200 KB", "24 of 255 byte values are controls no text holds", randomBytes(200 << 10), "binary data ("},
		{"random gzipped", "the check is on the text the gzip stream holds", []byte(gzipped(t, string(randomBytes(64<<10)))), "binary data ("},
		{"pickle 2", "pickle.dumps({'a': 1}, protocol=2)", []byte("\x80\x02}q\x00X\x01\x00\x00\x00aq\x01K\x01s."), "a Python pickle (pickle.dump, or torch.save's format before PyTorch 1.6)"},
		{"pickle 3", "protocol 3", []byte("\x80\x03}q\x00X\x01\x00\x00\x00aq\x01K\x01s."), "a Python pickle (pickle.dump, or torch.save's format before PyTorch 1.6)"},
		{"pickle 4", "protocol 4, a FRAME after PROTO", []byte("\x80\x04\x95\n\x00\x00\x00\x00\x00\x00\x00}\x94\x8c\x01a\x94K\x01s."), "a Python pickle (pickle.dump, or torch.save's format before PyTorch 1.6)"},
		{"pickle 5", "protocol 5", []byte("\x80\x05\x95\n\x00\x00\x00\x00\x00\x00\x00}\x94\x8c\x01a\x94K\x01s." + log), "a Python pickle (pickle.dump, or torch.save's format before PyTorch 1.6)"},
		{"npy", "numpy.save of three float32", []byte("\x93NUMPY\x01\x00v\x00{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }" + strings.Repeat(" ", 50) + "\n" + strings.Repeat("\x00\x00\x80?", 3)), "a NumPy array file (.npy)"},
		{"pyc 3.11", "MAGIC_NUMBER 3495, flags 0, mtime, size, marshal", []byte("\xa7\r\r\n\x00\x00\x00\x00\x5c\x2b\x6a\x65\x10\x00\x00\x00\xe3\x00\x00\x00" + log), "a compiled Python file (.pyc)"},
		{"pyc hash-based", "flags 3: checked hash", []byte("\xcb\r\r\n\x03\x00\x00\x00\x01\x02\x03\x04\x05\x06\x07\x08\xe3" + log), "a compiled Python file (.pyc)"},
		{"safetensors", "8-byte header length, then its JSON", safetensorsFile(), "a safetensors file"},
		{"torch.save zip", "first record archive/data.pkl", zipOf(t, "archive/data.pkl", "archive/byteorder", "archive/data/0", "archive/version"), "a PyTorch checkpoint (torch.save's zip)"},
		{"torch.save zip, named archive", "the archive's folder named after the file", zipOf(t, "model/data.pkl", "model/version"), "a PyTorch checkpoint (torch.save's zip)"},
		{"zip of a log", "a zip whose first entry is no data.pkl stays a zip to extract", zipOf(t, "run.log"), "a zip archive"},
		{"zip, data.pkl later", "only the first entry tells", zipOf(t, "notes.txt", "archive/data.pkl"), "a zip archive"},
		{"log with colours and progress", "ESC, BS, BEL, CR are a terminal's", []byte(strings.Repeat("\x1b[32mstep\x1b[0m 1/10\r\b\b\a\n", 50) + log), ""},
		{"log with a shift-in per line", "one stray control a line, under one in 32", []byte(strings.Repeat("\x0fepoch 1 loss 2.31 lr 0.001 time 1.2s\n", 100) + log), ""},
		{"log with a few stray controls", "fewer than four", []byte("\x01\x02\x03" + log), ""},
		{"log cut by a crash", "NUL runs are no binary data", []byte(log + strings.Repeat("\x00", 8<<10) + log), ""},
		{"NULs then a log", "a preallocated file", []byte(strings.Repeat("\x00", 5000) + log), ""},
		{"UTF-16LE Chinese with its mark", "its code units hold control bytes, its text none", utf16LE(strings.Repeat(chinese, 40)+log, true), ""},
		{"UTF-16LE Chinese without a mark", "nulParity", utf16LE(strings.Repeat(chinese, 40)+log, false), ""},
		{"text starting OK and CRLF", "no .pyc magic: a printable second byte", []byte("OK\r\n\x00\x00\x00\x00" + log), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := diagnose.Read(bytes.NewReader(tc.in))
			if tc.format == "" {
				require.NoError(t, err, tc.reason)
				require.NotEmpty(t, d.Findings, tc.reason)
				return
			}
			var nt *diagnose.NotTextError
			require.ErrorAs(t, err, &nt, tc.reason)
			require.True(t, strings.HasPrefix(nt.Format, tc.format), "%s: Format %q, want %q", tc.reason, nt.Format, tc.format)
			require.NotEmpty(t, nt.Hint)
			_, err = diagnose.NewTextReader(bytes.NewReader(tc.in))
			require.ErrorAs(t, err, &nt, "NewTextReader: %s", tc.reason)
		})
	}
}
