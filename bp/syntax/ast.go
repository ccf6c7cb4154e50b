package syntax

// The abstract syntax tree. Every node knows its extent (Pos, End) so that
// diagnostics and counterexample steps can point into the source.

// Node is any syntax tree node.
type Node interface {
	Pos() Pos // first character
	End() Pos // first character after the node
}

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node. Labels written in front of a statement belong to
// it.
type Stmt interface {
	Node
	StmtLabels() []*Ident
	stmtNode()
}

// ----------------------------------------------------------------------------
// Files and declarations

// SourceFile is a parsed file: global declarations and functions in source
// order.
type SourceFile struct {
	File    *File
	Globals []*VarDecl
	Funcs   []*FuncDecl
}

// Ident is a name in the source: a variable, function or label. Numeric
// labels (37:) are Idents whose Name is the digits.
type Ident struct {
	NamePos Pos
	Name    string
}

// VarDecl is `decl a, b := 0, c;` (initialisers are an IJIT/UCOB extension)
// or `decl thread_local a;`.
type VarDecl struct {
	Decl        Pos
	ThreadLocal bool
	Names       []*Ident
	Inits       []Expr // same length as Names; nil where no initialiser
	Semi        Pos
}

// FuncDecl is `void|bool|bool<N> name(params) begin body end`.
type FuncDecl struct {
	TypePos Pos
	Returns int // number of returned values: 0 for void
	Name    *Ident
	Params  []*Ident
	Body    []Stmt
	EndPos  Pos // position of the keyword end
}

// ----------------------------------------------------------------------------
// Statements

// Labels is embedded in every statement.
type Labels struct{ List []*Ident }

// StmtLabels returns the labels written in front of the statement.
func (l *Labels) StmtLabels() []*Ident { return l.List }

// AssignStmt is `x, y := e1, e2 [constrain c]`.
type AssignStmt struct {
	Labels
	Targets   []*Ident
	Values    []Expr
	Constrain Expr // nil if absent
	EndPos    Pos
}

// CallStmt is `f(args)` or `x, _, y := f(args)`; a nil target is `_`.
type CallStmt struct {
	Labels
	Targets    []*Ident
	HasTargets bool
	Func       *Ident
	Args       []Expr
	Rparen     Pos
}

// ReturnStmt is `return [e, ...]`.
type ReturnStmt struct {
	Labels
	Return Pos
	Values []Expr
}

// GotoStmt is `goto L1, L2, ...`, a non-deterministic jump if several.
type GotoStmt struct {
	Labels
	Goto    Pos
	Targets []*Ident
}

// IfStmt is `if c then S [elsif ...] [else S] fi`. An elsif is an IfStmt
// alone in Else, with Elsif set.
type IfStmt struct {
	Labels
	If    Pos
	Cond  Expr
	Then  []Stmt
	Else  []Stmt
	Elsif bool // this IfStmt was written as elsif
	Fi    Pos
}

// WhileStmt is `while c do S od`.
type WhileStmt struct {
	Labels
	While Pos
	Cond  Expr
	Body  []Stmt
	Od    Pos
}

// CondStmt is one of assert(e), assume(e), enforce e, abortif e, and in
// Getafix's dialect constrain(e).
type CondStmt struct {
	Labels
	Tok    Kind // ASSERT, ASSUME, ENFORCE, ABORTIF, or CONSTRAIN (Getafix's dialect: an assume)
	TokPos Pos
	Cond   Expr
}

// SimpleStmt is a keyword statement without operands: skip, end_thread,
// atomic_begin, atomic_end.
type SimpleStmt struct {
	Labels
	Tok    Kind
	TokPos Pos
}

// DeadStmt is `dead x, y`.
type DeadStmt struct {
	Labels
	Dead  Pos
	Names []*Ident
}

// DeclStmt is a `decl` inside a function body.
type DeclStmt struct {
	Labels
	Decl *VarDecl
}

// StartThreadStmt is `start_thread f(args)` or `start_thread goto L`; the
// SLAM form `ASYNC_n: f(args)` is a CallStmt that the checker recognises.
type StartThreadStmt struct {
	Labels
	Start Pos
	Call  *CallStmt // exactly one of Call and Goto is set
	Goto  *GotoStmt
}

