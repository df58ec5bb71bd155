package script

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZDbg(t *testing.T) {
	src, _ := os.ReadFile(os.Getenv("ZZ"))
	s, err := ReadNamed("x.py", strings.NewReader(string(src)))
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.PlanWith(PlanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range p.Globals {
		fmt.Printf("global %d %s guard=%q\n", g.Line, g.Key, g.Guard)
	}
	for _, st := range p.Sites {
		fmt.Printf("site %d guard=%q notes=%q\n", st.Line, st.Guard, st.Notes)
		if st.Plan != nil {
			for _, b := range st.Plan.Branches {
				fmt.Printf("   branch %q cg=%v\n", b.Assumes, b.Report != nil)
			}
		}
	}
}
