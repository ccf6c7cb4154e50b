package bopgo_test

import (
	"testing"

	"github.com/bopgo/bopgo/internal/testgc"
)

// The differential tests run thousands of short checks: see testgc.
func TestMain(m *testing.M) { testgc.Main(m) }
