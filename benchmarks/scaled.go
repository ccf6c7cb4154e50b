package benchmarks

import (
	"fmt"

	"github.com/bopgo/bopgo/internal/gen"
)

// ScaledDir holds the scaled-up random programs of the default-engine
// benchmark (issue #15): programs of the differential generator, made
// larger until the explicit engine needs seconds, with a MANIFEST.tsv of
// their seeds. benchmarks/cmd/genscaled writes them; benchmarks/scaled.sh
// runs them.
const ScaledDir = "scaled"

// Scaled is the generator's configuration for that set: more globals,
// locals, statements and nesting than the differential tests' gen.Small,
// and few assertions, so that many programs are safe and the whole state
// space must be searched.
var Scaled = gen.Config{Globals: 6, Locals: 4, Threads: 2, Stmts: 14, Depth: 3, Helpers: 1, RareAsserts: true}

// ScaledName is the file name of the scaled program of a seed.
func ScaledName(seed int64) string { return fmt.Sprintf("scaled-%04d.bp", seed) }
