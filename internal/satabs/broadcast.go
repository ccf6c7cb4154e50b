package satabs

import (
	"github.com/bopgo/bopgo/bp"
)

// passiveFit checks the passive part of broadcast st, run by thread k
// with the active outcome news (the new values of st.Targets), against
// the next line: every other live thread j must have an outcome of its
// own, for some choice of the passive choices with the passive
// conjuncts true, that gives the printed values of its passive targets
// (under the monotone reading, a thread without any outcome keeps its
// values). It returns, per thread, the values every fitting outcome
// agrees on (unknown where they differ), or false if some thread has
// none.
func (c *checker) passiveFit(st *bp.Step, k int, ch []bool, news []int8, next *view) ([][]int8, bool) {
	res := make([][]int8, len(c.threads))
	for j, t := range c.threads {
		if j == k || t.ended {
			continue
		}
		var agreed []int8
		any, fits := false, false
		choiceMasks(st.PassiveChoices, func(pch []bool) {
			e := &env{c: c, k: k, ch: ch, targets: st.Targets, news: news, passive: j, pch: pch}
			o := make([]int8, len(st.PassiveTargets))
			for n, v := range st.PassiveValues {
				o[n] = e.eval(v)
			}
			if st.PassiveConstraint != nil {
				e.pnews = o
				e.ptargets = st.PassiveTargets
				if e.eval(st.PassiveConstraint) == 0 {
					return
				}
			}
			any = true
			for n, r := range st.PassiveTargets {
				if next != nil {
					if p := next.locals[j][r.Index]; p != unknown && o[n] != unknown && o[n] != p {
						return
					}
				}
			}
			if !fits {
				agreed = o
			} else {
				for n := range agreed {
					if agreed[n] != o[n] {
						agreed[n] = unknown
					}
				}
			}
			fits = true
		})
		if !any && c.opts.Monotone {
			continue // the thread keeps its values
		}
		if !fits {
			return nil, false
		}
		res[j] = agreed
	}
	return res, true
}
