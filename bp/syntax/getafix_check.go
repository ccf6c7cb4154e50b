package syntax

import (
	"slices"
	"strings"
)

// The front end's rules for Getafix's dialect: what the checker rejects,
// what Getafix accepts that BoPPo's dialect does not (rewritten into
// BoPPo's terms, with a note). The rest of the dialect, what its programs
// do, is in package bp (getafix.go).

// getafixRules are the checker's rules for Getafix's dialect: its threads
// are init, main and threadN, so nothing starts, ends or calls them, and
// atomic sections are made with the atomic variable.
func (c *checker) getafixRules() {
	for _, fn := range c.File.Funcs {
		WalkStmts(fn.Body, func(s Stmt) {
			switch s := s.(type) {
			case *StartThreadStmt:
				c.errorf(s.Start, "start_thread in Getafix's dialect: its threads are main and every threadN, started after init (--dialect boppo reads the file as BoPPo's)")
			case *CallStmt:
				switch {
				case isAsync(s):
					c.errorf(s.Pos(), "thread start (ASYNC_n) in Getafix's dialect: its threads are main and every threadN, started after init (--dialect boppo reads the file as BoPPo's)")
				case isGetafixThreadFunc(s.Func.Name):
					c.errorf(s.Func.Pos(), "call of %s: in Getafix's dialect init, main and every threadN run as threads, and nothing calls them", s.Func.Name)
				}
			case *SimpleStmt:
				if s.Tok == END_THREAD || s.Tok == ATOMIC_BEGIN || s.Tok == ATOMIC_END {
					c.errorf(s.TokPos, "%s in Getafix's dialect: threads end at their end, and atomic sections are made with the global atomic (atomic := T ... atomic := F)", s.Tok)
				}
			}
		})
	}
}

// DesugarGetafix rewrites what Getafix's dialect allows and BoPPo's does
// not into BoPPo's terms, and returns notes saying what it did. A variable
// assigned twice in one statement, `x, x := a, b`, becomes `x := a
// constrain 'x = b`: Getafix's translation conjoins x' <-> e for every
// target (print_recursive_statement_program_Int1), so the step happens
// only when the values agree.
func DesugarGetafix(f *SourceFile) ErrorList {
	var notes ErrorList
	for _, fn := range f.Funcs {
		WalkStmts(fn.Body, func(s Stmt) {
			a, ok := s.(*AssignStmt)
			if !ok || len(a.Values) != len(a.Targets) {
				return
			}
			first := map[string]*Ident{}
			var targets []*Ident
			var values []Expr
			for i, t := range a.Targets {
				prev, dup := first[t.Name]
				if !dup {
					first[t.Name] = t
					targets, values = append(targets, t), append(values, a.Values[i])
					continue
				}
				eq := &BinaryExpr{X: &PrimedExpr{Prime: t.Pos(), X: t}, Op: EQ, OpPos: a.Values[i].Pos(), Y: a.Values[i]}
				if a.Constrain == nil {
					a.Constrain = eq
				} else {
					a.Constrain = &BinaryExpr{X: a.Constrain, Op: AND, OpPos: eq.OpPos, Y: eq}
				}
				notes.Add(f.File.Position(t.Pos()), "%q is assigned twice in one statement (first at %s): as in Getafix, the step happens only when both values are equal",
					t.Name, strings.TrimPrefix(f.File.Position(prev.Pos()).String(), f.File.Name+":"))
			}
			a.Targets, a.Values = targets, values
		})
	}
	return notes
}

// DuplicateLabelNotes notes every label that labels more than one
// statement of a function (Getafix's dialect allows it).
func DuplicateLabelNotes(f *SourceFile) ErrorList {
	var notes ErrorList
	for _, fn := range f.Funcs {
		count := map[string]int{}
		var second []*Ident
		WalkStmts(fn.Body, func(s Stmt) {
			var here []string
			for _, l := range s.StmtLabels() {
				if slices.Contains(here, l.Name) {
					continue
				}
				here = append(here, l.Name)
				if count[l.Name]++; count[l.Name] == 2 {
					second = append(second, l)
				}
			}
		})
		for _, l := range second {
			notes.Add(f.File.Position(l.Pos()), "label %s labels %d statements of %s: goto %s jumps to the first, as in Getafix; the property covers all of them (Getafix looks only at the first)",
				l.Name, count[l.Name], fn.Name.Name, l.Name)
		}
	}
	return notes
}

// ConstValue is the value of a constant expression (T, F, 0, 1).
func ConstValue(e Expr) (value, ok bool) {
	switch e := e.(type) {
	case *ConstExpr:
		return e.Value, true
	case *ParenExpr:
		return ConstValue(e.X)
	}
	return false, false
}

func HasStmtLabel(s Stmt, name string) bool {
	return slices.ContainsFunc(s.StmtLabels(), func(l *Ident) bool { return l.Name == name })
}
