package encode

import (
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// Copier copies cones of one circuit into another, renaming inputs. The
// subsumption check uses it to build a query over two renamed-apart copies
// of the states it compares. One Copier keeps its memo across calls, so
// cones copied with the same renaming share their copies.
type Copier struct {
	Src, Dst *logic.C
	// Input maps an input of Src to its literal in Dst; it is called once
	// per input.
	Input func(in z.Lit) z.Lit
	memo  map[z.Var]z.Lit
}

// NewCopier returns a copier from src to dst.
func NewCopier(src, dst *logic.C, input func(z.Lit) z.Lit) *Copier {
	return &Copier{Src: src, Dst: dst, Input: input, memo: map[z.Var]z.Lit{}}
}

// Copy returns the literal in Dst of m in Src.
func (cp *Copier) Copy(m z.Lit) z.Lit {
	if m == cp.Src.T {
		return cp.Dst.T
	}
	if m == cp.Src.F {
		return cp.Dst.F
	}
	v := m.Var()
	if d, ok := cp.memo[v]; ok {
		return Signed(d, m)
	}
	// An explicit stack: cones are deep (a path of thousands of steps).
	stack := []z.Var{v}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		if _, done := cp.memo[top]; done {
			stack = stack[:len(stack)-1]
			continue
		}
		a, b := cp.Src.Ins(top.Pos())
		if a == z.LitNull {
			cp.memo[top] = cp.Input(top.Pos())
			stack = stack[:len(stack)-1]
			continue
		}
		da, okA := cp.lookup(a)
		db, okB := cp.lookup(b)
		if okA && okB {
			cp.memo[top] = cp.Dst.And(da, db)
			stack = stack[:len(stack)-1]
			continue
		}
		if !okA {
			stack = append(stack, a.Var())
		}
		if !okB {
			stack = append(stack, b.Var())
		}
	}
	return Signed(cp.memo[v], m)
}

func (cp *Copier) lookup(m z.Lit) (z.Lit, bool) {
	if m == cp.Src.T {
		return cp.Dst.T, true
	}
	if m == cp.Src.F {
		return cp.Dst.F, true
	}
	d, ok := cp.memo[m.Var()]
	if !ok {
		return z.LitNull, false
	}
	return Signed(d, m), true
}

// Signed returns d with the polarity of m: d if m is positive, its
// negation otherwise.
func Signed(d, m z.Lit) z.Lit {
	if m.IsPos() {
		return d
	}
	return d.Not()
}
