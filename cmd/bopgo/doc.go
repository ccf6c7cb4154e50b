// Command bopgo checks concurrent Boolean programs.
//
//	bopgo check [flags] FILE.bp   can an assertion fail, or a label be reached?
//	bopgo qbf [flags] FILE        decide a 2QBF formula in QDIMACS
//	bopgo boppo [flags] FILE.bp   BoPPo compatibility mode (also as a link named boppo)
//	bopgo export, circuit, spin    Promela, AIGER and tts exports, peers side by side
//	bopgo tts [flags] FILE.tts    a thread-transition system (bfc's format), any number of threads
//	bopgo trace --html OUT RESULT  a saved --json result drawn as a page (internal/htmltrace)
//	bopgo version
//
// The benchmark harness is its own command, bopgo-bench, so that this one
// does not link the plotting libraries.
//
// Exit status of check: 0 safe, 10 unsafe, 5 unknown, 6 bad input,
// 1 usage error, 3 internal error, 4 a peer tool missing; one function,
// exitStatus, maps verdicts and error classes to them for every
// subcommand. See README.md and docs/ for the full contract. This
// package parses flags and prints; what is checked and how, the limits
// and their words, and which engines exist (the engine table) are the
// root package's.
package main
