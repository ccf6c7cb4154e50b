package bench

import (
	"fmt"
	"slices"
	"strings"
)

// Config is a named way to run a program: a bopgo subcommand with its
// flags ("check --engine symbolic"), or, when Exec is set, an external
// command with its flags ("depqbf --qdo"). The program's file is appended
// as the last argument.
type Config struct {
	Name string
	Exec bool
	// Bopgo, if set, is the bopgo executable of this configuration
	// (bopgo:PATH) instead of the harness's: two builds side by side,
	// each read as bopgo (its labels, limits and JSON), which an exec:
	// configuration is not.
	Bopgo string
	Args  []string
}

// String is the configuration as ParseConfig reads it.
func (c Config) String() string {
	return c.Name + "=" + argsString(c.Exec, c.Bopgo, c.Args)
}

// argsString is a configuration's command as ParseConfig reads it.
func argsString(exec bool, bopgo string, args []string) string {
	a := strings.Join(args, " ")
	switch {
	case exec:
		return "exec:" + a
	case bopgo != "":
		return "bopgo:" + bopgo + " " + a
	}
	return a
}

// ParseConfig reads NAME=ARGS, where ARGS is a bopgo subcommand with its
// flags, bopgo:PATH and a subcommand with its flags (another bopgo
// executable), or exec:COMMAND with its flags, split at white space
// (there is no quoting).
func ParseConfig(s string) (Config, error) {
	name, rest, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return Config{}, fmt.Errorf("configuration %q: want NAME=ARGS, e.g. sym=check --engine symbolic", s)
	}
	if strings.ContainsAny(name, " \t,/") {
		return Config{}, fmt.Errorf("configuration %q: the name must not contain spaces, commas or slashes", s)
	}
	c := Config{Name: name}
	rest = strings.TrimSpace(rest)
	if cmd, ok := strings.CutPrefix(rest, "exec:"); ok {
		c.Exec, rest = true, cmd
	}
	c.Args = strings.Fields(rest)
	if bin, ok := strings.CutPrefix(rest, "bopgo:"); ok && !c.Exec {
		fields := strings.Fields(bin)
		if len(fields) == 0 || fields[0] == "" {
			return Config{}, fmt.Errorf("configuration %q: bopgo: names no executable", s)
		}
		c.Bopgo, c.Args = fields[0], fields[1:]
	}
	if len(c.Args) == 0 {
		return Config{}, fmt.Errorf("configuration %q: no command", s)
	}
	if !c.Exec && c.Args[0] == "bench" {
		return Config{}, fmt.Errorf("configuration %q: bench cannot run itself", s)
	}
	return c, nil
}

// ParseConfigs parses each configuration and rejects a name used twice.
func ParseConfigs(specs []string) ([]Config, error) {
	var cs []Config
	for _, s := range specs {
		c, err := ParseConfig(s)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(cs, func(d Config) bool { return d.Name == c.Name }) {
			return nil, fmt.Errorf("configuration name %q used twice", c.Name)
		}
		cs = append(cs, c)
	}
	return cs, nil
}

// DefaultConfigs are used when none is given: both engines of bopgo on
// Boolean programs, bopgo's QBF solver on formulas.
func DefaultConfigs() []Config {
	return []Config{
		{Name: "symbolic", Args: []string{"check", "--engine", "symbolic"}},
		{Name: "explicit", Args: []string{"check", "--engine", "explicit"}},
		{Name: "bopgo-qbf", Args: []string{"qbf"}},
	}
}

// subcommand is the bopgo subcommand, "" for an external command.
func (c Config) subcommand() string {
	if c.Exec {
		return ""
	}
	return c.Args[0]
}

// Accepts tells whether the configuration runs on programs of the kind:
// bopgo qbf on formulas, bopgo's other subcommands on Boolean programs,
// external commands on everything (give them one kind of input).
func (c Config) Accepts(k Kind) bool {
	switch c.subcommand() {
	case "":
		return true
	case "qbf":
		return k == QBF
	}
	return k == BooleanProgram
}

// speaksJSON tells whether the subcommand prints the --json result of
// docs/json.md (bopgo spin prints the same schema).
func (c Config) speaksJSON() bool {
	s := c.subcommand()
	return s == "check" || s == "spin"
}

// takesLabel tells whether the subcommand checks a label with -l.
func (c Config) takesLabel() bool {
	s := c.subcommand()
	return s == "check" || s == "boppo" || s == "spin"
}

// takesTimeout tells whether the subcommand has a --timeout flag of its
// own, which ends it gracefully (with statistics) before the harness
// kills it.
func (c Config) takesTimeout() bool {
	s := c.subcommand()
	return (s == "check" || s == "boppo" || s == "qbf") && !c.hasFlag("timeout")
}

// takesMaxMemory tells whether the subcommand has --max-memory.
func (c Config) takesMaxMemory() bool {
	return c.subcommand() == "check" && !c.hasFlag("max-memory")
}

func (c Config) hasFlag(name string) bool {
	for _, a := range c.Args {
		a = strings.TrimLeft(a, "-")
		if a == name || strings.HasPrefix(a, name+"=") {
			return true
		}
	}
	return false
}
