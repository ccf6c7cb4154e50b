// Package syntax is the source language of Boolean programs: tokens,
// positions, the scanner, the abstract syntax tree, the parser, the
// semantic checker and the diagnostics they report, for both dialects.
//
// The dialect is BoPPo's, as written by SatAbs and SLAM-style tools; see
// DESIGN.md in the repository for the grammar and semantics. Getafix's
// concurrent dialect shares the grammar but for the precedence of its
// operators (ParseGetafix, parser_getafix.go) and has rules of its own
// (getafix_check.go); Recognise tells the dialect of a file from its shape
// (dialect.go).
//
// Layering, one way only: token.go < scanner.go < ast.go < parser*.go <
// check*.go. The package knows nothing of what a program does: package bp
// lowers a checked file (the Info that Check returns, every name resolved)
// to the control-flow program the engines run, and imports this package,
// never the reverse (deps_test.go at the root enforces it).
//
// Positions are one small integer (Pos, a byte offset plus one) resolved
// to file:line:col through a File only when printed.
//
// Errors are collected, never thrown: Parse returns a partial tree and an
// ErrorList sorted by position, Check every violation it finds. Nothing
// in this package panics on user input; bp's FuzzLoad keeps it that way.
package syntax
