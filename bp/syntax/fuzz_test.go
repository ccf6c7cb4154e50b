package syntax

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// FuzzCheck runs the parser and the checker, in both dialects, on any
// input: they never panic, and every diagnostic has the file's name and
// comes in order. bp's FuzzLoad runs the whole front end, lowering too.
func FuzzCheck(f *testing.F) {
	seeds, _ := filepath.Glob("../testdata/errors/*.bp")
	more, _ := filepath.Glob("../../testdata/boppo/*/*.bp")
	for _, file := range append(seeds, more...) {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, d := range []Dialect{DialectBoPPo, DialectGetafix} {
			parse := Parse
			if d == DialectGetafix {
				parse = ParseGetafix
			}
			file, err := parse("fuzz.bp", src)
			if file == nil {
				t.Fatalf("%v: no tree", d)
			}
			if err != nil {
				sorted(t, err.(ErrorList))
				continue
			}
			Recognise(file)
			in, errs := Check(file, d)
			if len(errs) > 0 {
				sorted(t, errs)
			} else if in == nil || in.File != file {
				t.Fatalf("%v: no Info for a file without errors", d)
			}
		}
	})
}

func sorted(t *testing.T, list ErrorList) {
	t.Helper()
	if len(list) == 0 {
		t.Fatal("an empty ErrorList as an error")
	}
	for _, e := range list {
		if e.Pos.Filename != "fuzz.bp" {
			t.Fatalf("diagnostic without file: %v", e)
		}
	}
	if !slices.IsSortedFunc(list, func(a, b *Error) int {
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line - b.Pos.Line
		}
		return a.Pos.Column - b.Pos.Column
	}) {
		t.Fatalf("diagnostics out of order: %v", list)
	}
}
