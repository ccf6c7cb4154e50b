//go:build !unix

package bench

import (
	"os"
	"os/exec"
)

// Without process groups the harness kills the child only, and without
// /proc or rusage it measures no memory.

func inOwnGroup(*exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

func maxRSS(*os.ProcessState) uint64 { return 0 }

func groupRSS(*exec.Cmd) uint64 { return 0 }
