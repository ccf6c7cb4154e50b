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
// only when the values agree. An assigned `schoose[e, T]` becomes
// `schoose[e, F]` (getafixSchoose), and the statement `constrain(e)` an
// assignment of `*` to every variable in scope constrained by e
// (getafixConstrain).
func DesugarGetafix(f *SourceFile) ErrorList {
	notes := getafixSchoose(f)
	notes = append(notes, getafixConstrain(f)...)
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

// getafixSchoose gives an assigned `schoose[e, T]`, e not a constant,
// Getafix's meaning: T if e holds, else any value, as `schoose[e, F]`.
// Getafix's translation of an assignment looks only at whether the second
// argument is a constant, not at its value (translate_Mucke.c,
// print_recursive_statement_program_Int1: `((a&f1)|(!f1))` when
// q->expr->right->token == BP_CONST), where BoPPo's and Bebop's meaning
// is e. Getafix's reading has more executions, so reading it as BoPPo does
// could answer SAFE where Getafix finds the bug. Call arguments are
// translated with the full rule there, and keep BoPPo's meaning here.
func getafixSchoose(f *SourceFile) ErrorList {
	var notes ErrorList
	for _, fn := range f.Funcs {
		WalkStmts(fn.Body, func(s Stmt) {
			a, ok := s.(*AssignStmt)
			if !ok {
				return
			}
			for _, v := range a.Values {
				c, ok := v.(*SchooseExpr)
				if !ok || len(c.Args) != 2 {
					continue
				}
				if _, leftConst := ConstValue(c.Args[0]); leftConst {
					continue
				}
				if right, ok := ConstValue(c.Args[1]); ok && right {
					at := c.Args[1].Pos()
					c.Args[1] = &ConstExpr{ValuePos: at, Lit: "F"}
					notes.Add(f.File.Position(c.Schoose), "schoose[e, T] read as Getafix reads it: T if e holds, else any value (--dialect boppo reads it as e)")
				}
			}
		})
	}
	return notes
}

// getafixConstrain rewrites each statement `constrain(e)` into
// `v1, ..., vn := *, ..., * constrain e` over every global and every
// variable of the function (its parameters and locals). Getafix's
// translation of the statement (translate_Mucke.c,
// print_recursive_statement_program_Int3) relates the pc and e alone, and
// its formulas conjoin it with no frame condition (programInt3 has no
// CopyVariables_ProgramInt, formulae/formula-3t_4r_cav.mu): every
// variable may take any value that e allows, `'x` the new value of x.
func getafixConstrain(f *SourceFile) ErrorList {
	var globals []string
	for _, d := range f.Globals {
		for _, id := range d.Names {
			globals = append(globals, id.Name)
		}
	}
	var notes ErrorList
	for _, fn := range f.Funcs {
		// Each name once: a local hides a global of its name.
		locals := functionVars(fn)
		scope := slices.DeleteFunc(slices.Clone(globals), func(g string) bool { return slices.Contains(locals, g) })
		scope = append(scope, locals...)
		if len(scope) == 0 {
			continue // a plain assume: nothing can change
		}
		fn.Body = mapStmts(fn.Body, func(s Stmt) Stmt {
			c, ok := s.(*CondStmt)
			if !ok || c.Tok != CONSTRAIN {
				return s
			}
			a := &AssignStmt{Labels: c.Labels, Constrain: c.Cond, EndPos: c.Cond.End()}
			for _, name := range scope {
				a.Targets = append(a.Targets, &Ident{NamePos: c.TokPos, Name: name})
				a.Values = append(a.Values, &NondetExpr{Star: c.TokPos})
			}
			notes.Add(f.File.Position(c.TokPos), "constrain(e) read as Getafix reads it: every variable in scope may change, to values where e holds ('x is the new value of x)")
			return a
		})
	}
	return notes
}

// functionVars are the names of fn's parameters and locals, each once.
func functionVars(fn *FuncDecl) []string {
	var names []string
	for _, id := range fn.Params {
		names = append(names, id.Name)
	}
	WalkStmts(fn.Body, func(s Stmt) {
		if d, ok := s.(*DeclStmt); ok {
			for _, id := range d.Decl.Names {
				names = append(names, id.Name)
			}
		}
	})
	slices.Sort(names)
	return slices.Compact(names)
}

// mapStmts replaces every statement of list, nested ones included, by
// what f returns for it.
func mapStmts(list []Stmt, f func(Stmt) Stmt) []Stmt {
	for i, s := range list {
		switch s := s.(type) {
		case *IfStmt:
			s.Then, s.Else = mapStmts(s.Then, f), mapStmts(s.Else, f)
		case *WhileStmt:
			s.Body = mapStmts(s.Body, f)
		}
		list[i] = f(s)
	}
	return list
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
