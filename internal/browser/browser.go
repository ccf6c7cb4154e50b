package browser

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Find returns the Chromium to run: $BOPGO_CHROMIUM, else the first of
// chromium, chromium-browser and google-chrome on PATH.
func Find() (string, bool) {
	if p := os.Getenv("BOPGO_CHROMIUM"); p != "" {
		return p, true
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, true
		}
	}
	return "", false
}

// Browser is a running headless Chromium.
type Browser struct {
	cmd     *exec.Cmd
	profile string
	out     *os.File // our end of the child's fd 3 (it reads commands)
	mu      sync.Mutex
	next    int
	waiting map[int]chan message
	events  []chan message
	dead    chan struct{} // closed when the child's fd 4 closes
	err     error         // why, once dead is closed
}

// message is a DevTools message: a command's response (ID) or an event
// (Method).
type message struct {
	ID        int             `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// Start runs Chromium headless with a fresh profile, the network off
// for everything but the pages it is given, and a window of the size
// given in CSS pixels.
func Start(path string, width, height int) (*Browser, error) {
	profile, err := os.MkdirTemp("", "bopgo-chromium-")
	if err != nil {
		return nil, err
	}
	toChild, ours, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	theirs, fromChild, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
		"--user-data-dir="+profile, fmt.Sprintf("--window-size=%d,%d", width, height),
		"--remote-debugging-pipe", "about:blank")
	cmd.ExtraFiles = []*os.File{toChild, fromChild} // fds 3 and 4
	if err := cmd.Start(); err != nil {
		os.RemoveAll(profile)
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	toChild.Close()
	fromChild.Close()
	b := &Browser{cmd: cmd, profile: profile, out: ours, waiting: map[int]chan message{}, dead: make(chan struct{})}
	go b.read(theirs)
	return b, nil
}

// read dispatches the child's messages until its pipe closes.
func (b *Browser) read(in *os.File) {
	r := bufio.NewReaderSize(in, 1<<20)
	for {
		raw, err := r.ReadBytes(0)
		if err != nil {
			b.mu.Lock()
			b.err = fmt.Errorf("the browser's pipe: %w", err)
			b.mu.Unlock()
			close(b.dead)
			in.Close()
			return
		}
		var m message
		if json.Unmarshal(raw[:len(raw)-1], &m) != nil {
			continue
		}
		b.mu.Lock()
		if m.ID != 0 {
			if ch := b.waiting[m.ID]; ch != nil {
				ch <- m
				delete(b.waiting, m.ID)
			}
		} else {
			for _, ch := range b.events {
				select {
				case ch <- m:
				default: // a listener that does not keep up misses events it did not wait for
				}
			}
		}
		b.mu.Unlock()
	}
}

// call sends a command (to a page's session, or to the browser when
// session is empty) and decodes its result into out (if not nil).
func (b *Browser) call(ctx context.Context, session, method string, params, out any) error {
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	ch := make(chan message, 1)
	b.mu.Lock()
	b.next++
	id := b.next
	b.waiting[id] = ch
	b.mu.Unlock()
	msg, _ := json.Marshal(message{ID: id, SessionID: session, Method: method, Params: p})
	if _, err := b.out.Write(append(msg, 0)); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("%s: %s (%d)", method, m.Error.Message, m.Error.Code)
		}
		if out != nil {
			return json.Unmarshal(m.Result, out)
		}
		return nil
	case <-b.dead:
		return fmt.Errorf("%s: %w", method, b.err)
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// listen returns a channel of the events from now on, and a function
// that stops them.
func (b *Browser) listen() (chan message, func()) {
	ch := make(chan message, 256)
	b.mu.Lock()
	b.events = append(b.events, ch)
	b.mu.Unlock()
	return ch, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		for i, c := range b.events {
			if c == ch {
				b.events = append(b.events[:i], b.events[i+1:]...)
				return
			}
		}
	}
}

// Page is a tab.
type Page struct {
	b       *Browser
	session string
	target  string
}

// Open opens url in a new tab of the given size (CSS pixels) and waits
// for its load event.
func (b *Browser) Open(ctx context.Context, url string, width, height int) (*Page, error) {
	var target struct{ TargetID string }
	if err := b.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		return nil, err
	}
	var att struct{ SessionID string }
	if err := b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &att); err != nil {
		return nil, err
	}
	p := &Page{b: b, session: att.SessionID, target: target.TargetID}
	if err := p.call(ctx, "Page.enable", nil, nil); err != nil {
		return nil, err
	}
	if err := p.call(ctx, "Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		return nil, err
	}
	events, stop := b.listen()
	defer stop()
	var nav struct{ ErrorText string }
	if err := p.call(ctx, "Page.navigate", map[string]any{"url": url}, &nav); err != nil {
		return nil, err
	}
	if nav.ErrorText != "" {
		return nil, fmt.Errorf("opening %s: %s", url, nav.ErrorText)
	}
	for {
		select {
		case m := <-events:
			if m.SessionID == p.session && m.Method == "Page.loadEventFired" {
				return p, nil
			}
		case <-b.dead:
			return nil, b.err
		case <-ctx.Done():
			return nil, fmt.Errorf("opening %s: %w", url, ctx.Err())
		}
	}
}

// Close closes the tab; the browser stays, for other pages.
func (p *Page) Close(ctx context.Context) error {
	return p.b.call(ctx, "", "Target.closeTarget", map[string]any{"targetId": p.target}, nil)
}

func (p *Page) call(ctx context.Context, method string, params, out any) error {
	if params == nil {
		params = struct{}{}
	}
	return p.b.call(ctx, p.session, method, params, out)
}

// Eval evaluates a JavaScript expression in the page (awaiting it if it
// is a promise) and decodes its value, as JSON, into out (if not nil).
func (p *Page) Eval(ctx context.Context, expr string, out any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception *struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	err := p.call(ctx, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r)
	if err != nil {
		return err
	}
	if e := r.ExceptionDetails; e != nil {
		msg := e.Text
		if e.Exception != nil {
			msg = e.Exception.Description
		}
		return fmt.Errorf("evaluating %q: %s", abbrev(expr), msg)
	}
	if out == nil {
		return nil
	}
	if len(r.Result.Value) == 0 {
		return fmt.Errorf("evaluating %q: no value", abbrev(expr))
	}
	return json.Unmarshal(r.Result.Value, out)
}

// Key presses and releases a key, named as KeyboardEvent.key names it
// ("ArrowDown", "End", "j").
func (p *Page) Key(ctx context.Context, key string) error {
	params := map[string]any{"key": key, "code": key}
	if code, ok := keyCodes[key]; ok {
		params["windowsVirtualKeyCode"] = code
	} else if len(key) == 1 {
		params["text"] = key
		params["code"] = "Key" + strings.ToUpper(key)
		params["windowsVirtualKeyCode"] = int(strings.ToUpper(key)[0])
	}
	for _, typ := range []string{"keyDown", "keyUp"} {
		params["type"] = typ
		if err := p.call(ctx, "Input.dispatchKeyEvent", params, nil); err != nil {
			return err
		}
	}
	return nil
}

var keyCodes = map[string]int{"ArrowUp": 38, "ArrowDown": 40, "Home": 36, "End": 35, "PageUp": 33, "PageDown": 34, "Escape": 27, "Enter": 13}

// Screenshot returns a PNG of the page's viewport.
func (p *Page) Screenshot(ctx context.Context) ([]byte, error) {
	var r struct{ Data string }
	if err := p.call(ctx, "Page.captureScreenshot", map[string]any{"format": "png"}, &r); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}

// Close ends the browser and removes its profile.
func (b *Browser) Close() error {
	b.out.Close() // Chromium exits when its command pipe closes
	done := make(chan error, 1)
	go func() { done <- b.cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(5 * time.Second):
		b.cmd.Process.Kill()
		err = <-done
	}
	os.RemoveAll(b.profile)
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		err = nil // killed or exited non-zero on its way out: nothing to report
	}
	return err
}

func abbrev(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
