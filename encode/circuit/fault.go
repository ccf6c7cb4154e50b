package circuit

// Fault, when not NoFault, makes every circuit built afterwards wrong in
// one gate. It is a test hook and nothing else: the judge's tests (package
// judge) set it to show that a proof found on a wrong circuit is refused
// by a judge that encodes the program on its own, which is the point of
// having a judge, and the root's that the differential test of the
// bounds on rounds catches a wrong count. Production code never sets it, and a test that does
// must not run in parallel with anything that builds circuits, and must
// put it back.
//
// A build tag would keep the hook out of the binary, but then the tests
// that need it would only run when someone remembers the tag; one
// comparison per built step costs nothing measurable.
var Fault FaultKind

// FaultKind names one way of breaking the circuit.
type FaultKind uint8

// Faults.
const (
	NoFault FaultKind = iota
	// FaultAssignNegated negates the value of every assignment's first
	// target: the circuit computes the wrong data.
	FaultAssignNegated
	// FaultStartLost drops the gate that makes the slot a thread start
	// takes active: the started thread never runs.
	FaultStartLost
	// FaultKillLive makes every assignment false in the locals it writes
	// as if they were dead after it: the canonical-values gate applied
	// where it must not be.
	FaultKillLive
	// FaultRoundOrder reverses the order of the threads in the count of
	// rounds (bound.go): a thread started later counts as earlier.
	FaultRoundOrder
)
