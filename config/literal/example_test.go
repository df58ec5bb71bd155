package literal_test

import (
	"fmt"

	"github.com/compilemode/compilemode/config/literal"
)

func ExampleParse() {
	v, err := literal.Parse(`{'max_autotune': True, "sizes": (1, 2), 'n': 1_000}`)
	if err != nil {
		panic(err)
	}
	fmt.Println(v)
	_, err = literal.Parse(`{'a': [1, 2}`)
	fmt.Println(err)
	// Output:
	// {'max_autotune': True, 'sizes': (1, 2), 'n': 1000}
	// config: bad literal at offset 11: Python raises SyntaxError: closing parenthesis '}' does not match opening parenthesis '[' (in "{'a': [1, 2}")
}
