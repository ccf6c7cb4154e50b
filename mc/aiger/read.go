package aiger

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bopgo/bopgo/mc"
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// MaxVars bounds the header's M: the binary format spends no byte on an
// input, so a short file could otherwise ask for any amount of memory.
const MaxVars = 1 << 22

// header is the first line: "aig M I L O A [B C J F]".
type header struct {
	binary                 bool
	m, i, l, o, a, b, c, j uint64
	f                      uint64
}

// reader tracks the position for error messages: the line in the text
// part, the byte offset in the binary AND section.
type reader struct {
	br     *bufio.Reader
	line   int
	offset int64
}

func (r *reader) errorf(format string, args ...any) error {
	return fmt.Errorf("aiger: line %d: %s", r.line, fmt.Sprintf(format, args...))
}

// fields reads one line of unsigned decimal numbers.
func (r *reader) fields(min, max int) ([]uint64, error) {
	r.line++
	text, err := r.br.ReadString('\n')
	r.offset += int64(len(text))
	if err != nil && (err != io.EOF || text == "") {
		return nil, r.errorf("unexpected end of file")
	}
	fs := strings.Fields(text)
	if len(fs) < min || len(fs) > max {
		return nil, r.errorf("want %d to %d numbers, found %q", min, max, strings.TrimSpace(text))
	}
	ns := make([]uint64, len(fs))
	for i, f := range fs {
		n, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			return nil, r.errorf("%q is not an unsigned number", f)
		}
		ns[i] = n
	}
	return ns, nil
}

func (r *reader) header() (header, error) {
	r.line++
	text, err := r.br.ReadString('\n')
	r.offset += int64(len(text))
	if err != nil {
		return header{}, r.errorf("no header")
	}
	fs := strings.Fields(text)
	if len(fs) < 6 || len(fs) > 10 || (fs[0] != "aig" && fs[0] != "aag") {
		return header{}, r.errorf("header is not \"aig M I L O A [B C J F]\"")
	}
	var ns [9]uint64
	for i, f := range fs[1:] {
		n, err := strconv.ParseUint(f, 10, 64)
		if err != nil || n > MaxVars {
			return header{}, r.errorf("header field %q is not a number up to %d", f, MaxVars)
		}
		ns[i] = n
	}
	h := header{binary: fs[0] == "aig", m: ns[0], i: ns[1], l: ns[2], o: ns[3], a: ns[4], b: ns[5], c: ns[6], j: ns[7], f: ns[8]}
	if h.i+h.l+h.a > h.m || (h.binary && h.i+h.l+h.a != h.m) {
		return header{}, r.errorf("M = %d does not match I + L + A = %d", h.m, h.i+h.l+h.a)
	}
	if h.c+h.j+h.f > 0 {
		return header{}, r.errorf("invariant constraints and liveness properties are not supported")
	}
	if h.o+h.b == 0 {
		return header{}, r.errorf("no output and no bad-state property")
	}
	return h, nil
}

// Read reads a circuit in binary or ASCII AIGER (see the package comment).
func Read(in io.Reader) (*mc.System, error) {
	r := &reader{br: bufio.NewReader(in)}
	h, err := r.header()
	if err != nil {
		return nil, err
	}
	d := &decoder{r: r, h: h, s: logic.NewS(), kind: make([]byte, h.m+1), lit: make([]z.Lit, h.m+1)}
	return d.decode()
}

// Kinds of AIGER variables while decoding.
const (
	undefined byte = iota
	isInput
	isLatch
	isAnd
)

type decoder struct {
	r    *reader
	h    header
	s    *logic.S
	kind []byte  // by AIGER variable
	lit  []z.Lit // by AIGER variable, once converted
	// AND gates as read (ASCII files may list them in any order).
	andIns map[uint64][2]uint64
}

