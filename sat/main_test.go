package sat

import (
	"testing"

	"github.com/bopgo/bopgo/internal/testgc"
)

// The random tests make thousands of solvers: see testgc.
func TestMain(m *testing.M) { testgc.Main(m) }
