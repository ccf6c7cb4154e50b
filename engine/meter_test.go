package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/bopgo/bopgo/engine"
)

// A phase set on an engine's meter is its check's too, and "" ends it; a
// nil meter ignores it.
func TestMeterPhase(t *testing.T) {
	t.Parallel()
	var check engine.Meter
	child := check.Child()
	assert.Empty(t, check.Phase())
	child.SetPhase("building a counterexample")
	assert.Equal(t, "building a counterexample", check.Phase())
	assert.Equal(t, "building a counterexample", child.Phase())
	child.SetPhase("")
	assert.Empty(t, check.Phase())
	var none *engine.Meter
	none.SetPhase("ignored")
}
