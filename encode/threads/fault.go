package threads

// Fault breaks the translation on purpose: the judge's tests
// (judge/counting_test.go) set it to show that a proof of a system that
// does not simulate its program is refused, end to end, from a generated
// program the broken translation calls safe. It is for tests only: no
// code outside a test sets it, and a test that does must not run
// alongside another translation (it sets it, runs and restores it
// without t.Parallel; Go runs parallel tests only once the sequential
// ones are done).
//
// An exported variable rather than a build tag: CI runs `go test ./...`
// with no tags, and a fault that only a tagged build can inject would
// leave the test that shows the judge catching it unrun. Its cost when
// unset is one comparison per outcome of a step.
var Fault FaultKind

// FaultKind is a way to break the translation.
type FaultKind uint8

// Faults.
const (
	NoFault        FaultKind = iota
	FaultNoElse              // a branch's else outcome gets no rule
	FaultNoFailure           // a failing assertion gets no rule to the error
)
