package golden

import "testing"

func TestDiff(t *testing.T) {
	got := Diff("a\nb\nc", "a\nx\nc")
	want := "  a\n+ x\n- b\n  c\n"
	if got != want {
		t.Fatalf("Diff = %q, want %q", got, want)
	}
}
