package bp

// MaxThreads bounds the number of threads an execution can create, main
// included, from the control flow alone. bounded is false when some
// thread start can run unboundedly often: a start on a cycle of its
// thread's control flow, or a kind of thread that can (indirectly) start
// a thread of its own kind. When bounded, no execution ever has more than
// n threads, so a search with n threads is complete.
//
// A kind of thread is where it starts: (proc, pc). A start that is on no
// cycle runs at most once per thread of the kind that reaches it, so the
// threads of a kind are the sum, over the starts that create it, of the
// threads of the kinds that run them.
func (p *Program) MaxThreads() (n int, bounded bool) {
	counts, bounded := p.threadsPerKind()
	for _, c := range counts {
		n = min(n+c, saturatedThreads)
	}
	return n, bounded
}

// MaxIdenticalThreads bounds the number of threads of one kind (the same
// procedure started at the same place) an execution can create; bounded
// is false as for MaxThreads. Many identical threads are what the
// counter engine counts rather than enumerates.
func (p *Program) MaxIdenticalThreads() (n int, bounded bool) {
	counts, bounded := p.threadsPerKind()
	for _, c := range counts {
		n = max(n, c)
	}
	return n, bounded
}

// saturatedThreads caps thread counts, so that sums cannot overflow.
const saturatedThreads = 1 << 30

// threadsPerKind bounds the threads of each kind an execution creates;
// bounded is false (and counts nil) when some start can run unboundedly
// often.
func (p *Program) threadsPerKind() (counts []int, bounded bool) {
	for _, proc := range p.Procs {
		if !proc.Callable {
			continue
		}
		for i := range proc.Steps {
			if proc.Steps[i].Kind == Spawn {
				return nil, false // a recursive function may start threads any number of times
			}
		}
	}
	type kind struct{ proc, pc int }
	mainKind := kind{0, p.Procs[0].Entry}
	index := map[kind]int{mainKind: 0}
	kinds := []kind{mainKind}
	// edges[i]: the kinds that threads of kind i start, once per start.
	var edges [][]int
	for i := 0; i < len(kinds); i++ {
		k := kinds[i]
		proc := p.Procs[k.proc]
		edges = append(edges, nil)
		for _, pc := range reachable(proc, []int{k.pc}) {
			st := &proc.Steps[pc]
			if st.Kind != Spawn {
				continue
			}
			if onCycle(proc, pc) {
				return nil, false
			}
			t := kind{st.SpawnProc, st.SpawnPC}
			j, ok := index[t]
			if !ok {
				j = len(kinds)
				index[t] = j
				kinds = append(kinds, t)
			}
			edges[i] = append(edges[i], j)
		}
	}
	// Count threads per kind in topological order; a cycle among kinds
	// means unboundedly many.
	indeg := make([]int, len(kinds))
	for _, es := range edges {
		for _, j := range es {
			indeg[j]++
		}
	}
	counts = make([]int, len(kinds))
	counts[0] = 1
	queue := []int{}
	for i, d := range indeg {
		if d == 0 {
			queue = append(queue, i)
		}
	}
	done := 0
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		done++
		for _, j := range edges[i] {
			counts[j] = min(counts[j]+counts[i], saturatedThreads)
			if indeg[j]--; indeg[j] == 0 {
				queue = append(queue, j)
			}
		}
	}
	if done < len(kinds) {
		return nil, false
	}
	return counts, true
}

// reachable lists the pcs of proc reachable from the given ones, in the
// order found.
func reachable(proc *Proc, from []int) []int {
	seen := make([]bool, len(proc.Steps))
	work := append([]int(nil), from...)
	var out []int
	for _, pc := range from {
		seen[pc] = true
	}
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		out = append(out, pc)
		for _, s := range proc.Succs(pc) {
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return out
}

// onCycle reports whether pc can reach itself in proc's control flow.
func onCycle(proc *Proc, pc int) bool {
	for _, q := range reachable(proc, proc.Succs(pc)) {
		if q == pc {
			return true
		}
	}
	return false
}

// MaxCallDepth bounds the depth of calls of Callable procs (the stack of
// a thread) from the control flow alone: bounded is false when a
// Callable proc can call itself, directly or through others (recursion);
// otherwise no thread's stack is ever deeper than n.
func (p *Program) MaxCallDepth() (n int, bounded bool) {
	depth := make([]int, len(p.Procs)) // 0: not computed; -1: on the path
	var visit func(pi int) (int, bool)
	visit = func(pi int) (int, bool) {
		switch depth[pi] {
		case -1:
			return 0, false
		case 0:
		default:
			return depth[pi] - 1, true
		}
		depth[pi] = -1
		d := 0
		for i := range p.Procs[pi].Steps {
			if st := &p.Procs[pi].Steps[i]; st.Kind == Call {
				c, ok := visit(st.Callee)
				if !ok {
					return 0, false
				}
				d = max(d, c+1)
			}
		}
		depth[pi] = d + 1
		return d, true
	}
	for pi := range p.Procs {
		if p.Procs[pi].Callable {
			continue
		}
		d, ok := visit(pi)
		if !ok {
			return 0, false
		}
		n = max(n, d)
	}
	return n, true
}
