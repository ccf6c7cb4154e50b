// Command bopgo checks concurrent Boolean programs.
//
//	bopgo check [flags] FILE.bp   can an assertion fail, or a label be reached?
//	bopgo qbf [flags] FILE        decide a 2QBF formula in QDIMACS
//	bopgo boppo [flags] FILE.bp   BoPPo compatibility mode (also as a link named boppo)
//	bopgo bench [flags] INPUTS...  run benchmarks resumably; bench merge, bench report
//	bopgo version
//
// Exit status of check: 0 safe, 10 unsafe, 5 unknown, 6 bad input,
// 1 usage error. See README.md and docs/ for the full contract.
package main
