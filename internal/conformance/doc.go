// Package conformance reads BoPPo's regression suite (testdata/boppo at the
// repository root): each program with its BoPPo options and expected
// verdict, for the tests of every package.
package conformance
