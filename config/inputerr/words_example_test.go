package inputerr_test

import (
	"fmt"

	"github.com/compilemode/compilemode/config/inputerr"
)

func ExampleUserWords() {
	fmt.Println(inputerr.UserWords("graphs: scenario options: config: bad literal at offset 22"))
	// Output: scenario options: bad literal at offset 22
}
