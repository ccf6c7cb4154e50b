// Package golden compares test output with golden files kept in testdata.
// Run the tests with -update to rewrite the files after a deliberate
// change, then review the diff in version control.
package golden
