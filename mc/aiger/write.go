package aiger

import (
	"bufio"
	"fmt"
	"io"
	"slices"

	"github.com/bopgo/bopgo/mc"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// Write writes sys to w as binary AIGER 1.9 (see the package comment).
func Write(w io.Writer, sys *mc.System) error {
	s := sys.S
	// num maps a gini variable to its AIGER variable; 0 means "not yet".
	num := make([]uint64, s.Len())
	next := uint64(1)
	for _, m := range sys.Inputs {
		if s.Type(m) != logic.SInput || !m.IsPos() {
			return fmt.Errorf("aiger: System.Inputs holds %v, not an input", m)
		}
		if num[m.Var()] != 0 {
			return fmt.Errorf("aiger: input %v listed twice", m)
		}
		num[m.Var()] = next
		next++
	}
	for _, l := range s.Latches {
		num[l.Var()] = next
		next++
	}
	roots := []z.Lit{sys.Bad}
	for _, l := range s.Latches {
		roots = append(roots, s.Next(l))
	}
	ands, err := cone(sys, roots, num)
	if err != nil {
		return err
	}
	for _, v := range ands {
		num[v] = next
		next++
	}
	lit := func(m z.Lit) uint64 {
		if m.Var() == s.T.Var() {
			if m == s.T {
				return 1
			}
			return 0
		}
		a := 2 * num[m.Var()]
		if !m.IsPos() {
			a++
		}
		return a
	}

	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "aig %d %d %d 0 %d 1\n", next-1, len(sys.Inputs), len(s.Latches), len(ands))
	for _, l := range s.Latches {
		switch s.Init(l) {
		case s.F:
			fmt.Fprintf(bw, "%d\n", lit(s.Next(l)))
		case s.T:
			fmt.Fprintf(bw, "%d 1\n", lit(s.Next(l)))
		default:
			fmt.Fprintf(bw, "%d %d\n", lit(s.Next(l)), lit(l))
		}
	}
	fmt.Fprintf(bw, "%d\n", lit(sys.Bad))
	for _, v := range ands {
		a, b := s.Ins(v.Pos())
		lhs, r0, r1 := lit(v.Pos()), lit(a), lit(b)
		if r0 < r1 {
			r0, r1 = r1, r0
		}
		putDelta(bw, lhs-r0)
		putDelta(bw, r0-r1)
	}
	fmt.Fprintf(bw, "c\nwritten by bopgo\n")
	return bw.Flush()
}

// cone lists the AND gates that roots depend on, in topological order
// (gini numbers a gate after its inputs), and checks that every input it
// meets is listed in sys.Inputs (num set).
func cone(sys *mc.System, roots []z.Lit, num []uint64) ([]z.Var, error) {
	s := sys.S
	seen := make([]bool, s.Len())
	var ands []z.Var
	stack := slices.Clone(roots)
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		v := m.Var()
		if seen[v] {
			continue
		}
		seen[v] = true
		switch s.Type(m) {
		case logic.SAnd:
			ands = append(ands, v)
			a, b := s.Ins(v.Pos())
			stack = append(stack, a, b)
		case logic.SInput:
			if num[v] == 0 {
				return nil, fmt.Errorf("aiger: the circuit uses input %v, which System.Inputs does not list", v.Pos())
			}
		}
	}
	slices.Sort(ands)
	return ands, nil
}

// putDelta writes x as AIGER's variable-length unsigned integer: seven
// bits per byte, least significant first, high bit set on all but the
// last.
func putDelta(w *bufio.Writer, x uint64) {
	for x >= 0x80 {
		w.WriteByte(byte(x&0x7f | 0x80))
		x >>= 7
	}
	w.WriteByte(byte(x))
}
