// Package mctest helps the tests of the circuit engines: it builds random
// sequential circuits (Random) and decides them by brute force (Reachable),
// an oracle simple enough to trust without a proof.
//
// Only tests import mctest; non-test code never depends on it.
package mctest
