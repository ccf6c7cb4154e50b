package qbf

import (
	"testing"

	"github.com/bopgo/bopgo/internal/testgc"
)

// The random tests make a few solvers for each of thousands of formulas:
// see testgc.
func TestMain(m *testing.M) { testgc.Main(m) }
