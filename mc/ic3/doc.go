// Package ic3 decides a safety problem on a sequential circuit (mc.System)
// by IC3/PDR: Bradley, "SAT-Based Model Checking without Unrolling" (VMCAI
// 2011), in the formulation of Een, Mishchenko and Brayton, "Efficient
// Implementation of Property Directed Reachability" (FMCAD 2011).
//
// Frames F_1 ⊆ F_2 ⊆ ... ⊆ F_N over-approximate the states reachable in at
// most i steps; F_0 is the initial states. A frame is a set of clauses over
// latches, stored as the cubes they block and kept "by delta": a cube at
// level k is blocked in every F_i with i ≤ k. Each level has its own
// incremental SAT solver (package sat/cone) holding the transition
// relation (as far as it was needed) and the clauses of F_k as they are;
// the temporary clause ¬c of a query lives for that query only. The
// alternative, one solver for all levels with each level's clauses behind
// an activation literal and "F_k" as the assumptions acts[k..N], is kept
// behind the perFrame switch and tested:
// measured on n-bit counters (cex of 2^n-1 steps) it is 5 to 45 times
// slower (n = 7: 0.62 s against 0.05 s; n = 8: 5.5 s against 0.12 s),
// because every query at a low level carries N assumptions. Lifting
// predecessors saves 5 to 17 times the SAT calls on random circuits of 50
// to 60 latches (for example 705 against 4024 calls, 0.011 s against
// 0.19 s) and halves the time on the larger counters.
//
// A bad state in F_N becomes a proof obligation; obligations are blocked
// lowest level first. A blocked cube is shrunk by the solver's failed
// assumptions, then by dropping literals while it stays inductive relative
// to the frame below and still excludes every initial state, and is pushed
// to the highest level at which it holds; its obligation is then asked
// again one level up, and one blocked at the top level is carried to the
// next level, asked there before any new bad state, with its path to the
// bad state (carry, below). Predecessors are lifted to cubes
// with one more SAT call (the failed assumptions of "this state and these
// inputs cannot miss the target", over the target's support only), or in
// the second configuration by ternary simulation (two configurations,
// below). When a
// level's delta becomes empty during propagation, two frames are equal and
// the frames above are an inductive invariant. A clause that fails to
// propagate has a witness state whose successor may lie in the cubes of
// other clauses of the level; those are not queried again.
//
// The solvers (cnf.go). A solver holds only the cones of the literals it
// was asked about, defined on first use, over variables of its own; and
// a fanout-free tree of AND gates becomes one n-ary AND without variables
// for its inner gates (half the gates of the encoded programs). With gini,
// which assigns every variable in a model, that made a satisfiable query
// cost in proportion to the cones asked about so far (measured on the 20
// scaled programs' circuits, three slots, bopgo circuit: 0146 3.5 s to
// 0.72 s, 0148 0.39 to 0.17 s, 0262 0.32 to 0.06 s; on 0535, 0.22 ms to
// 0.16 ms per query). A query now decides only its domain, the cone of
// its own literals and the latches of the frame clauses (solver.domain;
// package sat/cone, after GipSAT), so it costs in proportion to its cone
// (the SAT solver, below).
// Tried and dropped, as they did not pay on 37 random circuits of the
// scaled generator (total time and SAT calls, 5 s each): dropping literals
// in the order of ABC's flop priorities (or the reverse; on wide local
// data too, see below), the property
// as an extra hypothesis below the top level, a SAT check that a frame
// already excludes an obligation, shrinking a clause by its core when it
// is pushed, inputs assumed first when lifting, and a six-clause encoding
// of multiplexers (4% fewer variables' worth per query, lost in noise).
//
// Wide local data (issue 21 item 4: benchmarks.LocalWorkersStepwise, n workers
// each with k local Booleans and a test-and-set lock; circuits with n+1
// slots, as bopgo export writes them ("plain"), and with Overflow bad,
// as the circuit engine runs them after plainCalls ("strong"); SAT calls,
// deterministic, as the machine was shared). Learned cubes are long here
// (ABC's invariants average 26 to 33 literals a clause); generalisation
// makes half the calls and propagation a third. Side by side with ABC's
// pdr on the exported circuit (benchmarks/localworkers.sh, CPU seconds,
// bopgo first): n,k = 4,4 2.4 / 2.0; 4,8 2.7 / 6.1; 6,4 4.9 / 5.0; 6,8
// 6.1 / 16.9; 8,4 6.1 / 4.7; 8,8 19.2 / no answer in 60 s (results in
// benchmarks/results/localworkers/base.tsv; in one run on a quieter
// machine, final.tsv: 4,4 2.3 / 1.9; 4,8 2.3 / 4.9; 6,4 3.9 / 4.0; 6,8
// 4.5 / 14.4; 8,4 5.3 / 4.5; 8,8 14.8 / 14.0). On plain 8,4 ABC learns
// 2,107 cubes in 41,636 calls, bopgo 5,743 in 111,355 (plain 4,4: ABC
// 17,022 calls, bopgo 34,090), and a call costs bopgo about 20% more.
//
// Tried on the same circuits and dropped:
//   - Dropping literals lowest priority first (the number of learned
//     cubes a latch is in, as ABC's pdr does), again. The first three
//     circuits looked good (plain 4,4 34,090 calls to 17,576, ABC's
//     count; strong 6,8 59,700 to 33,626), the whole family did not:
//     the six safe plain circuits 402,485 calls to 404,450, the six
//     strong ones 291,378 to 249,564, the twelve unsafe ones 62,842 to
//     75,290; through bopgo check --engine ic3, 267,468 to 258,296 on the
//     safe ones (4,4 27,708 to 22,504, 8,4 44,898 to 69,084, 8,8 95,253
//     to 63,353); and on the scaled programs through bopgo check (20 s)
//     it lost two answers (0050, unsafe in 3.1 s; 0517 in 18.9 s). IC3's
//     path through the frames is chaotic (a different first model, a
//     different run): one instance says little, a family more.
//   - Counterexamples to generalisation (Hassan, Bradley and Somenzi,
//     FMCAD 2013: a predecessor that defeats dropping a literal is blocked
//     one level down if it can be, up to 3 in a row, and otherwise the
//     cube keeps only the literals the predecessor agrees with). With the
//     CTG cube only core-shrunk, strong 4,4 took 72,605 calls (7,483
//     cubes) against 14,845 (902), and strong 6,8 no answer in 60 s;
//     with the CTG cube generalised too, 1 CTG in a row: 27,395 calls;
//     3: 31,593; on strong 6,8 59,994 and 82,660 calls against 59,700,
//     all slower. Fewer final cubes, but the CTGs' own generalisation
//     costs more than it saves on this family.
//   - Reusing, within one generalisation, the predecessors of failed
//     drops to refute later candidates without a query: it never fires,
//     as a predecessor outside the cube c has its successor outside c
//     too (c is inductive relative to F_k), so it refutes no candidate
//     that keeps the literal whose drop it defeated.
//   - Keeping the witness of a clause that does not propagate and, while
//     the witness is still in F_k (in no cube of level k or above),
//     skipping the clause's next propagation query: sound, and it skips
//     2,500 to 15,000 queries, but the runs it changes are no faster in
//     all (with the priority order: three circuits 69,073 calls to
//     101,859; plain 4,4 17,576 to 52,993, strong 4,4 17,871 to 13,617):
//     the solvers, without those queries' learned clauses and phases,
//     take other paths.
//   - Deleting, when a clause moves up in propagation, the clauses of
//     its old and new levels that it subsumes (ABC does): through bopgo
//     check, with the priority order, the six safe circuits 258,296 calls
//     to 256,714, noise.
//
// Tried on GuardedWorkers (the safe variants, through bopgo check --engine
// ic3, one run at a time) and dropped, 2026-11-26 (neither committed):
//   - Localization abstraction around IC3 (a package mc/loc: the latches
//     Bad reads are visible, every other latch an input of its own;
//     a spurious abstract counterexample makes more latches visible).
//     Refined by bounded model checking of the circuit to the abstract
//     trace's length with an activation literal per invisible latch
//     (proof-based), one refinement at 15 steps took 31.8 s (n=3 k=8:
//     44.5 s in all against 0.59 s). Refined by the abstract trace
//     itself (its inputs and visible latch values assumed, the failed
//     activation literals made visible), a refinement takes milliseconds
//     but adds one or two latches: n=6 k=8 took about 60 rounds, ended
//     with 67 of 123 latches visible, and its last IC3 run alone made
//     39,536 calls (3.5 s) against 36,075 (3.3 s) on the whole circuit:
//     9.1 s in all (n=3 k=8 0.93 against 0.58 s; n=4 k=4 2.70 against
//     1.72 s). A good abstraction exists (the program with its locals
//     replaced by a free branch by hand: 67 latches, 11,004 calls, 0.79 s),
//     the refinement does not find it.
//   - One IC3 run for both properties of engine/circuit (the plain one
//     for its call budget, then the one with Overflow bad, going on from
//     the frames the first left: sound, as frames over-approximate the
//     reachable states whatever Bad is). Calls, before and after: n=3
//     (k=4 and k=8) 9,952 and 17,434; n=4 k=4 22,397 and 18,225; n=6 (k=4
//     and k=8) 36,075 and 57,392; the scaled programs IC3 wins, unchanged
//     (the plain property answers within its budget), 0535 15,299 and
//     15,812, deepcount d=18 safe 132,309 and 134,247. The plain run's
//     frames have no lemmas about thread counts, and the strong run then
//     needs them at every level at once.
//
// Tried on deepcount d=18 safe (bopgo circuit --engine ic3 on its
// export, one slot: 138,965 calls, 258 frames, an invariant of 346
// clauses, where ABC's pdr needs 37,768 calls, 132 frames and 64
// clauses) and dropped, 2026-11-28 (not committed):
//   - Lemma prediction (Su, Yang and Ci, "Predicting Lemmas in
//     Generalization of IC3", DAC 2024): each clause of F_k that fails
//     to propagate keeps its counterexample's successor s'; a cube b
//     blocked at k+1 that the clause's cube c is part of first tries,
//     as the lemma, c plus one literal of b that s' falsifies (up to 4
//     candidates, one query each). Used as predicted: 221,320 calls and
//     357 frames; generalised further: 204,640 calls, 352 frames (834
//     of 4,291 lemmas predicted). Through bopgo check --engine ic3 on the
//     scaled programs (3 slots): 0535 16,408 calls to 8,178, but 0050
//     8,418 to 94,059.
//
// Uninitialised latches (readyCopy, ready.go; 2026-11-28). Why bopgo
// needed 3.5 times ABC's calls on deepcount d=18 safe: on its export (one
// slot) the 138,965 calls were 113,457 in propagation (46,853 of them
// satisfiable: clauses that stay), 11,951 in generalisation, 5,783 in
// blocking, 4,768 in pushing a new clause up, 2,648 in lifting and 358
// for bad states, over 258 frames. ABC's pdr -v has the same shape
// (37,768 calls, 69% satisfiable, 69% of its time pushing clauses, 132
// frames, 1 to 5 clauses stuck at each level as here), so the gap was
// frames times clauses per frame (200 to 350 at the top against 60 to
// 80). bopgo's invariant said why: c_i ≠ e_i was excluded once per bit
// of the program counter (bit 4 alone in 20 clauses), as the counters
// are uninitialised and a cube misses the initial states only through a
// literal that contradicts an init. ABC reads such latches as zero-
// initialised ones behind a multiplexer with a new input in the first
// step ("Converted 36 DC-valued FFs"), where c_i ∧ ¬e_i alone misses its
// initial state: bopgo's IC3, unchanged, on ABC's conversion of the same
// file (write_aiger after &put) made 34,306 calls over 127 frames (an
// invariant of 93 clauses). That conversion, built into Check first,
// took d=18 safe through bopgo check from 132,309 calls to 16,295 but
// cost elsewhere, the multiplexers being in every cone: scaled-0517
// 18,117 to 62,826, 0535 16,408 to 25,522, 0040 no answer in 30 s (10.2
// s before), guardedworkers n3 k4 10,521 to 19,996, mutex n4 k8 23,150
// to 37,685. The latch ready alone (ready ∨ m in every frame above 0,
// kept by lifting, preferred by excludeInit) leaves the circuit as it
// is: d=18's export 8,147 calls and 64 frames. Side by side with the
// commit before (bopgo check --engine ic3, 30 s, deepcount with one
// slot; SAT calls, deterministic): on the 34 safe files both answer (deepcount,
// scaled, localworkers n3-n6 k4/k8, guardedworkers n3/n4/n6, mutex n3/n4
// k8, philosophers n3 k2) 681,166 calls to 452,508, 40.1 s to 29.8 s;
// deepcount safe d=6 11,666 to 5,260, d=10 23,746 to 9,082, d=14 80,146
// to 13,517, d=18 132,309 to 23,237 (5.4 s to 1.0 s); scaled-0535 16,408
// to 8,031, philosophers n3 k2 40,076 to 18,290, localworkers n4 k4
// 24,526 to 14,980; worse: mutex n4 k8 23,150 to 30,049, guardedworkers
// n6 k8 34,711 to 44,400, localworkers n3 k4 10,486 to 13,414. Unsafe:
// deepcount d=6 42,223 to 23,906, scaled-0517 18,117 to 9,050, 0040
// 73,861 to 86,169 and, the worst ratio, 0050 8,418 to 18,374 (1.0 s to
// 1.9 s); new answers for deepcount d=10 bug (23.7 s), scaled-0180 (1.9 s;
// ABC's pdr none in 20 s) and 0423 (8.9 s); scaled-0525 has none in 30 s
// (the commit before answered once in three runs, in 25.7 s).
//
// Tried on the same day and dropped (before readyCopy, not committed):
// a level ∞ (Bradley's F_∞). After propagation, the largest subset of
// the top level's clauses inductive on its own (with the clauses already
// at ∞) moves to ∞ and is never re-proven again: one query "S ∧ T ∧ some
// clause of S broken after the step" at a time, each model dropping the
// clauses its successor breaks, attempts backing off 1, 2, 4, ... rounds
// while none promotes. On d=18's export 173 of the top's 262 clauses were
// such by round 121, and the calls went from 138,965 to 98,442, but a
// promotion query took 0.35 to 0.8 ms against 0.1 ms for a propagation
// one (time 5.3 to 6.0 s through bopgo check), and the paths it changed
// went both ways: over the 48 files both answered (deepcount, scaled,
// localworkers, guardedworkers, mutex) 705,869 calls to 703,055, 47 s to
// 57 s; d=14 safe 80,146 to 59,551, localworkers n3 k4 10,486 to 15,516,
// mutex n3 k8 19,431 to 29,624, scaled-0423 no answer to 5.1 s, and
// scaled-0050 8,418 calls (0.9 s) to no answer in 30 s (52,649 calls in
// generalisation over 30 frames; promotion itself made 106).
//
// Tried on 2026-11-29 and dropped (not committed): shrinking a lifted
// predecessor further by solving again with only the failed assumptions,
// in reverse order, up to twice while the set shrinks. On scaled-0050's
// export (bopgo circuit) ABC's pdr makes 3,844 calls and learns 277
// clauses; bopgo made 45,836 calls for 2,020 blocked cubes, whose
// obligations kept 42 of 67 latches after lifting, and with the extra
// solves 3,239 calls (0.25 s against pdr's 0.31 s). Through bopgo check
// --engine ic3 (20 s) on 62 files (the scaled programs, deepcount,
// localworkers, guardedworkers, mutex, philosophers, ticketlock and
// rwlock with 3 threads), calls where both answer 639,734 to 833,225
// (geometric mean ×1.13), 151.8 s to 188.0 s: rwlock n3 safe 53,091 to
// 13,744 and 0423 34,791 to 19,771, but 0050 itself 18,374 to 132,478,
// philosophers n3 safe 18,290 to 58,849, and 0180 lost its answer.
//
// Tried on 2026-11-29 and dropped (not committed): ternary lifting after
// the SAT lifting, as ABC's pdr lifts by ternary simulation: each latch
// of the lifted cube, in turn, set to X and simulated in three values
// over the target's cone, dropped where every target literal stays
// false. On scaled-0050's export 45,836 calls to 2,271 (0.21 s, pdr
// 0.35 s), but 0040 and 0525 still had no answer in 30 s. Through
// bopgo check --engine ic3 (20 s; benchmarks/ic3abc.sh's programs and
// 58 of the families: deepcount, localworkers, guardedworkers, mutex n4,
// and barrier, philosophers, ticketlock, rwlock, ringbuffer n3), on the
// 45 both answered the calls' geometric mean ratio was 1.000 and the
// time 61.4 s to 73.1 s: 0040 13.4 s to 6.6 s and 0050 1.80 s to 0.24
// s, level with pdr (6.4 and 0.35 s), rwlock n3 safe 53,091 calls to
// 14,134, but 0180 1.7 s to 16.7 s, 0423 8.5 s to 12.8 s, localworkers
// n6 k2 28,032 calls to 44,122; 0525 none either way. Measured again on
// 2026-11-29 (the same numbers: 0040 86,169 calls to 50,659, 0050 18,374
// to 2,327, 0180 12,067 to 101,493, 0423 34,791 to 45,635, 0517 9,050
// to 12,152), with the cubes counted: simulation drops on average 0.3
// to 1 literal of the 18 to 34 that the SAT lifting keeps, on every one
// of these circuits. It does not make obligations much larger in
// general; it sends IC3 down another path, which is better on some
// circuits and worse on others. ABC's pdr orders and re-queues
// obligations as this package does (lowest level first, newest first
// among equals; a blocked cube asked again one level up below the
// top). On 0525 pdr finds a counterexample of 66 steps at frame 16
// after 27,306 calls; bopgo's IC3 is at frame 34 after 422,503 calls in
// 90 s without one.
//
// Tried on 2026-11-29 (later) and dropped (not committed): an obligation
// whose predecessor is queued is queued again as the newest of its level,
// as ABC's pdr gives it a new priority (here it keeps its place). Through
// bopgo check --engine ic3 on the 20 scaled programs (40 s, SAT calls):
// the same on 16 of them, 0040 50,586 to 86,169, 0423 22,603 to 25,765,
// 0525 no answer either way (37,467 and 55,373 calls in 40 s).
//
// Obligations carried to the next level (carry, 2026-11-29; ABC's pdr
// has it as an option, -p, off by default). Before, an obligation blocked
// at the top level was dropped, and each new level started again from
// new bad states; a counterexample longer than the levels then had to be
// rebuilt from scratch at every level. Through bopgo check --engine ic3
// on the families and the scaled programs (222 files, 10 s each,
// benchmarks/results/ic3abc/carry-families.txt): where both answer (84
// files) the calls' geometric mean ratio is 0.917 and the time 161.9 s to 142.0 s (rwlock n3 safe
// 5.2 s to 1.0 s, tangledworkers n6 k4 safe 9.2 to 3.6 s, mutex n5 k8
// safe 5.9 to 3.5 s; worse: philosophers n3 safe 1.4 to 3.6 s, filter n3
// safe 2.0 to 5.7 s). New answer: scaled-0040 (a bug, 6.5 s); lost:
// scaled-0180 (a bug, 3.5 s, none in 40 s; ABC's pdr has none in 20 s,
// and the default finds it with the explicit engine) and sharedparity
// n3 v8 safe (5.3 s to 15.1 s). benchmarks/ic3abc.sh (20 s,
// benchmarks/results/ic3abc/carry.txt): 0040 none
// to 6.85 s (pdr 11.83 s), 0050 3.66 to 2.30 s (pdr 0.70 s), 0423 none to
// 9.54 s, 0517 2.15 to 4.39 s (pdr 13.27 s), 0535 1.91 to 4.25 s (pdr
// 10.80 s), 0525 none either way (pdr 10.71 s); 72.6 s to 68.3 s in all
// (pdr 89.0 s). pdr -p itself, on the same exports, had no answer on
// 0040 and 0525 in 20 s and took 3.2 s on 0050 (0.75 s without).
// Tried on the scaled programs and dropped: the carried
// obligations queued behind the next bad state's, as pdr -p orders them
// (0040 16.8 s, 0517 7.8 s, 0535 1.8 s, 0180 none); each carried at most
// once (0040 and 0180 none, 0050 6.2 s) or three times (0040 8.7 s,
// 0050 2.0 s, 0180 none, 0535 6.3 s). Ternary lifting (above) tried
// again on top of carrying, the same day, and dropped again: on the 222
// files (10 s) SAT calls ×0.971 where both answer but 124.9 s to 128.3 s,
// scaled-0040 and 0423 lost; benchmarks/ic3abc.sh: 0040 6.51 s to none,
// 0050 2.18 to 3.29 s, 0525 none to 16.13 s (in one run of four; pdr
// 9.98 s), 0423 none to 9.87 s.
//
// Two configurations (configs.go, 2026-11-29). Every change above helped
// some circuits and hurt others; ternary lifting, tried twice and
// dropped, is the clearest case (scaled-0050 18,374 SAT calls to 2,327,
// but scaled-0180 lost). Named alone (Options.Workers from the root:
// --engine ic3 and bopgo circuit, runtime.GOMAXPROCS cores), Check now
// runs two configurations at once: the one above (carry, lifting by a
// SAT call), and pdr's own choices, obligations blocked at the top
// dropped and predecessors lifted by ternary simulation alone (xlift: the
// model's latches in the target's cone, each set to X in turn and dropped
// where every target stays 1; no SAT call). The second was chosen as the
// first's best partner, not as the best alone: over the 87 files of the
// families and scaled programs on which IC3 makes SAT calls (10 s each,
// one configuration at a time; benchmarks/results/ic3abc/configs.txt),
// the first alone took 157.5 s, the ternary one 185.7 s, the one with
// ternary lifting after the SAT lifting 181.9 s, and the better of the
// first and either 145.9 and 143.8 s; only the ternary one also answers
// scaled-0040. Two searches at once on the 2-core machine cost each 1.05
// to 1.2 of its time alone when the machine is otherwise quiet.
//
// The answer with the fewer SAT calls wins, not the first found (race):
// with the first found, which configuration answered, and so the trace
// printed, depended on timing (the BoPPo conformance test, which compares
// a named engine's printed trace with another run's, failed on Deep1).
// A search stops as soon as it cannot win. Through bopgo check --engine
// ic3 (20 s, the commit before and this one alternating per file;
// results/ic3abc/race.txt): 86 of 89 files answered by both, two more
// by the race (scaled-0180 in 19.6 s, 0423 in 15.5 s), 213.9 s to 210.0
// s, the geometric mean of the time ratios 1.03 (1.00 over the 49 files
// of a second or more); 0050 2.12 s to 0.58 s, 0517 4.47 to 2.81 s, 0535
// 3.76 to 2.41 s, deepcount d=10 safe 1.03 to 0.55 s; worse:
// tangledworkers n6 k8 safe 3.92 to 5.20 s (4.27 to 4.29 s in the run
// before), workers n3 k0 safe 0.33 to 0.45 s, and files under 0.2 s by
// up to 0.04 s. The first found instead: 212.1 s to 190.0 s
// (race-first.txt). The SAT calls printed are both searches' (×1.78).
// Inside the default's race IC3 is one entrant on a share of the cores
// and ran the first configuration only (since 2026-11-30 another, below:
// "One configuration on one core").
//
// Tried for scaled-0525 on its export, which pdr decides in 10 s (a
// counterexample of 66 steps, 27,306 calls) and the first configuration
// alone in 68.6 s (143,091 calls), and not committed: dropping a literal
// without shrinking the cube by the core, as pdr does, with and without
// carrying and ternary lifting (none in 20 s; in 90 s, none for the
// ternary configuration or for that drop with ternary lifting after the
// SAT lifting);
// pdr's whole generalisation (literals lowest priority first, no core)
// with ternary lifting, with and without carrying: none in 30 s (0050
// 0.83 s and 6.9 s).
//
// Against pdr on the same circuits, renumbered (2026-11-29,
// benchmarks/ic3perm.sh; benchmarks/results/ic3abc/permuted.txt).
// benchmarks/ic3abc.sh runs bopgo check on the program and pdr on its
// export, which are not the same problem: on programs whose threads fit
// the slots, bopgo check's IC3 gives up the plain property after
// plainCalls calls and decides the one with Overflow bad, whose lemmas
// about thread counts are what answers 0517 and 0535 quickly, while the
// export has the plain one. And one run of either IC3 says little: the
// same circuit with its latches and inputs renumbered (ABC's permute) is
// another run. pdr answers scaled-0525's export in 10 s with its default
// SAT seed, but with 5 of 14 other seeds only (-S 1..14, 40 to 60 s;
// results/ic3abc/pdr-seeds-0525.txt) and on 1 of 8 renumbered copies in
// 40 s (renumbered-0525.txt). On the 20 scaled programs, each exported
// and renumbered three times (80 circuits per property, 20 s, no answer
// counted as 20 s), bopgo circuit against pdr on the same files:
// with Overflow bad (export --overflow-bad) level: 72 answers of 80 for
// pdr and 73 for bopgo, 306.6 s and 305.9 s; where both answer (70)
// bopgo's answering search makes 0.68 times pdr's SAT calls (geometric
// mean); pdr ahead on 0525 (1 of 4 copies against none) and 0517 (21.2 s
// against 27.3 s for all four), bopgo on 0423 (4 against 3) and 0180 (3
// against 2). With the plain property pdr is ahead: 67 answers against
// 59, 414.0 s against 494.2 s, on 0050 (4 of 4 in 11.9 s against 2) and
// 0517 (4 of 4 in 43.9 s against 1); where both answer (57), 0.77 times
// pdr's calls. A second run of the seven slow programs
// (permuted-slow.txt) agrees. So bopgo's IC3 is level with pdr on the
// problem it decides, and behind on plain circuits that carry no lemma
// about thread counts. On the plain copies of 0050 and 0517 (8 files,
// 20 s, one configuration on one core) the first configuration answers
// 1, the ternary one 3 (0050 p0 in 2,148 calls, p3 in 13,955; 0517 p2
// in 62,151), pdr all 8 (3,844 to 75,964 calls). On 0517 pdr needs
// 36,851 to 75,964 calls, as many as bopgo makes in 20 s: there the gap
// is the cost of a query, 0.17 to 0.20 ms for pdr, 0.26 to 0.34 ms for
// bopgo (gini, the per-frame solvers). The property as a
// hypothesis in every frame below the top (pdr's -o, on by default),
// tried again there: the same SAT calls on every copy answered. Tried
// on the exports and not committed: rIC3's way with an obligation
// already blocked (requeued one level above the cube that blocks it,
// instead of dropped): 0050 answered by the first configuration in 2.1
// s (none in 30 s before) but by the ternary one in 5.2 s (0.45 s
// before); 0525 and 0040 none either way. Also tried, as the ternary
// configuration with carrying alone answers 6 of those 8 plain copies:
// the pair {carry} + {carry, ternary} in place of the second
// (results/ic3abc/pair-carry-ternary.txt). Through bopgo check on the
// 87 files of configs.txt (10 s) level, 152.6 s to 152.9 s, 86 answers
// to 85 (sharedparity n3 v8 safe lost at 9.3 s); on permuted-slow.txt's
// copies, plain 10 answers of 28 to 9, Overflow bad 21 to 17 (0180 3 to
// 0), though 288.9 s to 270.3 s. Not kept.
//
// The SAT solver (package sat/cone, 2026-11-29). On the plain circuits
// pdr was ahead (above), on 0517 by the cost of a query: gini's 0.26 to
// 0.34 ms against pdr's 0.17 to 0.20. A CPU profile had 81% of the time
// in gini's Solve, propagation 45% and the decision heap 20%. GipSAT
// (Su et al., "Deeply Optimizing the SAT Solver for the IC3 Algorithm",
// the solver of rIC3) observes that an IC3 query need not decide every
// variable, only those its answer depends on. Package cone is a CDCL
// solver built for that: a query decides its domain (solver.domain: the
// cone of its literals and the frame clauses' latches), a temporary
// clause lives for one query without a variable of its own, and a
// per-frame solver holds its frame's clauses without activation literals.
// Measured step by step on scaled-0517's plain export renumbered (p1),
// one configuration (carry) on one core for 15 s, per SAT call: gini
// 308 us; cone with clauses as Go structs and a heap of the domain built
// for each query, 323 to 400 us; the first decisions in the domain's
// order, frame latches first, 357 us (5.2 conflicts a query against
// 3.2); the query's cone first, 262 us (2.5 conflicts); the clauses in
// one arena (sat/cone/clause.go), 205 us. A query's domain is 717 of
// the solver's 1,102 variables on average, and it propagates about
// 1,050 literals; propagation is then two thirds of the time, the domain
// walk (solver.domain) a tenth.
//
// Against pdr again (benchmarks/results/ic3abc/permuted-cone.txt, at
// 56bb460, the same 80 circuits per property and 20 s): plain, bopgo 68
// answers against pdr's 67, 327.6 s against 415.6 s (before: 59 answers,
// 494.2 s), and where both answer (64) 0.71 times pdr's SAT calls;
// Overflow bad, 73 against 71, 216.6 s against 305.7 s (before: 73,
// 305.9 s), 0.56 times pdr's calls (69). pdr is still ahead on plain 0040
// and 0525 (1 copy of 4 against none) and 0517 (4 against 3), bopgo on
// plain 0180 (2 against 0) and 0535 (4 against 2). Through bopgo check
// --engine ic3 on the 87 files of configs.txt (10 s, alternating;
// results/ic3abc/families-cone.txt): 85 answers either way, 147.8 s to
// 117.7 s, SAT calls 0.93 times (geometric mean, 83 files); answers gained
// on 0180 (2.8 s) and sharedparity n3 v8 safe (8.1 s), lost on 0517 (2.8
// s before; 7.7 s now, 39,523 calls against 10,783) and 0040 (7.0 s
// before; 20.2 s, 83,932 calls against 26,618), which take more calls,
// not dearer ones: IC3's path through the frames is chaotic, and a solver
// that finds other models and cores takes another path. Tried and not
// kept: VSIDS from a query's first decision (a heap of the domain for
// every query), on the plain copies of 0040, 0517 and 0180 (12 files, 20
// s, bopgo circuit): 4 answers against 5, 0517 p2 1.7 s to 14.7 s.
//
// Levels kept between queries (sat/cone/reuse.go, 2026-11-29). A query
// began by undoing the last one's assignment and propagating its own
// assumptions again, although a cube's generalisation asks one query per
// literal dropped, each beginning with the same next-state literals as
// the last. Package cone now keeps the decision levels of the assumptions
// a query shares with the last one, and assumes the temporary clause's
// activation literal last so that a new temporary clause does not cut
// them. The domain walk (solver.domain) now runs over the solver's own
// variables, each gate's definition read from kids, instead of over the
// circuit, whose absorbed gates it walked again for every query; it makes
// the same domains in the same order (the same SAT calls on every circuit
// tried). One configuration (carry) on one core, 20 s, microseconds per SAT
// call, before, with the kept levels, and with the walk too:
// scaled-0517's plain export renumbered (p1) 209, 154 and 146; scaled-0423's
// plain export 439, 370 and 369; scaled-0050's 120, 119 and 108. The
// first change also changes the path, as any change to the solver does:
// 0517 p1 was answered with 86,817 calls before and 42,537 now, 0423
// unanswered after 45,618 and answered with 31,257. Against pdr on the
// renumbered circuits (benchmarks/results/ic3abc/permuted-reuse.txt):
// plain 69 answers of 80 against pdr's 67, Overflow bad 77 against 73;
// on the five largest programs (over 2,100 AND gates) 28 of 40 against
// pdr's 22 and the 21 before. Through --engine ic3 the paths change both
// ways: on the 87 files of configs.txt 6% more calls at 6% less a call;
// on ic3abc.sh's one run per program 0040 and 0517 gained, 0180 and
// 0525 lost.
//
// One configuration on one core (2026-11-30). The comparisons above run
// bopgo circuit with two configurations on the machine's two cores,
// against pdr on one. On one core (GOMAXPROCS=1) Check runs one
// configuration, and that comparison is the one at equal CPU. On the
// seven slowest scaled programs (0040, 0050, 0180, 0423, 0517, 0525,
// 0535), each exported and renumbered as ic3perm.sh does (28 circuits
// per property, 20 s, one run at a time;
// benchmarks/results/ic3abc/onecore.txt), answers and total time (no
// answer counted 20 s):
//
//	                 plain            Overflow bad
//	pdr              15, 396.0 s      21, 277.2 s
//	{carry}          12, 426.7 s      18, 278.3 s
//	{carry, ternary} 13, 354.3 s      18, 268.1 s
//
// So on one core each configuration is behind pdr in answers on these
// programs, level in time; two at once (the race) are ahead. Over all
// 20 programs (ic3perm.sh with its one-core line, pdr in the same run;
// permuted-onecore.txt), one core against pdr: plain 66 answers of 80
// against 66, 366.9 s against 418.9 s; Overflow bad 70 against 72,
// 288.6 s against 305.9 s; 0.75 and 0.68 times pdr's SAT calls where
// both answer. Ahead or level under 2,100 AND gates, behind over it
// (plain 6 of 20 against 8, Overflow bad 10 against 12). Carrying
// with ternary lifting is the better one alone: also on the 87 files of
// configs.txt through bopgo check --engine ic3 (10 s, one core,
// onecore-families.txt) it answers 85 against 84 (scaled-0040 gained),
// in 101.7 s against 117.7 s, and where both answer with 0.92 times the
// SAT calls (geometric mean); worse there on philosophers n3 k2 safe
// (2.3 s to 3.6 s) and scaled-0517 (1.4 s to 3.3 s). It is now the
// configuration Check runs alone (configs.go: alone); the race keeps its
// pair. Tried and not committed: IC3 restarts (after 200 obligations,
// then 1.5 times as many each time, the queue and the carried obligations
// dropped and a bad state asked for again; the frames are kept). With
// {carry, ternary} on the plain copies, 14 answers in 397.1 s: 0525 on
// 2 copies of 4 (pdr 1, none before) and 0180 on 2 (none before), but
// 0423 2 (3 before) and 0050 3 (4 before); after 1,000 obligations
// instead, 13 answers in 401.9 s. Restarts take the search to
// deeper frames and drop the long obligation chains that find the other
// bugs. Also tried with {carry, ternary} and not committed: ternary
// lifting that tries first the latches in no learned cube, as ABC's pdr
// orders its flops (12 plain answers in 380.1 s; most runs made the same
// calls), and each latch's decision phase fixed to its initial value, to
// steer predecessors towards the initial states (none of 0040, 0050 p1
// or 0525 p0 answered, and 0525 p0's queries took half as long again).
// On three of these deep bugs (0180 Overflow bad p2, 0525 plain p0,
// 0525 Overflow bad p1; pdr -v) pdr finds counterexamples of 46 to 69
// steps at frames 13 to 17; on the 12 plain copies of 0040, 0180 and
// 0525, bopgo reaches 12 to 25 frames without them. Nor did IC3ref's limit on
// generalisation (give up dropping literals after 3 failed drops in a
// row) pay: 9 plain answers in 417.6 s, the proofs of 0535 lost (on
// 0050's p1 copy 6.6 generalisation calls per learned cube, and no
// answer in 20 s where {carry, ternary} answers in 4.0 s). Nor would the two configurations time-sliced on one core, by
// the runs above: 13 plain answers in 398.0 s, 18 Overflow bad in 293.6
// s.
//
// Runs are reproducible. With gini they were not where a query outlasted
// a slice: gini's Try stopped at a deadline of wall time and the query
// started again from what it had learned, so where it was cut, and the
// model or core it then found, depended on the machine's load (bopgo
// circuit on scaled-0423's export made 5,227 SAT calls in one run and
// 27,422 in the next). Two ways to keep gini and make them reproducible
// were tried on 2026-11-29 and dropped:
//   - A deadline already past (1 ns), so that gini stops at its first
//     check, after 20,000 propagations: the same run every time, and as
//     fast per call, but the cuts are far more frequent, and the runs
//     other: scaled-0040 and 0535 lost their answers in 20 s.
//   - gini's background solve, paused (never stopped) while ctx.Err() is
//     polled, as sat.Solver.SolveContext does: the same calls, but 30 to
//     45% slower.
//
// Package cone's Solve asks its Stop between conflicts and, when told to
// stop, ends the query, and with it the run: no query is cut and resumed,
// and the solver makes no choice by the clock. The same export of 0423
// now takes 20,570 answer SAT calls in every run.
//
// Naming: a cube is a sorted slice of latch literals (a conjunction); the
// clause learned from it is its negation. Levels are frame indices.
// Cubes, clauses and the System are in circuit literals; a solver maps
// them to its own (solver.lit), and activation literals are the solver's.
package ic3
