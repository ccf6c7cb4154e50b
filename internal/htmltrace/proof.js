"use strict";
// bopgo's page of an answer without a trace: what was proved and how it
// was checked (safe), or what was explored and what to try next
// (unknown). It claims a check only where the result's evidence says one
// ran (judge.Evidence: checked or not, in words).
function bopgoProof(D, esc) {
  const stat = (n) => (D.stats && D.stats[n]) || 0;
  const num = (v) => (Number.isInteger(v) ? v.toLocaleString("en-US") : v < 1 ? v.toPrecision(2) : v.toFixed(2));

  // explored lists the counters that say how far the search went.
  function explored() {
    const parts = [];
    const add = (name, words) => { if (stat(name) > 0) parts.push(`<li><b>${num(stat(name))}</b> ${words}</li>`); };
    add("states", "states stored");
    add("forward_bound", "threads searched exhaustively forward");
    add("thread_bound", "threads in the last search (its thread bound)");
    add("depth", "frames or unrolling depth reached");
    add("sat_calls", "SAT calls");
    add("learned_clauses", "clauses learned");
    add("seconds", "seconds");
    return parts.length ? `<h3>Explored</h3><ul id="explored">${parts.join("")}</ul>` : "";
  }

  // lineLinks makes the line numbers of a certificate's line links to the
  // source ("at lines 9, 10", "at line 8").
  const lineLinks = (s) => esc(s).replace(/\b(lines? )([0-9][0-9, ]*)/g, (_, w, ns) =>
    w + ns.replace(/[0-9]+/g, (n) => `<a class="ln" role="link" tabindex="0" data-line="${n}">${n}</a>`));

  // relevant puts first the clauses that mention a line with an
  // assertion or the checked label: those say why the property holds.
  function relevant(lines) {
    const m = /label (\S+) is unreachable/.exec(D.property || "");
    const hot = new Set();
    D.source.forEach((l, k) => { if (m ? l.includes(m[1] + ":") : /\bassert\s*\(/.test(l)) hot.add(String(k + 1)); });
    const score = (l) => ((l.match(/[0-9]+/g) || []).some((n) => hot.has(n)) && /\blines? /.test(l) ? 0 : 1);
    return lines.map((l, k) => [score(l), k, l]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
  }

  function certificate() {
    const c = D.certificate;
    if (!c) return "";
    const kind = D.engine === "counter" ? c.kind.replace(/^for any number of threads: /, "") : c.kind; // see how()
    let h = `<p class="cert">Its certificate: ${esc(kind)}, <b>${c.size}</b> ${esc(c.unit)}.</p>`;
    if (c.lines && c.lines.length) {
      const ls = D.engine === "ic3" ? relevant(c.lines) : c.lines;
      h += `<pre id="certlines">${ls.map(lineLinks).join("\n")}</pre>`;
      if (D.engine === "ic3") h += `<p class="muted">Clauses about the lines of an assertion first; a line number goes to the source.</p>`;
    }
    if (c.omitted) h += `<p>(${c.omitted} more not shown.)</p>`;
    return h;
  }

  // how says what the engine did; the counter engine's own words, "safe
  // for any number of threads", read wrongly of a program that starts a
  // fixed number of them.
  function how() {
    const ev = D.evidence, words = ev ? ev.words : D.reason || "";
    if (D.engine !== "counter") return words;
    return "it counts the threads at each place instead of naming them, so its proof holds for any number of copies of each thread, " +
      "and so for the threads this program starts" + (words.includes(": ") ? "; " + words.slice(words.indexOf(": ") + 2) : "");
  }

  function checked() {
    const ev = D.evidence;
    if (!D.checked) return `<p id="checked">This answer is a peer's (SPIN) and could not be checked: pan gives no certificate of safety.</p>`;
    if (!ev) return `<p id="checked">The result does not say how the answer was checked.</p>`;
    return ev.checked ? `<p id="checked">Checked before it was printed (${esc(ev.kind)}).</p>`
      : `<p id="checked">Not checked again (${esc(ev.kind)}): the answer trusts the engine.</p>`;
  }

  // next suggests what to try, by what stopped the check.
  function next() {
    const tips = {
      time: ["a longer <code>--timeout</code>", "another <code>--engine</code> (<code>ic3</code> for large state spaces, <code>counter</code> for many identical threads)",
        "<code>--engine explicit --contexts K</code>: only executions with at most K context switches (a bug found is real; none found proves nothing)"],
      memory: ["a larger <code>--max-memory</code>", "<code>--engine ic3</code>, which stores clauses instead of states", "<code>--engine explicit --contexts K</code>"],
      states: ["a larger <code>--max-states</code>", "<code>--engine ic3</code>", "<code>--engine explicit --contexts K</code>"],
      threads: ["a larger <code>--max-threads</code>", "<code>--engine counter</code>, for any number of threads"],
      depth: ["a larger <code>--max-depth</code>", "<code>--engine symbolic</code> or <code>explicit</code>, which need no depth"],
      choices: ["<code>--engine symbolic</code> or <code>ic3</code>, which keep choices as formulas"],
      contexts: ["a larger <code>--contexts</code>", "no bound: every interleaving (drop <code>--contexts</code>)"],
      rounds: ["a larger <code>--rounds</code>", "no bound: every interleaving (drop <code>--rounds</code>)"],
    };
    const list = tips[D.limit] || [...tips.time, tips.memory[0]];
    return `<h3>What to try next</h3><ul id="next">${list.map((t) => `<li>${t}</li>`).join("")}</ul>`;
  }

  if (D.verdict === "safe") {
    return `<h2>What was proved</h2><p>No execution violates the property: <b>${esc(D.property || "")}</b>.</p>` +
      `<p id="how">Engine <b>${esc(D.engine || "?")}</b>${how() ? ": " + esc(how()) : ""}.</p>` + checked() + explored() + certificate();
  }
  if (D.verdict === "error") return `<h2>The program could not be read</h2><pre>${(D.errors || []).map(esc).join("\n")}</pre>`;
  let h = `<h2>No answer</h2><p id="why">${esc(D.reason || "no reason given")}${D.limit ? " (limit: " + esc(D.limit) + ")" : ""}.</p>`;
  if (D.verdict === "unsafe") return h + "<p>This answer has no trace to draw.</p>";
  return h + explored() + next();
}
