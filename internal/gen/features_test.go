package gen

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bopgo/bopgo/bp"
	"github.com/bopgo/bopgo/bp/syntax"
)

// TestFullProgramsLoad: every program of the configurations with every
// dimension on is accepted by the front end, so are the recursive ones
// that start threads with arguments, and Getafix's are read in
// Getafix's dialect with its property, SLIC_ERROR.
func TestFullProgramsLoad(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		cfg  Config
	}{{"full", Full}, {"tiny-full", TinyFull}, {"broadcast-full", FullBroadcast}} {
		for seed := int64(0); seed < 300; seed++ {
			src := Program(seed, c.cfg)
			p, err := bp.Load("gen.bp", []byte(src))
			require.NoError(t, err, "%s seed %d:\n%s", c.name, seed, src)
			require.NoError(t, p.Validate(), "%s seed %d", c.name, seed)
		}
	}
	for seed := int64(0); seed < 300; seed++ {
		src := Recursive(seed, SpawningRecursive)
		_, err := bp.Load("gen.bp", []byte(src))
		require.NoError(t, err, "spawning-recursive seed %d:\n%s", seed, src)
	}
	for _, cfg := range []GetafixConfig{SmallGetafix, TinyGetafix} {
		for seed := int64(0); seed < 300; seed++ {
			src := Getafix(seed, cfg)
			p, err := bp.Load("gen.bp", []byte(src))
			require.NoError(t, err, "getafix seed %d:\n%s", seed, src)
			require.Equal(t, syntax.DialectGetafix, p.Dialect, "getafix seed %d", seed)
			if strings.Contains(src, "SLIC_ERROR:") {
				require.Equal(t, "SLIC_ERROR", p.DefaultLabel, "getafix seed %d", seed)
			} else {
				require.Empty(t, p.DefaultLabel, "getafix seed %d: no SLIC_ERROR, the assertions are the property", seed)
			}
		}
	}
}

