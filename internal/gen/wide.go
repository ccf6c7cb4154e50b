package gen

import (
	"fmt"
	"math/rand"
	"strings"
)

// Wide returns a program shaped like the abstractions SatAbs writes with
// --full-inlining for loops over arrays (its Quicksort1 test): many
// predicates, and steps that give every one of them a fresh value at once
// under a constraint relating the old and new values:
//
//	b0, b1, ..., b29 := *, *, ..., * constrain (b3 | !'b7 | 'b1) & ...;
//
// Each such step has between 20 and 40 non-deterministic choices, which
// an engine that enumerates choices cannot take, while the constraint
// leaves few outcomes. The constraints are random clauses, each true of a
// witness assignment of the new values, so every step can be taken. With
// safe set, every step keeps 'b0 & 'b1 false and so does the start, and
// the final assertion !(b0 & b1) holds; otherwise it usually fails after
// a few trips round the loop. A second thread running the same kind of
// step makes the program concurrent for half of the seeds.
func Wide(seed int64, safe bool) string {
	r := newRand(seed)
	n := 20 + r.Intn(21)
	g := &wide{r: r, n: n, safe: safe}
	var b strings.Builder
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("b%d", i)
	}
	fmt.Fprintf(&b, "// gen.Wide(%d, safe=%v): %d predicates\ndecl %s;\n\n", shifted(seed), safe, n, strings.Join(names, ", "))
	thread := r.Intn(2) == 0
	if thread {
		fmt.Fprintf(&b, "void worker() begin\n  while * do\n    %s\n  od;\nend\n\n", g.step(names))
	}
	b.WriteString("void main() begin\n")
	fmt.Fprintf(&b, "  %s\n", g.step(names))
	if thread {
		b.WriteString("  start_thread worker();\n")
	}
	steps := 1 + r.Intn(3)
	b.WriteString("  while * do\n")
	for range steps {
		fmt.Fprintf(&b, "    %s\n", g.step(names[:n-r.Intn(n/4)]))
	}
	b.WriteString("  od;\n  assert(!(b0 & b1));\nend\n")
	return b.String()
}

type wide struct {
	r    *rand.Rand
	n    int
	safe bool
}

// step is an assignment of a fresh value to each of targets under a
// random constraint that a witness of the new values satisfies.
func (g *wide) step(targets []string) string {
	witness := make([]bool, len(targets))
	for i := range witness {
		witness[i] = g.r.Intn(2) == 0
	}
	if g.safe {
		witness[0], witness[1] = false, g.r.Intn(2) == 0
	}
	lit := func(name string, neg bool) string {
		if neg {
			return "!" + name
		}
		return name
	}
	var clauses []string
	for range len(targets) + g.r.Intn(len(targets)) {
		// One new-value literal true of the witness, then two random
		// literals over old or new values.
		i := g.r.Intn(len(targets))
		c := []string{lit("'"+targets[i], !witness[i])}
		for range 2 {
			j := g.r.Intn(len(targets))
			name := targets[j]
			if g.r.Intn(2) == 0 {
				name = "'" + name
			}
			c = append(c, lit(name, g.r.Intn(2) == 0))
		}
		clauses = append(clauses, "("+strings.Join(c, " | ")+")")
	}
	if g.safe {
		clauses = append(clauses, "!('b0 & 'b1)")
	}
	stars := strings.TrimSuffix(strings.Repeat("*, ", len(targets)), ", ")
	return fmt.Sprintf("%s := %s constrain %s;", strings.Join(targets, ", "), stars, strings.Join(clauses, " & "))
}
