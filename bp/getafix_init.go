package bp

import (
	"slices"

	"github.com/bopgo/bopgo/bp/syntax"
)

// What lowering needs to know of Getafix's init: whether it certainly
// leaves every flag F, so that the threads need no prologue.

// initClearsFlags reports whether init certainly ends with every flag F:
// among its top-level statements up to endinit, the last that may write
// a flag assigns it F, and no goto can skip it. Otherwise the threads
// start with a prologue that hands a flag left T to the first of them;
// the prologue is right either way, this only spares its steps.
func (g *getafixLowering) initClearsFlags(init *syntax.FuncInfo) bool {
	if init == nil {
		return false
	}
	jumps := false
	syntax.WalkStmts(init.Decl.Body, func(s syntax.Stmt) {
		_, isGoto := s.(*syntax.GotoStmt)
		jumps = jumps || isGoto || syntax.HasStmtLabel(s, getafixEndInit) && !slices.Contains(init.Decl.Body, s)
	})
	if jumps {
		return false
	}
	cleared := map[int]bool{}
	for _, s := range init.Decl.Body {
		if syntax.HasStmtLabel(s, getafixEndInit) {
			break
		}
		for _, f := range g.flags {
			a, ok := s.(*syntax.AssignStmt)
			switch {
			case ok && g.assignsFlag(a, f):
				for i, t := range a.Targets {
					if sym := g.info.Refs[t]; sym.Global && sym.Index == f {
						v, isConst := syntax.ConstValue(a.Values[i])
						cleared[f] = isConst && !v
					}
				}
			case g.mayWriteFlag([]syntax.Stmt{s}, f, map[string]bool{}):
				cleared[f] = false
			}
		}
	}
	for _, f := range g.flags {
		if !cleared[f] {
			return false
		}
	}
	return true
}

func (g *getafixLowering) assignsFlag(a *syntax.AssignStmt, f int) bool {
	return slices.ContainsFunc(a.Targets, func(t *syntax.Ident) bool {
		sym, ok := g.info.Refs[t]
		return ok && sym.Global && sym.Index == f
	})
}

// mayWriteFlag reports whether a statement of list, or a function it
// calls, may write global f.
func (g *getafixLowering) mayWriteFlag(list []syntax.Stmt, f int, seen map[string]bool) bool {
	writes := false
	isFlag := func(id *syntax.Ident) bool {
		sym, ok := g.info.Refs[id]
		return id != nil && ok && sym.Global && sym.Index == f
	}
	syntax.WalkStmts(list, func(s syntax.Stmt) {
		switch s := s.(type) {
		case *syntax.AssignStmt:
			writes = writes || slices.ContainsFunc(s.Targets, isFlag)
		case *syntax.DeadStmt:
			writes = writes || slices.ContainsFunc(s.Names, isFlag)
		case *syntax.CallStmt:
			writes = writes || slices.ContainsFunc(s.Targets, isFlag)
			if callee := g.info.Funcs[s.Func.Name]; callee != nil && !seen[s.Func.Name] {
				seen[s.Func.Name] = true
				writes = writes || g.mayWriteFlag(callee.Decl.Body, f, seen)
			}
		}
	})
	return writes
}
