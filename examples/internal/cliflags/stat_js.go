//go:build js

package cliflags

import (
	"io/fs"
	"os"
	"syscall"
)

// Under GOOS=js (the web page, examples/web) the files are read through package
// syscall, with os's results and errors for the same calls (os/stat_js.go,
// os/file_unix.go, os/getwd.go): os's own Stat and Getwd return an fs.FileInfo,
// whose ModTime keeps time's formatting and parsing, and os's file information, in
// the page's WebAssembly (examples/web's Transfer size). The page reads no file (its
// browser has no file system), and its calls are always -no-env; these keep the
// flags the same under any js host.

// statName returns the mode and size of the file name names, as os.Stat gives them.
func statName(name string) (fs.FileMode, int64, error) {
	var st syscall.Stat_t
	if err := syscall.Stat(name, &st); err != nil {
		return 0, 0, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	return modeOf(st.Mode), st.Size, nil
}

// statFile returns the mode and size of the open file f, as f.Stat gives them.
func statFile(f *os.File) (fs.FileMode, int64, error) {
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		return 0, 0, &fs.PathError{Op: "stat", Path: f.Name(), Err: err}
	}
	return modeOf(st.Mode), st.Size, nil
}

// openRead opens name for reading (js has no O_NONBLOCK: nonblock_js.go).
func openRead(name string) (*os.File, error) {
	fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return os.NewFile(uintptr(fd), name), nil
}

// fileTypes are the fs.FileMode bits of each file type of a stat's mode, as
// os/stat_js.go's fillFileStatFromSys sets them.
var fileTypes = []struct {
	sys  uint32
	mode fs.FileMode
}{
	{syscall.S_IFBLK, fs.ModeDevice},
	{syscall.S_IFCHR, fs.ModeDevice | fs.ModeCharDevice},
	{syscall.S_IFDIR, fs.ModeDir},
	{syscall.S_IFIFO, fs.ModeNamedPipe},
	{syscall.S_IFLNK, fs.ModeSymlink},
	{syscall.S_IFSOCK, fs.ModeSocket},
}

// modeBits are the fs.FileMode bits of a stat's set-id and sticky bits.
var modeBits = []struct {
	sys  uint32
	mode fs.FileMode
}{
	{syscall.S_ISGID, fs.ModeSetgid},
	{syscall.S_ISUID, fs.ModeSetuid},
	{syscall.S_ISVTX, fs.ModeSticky},
}

// modeOf is a stat's mode as an fs.FileMode, as os.Stat gives it.
func modeOf(sys uint32) fs.FileMode {
	m := fs.FileMode(sys & 0o777)
	for _, t := range fileTypes {
		if sys&syscall.S_IFMT == t.sys {
			m |= t.mode
		}
	}
	for _, f := range modeBits {
		if sys&f.sys != 0 {
			m |= f.mode
		}
	}
	return m
}

// getwd is os.Getwd: $PWD when it names the working directory, else the host's.
func getwd() (string, error) {
	if dir := os.Getenv("PWD"); len(dir) > 0 && dir[0] == '/' {
		var dot, d syscall.Stat_t
		if err := syscall.Stat(".", &dot); err != nil {
			return "", &fs.PathError{Op: "stat", Path: ".", Err: err}
		}
		if syscall.Stat(dir, &d) == nil && d.Dev == dot.Dev && d.Ino == dot.Ino {
			return dir, nil
		}
	}
	dir, err := syscall.Getwd()
	if err != nil {
		return "", os.NewSyscallError("getwd", err)
	}
	return dir, nil
}
