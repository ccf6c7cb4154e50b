// Package cli holds what bopgo's subcommands share on the command line.
package cli
