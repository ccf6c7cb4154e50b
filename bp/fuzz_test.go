package bp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bopgo/bopgo/bp/syntax"
)

// FuzzLoad runs the whole front end on arbitrary bytes. It must never
// panic, every error must carry a position in the file, and every program
// it accepts must satisfy the invariants of the lowered form.
func FuzzLoad(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/errors/*.bp")
	more, _ := filepath.Glob("../testdata/boppo/*/*.bp")
	for _, file := range append(seeds, more...) {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src)
		}
	}
	// SatAbs's dialect: $ names and broadcasts, well and badly placed.
	for _, src := range []string{
		"void $main() begin decl x; x, x$ := x$, T constrain 'x$ | x; end void main() begin $main(); end",
		"void main() begin decl a, b; a$, b := b$ & *, a constrain (a$ => 'b) & ('a$ != b$); start_thread goto L; L: skip; end",
		"decl g; void main() begin decl x; g$ := x$; assume(x$); assert(schoose[x$, g]); end",
		"void main() begin decl x; x$, x$ := T, F; x$$ := 'x$; end",
		"void w() begin decl y; y$ := T; end void main() begin start_thread w(); end",
	} {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Load("fuzz.bp", src)
		if err != nil {
			list, ok := err.(syntax.ErrorList)
			if !ok || len(list) == 0 {
				t.Fatalf("error is not a non-empty ErrorList: %v", err)
			}
			for _, e := range list {
				if e.Pos.Filename != "fuzz.bp" {
					t.Fatalf("diagnostic without file: %v", e)
				}
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("invalid lowering: %v\n%s", err, src)
		}
		if s := Sliced(p); s != nil {
			if err := s.Prog.Validate(); err != nil {
				t.Fatalf("invalid slice: %v\n%s", err, src)
			}
		}
	})
}
