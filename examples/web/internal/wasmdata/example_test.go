package wasmdata_test

import (
	"bytes"
	"fmt"

	"github.com/compilemode/compilemode/examples/web/internal/wasmdata"
)

// A module whose data section holds two segments three zero bytes apart ("ab" at
// address 16, "cd" at 21): with a bound of 128, Merge writes one segment of
// "ab\x00\x00\x00cd" at 16 (the data section, id 11, then 13 bytes: one segment,
// flags 0, i32.const 16, end, length 7), and the memory the module starts with is the
// same.
func ExampleMerge() {
	seg := func(at byte, data string) []byte {
		// active segment of memory 0: flags 0, i32.const at, end, length, bytes
		return append([]byte{0x00, 0x41, at, 0x0b, byte(len(data))}, data...)
	}
	body := append([]byte{2}, append(seg(16, "ab"), seg(21, "cd")...)...)
	module := append([]byte{0x00, 'a', 's', 'm', 0x01, 0x00, 0x00, 0x00, 11, byte(len(body))}, body...)
	merged, err := wasmdata.Merge(module, 128)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("% x\n", merged[8:])
	fmt.Println(bytes.Contains(merged, []byte("ab\x00\x00\x00cd")))
	// Output:
	// 0b 0d 01 00 41 10 0b 07 61 62 00 00 00 63 64
	// true
}
