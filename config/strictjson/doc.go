// Package strictjson checks that a file is one strict JSON object before
// encoding/json decodes it: no byte order mark, NUL, invalid UTF-8, lone surrogate
// escape or repeated key, which encoding/json would silently accept or alter. Schema
// files (package schema) and scenario files (graphs.LoadScenario) are checked with it.
package strictjson