// SyncStmt is `sync ev`: parsed so that it can be rejected with a clear
// message.
type SyncStmt struct {
	Labels
	Sync  Pos
	Event *Ident
}

// BadStmt stands for a statement that did not parse.
type BadStmt struct {
	Labels
	From, To Pos
}

// ----------------------------------------------------------------------------
// Expressions

// ConstExpr is T, F, 0 or 1.
type ConstExpr struct {
	ValuePos Pos
	Lit      string
	Value    bool
}

// NondetExpr is `*` (or `?`): a fresh non-deterministic value at each
// evaluation.
type NondetExpr struct {
	Star Pos
}

// PrimedExpr is `'x`, the new value of x inside a constrain clause.
type PrimedExpr struct {
	Prime Pos
	X     *Ident
}

// UnaryExpr is `!x` or `~x`.
type UnaryExpr struct {
	OpPos Pos
	X     Expr
}

// BinaryExpr is `x op y` for op in & | ^ = != =>.
type BinaryExpr struct {
	X     Expr
	Op    Kind
	OpPos Pos
	Y     Expr
}

// SchooseExpr is `schoose[a, b]`: T if a holds, else F if b holds, else a
// non-deterministic value.
type SchooseExpr struct {
	Schoose Pos
	Args    []Expr
	Rbrack  Pos
}

// ParenExpr is `(x)`.
type ParenExpr struct {
	Lparen Pos
	X      Expr
	Rparen Pos
}

// BadExpr stands for an expression that did not parse.
type BadExpr struct {
	From, To Pos
}

// ----------------------------------------------------------------------------
// Positions

func (x *Ident) Pos() Pos { return x.NamePos }
func (x *Ident) End() Pos { return x.NamePos + Pos(len(x.Name)) }

func (d *VarDecl) Pos() Pos { return d.Decl }
func (d *VarDecl) End() Pos { return d.Semi + 1 }

func (f *FuncDecl) Pos() Pos { return f.TypePos }
func (f *FuncDecl) End() Pos { return f.EndPos + 3 }

// stmtStart is the position of the first label, or else of the statement.
func stmtStart(l Labels, p Pos) Pos {
	if len(l.List) > 0 {
		return l.List[0].Pos()
	}
	return p
}

func (s *AssignStmt) Pos() Pos      { return stmtStart(s.Labels, s.Targets[0].Pos()) }
func (s *AssignStmt) End() Pos      { return s.EndPos }
func (s *CallStmt) Pos() Pos        { return s.callStart() }
func (s *CallStmt) End() Pos        { return s.Rparen + 1 }
func (s *ReturnStmt) Pos() Pos      { return stmtStart(s.Labels, s.Return) }
func (s *ReturnStmt) End() Pos      { return endOfList(s.Values, s.Return+6) }
func (s *GotoStmt) Pos() Pos        { return stmtStart(s.Labels, s.Goto) }
func (s *GotoStmt) End() Pos        { return s.Targets[len(s.Targets)-1].End() }
func (s *IfStmt) Pos() Pos          { return stmtStart(s.Labels, s.If) }
func (s *IfStmt) End() Pos          { return s.Fi + 2 }
func (s *WhileStmt) Pos() Pos       { return stmtStart(s.Labels, s.While) }
func (s *WhileStmt) End() Pos       { return s.Od + 2 }
func (s *CondStmt) Pos() Pos        { return stmtStart(s.Labels, s.TokPos) }
func (s *CondStmt) End() Pos        { return s.Cond.End() }
func (s *SimpleStmt) Pos() Pos      { return stmtStart(s.Labels, s.TokPos) }
func (s *SimpleStmt) End() Pos      { return s.TokPos + Pos(len(s.Tok.String())) }
func (s *DeadStmt) Pos() Pos        { return stmtStart(s.Labels, s.Dead) }
func (s *DeadStmt) End() Pos        { return s.Names[len(s.Names)-1].End() }
func (s *DeclStmt) Pos() Pos        { return stmtStart(s.Labels, s.Decl.Pos()) }
func (s *DeclStmt) End() Pos        { return s.Decl.End() }
func (s *StartThreadStmt) Pos() Pos { return stmtStart(s.Labels, s.Start) }
func (s *StartThreadStmt) End() Pos {
	if s.Call != nil {
		return s.Call.End()
	}
	return s.Goto.End()
}
func (s *SyncStmt) Pos() Pos { return stmtStart(s.Labels, s.Sync) }
func (s *SyncStmt) End() Pos { return s.Event.End() }
func (s *BadStmt) Pos() Pos  { return stmtStart(s.Labels, s.From) }
func (s *BadStmt) End() Pos  { return s.To }

