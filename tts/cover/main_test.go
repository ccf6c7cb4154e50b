package cover

import (
	"testing"

	"github.com/bopgo/bopgo/internal/testgc"
)

// The regression and random tests run many short searches: see testgc.
func TestMain(m *testing.M) { testgc.Main(m) }
