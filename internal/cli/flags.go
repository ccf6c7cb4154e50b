package cli

import "flag"

// ParseInterleaved parses flags wherever they appear among the arguments,
// so that `bopgo check prog.bp --json` works as well as the usual order,
// and returns the positional arguments; after "--" everything is
// positional.
func ParseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for i, a := range args {
		if a == "--" {
			args, rest = args[:i], args[i+1:]
			break
		}
	}
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
	return append(positional, rest...), nil
}