func (s *CallStmt) callStart() Pos {
	if len(s.Labels.List) > 0 {
		return s.Labels.List[0].Pos()
	}
	for _, t := range s.Targets {
		if t != nil {
			return t.Pos()
		}
	}
	return s.Func.Pos()
}

// StmtPos is the position of the statement proper, after its labels; this
// is what a counterexample step points to.
func StmtPos(s Stmt) Pos {
	switch s := s.(type) {
	case *AssignStmt:
		return s.Targets[0].Pos()
	case *CallStmt:
		if len(s.Targets) > 0 && s.Targets[0] != nil {
			return s.Targets[0].Pos()
		}
		return s.Func.Pos()
	case *ReturnStmt:
		return s.Return
	case *GotoStmt:
		return s.Goto
	case *IfStmt:
		return s.If
	case *WhileStmt:
		return s.While
	case *CondStmt:
		return s.TokPos
	case *SimpleStmt:
		return s.TokPos
	case *DeadStmt:
		return s.Dead
	case *DeclStmt:
		return s.Decl.Pos()
	case *StartThreadStmt:
		return s.Start
	case *SyncStmt:
		return s.Sync
	case *BadStmt:
		return s.From
	}
	return NoPos
}

func endOfList(xs []Expr, def Pos) Pos {
	if len(xs) == 0 {
		return def
	}
	return xs[len(xs)-1].End()
}

func (x *ConstExpr) Pos() Pos   { return x.ValuePos }
func (x *ConstExpr) End() Pos   { return x.ValuePos + Pos(len(x.Lit)) }
func (x *NondetExpr) Pos() Pos  { return x.Star }
func (x *NondetExpr) End() Pos  { return x.Star + 1 }
func (x *PrimedExpr) Pos() Pos  { return x.Prime }
func (x *PrimedExpr) End() Pos  { return x.X.End() }
func (x *UnaryExpr) Pos() Pos   { return x.OpPos }
func (x *UnaryExpr) End() Pos   { return x.X.End() }
func (x *BinaryExpr) Pos() Pos  { return x.X.Pos() }
func (x *BinaryExpr) End() Pos  { return x.Y.End() }
func (x *SchooseExpr) Pos() Pos { return x.Schoose }
func (x *SchooseExpr) End() Pos { return x.Rbrack + 1 }
func (x *ParenExpr) Pos() Pos   { return x.Lparen }
func (x *ParenExpr) End() Pos   { return x.Rparen + 1 }
func (x *BadExpr) Pos() Pos     { return x.From }
func (x *BadExpr) End() Pos     { return x.To }

func (*Ident) exprNode()       {}
func (*ConstExpr) exprNode()   {}
func (*NondetExpr) exprNode()  {}
func (*PrimedExpr) exprNode()  {}
func (*UnaryExpr) exprNode()   {}
func (*BinaryExpr) exprNode()  {}
func (*SchooseExpr) exprNode() {}
func (*ParenExpr) exprNode()   {}
func (*BadExpr) exprNode()     {}

func (*AssignStmt) stmtNode()      {}
func (*CallStmt) stmtNode()        {}
func (*ReturnStmt) stmtNode()      {}
func (*GotoStmt) stmtNode()        {}
func (*IfStmt) stmtNode()          {}
func (*WhileStmt) stmtNode()       {}
func (*CondStmt) stmtNode()        {}
func (*SimpleStmt) stmtNode()      {}
func (*DeadStmt) stmtNode()        {}
func (*DeclStmt) stmtNode()        {}
func (*StartThreadStmt) stmtNode() {}
func (*SyncStmt) stmtNode()        {}
func (*BadStmt) stmtNode()         {}
