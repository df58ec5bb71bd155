package cliflags

import (
	"os"
)

// IsNullDevice reports whether f is the null device (os.DevNull, /dev/null): a device
// that reads as empty, so an input flag reads it as an empty input rather than
// refusing it as a device (fix brief 29, finding 5: `-diagnose - < /dev/null` said
// "stdin is a device"). Other devices (/dev/zero, /dev/urandom) read without end and
// stay refused.
func IsNullDevice(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && isNull(fi)
}

// nullName reports whether the file name names is the null device.
func nullName(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && isNull(fi)
}

// isNull reports whether fi is the null device's.
func isNull(fi os.FileInfo) bool {
	null, err := os.Stat(os.DevNull)
	return err == nil && os.SameFile(fi, null)
}
