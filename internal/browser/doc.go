// Package browser drives a headless Chromium for tests of the pages bopgo
// writes (internal/htmltrace): open a file, evaluate JavaScript in it,
// press keys, take a screenshot.
//
// It speaks the DevTools protocol over --remote-debugging-pipe (messages
// of JSON, each ended by a NUL byte, on the child's file descriptors 3
// and 4) rather than through a client library: the five commands the
// tests need are a few lines each, and a pipe needs no port, no
// WebSocket and no dependency. Chromium is found on PATH (chromium,
// chromium-browser, google-chrome) or named by $BOPGO_CHROMIUM; tests
// skip, saying so, when there is none.
//
// Every call takes a context and fails when it ends; a Page's Close
// closes its tab, the Browser's kills the browser and removes its
// profile directory (one browser can serve many tests, a tab each).
package browser
