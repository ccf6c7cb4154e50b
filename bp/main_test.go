package bp

import (
	"testing"

	"github.com/bopgo/bopgo/internal/testgc"
)

// The corpus and random-program tests load thousands of programs, each
// dropped at once: see testgc (0.99 s of CPU under -short at GOGC=100,
// 0.55 s at 400).
func TestMain(m *testing.M) { testgc.Main(m) }
