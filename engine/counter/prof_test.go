package counter

import (
	"os"
	"testing"

	"github.com/bopgo/bopgo/tts"
)

func TestProfileOne(t *testing.T) {
	path := os.Getenv("COUNTER_PROFILE")
	if path == "" {
		t.Skip()
	}
	f, _ := os.Open(path)
	sys, err := tts.Read(path, f)
	if err != nil {
		t.Fatal(err)
	}
	init, _ := tts.ParseState("0|0")
	pf, _ := os.Open(path[:len(path)-4] + ".prop")
	target, _ := tts.ReadState(pf)
	res, err := Check(t.Context(), sys, Options{Init: init, Target: target})
	t.Log(res.Verdict, res.Stats, err)
}

func TestProfileCheck(t *testing.T) {
	path := os.Getenv("COUNTER_PROFILE_CERT")
	if path == "" {
		t.Skip()
	}
	f, _ := os.Open(path)
	sys, _ := tts.Read(path, f)
	init, _ := tts.ParseState("0|0")
	pf, _ := os.Open(path[:len(path)-4] + ".prop")
	target, _ := tts.ReadState(pf)
	res, _ := Check(t.Context(), sys, Options{Init: init, Target: target})
	certCheckHook(t, sys, Options{Init: init, Target: target}, res)
}
