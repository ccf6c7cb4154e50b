//go:build unix

package bench

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
)

// inOwnGroup makes the child lead a process group of its own, so that the
// harness can kill it together with whatever it started (SPIN's compiler
// and pan, a solver's helpers).
func inOwnGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the child's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// maxRSS is the peak resident size of the child and of the descendants it
// waited for, from its rusage (kilobytes on Linux, bytes on macOS).
func maxRSS(st *os.ProcessState) uint64 {
	ru, ok := st.SysUsage().(*syscall.Rusage)
	if !ok || ru.Maxrss <= 0 {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return uint64(ru.Maxrss)
	}
	return uint64(ru.Maxrss) * 1024
}

// groupRSS is the resident size of every live process in the child's
// group, summed, read from /proc (0 where there is no /proc: the memory
// limit is then only the one bopgo children enforce themselves).
func groupRSS(cmd *exec.Cmd) uint64 {
	if cmd.Process == nil {
		return 0
	}
	pgid := cmd.Process.Pid
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var total uint64
	for _, name := range stats {
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		// Fields after the command name, which is in parentheses and may
		// hold spaces: state ppid pgrp ... with rss the 22nd of them.
		s := string(data)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) < 22 {
			continue
		}
		if g, err := strconv.Atoi(f[2]); err != nil || g != pgid {
			continue
		}
		if pages, err := strconv.ParseUint(f[21], 10, 64); err == nil {
			total += pages * uint64(os.Getpagesize())
		}
	}
	return total
}
