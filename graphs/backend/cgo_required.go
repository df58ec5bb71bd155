//go:build cuda && !cgo

package backend

// The cuda backend is cgo: built with CGO_ENABLED=0 its driver files would be dropped
// silently. This undefined identifier stops that build instead; set CGO_ENABLED=1 and the
// CGO_CFLAGS/CGO_LDFLAGS of .ci/cuda-sdk.sh.
var _ = backendRequiresCGOEnabled1