// define records that AIGER literal a is defined as kind.
func (d *decoder) define(a uint64, kind byte) error {
	if a&1 == 1 || a == 0 || a/2 > d.h.m {
		return d.r.errorf("literal %d cannot be defined", a)
	}
	if d.kind[a/2] != undefined {
		return d.r.errorf("variable %d defined twice", a/2)
	}
	d.kind[a/2] = kind
	return nil
}

func (d *decoder) checkUse(a uint64) error {
	if a/2 > d.h.m {
		return d.r.errorf("literal %d exceeds M = %d", a, d.h.m)
	}
	return nil
}

func (d *decoder) decode() (*mc.System, error) {
	s := d.s
	sys := &mc.System{S: s}
	var err error
	if sys.Inputs, err = d.readInputs(); err != nil {
		return nil, err
	}
	latches, nexts, err := d.readLatches()
	if err != nil {
		return nil, err
	}
	h := d.h
	var outs, bads []uint64
	for range h.o + h.b {
		ns, err := d.r.fields(1, 1)
		if err != nil {
			return nil, err
		}
		if err := d.checkUse(ns[0]); err != nil {
			return nil, err
		}
		if len(outs) < int(h.o) {
			outs = append(outs, ns[0])
		} else {
			bads = append(bads, ns[0])
		}
	}
	if err := d.readAnds(); err != nil {
		return nil, err
	}
	for i, a := range latches {
		m, err := d.convert(nexts[i])
		if err != nil {
			return nil, err
		}
		s.SetNext(d.lit[a/2], m)
	}
	if len(bads) == 0 {
		bads = outs
	}
	bad := s.F
	for _, a := range bads {
		m, err := d.convert(a)
		if err != nil {
			return nil, err
		}
		bad = s.Or(bad, m)
	}
	sys.Bad = bad
	if readsInputs(s, bad) {
		// Record the violation in a latch: mc.System's Bad reads latches only.
		v := s.Latch(s.F)
		s.SetNext(v, bad)
		sys.Bad = v
	}
	return sys, nil
}

// readInputs reads the input section and returns the inputs' literals.
func (d *decoder) readInputs() ([]z.Lit, error) {
	h, s := d.h, d.s
	var inputs []z.Lit
	for i := range h.i {
		a := 2 * (i + 1)
		if !h.binary {
			ns, err := d.r.fields(1, 1)
			if err != nil {
				return nil, err
			}
			a = ns[0]
		}
		if err := d.define(a, isInput); err != nil {
			return nil, err
		}
		d.lit[a/2] = s.Lit()
		inputs = append(inputs, d.lit[a/2])
	}
	return inputs, nil
}

// readLatches reads the latch section: it makes the latches, with their
// reset values, and returns each one's variable and next-state literal
// in the file's numbering (the next states are set once the AND section
// is read).
func (d *decoder) readLatches() (latches, nexts []uint64, err error) {
	h, s := d.h, d.s
	latches = make([]uint64, 0, h.l)
	nexts = make([]uint64, 0, h.l)
	for i := range h.l {
		a := 2 * (h.i + i + 1)
		var ns []uint64
		var err error
		if h.binary {
			ns, err = d.r.fields(1, 2)
		} else {
			ns, err = d.r.fields(2, 3)
			if err == nil {
				a, ns = ns[0], ns[1:]
			}
		}
		if err != nil {
			return nil, nil, err
		}
		if err := d.define(a, isLatch); err != nil {
			return nil, nil, err
		}
		if err := d.checkUse(ns[0]); err != nil {
			return nil, nil, err
		}
		init := s.F
		if len(ns) == 2 {
			switch ns[1] {
			case 0:
			case 1:
				init = s.T
			case a:
				init = z.LitNull
			default:
				return nil, nil, d.r.errorf("latch %d resets to %d, not 0, 1 or itself", a, ns[1])
			}
		}
		d.lit[a/2] = s.Latch(init)
		latches = append(latches, a)
		nexts = append(nexts, ns[0])
	}
	return latches, nexts, nil
}

