package bench

import (
	"strconv"
)

// Verdicts of a record. The first four are answers ("solved"); the rest
// say why there is none.
const (
	Safe    = "safe"    // the property holds
	Unsafe  = "unsafe"  // it fails
	Sat     = "sat"     // a QBF is true
	Unsat   = "unsat"   // a QBF is false
	Unknown = "unknown" // the tool gave up (thread bound, state limit, ...)
	Timeout = "timeout" // the time limit was reached
	Memout  = "memout"  // the memory limit was reached
	Error   = "error"   // bad input, crash, or a command that could not start
)

// Solved tells whether the verdict is an answer.
func Solved(v string) bool { return v == Safe || v == Unsafe || v == Sat || v == Unsat }

// Record is the result of one run, one line of the results file.
type Record struct {
	// The run (see Record.Key).
	Program string   `json:"program"`
	SHA256  string   `json:"sha256"`
	Label   string   `json:"label,omitempty"`
	Config  string   `json:"config"`
	Exec    bool     `json:"exec,omitempty"`
	Bopgo   string   `json:"bopgo,omitempty"` // Config.Bopgo
	Args    []string `json:"args"`
	Timeout string   `json:"timeout,omitempty"` // a Go duration; absent for none
	Memory  uint64   `json:"memory,omitempty"`  // bytes; absent for none

	// The result.
	Verdict    string  `json:"verdict"`
	Expected   string  `json:"expected,omitempty"`
	Wrong      bool    `json:"wrong"`
	Reason     string  `json:"reason,omitempty"`
	Engine     string  `json:"engine,omitempty"`
	ExitStatus int     `json:"exit_status"` // -1 when killed by a signal
	Seconds    float64 `json:"seconds"`     // wall time measured by the harness
	CPUSeconds float64 `json:"cpu_seconds"` // user + system, the run's waited-for processes
	PeakMemory uint64  `json:"peak_memory"` // bytes: maximum resident set size
	States     int64   `json:"states"`
	SATCalls   int64   `json:"sat_calls"`
	QBFCalls   int64   `json:"qbf_calls"`
	// What a safe or unsafe answer of bopgo check rests on (docs/json.md):
	// the evidence's kind, whether the judge checked it, and the kind of
	// the certificate that came with it (re-checked before it was
	// printed). Absent for other answers and from older records.
	Evidence    string `json:"evidence,omitempty"`
	Checked     bool   `json:"checked,omitempty"`
	Certificate string `json:"certificate,omitempty"`
}

// trust ranks what an answer rests on: a certificate (2) over other
// evidence the judge checked (1) over an answer taken as given (0).
func (rec Record) trust() int {
	switch {
	case rec.Certificate != "":
		return 2
	case rec.Checked:
		return 1
	}
	return 0
}

// IsWrong tells whether a verdict contradicts the expected one: both are
// answers and they differ.
func IsWrong(verdict, expected string) bool {
	return Solved(verdict) && Solved(expected) && verdict != expected
}

// csvHeader names the columns of a results CSV; csvRow is one record.
var csvHeader = []string{"program", "config", "verdict", "expected", "wrong", "seconds", "peak_memory", "states", "sat_calls", "qbf_calls", "cpu_seconds", "reason", "engine", "exit_status", "label", "args", "timeout", "memory", "sha256"}

func (rec Record) csvRow() []string {
	args := argsString(rec.Exec, rec.Bopgo, rec.Args)
	return []string{
		rec.Program, rec.Config, rec.Verdict, rec.Expected, strconv.FormatBool(rec.Wrong),
		strconv.FormatFloat(rec.Seconds, 'f', 3, 64), strconv.FormatUint(rec.PeakMemory, 10),
		strconv.FormatInt(rec.States, 10), strconv.FormatInt(rec.SATCalls, 10), strconv.FormatInt(rec.QBFCalls, 10),
		strconv.FormatFloat(rec.CPUSeconds, 'f', 3, 64), rec.Reason, rec.Engine, strconv.Itoa(rec.ExitStatus),
		rec.Label, args, rec.Timeout, strconv.FormatUint(rec.Memory, 10), rec.SHA256,
	}
}
