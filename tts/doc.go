// Package tts reads and writes thread-transition systems in the format of
// bfc (Kaiser, Kroening, Wahl), the interchange format of the
// unbounded-thread checkers (bfc, mist, QCover) and of SatAbs's
// --build-tts.
//
// A system has shared states 0..Shared-1 and local states 0..Locals-1. A
// configuration is one shared state and a multiset of local states, one
// element per thread; threads are identical and never end. The file is
// one header line "S L" and one rule a line ('#' starts a comment):
//
//	s l -> s2 l2               Move: a thread in l moves to l2 while the
//	                           shared state goes from s to s2
//	s l -> s2 l2 p ~> q ...    Move plus broadcast: every other thread in
//	                           a listed p moves to one of the q listed for
//	                           p, each choosing on its own; threads in
//	                           unlisted locals stay
//	s l +> s2 l2               Spawn: the thread stays in l, a new thread
//	                           starts in l2
//	s l ~> s2 l2               Transfer: the shared state goes from s to
//	                           s2 and every thread in l moves to l2 (no
//	                           thread needs to be in l)
//
// This is bfc's reading (its net.cc rewrites transfers and spawns into
// moves of a thread from an unbounded pool), checked against the
// broadcast and transfer tests of bfc's regression suite. One deliberate
// difference: bfc keeps only the last of two rules with the same source
// and target thread state; here both rules exist.
//
// States (targets and initial states) are written like bfc's: "s|l1,l2"
// is shared state s and one thread in each listed local (a multiset);
// "s/u1,u2" is any number of threads in each listed local; "s|b1/u1"
// mixes both. bfc also accepts 'B' for '|' and 'U' for '/'.
//
// Errors carry file:line:col positions; Read reports every bad line.
package tts
