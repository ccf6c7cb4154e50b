package gen

import (
	"testing"

	"github.com/bopgo/bopgo/internal/testgc"
)

// Running the loop on every choice allocates per run: see testgc.
func TestMain(m *testing.M) { testgc.Main(m) }
