package explicit

import (
	"testing"

	"github.com/bopgo/bopgo/internal/testgc"
)

// The differential tests run thousands of small searches: see testgc.
func TestMain(m *testing.M) { testgc.Main(m) }
