// Package gen generates random small concurrent Boolean programs for
// differential testing: every engine must agree with the explicit one on
// all of them. A program is a function of its seed, so a failure message
// that names the seed reproduces it.
//
// A language feature is not tested until a generator writes it. Config's
// switches each add a dimension of the language (thread arguments,
// where starts stand, threads that start threads, start_thread goto,
// end_thread, thread-locals, initialisers, the rest of the statements,
// helpers' results, labels for -l); they are off by default, so that a
// configuration without them gives the programs of its seeds as before,
// and Full turns every one on. Recursive, Wide and Getafix write the
// shapes a Config does not: recursion, wide constrained steps, Getafix's
// dialect. Families lists one generator of each, which FuzzEngines' seeds
// (Seeds) and the no-panic benchmark (benchmarks/cmd/nopanic) run.
// Handoff writes no new feature but threads that wait for one another,
// whose bugs need several context switches or rounds, for the tests of
// those bounds.
package gen
