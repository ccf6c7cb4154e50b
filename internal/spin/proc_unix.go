//go:build unix

package spin

import (
	"os/exec"
	"syscall"
)

// killGroup makes cmd the leader of a new process group and makes its
// cancellation kill the whole group (gcc runs cc1 and as, pan may fork).
func killGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
