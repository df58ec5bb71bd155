//go:build !js

package cliflags

import "syscall"

// nonBlock opens a file without blocking on a FIFO (see openRegular).
const nonBlock = syscall.O_NONBLOCK
