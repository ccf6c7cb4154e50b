package satabs

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// Verdict lines, as SatAbs compares them.
const (
	Successful = "VERIFICATION SUCCESSFUL"
	Failed     = "VERIFICATION FAILED"
)

// Output is what SatAbs reads from a checker's standard output.
type Output struct {
	Verdict string // the first verdict line, or "" (SatAbs: "unexpected result")
	Lines   []Line // the TRACE lines, in order
	// Loop holds the indices in Lines of the first and the last line
	// inside LOOP [ ... LOOP ]; both -1 without brackets.
	Loop [2]int
}

// Line is one TRACE line.
type Line struct {
	Num    int      // line number in the output, from 1
	Thread int      // t=<n>; -1 if absent
	Labels []string // tokens without "="
	PC     int      // n of the last PC<n> label; -1 without one (SatAbs skips the line)
	Taken  int      // TAKEN=; -1 if absent
	Values []Value  // every other name=value, in order
}

// Value is one name=value token, the name with the part up to "::"
// dropped.
type Value struct {
	Name  string
	Value bool
}

// Read splits out as SatAbs does. It is stricter in one place: a value
// must be 0 or 1, where SatAbs's atoi would read anything.
func Read(out string) (*Output, error) {
	o := &Output{Loop: [2]int{-1, -1}}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case line == Successful || line == Failed:
			if o.Verdict == "" {
				o.Verdict = line
			}
		case line == "LOOP [":
			if o.Loop[0] >= 0 {
				return o, fmt.Errorf("line %d: a second LOOP [", n)
			}
			o.Loop[0] = len(o.Lines)
		case line == "LOOP ]":
			if o.Loop[0] < 0 || o.Loop[1] >= 0 || o.Loop[0] == len(o.Lines) {
				return o, fmt.Errorf("line %d: LOOP ] without LOOP [ or without steps", n)
			}
			o.Loop[1] = len(o.Lines) - 1
		case strings.HasPrefix(line, "TRACE "):
			l, err := readLine(line[len("TRACE "):])
			if err != nil {
				return o, fmt.Errorf("line %d: %w", n, err)
			}
			l.Num = n
			o.Lines = append(o.Lines, l)
		}
	}
	if o.Loop[0] >= 0 && o.Loop[1] < 0 {
		return o, fmt.Errorf("LOOP [ not closed")
	}
	return o, sc.Err()
}

// readLine tokenises like SatAbs: a token ends at a space or "="; one
// that ends at a space or the end of the line is a label, otherwise the
// value runs to the next space.
func readLine(s string) (Line, error) {
	l := Line{Thread: -1, PC: -1, Taken: -1}
	for p := 0; p < len(s); {
		for p < len(s) && s[p] == ' ' {
			p++
		}
		if p >= len(s) {
			break
		}
		q := p
		for q < len(s) && s[q] != ' ' && s[q] != '=' {
			q++
		}
		if q >= len(s) || s[q] == ' ' {
			label := s[p:q]
			l.Labels = append(l.Labels, label)
			if strings.HasPrefix(label, "PC") {
				l.PC = atoi(label[2:])
			}
			p = q
			continue
		}
		name := s[p:q]
		p = q + 1
		for q < len(s) && s[q] != ' ' {
			q++
		}
		value := s[p:q]
		p = q
		if i := strings.Index(name, "::"); i >= 0 {
			name = name[i+2:]
		}
		switch name {
		case "":
			return l, fmt.Errorf("failed to get variable name")
		case "t":
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 {
				return l, fmt.Errorf("t=%s is not a thread number", value)
			}
			l.Thread = n
			continue
		}
		if value != "0" && value != "1" {
			return l, fmt.Errorf("%s=%s: not 0 or 1", name, value)
		}
		if name == "TAKEN" {
			l.Taken = atoi(value)
			continue
		}
		l.Values = append(l.Values, Value{Name: name, Value: value == "1"})
	}
	return l, nil
}

// atoi is C's: the leading digits, 0 without any.
func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}
