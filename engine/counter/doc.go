// Package counter is the counter engine of the root package's table: a
// Boolean program as a thread-transition system (FromProgram), decided
// for any number of threads by tts/cover.
package counter
