package bp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bopgo/bopgo/internal/golden"
)

// TestDiagnostics loads every program in testdata/errors and compares its
// diagnostics with the golden file next to it (NAME.bp -> NAME.golden).
func TestDiagnostics(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/errors/*.bp")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Load(filepath.Base(file), src)
			got := "ok\n"
			if err != nil {
				got = err.Error() + "\n"
			}
			golden.Check(t, strings.TrimSuffix(file, ".bp")+".golden", got)
		})
	}
}
