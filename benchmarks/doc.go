// Package benchmarks holds bopgo's benchmark material: the corpus of real
// Boolean programs (corpus/, with the licences of their sources and
// MANIFEST.tsv giving each file's origin and expected verdict) and the code
// to read it.
package benchmarks
