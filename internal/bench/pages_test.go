package bench

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The record keeps what a bopgo check answer rests on (docs/json.md):
// the evidence's kind, whether it was checked (not for a peer's safe
// marked unchecked), and the certificate's kind.
func TestInterpretEvidence(t *testing.T) {
	check := Config{Name: "c", Args: []string{"check"}}
	for _, tc := range []struct {
		stdout string
		want   Record
	}{
		{`{"verdict": "safe", "engine": "ic3", "evidence": {"kind": "inductive invariant", "checked": true}, "certificate": {"kind": "an inductive invariant", "size": 3}}`,
			Record{Verdict: Safe, Engine: "ic3", Evidence: "inductive invariant", Checked: true, Certificate: "an inductive invariant"}},
		{`{"verdict": "safe", "engine": "explicit", "evidence": {"kind": "search", "checked": false}}`,
			Record{Verdict: Safe, Engine: "explicit", Evidence: "search"}},
		{`{"verdict": "safe", "engine": "spin", "unchecked": true, "evidence": {"kind": "peer", "checked": true}}`,
			Record{Verdict: Safe, Engine: "spin", Evidence: "peer"}},
		{`{"verdict": "safe", "engine": "symbolic"}`, Record{Verdict: Safe, Engine: "symbolic"}},
	} {
		var rec Record
		interpret(&rec, check, []byte(tc.stdout), "", nil)
		assert.Equal(t, tc.want, rec, tc.stdout)
	}
}

// Of two configurations that proved a program safe, the page is drawn by
// the one whose answer came with a certificate, though it was slower;
// between equals, by the quicker.
func TestPageBeforePrefersACertificate(t *testing.T) {
	rec := func(config string, secs float64) Record {
		return Record{Program: "p.bp", Config: config, Args: []string{"check"}, Verdict: Safe, Seconds: secs}
	}
	fast, proved := rec("explicit", 0.1), rec("ic3", 2)
	fast.Evidence = "search"
	proved.Evidence, proved.Checked, proved.Certificate = "inductive invariant", true, "an inductive invariant"
	assert.True(t, pageBefore(proved, fast))
	assert.False(t, pageBefore(fast, proved))

	checked := rec("kind", 1)
	checked.Evidence, checked.Checked = "k-induction", true
	assert.True(t, pageBefore(checked, fast), "checked evidence over an unchecked search")
	assert.True(t, pageBefore(proved, checked), "a certificate over evidence without one")

	slow := rec("slow", 3)
	slow.Evidence, slow.Checked, slow.Certificate = proved.Evidence, true, proved.Certificate
	assert.True(t, pageBefore(proved, slow), "between equals, the quicker")
	assert.False(t, pageBefore(slow, proved))
}
