//go:build !unix

package spin

import "os/exec"

// killGroup: without process groups, cancellation kills the process only.
func killGroup(cmd *exec.Cmd) {}
