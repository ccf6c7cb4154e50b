package mctest

import (
	"fmt"

	"github.com/bopgo/bopgo/mc"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// Limits of Reachable: 2^(latches+inputs) evaluations per BFS layer.
const (
	MaxLatches = 16
	MaxInputs  = 8
)

// Reachable decides sys by breadth-first search over latch valuations,
// trying every input valuation in every state. It reports whether a bad
// state is reachable and, if so, the length of a shortest path to one;
// otherwise depth is the number of steps after which no new state appears.
// It panics if sys has more than MaxLatches latches or MaxInputs inputs:
// it is a test oracle, not an engine.
func Reachable(sys *mc.System) (bool, int) {
	s := sys.S
	nl, ni := len(s.Latches), len(sys.Inputs)
	if nl > MaxLatches || ni > MaxInputs {
		panic(fmt.Sprintf("mctest.Reachable: %d latches, %d inputs is too big", nl, ni))
	}
	vs := make([]bool, s.Len())
	load := func(state uint64) {
		for i, l := range s.Latches {
			vs[l.Var()] = state>>i&1 == 1
		}
	}
	value := func(m z.Lit) bool { return vs[m.Var()] == m.IsPos() }
	seen := map[uint64]bool{}
	var layer []uint64
	for _, st := range initialStates(s) {
		if !seen[st] {
			seen[st] = true
			layer = append(layer, st)
		}
	}
	for depth := 0; len(layer) > 0; depth++ {
		var next []uint64
		for _, st := range layer {
			load(st)
			s.Eval(vs)
			if value(sys.Bad) {
				return true, depth
			}
			for in := uint64(0); in < 1<<ni; in++ {
				load(st)
				for i, m := range sys.Inputs {
					vs[m.Var()] = in>>i&1 == 1
				}
				s.Eval(vs)
				var succ uint64
				for i, l := range s.Latches {
					if value(s.Next(l)) {
						succ |= 1 << i
					}
				}
				if !seen[succ] {
					seen[succ] = true
					next = append(next, succ)
				}
			}
		}
		layer = next
		if len(layer) == 0 {
			return false, depth
		}
	}
	return false, 0
}

// initialStates lists the initial latch valuations, bit i for latch i.
func initialStates(s *logic.S) []uint64 {
	states := []uint64{0}
	for i, l := range s.Latches {
		switch s.Init(l) {
		case s.T:
			for j := range states {
				states[j] |= 1 << i
			}
		case z.LitNull:
			n := len(states)
			for j := range n {
				states = append(states, states[j]|1<<i)
			}
		}
	}
	return states
}
