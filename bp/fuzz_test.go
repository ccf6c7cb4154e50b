package bp

import (
	"os"
	"path/filepath"
	"testing"
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
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Load("fuzz.bp", src)
		if err != nil {
			list, ok := err.(ErrorList)
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
	})
}
