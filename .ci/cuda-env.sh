# cuda-env.sh: sourced by the scripts that build cuda-tagged code. Fetches the build-time
# CUDA SDK (.ci/cuda-sdk.sh into $CUDA_SDK, default .cuda-sdk) and exports the cgo flags
# that point at it. Run from the repository root.
sdk=${CUDA_SDK:-.cuda-sdk}
bash .ci/cuda-sdk.sh "$sdk"
sdk=$(cd "$sdk" && pwd)
export CGO_ENABLED=1 CGO_CFLAGS="-I$sdk/include" CGO_LDFLAGS="-L$sdk/stubs"
