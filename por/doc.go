// Package por is the static side of partial-order reduction: what every
// step of a lowered program reads and writes, whether the property can see
// it, and what a thread can still do from each pc (its future). The search
// uses these to pick an ample thread: one whose next step is independent of
// every step the other threads can take before it, invisible, and enabled.
//
// Why futures and not current steps: BoPPo's shipped reduction compared a
// thread's next step with the other threads' next steps only, and so missed
// bugs that need another thread's later write (docs/design.md: t1 asserts
// !g, t2 sets h then g). Comparing with everything the other threads can
// still do is the standard sound condition (C1 of ample sets).
//
// Conservative rules, each with its reason:
//   - atomic_begin/atomic_end decide who may run: dependent with every step
//     of every other thread.
//   - Thread start and end change the number of live threads, which the
//     thread bound counts: dependent with each other across threads.
//   - Steps that can block (assume, a constrained assignment) are marked,
//     because an ample step must be enabled in every state of a symbolic
//     state, which the search checks.
//   - Assertions and labelled targets are visible.
//   - A broadcast (x$) writes every other thread's locals, and its passive
//     conjuncts read them: it is never ample, and no step is independent
//     of a thread whose future holds a broadcast (a sound start; a finer
//     rule would compare the locals it touches).
package por
