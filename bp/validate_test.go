package bp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Validate names the proc and step of the first violation it finds.
func TestValidateFindsViolations(t *testing.T) {
	const src = `decl g;
void main() begin decl x; x := *; start_thread goto L; L: g := x; assert(g); end`
	cases := []struct {
		name   string
		mutate func(p *Program)
		want   string
	}{
		{"entry", func(p *Program) { p.Procs[0].Entry = -1 }, "proc 0 (main) step -1: entry -1 out of range"},
		{"successor", func(p *Program) { p.Procs[0].Steps[0].Next = 99 }, "proc 0 (main) step 0: successor 99 out of range"},
		{"values", func(p *Program) { p.Procs[0].Steps[0].Values = nil }, "proc 0 (main) step 0: 1 targets, 0 values"},
		{"choice", func(p *Program) { p.Procs[0].Steps[0].Choices = 0 }, "proc 0 (main) step 0: choice 0 out of range 0"},
		{"slot", func(p *Program) { p.Procs[0].Steps[0].Targets[0].Index = 7 }, "proc 0 (main) step 0: variable slot"},
		{"spawn", func(p *Program) { p.Procs[0].Steps[2].SpawnProc = 3 }, "proc 0 (main) step 2: spawn proc 3 out of range"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustLoad(t, src)
			require.NoError(t, p.Validate())
			require.Equal(t, Spawn, p.Procs[0].Steps[2].Kind)
			c.mutate(p)
			err := p.Validate()
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