// TestEveryDimensionAppears: each feature a dimension is for is in a fair
// share of the programs of Full (FullBroadcast and Getafix for theirs),
// so that the tests that run them test it. A feature is recognised in the
// lowered program where it has a mark there, else in the text.
func TestEveryDimensionAppears(t *testing.T) {
	t.Parallel()
	const n = 200
	text := map[string]*regexp.Regexp{
		"start with arguments":          regexp.MustCompile(`start_thread t\d\([^)]`),
		"ASYNC_n with arguments":        regexp.MustCompile(`ASYNC_\d+: t\d\([^)]`),
		"start in a while loop":         regexp.MustCompile(`while .* do start_thread`),
		"start in a backward goto loop": regexp.MustCompile(`(?m)^\s*(\w+): (start_thread|ASYNC_\d+:) .*\n\s*(if .* then )?goto (\w+, )?\w+`),
		"start under an if":             regexp.MustCompile(`if .* then (start_thread|ASYNC_\d+:)`),
		"start in an atomic section":    regexp.MustCompile(`atomic_begin;\n(.*\n)?\s*start_thread`),
		"a constant argument":           regexp.MustCompile(`t\d\((.*, )?[TF01][,)]`),
		"a non-deterministic argument":  regexp.MustCompile(`t\d\((.*, )?\*[,)]`),
		"end_thread in the middle":      regexp.MustCompile(`then end_thread; fi`),
		"global initialisers":           regexp.MustCompile(`(?m)^decl .*g\d := [*TF01]`),
		"local initialisers":            regexp.MustCompile(`(?m)^  decl \w+_l\d := `),
		"decl in the middle":            regexp.MustCompile(`decl \w+_d\d`),
		"enforce":                       regexp.MustCompile(`enforce `),
		"abortif":                       regexp.MustCompile(`abortif `),
		"goto L1, L2":                   regexp.MustCompile(`goto \w+, \w+;`),
		"elsif":                         regexp.MustCompile(`elsif `),
		"return in the middle":          regexp.MustCompile(`then return`),
		"bool<N>":                       regexp.MustCompile(`bool<[23]> h`),
		"a result dropped":              regexp.MustCompile(`_(, \w+)* := h\d`),
		"several labels":                regexp.MustCompile(`\w+_L\d+: \w+_L\d+: `),
		"a thread of type bool":         regexp.MustCompile(`bool t\d\(`),
		"a helper started as a thread":  regexp.MustCompile(`(start_thread|ASYNC_\d+:) h\d\(`),
		"a helper calling a helper":     regexp.MustCompile(`(?s)bool(<\d>)? h1\(.*h0\(.*void t0`),
		"dead":                          regexp.MustCompile(`dead `),
		"schoose":                       regexp.MustCompile(`schoose\[`),
		"=>":                            regexp.MustCompile(`=>`),
		"constrain with primes":         regexp.MustCompile(`constrain .*'`),
	}
	lowered := map[string]func(p *bp.Program) bool{
		"a thread started by a thread": func(p *bp.Program) bool {
			for _, proc := range p.Procs[1:] {
				for i := range proc.Steps {
					if st := &proc.Steps[i]; st.Kind == bp.Spawn && !st.CopyLocals {
						return true
					}
				}
			}
			return false
		},
		"start_thread goto": func(p *bp.Program) bool {
			for _, proc := range p.Procs {
				for i := range proc.Steps {
					if st := &proc.Steps[i]; st.Kind == bp.Spawn && st.CopyLocals {
						return true
					}
				}
			}
			return false
		},
		"threads without bound":    func(p *bp.Program) bool { _, bounded := p.MaxThreads(); return !bounded },
		"thread-locals":            func(p *bp.Program) bool { return len(p.ThreadLocals) > 0 },
		"a Target label":           func(p *bp.Program) bool { return len(p.FindLabel(Target)) > 0 },
		"Target in a started copy": func(p *bp.Program) bool { return len(p.FindLabel(Target)) > 1 },
	}
	count := map[string]int{}
	for seed := int64(0); seed < n; seed++ {
		src := Program(seed, Full)
		for name, re := range text {
			if re.MatchString(src) {
				count[name]++
			}
		}
		p, err := bp.Load("gen.bp", []byte(src))
		require.NoError(t, err, "seed %d", seed)
		for name, has := range lowered {
			if has(p) {
				count[name]++
			}
		}
	}
	getafix := map[string]*regexp.Regexp{
		"Getafix: super_atomic first":           regexp.MustCompile(`decl super_atomic, atomic`),
		"Getafix: schoose[e, T] assigned":       regexp.MustCompile(`:= schoose\[\w+, T\];`),
		"Getafix: constrain(e)":                 regexp.MustCompile(`(?m)^\s*constrain\(`),
		"Getafix: SLIC_ERROR past endinit":      regexp.MustCompile(`endinit: skip;\n.*SLIC_ERROR`),
		"Getafix: init running on past endinit": regexp.MustCompile(`endinit: skip;\n\s+\S`),
	}
	broadcasts, errors := 0, 0
	for seed := int64(0); seed < n; seed++ {
		if p, err := bp.Load("gen.bp", []byte(Program(seed, FullBroadcast))); err == nil && p.HasBroadcasts() && len(p.FindLabel(Target)) > 0 {
			broadcasts++
		}
		src := Getafix(seed, SmallGetafix)
		if regexp.MustCompile(`atomic := T;(.|\n)*SLIC_ERROR`).MatchString(src) {
			errors++
		}
		for name, re := range getafix {
			if re.MatchString(src) {
				count[name]++
			}
		}
	}
	for name := range getafix {
		require.Greater(t, count[name], n/50, "%s: in %d of %d programs", name, count[name], n)
	}
	count["broadcasts with a Target label"], count["SLIC_ERROR after an atomic section"] = broadcasts, errors
	for name := range text {
		require.Greater(t, count[name], n/50, "%s: in %d of %d programs", name, count[name], n)
	}
	for name := range lowered {
		require.Greater(t, count[name], n/50, "%s: in %d of %d programs", name, count[name], n)
	}
	require.Greater(t, broadcasts, n/10, "broadcasts with a Target label")
	require.Greater(t, errors, n/10, "SLIC_ERROR after an atomic section")
}
