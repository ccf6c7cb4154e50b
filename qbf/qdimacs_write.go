package qbf

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/go-air/gini/z"
)

// WriteQDIMACS writes q in QDIMACS form. Empty blocks are left out, since
// some solvers reject them; nothing else is changed.
func WriteQDIMACS(w io.Writer, q *QDIMACS) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "p cnf %d %d\n", q.NumVars, len(q.Clauses))
	var buf []byte
	for _, b := range q.Prefix {
		if len(b.Vars) == 0 {
			continue
		}
		buf = append(buf[:0], byte(b.Quant))
		for _, v := range b.Vars {
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(v), 10)
		}
		buf = append(buf, " 0\n"...)
		bw.Write(buf)
	}
	for _, cl := range q.Clauses {
		buf = buf[:0]
		for _, m := range cl {
			buf = strconv.AppendInt(buf, int64(m), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, "0\n"...)
		bw.Write(buf)
	}
	return bw.Flush()
}

// EncodeQDIMACS returns p in QDIMACS form by Tseitin encoding. Variables
// 1..len(Forall) are p.Forall in order and the next len(Exists) are
// p.Exists in order; after them come one existential variable per gate
// of the matrix's cone, innermost. The matrix literal itself is a unit
// clause. A constant matrix becomes no clause (true) or the pair t, ¬t
// (false) rather than an empty clause, which not every solver reads.
func EncodeQDIMACS(p Problem) (*QDIMACS, error) {
	l, err := compile(p)
	if err != nil {
		return nil, err
	}
	// The local circuit numbers the universals, the existentials and
	// then the gates from 2 on, so its variable v is DIMACS variable
	// v-1; only the constant, variable 1, needs care.
	q := &QDIMACS{NumVars: l.c.Len() - 2}
	block := func(quant Quant, lits []z.Lit) {
		if len(lits) == 0 {
			return
		}
		b := Block{Quant: quant}
		for _, m := range lits {
			b.Vars = append(b.Vars, int(m.Var())-1)
		}
		q.Prefix = append(q.Prefix, b)
	}
	block(Universal, l.forall)
	exists := slices.Clone(l.exists)
	for _, v := range l.gates {
		exists = append(exists, v.Pos())
	}
	block(Existential, exists)

	lit := func(m z.Lit) int {
		d := int(m.Var()) - 1
		if !m.IsPos() {
			return -d
		}
		return d
	}
	for _, v := range l.gates {
		x, y := l.c.Ins(v.Pos())
		g, dx, dy := int(v)-1, lit(x), lit(y)
		q.Clauses = append(q.Clauses, []int{-g, dx}, []int{-g, dy}, []int{g, -dx, -dy})
	}
	switch l.matrix {
	case l.c.T:
	case l.c.F:
		q.NumVars++
		t := q.NumVars
		if k := len(q.Prefix); k > 0 && q.Prefix[k-1].Quant == Existential {
			q.Prefix[k-1].Vars = append(q.Prefix[k-1].Vars, t)
		} else {
			q.Prefix = append(q.Prefix, Block{Quant: Existential, Vars: []int{t}})
		}
		q.Clauses = append(q.Clauses, []int{t}, []int{-t})
	default:
		q.Clauses = append(q.Clauses, []int{lit(l.matrix)})
	}
	return q, nil
}
