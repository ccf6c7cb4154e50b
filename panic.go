package bopgo

import (
	"fmt"
	"runtime/debug"
)

// PanicError is an engine's panic turned into an internal error: a bug in
// bopgo, never a verdict. In the portfolio the other engines race on, as
// they do when an answer fails its check; RaceEntry.Stack and --stats
// show where it happened.
type PanicError struct {
	Engine Engine
	Value  any    // what the engine panicked with
	Stack  string // the goroutine's stack at the panic
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("%v in the %s engine: panic: %v", ErrInternal, e.Engine, e.Value)
}

// Unwrap makes a panic an ErrInternal for errors.Is.
func (e *PanicError) Unwrap() error { return ErrInternal }

// recovered turns a panic in progress into a *PanicError of engine name
// in *err; it must be deferred directly.
func recovered(name Engine, err *error) {
	if r := recover(); r != nil {
		*err = &PanicError{Engine: name, Value: r, Stack: string(debug.Stack())}
	}
}
