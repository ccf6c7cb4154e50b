package qbf

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Quant is a quantifier, written as in QDIMACS.
type Quant byte

// Quantifiers.
const (
	Universal   Quant = 'a'
	Existential Quant = 'e'
)

func (q Quant) String() string { return string(q) }

// Block is one quantifier block of a prefix.
type Block struct {
	Quant Quant
	Vars  []int
}

// QDIMACS is a prenex CNF formula: variables are 1..NumVars, literals are
// DIMACS integers (-v is the negation of v), and the prefix is outermost
// block first.
type QDIMACS struct {
	NumVars int
	Prefix  []Block
	Clauses [][]int
}

// MaxVars bounds the variable count a QDIMACS header may declare, so that
// a literal always fits gini's 32-bit literals.
const MaxVars = math.MaxInt32 / 2

// SyntaxError reports malformed QDIMACS input.
type SyntaxError struct {
	Line int // 1-based
	Msg  string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// ReadQDIMACS parses a QDIMACS formula. It accepts comment lines anywhere,
// clauses spanning lines, and a final "%" line (the SATLIB end marker).
// It rejects, with a *SyntaxError naming the line, anything else that
// departs from the format: a missing or malformed header, variables out
// of range or quantified twice, quantifier lines after clauses, an
// unterminated last clause, and a clause count that differs from the
// header's. Read errors are returned wrapped.
func ReadQDIMACS(r io.Reader) (*QDIMACS, error) {
	rd := &reader{q: &QDIMACS{}, quantified: map[int]bool{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<30)
	for sc.Scan() {
		rd.line++
		done, err := rd.parseLine(sc.Text())
		if err != nil {
			return nil, err
		}
		if done {
			break
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &SyntaxError{Line: rd.line + 1, Msg: "line too long"}
		}
		return nil, fmt.Errorf("reading qdimacs: %w", err)
	}
	return rd.finish()
}

type reader struct {
	q          *QDIMACS
	line       int
	header     bool
	nClauses   int
	quantified map[int]bool
	clause     []int
	clauseLine int // line where the pending clause started
}

func (rd *reader) errorf(format string, args ...any) error {
	return &SyntaxError{Line: rd.line, Msg: fmt.Sprintf(format, args...)}
}

// parseLine handles one line; it reports true at the end marker.
func (rd *reader) parseLine(text string) (bool, error) {
	fields := strings.Fields(text)
	// Some generators glue text to the "c" ("c-- seed 3"), so any first
	// word starting with c marks a comment; no other line can start so.
	if len(fields) == 0 || fields[0][0] == 'c' {
		return false, nil
	}
	if fields[0] == "%" {
		return true, nil
	}
	if !rd.header {
		return false, rd.parseHeader(fields)
	}
	switch fields[0] {
	case "p":
		return false, rd.errorf("second problem line")
	case "a", "e":
		return false, rd.parseBlock(Quant(fields[0][0]), fields[1:])
	}
	return false, rd.parseClauses(fields)
}

func (rd *reader) parseHeader(fields []string) error {
	if fields[0] != "p" {
		return rd.errorf("expected problem line \"p cnf VARS CLAUSES\", found %q", fields[0])
	}
	if len(fields) != 4 || fields[1] != "cnf" {
		return rd.errorf("malformed problem line, want \"p cnf VARS CLAUSES\"")
	}
	nv, err1 := strconv.Atoi(fields[2])
	nc, err2 := strconv.Atoi(fields[3])
	if err1 != nil || err2 != nil || nv < 0 || nc < 0 {
		return rd.errorf("malformed problem line: counts must be non-negative integers")
	}
	if nv > MaxVars {
		return rd.errorf("too many variables: %d (at most %d)", nv, MaxVars)
	}
	rd.header = true
	rd.q.NumVars = nv
	rd.nClauses = nc
	return nil
}

func (rd *reader) parseBlock(q Quant, fields []string) error {
	if len(rd.q.Clauses) > 0 || len(rd.clause) > 0 {
		return rd.errorf("quantifier line after clauses")
	}
	if len(fields) == 0 || fields[len(fields)-1] != "0" {
		return rd.errorf("quantifier line not terminated by 0")
	}
	b := Block{Quant: q, Vars: make([]int, 0, len(fields)-1)}
	for _, f := range fields[:len(fields)-1] {
		v, err := strconv.Atoi(f)
		if err != nil {
			return rd.errorf("bad variable %q in quantifier line", f)
		}
		if v <= 0 || v > rd.q.NumVars {
			return rd.errorf("variable %d out of range 1..%d", v, rd.q.NumVars)
		}
		if rd.quantified[v] {
			return rd.errorf("variable %d quantified twice", v)
		}
		rd.quantified[v] = true
		b.Vars = append(b.Vars, v)
	}
	rd.q.Prefix = append(rd.q.Prefix, b)
	return nil
}

func (rd *reader) parseClauses(fields []string) error {
	for _, f := range fields {
		m, err := strconv.Atoi(f)
		if err != nil {
			return rd.errorf("bad literal %q", f)
		}
		if m == 0 {
			rd.q.Clauses = append(rd.q.Clauses, rd.clause)
			rd.clause = nil
			continue
		}
		if m < -rd.q.NumVars || m > rd.q.NumVars {
			return rd.errorf("literal %d out of range: %d variables declared", m, rd.q.NumVars)
		}
		if len(rd.clause) == 0 {
			rd.clauseLine = rd.line
		}
		rd.clause = append(rd.clause, m)
	}
	return nil
}

func (rd *reader) finish() (*QDIMACS, error) {
	if !rd.header {
		return nil, rd.errorf("missing problem line \"p cnf VARS CLAUSES\"")
	}
	if len(rd.clause) > 0 {
		return nil, &SyntaxError{Line: rd.clauseLine, Msg: "clause not terminated by 0"}
	}
	if n := len(rd.q.Clauses); n != rd.nClauses {
		return nil, rd.errorf("problem line declares %d clauses, found %d", rd.nClauses, n)
	}
	return rd.q, nil
}
