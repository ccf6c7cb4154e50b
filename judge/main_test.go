package judge_test

import (
	"testing"

	"github.com/bopgo/bopgo/internal/testgc"
)

// The replay tests replay thousands of traces, each step a fresh query: see testgc.
func TestMain(m *testing.M) { testgc.Main(m) }