// readAnds reads the AND section into andIns.
func (d *decoder) readAnds() error {
	h := d.h
	d.andIns = make(map[uint64][2]uint64, h.a)
	for i := range h.a {
		var lhs, r0, r1 uint64
		if h.binary {
			lhs = 2 * (h.i + h.l + i + 1)
			d0, err := d.delta()
			if err != nil {
				return err
			}
			d1, err := d.delta()
			if err != nil {
				return err
			}
			if d0 == 0 || d0 > lhs || d1 > lhs-d0 {
				return fmt.Errorf("aiger: byte %d: AND %d has deltas %d, %d out of range", d.r.offset, lhs, d0, d1)
			}
			r0 = lhs - d0
			r1 = r0 - d1
		} else {
			ns, err := d.r.fields(3, 3)
			if err != nil {
				return err
			}
			lhs, r0, r1 = ns[0], ns[1], ns[2]
			if err := d.checkUse(r0); err != nil {
				return err
			}
			if err := d.checkUse(r1); err != nil {
				return err
			}
		}
		if err := d.define(lhs, isAnd); err != nil {
			return err
		}
		d.andIns[lhs/2] = [2]uint64{r0, r1}
	}
	return nil
}

// delta reads one variable-length unsigned integer of the binary format.
func (d *decoder) delta() (uint64, error) {
	var x uint64
	for shift := 0; ; shift += 7 {
		b, err := d.r.br.ReadByte()
		if err != nil {
			return 0, fmt.Errorf("aiger: byte %d: unexpected end of file in the AND section", d.r.offset)
		}
		d.r.offset++
		if shift > 56 {
			return 0, fmt.Errorf("aiger: byte %d: number too large", d.r.offset)
		}
		x |= uint64(b&0x7f) << shift
		if b&0x80 == 0 {
			return x, nil
		}
	}
}

var errCycle = errors.New("aiger: the AND gates form a cycle")

// convert returns the gini literal of AIGER literal a, building AND gates
// on demand; it walks with an explicit stack, so deep circuits cannot
// overflow the Go stack, and reports cycles and undefined variables.
func (d *decoder) convert(a uint64) (z.Lit, error) {
	const (
		pending = 1 // on the stack, inputs not yet converted
	)
	state := map[uint64]byte{}
	stack := []uint64{a / 2}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		if v == 0 || d.lit[v] != z.LitNull {
			stack = stack[:len(stack)-1]
			continue
		}
		if d.kind[v] != isAnd {
			return z.LitNull, fmt.Errorf("aiger: variable %d is used but never defined", v)
		}
		ins := d.andIns[v]
		if state[v] == pending {
			x, y := d.litOf(ins[0]), d.litOf(ins[1])
			d.lit[v] = d.s.And(x, y)
			stack = stack[:len(stack)-1]
			continue
		}
		state[v] = pending
		for _, in := range ins {
			w := in / 2
			if w != 0 && d.lit[w] == z.LitNull {
				if state[w] == pending {
					return z.LitNull, errCycle
				}
				stack = append(stack, w)
			}
		}
	}
	return d.litOf(a), nil
}

// litOf maps a converted AIGER literal to gini's.
func (d *decoder) litOf(a uint64) z.Lit {
	m := d.s.F
	if a/2 != 0 {
		m = d.lit[a/2]
	}
	if a&1 == 1 {
		m = m.Not()
	}
	return m
}

// readsInputs reports whether m depends on an input of s.
func readsInputs(s *logic.S, m z.Lit) bool {
	seen := map[z.Var]bool{}
	stack := []z.Lit{m}
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[m.Var()] {
			continue
		}
		seen[m.Var()] = true
		switch s.Type(m) {
		case logic.SInput:
			return true
		case logic.SAnd:
			a, b := s.Ins(m.Var().Pos())
			stack = append(stack, a, b)
		}
	}
	return false
}
