// Package gen generates random small concurrent Boolean programs for
// differential testing: every engine must agree with the explicit one on
// all of them. A program is a function of its seed, so a failure message
// that names the seed reproduces it.
package gen
