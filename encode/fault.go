package encode

// Fault, when not NoFault, makes Term encode one operator wrong, in every
// formula built afterwards: the symbolic engine's states and the circuit
// engines' circuits (encode/circuit encodes its terms with Term). It is a
// test hook and nothing else: the judge's tests (package judge) set it to
// show that an answer found with a wrong encoding is refused by a judge
// that encodes the program on its own. Production code never sets it; a
// test that does must not run in parallel with anything that encodes,
// and must put it back.
//
// A build tag would keep the hook out of the binary, but then the tests
// that need it would run only when someone remembers the tag; one
// comparison per encoded operator costs nothing measurable.
var Fault FaultKind

// FaultKind names one way of breaking Term.
type FaultKind uint8

// Faults.
const (
	NoFault FaultKind = iota
	// FaultOrAsAnd encodes a | b as a & b.
	FaultOrAsAnd
	// FaultImpliesReversed encodes a => b as b => a.
	FaultImpliesReversed
)
