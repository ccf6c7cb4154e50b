package bp

// Targets returns, for every proc and pc, whether the step is where the
// property can fail: with label empty, an assertion that is not assert(T)
// (which cannot fail); otherwise a step labelled label.
func (p *Program) Targets(label string) [][]bool {
	out := make([][]bool, len(p.Procs))
	for i, proc := range p.Procs {
		out[i] = make([]bool, len(proc.Steps))
		for pc := range proc.Steps {
			st := &proc.Steps[pc]
			if label == "" {
				out[i][pc] = st.Kind == Assert && !(st.Cond.Op == TConst && st.Cond.Val)
				continue
			}
			for _, l := range st.Labels {
				if l == label {
					out[i][pc] = true
				}
			}
		}
	}
	return out
}
