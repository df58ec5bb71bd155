//go:build js

package cliflags

// nonBlock is 0 under GOOS=js, which has no O_NONBLOCK: the web page (examples/web)
// opens no file, it only shares the flags.
const nonBlock = 0
