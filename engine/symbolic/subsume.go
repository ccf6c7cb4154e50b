package symbolic

import (
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	"github.com/bopgo/bopgo/encode"
	"github.com/bopgo/bopgo/qbf"
)

// subsumer decides whether a new symbolic state is covered by the states
// stored at the same program counters:
//
//	∀ιn. γn(ιn) → ∃ιo. ∨_o (γo(ιo) ∧ ωo(ιo) = ωn(ιn))
//
// over the live variables, comparing against the union of the stored
// states, which finds fix-points sooner than one by one. Cheap checks come
// first; the rest is a 2QBF query on renamed-apart copies of the states.
//
// Answers are cached by the query's structure (queryKey): states over
// different inputs often pose the same question. On ijit's Boop
// (satabs.3.bp) 4,961 queries held 280 distinct formulas.
type subsumer struct {
	c       *logic.C
	dumpDir string
	dumped  *int // queries written so far, over the check's bounds
	stats   *stats
	answers map[string]bool
}

func newSubsumer(c *logic.C, dumpDir string, stats *stats, dumped *int) *subsumer {
	return &subsumer{c: c, dumpDir: dumpDir, stats: stats, dumped: dumped, answers: map[string]bool{}}
}

// values lists the literals of a state that subsumption compares, in the
// canonical thread order: globals, then each thread's locals (z.LitNull
// for dead ones).
func values(st *encode.State, order []int) []z.Lit {
	out := append([]z.Lit(nil), st.Globals...)
	for _, i := range order {
		out = append(out, st.Threads[i].Locals...)
	}
	return out
}

// covered decides whether node n is covered by the stored nodes olds at
// its key.
func (s *subsumer) covered(ctx context.Context, n *symNode, olds []*symNode) (bool, error) {
	if len(olds) == 0 {
		return false, nil
	}
	nv := n.vals
	var cands [][]z.Lit
	var candGuards []z.Lit
	for _, on := range olds {
		o, ov := &on.st, on.vals
		if len(ov) != len(nv) {
			continue
		}
		same, clash := true, false
		for i := range nv {
			if nv[i] == z.LitNull || ov[i] == z.LitNull {
				continue
			}
			if nv[i] != ov[i] {
				same = false
				if isConst(s.c, nv[i]) && isConst(s.c, ov[i]) {
					clash = true // different constants: o covers nothing of n
					break
				}
			}
		}
		if clash {
			continue
		}
		if same && (o.Guard == s.c.T || o.Guard == n.st.Guard) {
			s.stats.CheapSubsumed++
			return true, nil
		}
		cands = append(cands, ov)
		candGuards = append(candGuards, o.Guard)
	}
	if len(cands) == 0 {
		return false, nil
	}
	return s.query(ctx, n.st.Guard, nv, candGuards, cands)
}

func isConst(c *logic.C, m z.Lit) bool { return m == c.T || m == c.F }

// query builds and solves the 2QBF question for n against the candidates.
//
// Each candidate gets its own copy of its inputs. Where a candidate's value
// is an input literal, the equality with n's value defines that input, so
// the copy maps it to n's value instead of a fresh existential: a Skolem
// witness that keeps the question equivalent and spares the CEGAR loop one
// iteration per concrete value.
func (s *subsumer) query(ctx context.Context, guard z.Lit, nv []z.Lit, guards []z.Lit, cands [][]z.Lit) (bool, error) {
	dst := logic.NewC()
	var forall, exists []z.Lit
	cn := encode.NewCopier(s.c, dst, func(z.Lit) z.Lit {
		m := dst.Lit()
		forall = append(forall, m)
		return m
	})
	gn := cn.Copy(guard)
	newVals := make([]z.Lit, len(nv))
	for i, m := range nv {
		if m != z.LitNull {
			newVals[i] = cn.Copy(m)
		}
	}
	some := dst.F
	for k, ov := range cands {
		defined := map[z.Var]z.Lit{}
		for i, m := range ov {
			if m == z.LitNull || nv[i] == z.LitNull || isConst(s.c, m) {
				continue
			}
			if a, _ := s.c.Ins(m); a != z.LitNull {
				continue // a gate, not an input
			}
			if _, dup := defined[m.Var()]; !dup {
				defined[m.Var()] = encode.Signed(newVals[i], m)
			}
		}
		co := encode.NewCopier(s.c, dst, func(in z.Lit) z.Lit {
			if d, ok := defined[in.Var()]; ok {
				return d
			}
			m := dst.Lit()
			exists = append(exists, m)
			return m
		})
		eq := co.Copy(guards[k])
		for i, m := range ov {
			if m == z.LitNull || nv[i] == z.LitNull {
				continue
			}
			eq = dst.And(eq, dst.Xor(co.Copy(m), newVals[i]).Not())
		}
		some = dst.Or(some, eq)
	}
	matrix := dst.Or(gn.Not(), some)
	if matrix == dst.T {
		return true, nil
	}
	p := qbf.Problem{Circuit: dst, Forall: forall, Exists: exists, Matrix: matrix}
	key := queryKey(p)
	if ans, ok := s.answers[key]; ok {
		s.stats.CachedQBF++
		return ans, nil
	}
	if s.dumpDir != "" {
		if err := s.dump(p); err != nil {
			return false, err
		}
	}
	start := time.Now()
	res, err := qbf.Solve(ctx, p)
	s.stats.QBFCalls++
	s.stats.QBFTime += time.Since(start)
	if err != nil {
		return false, fmt.Errorf("subsumption query: %w", err)
	}
	switch res.Truth {
	case qbf.True, qbf.False:
		s.answers[key] = res.Truth == qbf.True
		return res.Truth == qbf.True, nil
	}
	return false, fmt.Errorf("subsumption query undecided: %s", res.Reason)
}

// queryKey is the structure of p: every gate of its circuit in the order
// made (the copy into a fresh circuit numbers them the same way for the
// same structure), then the two blocks and the matrix. Equal keys are
// equal formulas, so they have the same answer.
func queryKey(p qbf.Problem) string {
	c := p.Circuit
	buf := make([]byte, 0, 8*c.Len())
	for v := z.Var(1); v < z.Var(c.Len()); v++ {
		a, b := c.Ins(v.Pos())
		buf = binary.AppendUvarint(buf, uint64(a))
		buf = binary.AppendUvarint(buf, uint64(b))
	}
	for _, block := range [][]z.Lit{p.Forall, p.Exists, {p.Matrix}} {
		buf = binary.AppendUvarint(buf, uint64(len(block)))
		for _, m := range block {
			buf = binary.AppendUvarint(buf, uint64(m))
		}
	}
	return string(buf)
}

// dump writes the query as QDIMACS (for --dump-qbf), so that DepQBF can
// check answers and speed.
func (s *subsumer) dump(p qbf.Problem) error {
	q, err := qbf.EncodeQDIMACS(p)
	if err != nil {
		return err
	}
	s.stats.Dumped++
	*s.dumped++ // numbered across thread bounds
	name := filepath.Join(s.dumpDir, fmt.Sprintf("subsume-%06d.qdimacs", *s.dumped))
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := qbf.WriteQDIMACS(f, q); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
