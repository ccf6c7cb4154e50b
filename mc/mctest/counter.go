package mctest

import (
	"github.com/bopgo/bopgo/mc"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// Counter is an n-bit counter from 0 that counts up when its one input is
// true; Bad is "all bits set", first reached after 2^n-1 steps.
func Counter(n int) *mc.System {
	s := logic.NewS()
	in := s.Lit()
	carry, bad := in, s.T
	for range n {
		b := s.Latch(s.F)
		s.SetNext(b, s.Xor(b, carry))
		carry = s.And(b, carry)
		bad = s.And(bad, b)
	}
	return &mc.System{S: s, Inputs: []z.Lit{in}, Bad: bad}
}
