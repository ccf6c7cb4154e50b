"use strict";
// bopgo's counterexample page. DATA (model.go) holds the result; this
// script draws it: only the rows in view are in the DOM (a spacer as
// high as every row keeps the scroll bar true), so a long trace costs
// what a short one does.
(function () {
  const D = DATA, S = D.steps, N = D.names, ROW = 22, last = S.length - 1;
  const $ = (id) => document.getElementById(id);
  const LINE = 16; // a source line's height in pixels
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  // Twelve colours apart in hue and lightness (Kelly's), none the
  // failing red: lanes side by side stay apart up to twelve threads.
  const COLORS = ["#0067a5", "#f38400", "#008856", "#875692", "#00a0b0", "#882d17", "#8db600", "#e68fac", "#848482", "#2b3d26", "#c2b280", "#b3446c"];
  const color = (id) => COLORS[id % COLORS.length];
  const byId = new Map(D.threads.map((t) => [t.id, t]));
  const tname = (id) => (byId.has(id) ? byId.get(id).name : "thread " + id);
  const ttag = (id) => (byId.has(id) ? byId.get(id).tag : "T" + id);
  const tlabel = (id) => `<b style="color:${color(id)}">${esc(ttag(id))}</b>${ttag(id) === tname(id) ? "" : " " + esc(tname(id))}`;
  const viol = D.violation;
  // The failing row: the failing assertion, or the label reached after
  // the last step (a row of its own, model.go's labelRow).
  const failStep = D.fail, failLine = viol ? viol.line : 0;
  const nsteps = failStep >= 0 && S[failStep].r ? S.length - 1 : S.length;
  const synthetic = S.some((s) => s.y);

  const words = { unsafe: "VERIFICATION FAILED", safe: "VERIFICATION SUCCESSFUL", unknown: "VERIFICATION UNKNOWN", error: "BAD INPUT" };
  $("verdict").textContent = words[D.verdict] || D.verdict;
  $("file").textContent = D.file;

  if (S.length === 0) {
    drawSource();
    $("controls").hidden = true;
    $("detail").hidden = true;
    $("summary").textContent = [D.property, D.engine && "engine " + D.engine].filter(Boolean).join(" · ");
    $("trace").innerHTML = `<div id="proof">${bopgoProof(D, esc)}</div>`;
    document.body.classList.add("showsrc"); // a narrow window still shows the lines the proof names
    linkLines($("proof"));
    performance.mark("bopgo-drawn");
    return;
  }

  let sum = `<span id="nsteps">${nsteps}</span> steps over <span id="nthreads">${D.threads.length}</span> thread${D.threads.length === 1 ? "" : "s"}`;
  if (viol) {
    const at = `<a id="failat" role="link" tabindex="0" title="go to the failing step">line ${viol.line}</a>`; // the failing line may be off screen
    sum += viol.kind === "assertion"
      ? ` · ${tlabel(viol.thread)} fails <code>${esc(viol.statement)}</code> at ${at}`
      : ` · ${tlabel(viol.thread)} reaches label ${esc(viol.label)} at ${at}`;
  }
  sum += ` · ${esc(D.property || "")} · engine ${esc(D.engine || "?")}`;
  $("summary").innerHTML = sum;
  if (viol) $("failat").addEventListener("click", (e) => { e.preventDefault(); go(failStep); });

  const scroller = $("scroller"), spacer = $("spacer"), head = $("lanehead");
  let cur = 0, varq = "", collapse = S.length > 300, stateOpen = false, showSyn = false, every = true;
  const hidden = new Set(), expanded = new Set();
  let vis = [], items = [], lanes = [], laneW = 0, laneX = new Map(), lanesW = 0;
  const itemOf = new Int32Array(S.length);
  let drawnFrom = -1, drawnTo = -1;
  $("controls").hidden = false;
  $("collapse").checked = collapse;
  // Getafix's translation adds steps of its own (yields, the threads'
  // start): folded away unless asked for.
  $("synlabel").hidden = !synthetic;
  $("syn").addEventListener("change", (e) => { showSyn = e.target.checked; refilter(); });
  $("showsrc").addEventListener("click", () => { document.body.classList.toggle("showsrc"); markSource(); });

  // The thread filter: a chip per thread.
  $("threadfilter").innerHTML = "threads: " + D.threads.map((t) =>
    `<span class="chip" data-t="${t.id}" style="color:${color(t.id)}" title="${esc(t.name)}: ${t.steps} steps">${esc(t.tag)}</span>`).join("");
  $("threadfilter").addEventListener("click", (e) => {
    const c = e.target.closest(".chip");
    if (!c) return;
    const id = +c.dataset.t;
    if (hidden.has(id)) hidden.delete(id);
    else if (hidden.size < D.threads.length - 1) hidden.add(id);
    refilter();
  });
  $("threadfilter").addEventListener("dblclick", (e) => {
    const c = e.target.closest(".chip");
    if (!c) return;
    const id = +c.dataset.t;
    const only = hidden.size === D.threads.length - 1 && !hidden.has(id);
    hidden.clear();
    if (!only) D.threads.forEach((t) => { if (t.id !== id) hidden.add(t.id); });
    refilter();
  });
  $("var").addEventListener("input", (e) => { varq = e.target.value.trim().toLowerCase(); refilter(); });
  $("collapse").addEventListener("change", (e) => { collapse = e.target.checked; expanded.clear(); refilter(); });
  // Every value: a row also shows, muted, the writes that left a value
  // as it was (the stale read tmp := c) and the initial values.
  $("every").checked = every;
  $("every").addEventListener("change", (e) => { every = e.target.checked; layout(); draw(true); });

  function refilter() {
    document.querySelectorAll("#threadfilter .chip").forEach((c) => c.classList.toggle("off", hidden.has(+c.dataset.t)));
    rebuild();
    if (itemOf[cur] < 0 && vis.length) cur = vis[nearest(cur)];
    show(true);
  }

  function touches(i) {
    if (!varq) return true;
    const s = S[i];
    const has = (c) => N[c[1]].toLowerCase().includes(varq);
    return s.s.toLowerCase().includes(varq) || (s.ch || []).some(has) || (s.wr || []).some(has);
  }

  // rebuild lists the visible steps and the rows (items) they make: a
  // step, or a collapsed run of one thread's consecutive steps.
  function rebuild() {
    vis = [];
    for (let i = 0; i < S.length; i++) if (!hidden.has(S[i].t) && touches(i) && (showSyn || !S[i].y || i === failStep)) vis.push(i);
    items = [];
    for (let k = 0; k < vis.length;) {
      let j = k;
      const t = S[vis[k]].t;
      if (vis[k] !== failStep) while (j + 1 < vis.length && S[vis[j + 1]].t === t && vis[j + 1] !== failStep) j++;
      if (collapse && j > k && !expanded.has(vis[k])) items.push({ a: k, b: j, t: t });
      else for (let m = k; m <= j; m++) items.push({ s: vis[m] });
      k = j + 1;
    }
    itemOf.fill(-1);
    items.forEach((it, x) => {
      if (it.s === undefined) for (let m = it.a; m <= it.b; m++) itemOf[vis[m]] = x;
      else itemOf[it.s] = x;
    });
    lanes = D.threads.filter((t) => !hidden.has(t.id));
    laneW = lanes.length <= 3 ? 72 : lanes.length <= 6 ? 44 : lanes.length <= 12 ? 28 : 20;
    // Getafix's lanes are named ("thread12"): a few lanes get room for it.
    const tagW = Math.max(...lanes.map((t) => t.tag.length)) * 7 + 8;
    if (lanes.length <= 6) laneW = Math.max(laneW, Math.min(72, tagW));
    lanesW = lanes.length * laneW;
    laneX = new Map(lanes.map((t, k) => [t.id, k * laneW + laneW / 2]));
    sizeColumns();
    layout();
    let h = "";
    for (const t of lanes) {
      const x = 44 + laneX.get(t.id) - laneW / 2;
      h += `<div class="lane" data-t="${t.id}" style="left:${x}px;width:${laneW}px;color:${color(t.id)}" title="thread ${t.id}: ${esc(t.name)}${t.creator >= 0 ? ", started by " + esc(ttag(t.creator)) + " at step " + (t.start + 1) : ""}; ${t.steps} steps"><b>${esc(laneTag(t))}</b>${laneW >= 40 && t.tag !== t.name ? esc(t.name) : ""}</div>`;
    }
    h += `<span class="txt" style="left:${52 + lanesW}px">line:col  statement  values written</span>`;
    head.innerHTML = h;
    drawnFrom = drawnTo = -1;
  }

  // laneTag is a lane's head in the width it has.
  function laneTag(t) {
    if (t.tag !== "T" + t.id) return laneW >= 40 ? t.tag : t.tag.slice(0, laneW >= 28 ? 4 : 2);
    return laneW > 20 ? t.tag : String(t.id);
  }

  // sizeColumns gives the statements what the lanes and a column of
  // changed values leave of the trace's width; a narrow window's rows
  // wrap to its width instead.
  function sizeColumns() {
    if (narrow.matches) {
      spacer.style.minWidth = "";
      return;
    }
    const w = Math.max(200, Math.min(480, scroller.clientWidth - 44 - lanesW - 62 - 260));
    spacer.style.setProperty("--stmt", w + "px");
    spacer.style.minWidth = 44 + lanesW + 62 + w + 260 + "px";
  }
  window.addEventListener("resize", () => { sizeColumns(); layout(); draw(true); });

  // Row geometry. A row is ROW pixels high, except in a narrow window
  // (page.css's media query), where it wraps its statement and values
  // to the trace's width and is as high as they make it: tops[x] is row
  // x's top, from heights first estimated from the text's length, then
  // measured as rows are drawn (draw). A row's text is never cut or
  // scrolled sideways, and the rows off screen cost no layout.
  const narrow = window.matchMedia("(max-width: 1000px)");
  let tops = null, heights = null;
  const rowTop = (x) => (tops ? tops[x] : x * ROW);
  const rowHeight = (x) => (tops ? heights[x] : ROW);

  // rowAt is the row at height y of the spacer.
  function rowAt(y) {
    if (!tops) return Math.floor(y / ROW);
    let lo = 0, hi = Math.max(0, items.length - 1);
    while (lo < hi) {
      const m = (lo + hi + 1) >> 1;
      if (tops[m] <= y) lo = m; else hi = m - 1;
    }
    return lo;
  }

  // layout sets every row's height: ROW, or in a narrow window an
  // estimate, the lines its text takes at about 7 pixels a character.
  function layout() {
    if (!narrow.matches) {
      tops = heights = null;
      spacer.style.height = items.length * ROW + "px";
      return;
    }
    const perLine = Math.max(12, Math.floor((scroller.clientWidth - 44 - lanesW - 62 - 8) / 7));
    heights = items.map((it) => {
      const s = S[it.s === undefined ? vis[it.a] : it.s], chips = ((every && s.wr) || s.ch || []).length + (s.k || []).length;
      const chars = (it.s === undefined ? 32 : s.s.length + 8) + 10 * Math.min(chips, 9);
      return Math.max(ROW, Math.ceil(chars / perLine) * 18 + 4);
    });
    sumTops();
  }

  function sumTops() {
    tops = new Array(items.length + 1);
    tops[0] = 0;
    for (let x = 0; x < items.length; x++) tops[x + 1] = tops[x] + heights[x];
    spacer.style.height = tops[items.length] + "px";
  }

  // measure takes the heights of the rows drawn from row from on, and
  // reports whether one was not the estimate.
  function measure(from) {
    let changed = false;
    [...spacer.children].forEach((el, k) => {
      const h = el.getBoundingClientRect().height;
      if (h !== heights[from + k]) {
        heights[from + k] = h;
        changed = true;
      }
    });
    return changed;
  }

  function nearest(i) {
    let lo = 0, hi = vis.length - 1;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (vis[m] < i) lo = m + 1; else hi = m;
    }
    return lo;
  }

  function blocked(i, id) { return S[i].b !== undefined && S[i].b.includes(id); }

  // lanesHTML draws every lane's lifeline at step i; step i's thread gets
  // a dot (a box for a collapsed run), its start an arrow from its creator.
  function lanesHTML(i, run) {
    let h = "";
    for (const u of lanes) {
      if ((u.start >= 0 && i < u.start) || (u.end >= 0 && i > u.end)) continue;
      const x = laneX.get(u.id);
      let cls = "lf";
      if (i === u.start) cls += " from";
      if (i === u.end && !run) cls += " to";
      if (blocked(i, u.id)) cls += " blk";
      h += `<i class="${cls}" style="left:${x - 1}px;border-color:${color(u.id)}"></i>`;
      if (i === u.end && !run) h += `<i class="endbar" style="left:${x}px;border-color:${color(u.id)}"></i>`;
    }
    const s = S[i];
    if (s.st && laneX.has(s.st) && laneX.has(s.t)) {
      const a = laneX.get(s.t), b = laneX.get(s.st);
      h += `<i class="arr" style="left:${Math.min(a, b)}px;width:${Math.abs(b - a) - 5}px;border-color:${color(s.st)}"></i>`;
    }
    h += `<i class="dot" style="left:${laneX.get(s.t)}px;background:${color(s.t)}"></i>`;
    return h;
  }

  // chip is one written value: a local by its short name (the lane
  // says whose it is), another thread's prefixed with that thread; f
  // are its flags (model.go): 1 unchanged (muted), 2 a *'s value.
  function chip(c, t, f) {
    const other = c[0] >= 0 && c[0] !== t, same = f & 1, star = f & 2;
    const full = N[c[1]], short = c[0] >= 0 ? full.slice(full.indexOf("::") + 1).replace(/^:/, "") : full;
    const name = (other ? ttag(c[0]) + "." : "") + short;
    const title = full + (same ? ": written, unchanged" : "") + (star ? ": the value a * picked" : "");
    return `<span class="v${other ? " other" : ""}${same ? " same" : ""}" title="${esc(title)}">${esc(name)}:=${c[2]}${star ? "<i class=\"star\">*</i>" : ""}</span>`;
  }

  // flagsOf are step s's write flags by [thread, name].
  function flagsOf(s) { return new Map((s.wr || []).map((w) => [w[0] + ":" + w[1], w[3]])); }

  // written is what a row shows of step s: its changed values, then (with
  // every value on) the writes that changed nothing.
  function written(s) {
    const fl = flagsOf(s), list = (s.ch || []).map((c) => [c, fl.get(c[0] + ":" + c[1]) || 0]);
    if (every) for (const w of s.wr || []) if (w[3] & 1) list.push([w, w[3]]);
    return list;
  }

  // chips shows written values, then the chips more (at most 8 in all);
  // a row leaves out the first values of the thread its step starts (the
  // detail lists them).
  function chips(list, t, started, more) {
    if (started) list = list.filter(([c]) => c[0] !== started);
    const all = list.map(([c, f]) => chip(c, t, f)).concat(more || []);
    return all.slice(0, 8).join("") + (all.length > 8 ? `<span class="more">+${all.length - 8}</span>` : "");
  }

  // A choice (k: [line, column, value, flags], model.go) is the value a
  // * of the statement took: flags 1 a schoose, 2 an assignment's whole
  // value, which its written value shows starred.
  const choiceName = (k) => (k[3] & 1 ? "schoose" : "*");
  const choiceWords = (k) => `the ${choiceName(k)} at ${k[0]}:${k[1]} took ${k[2]}`;

  // inside are the values step s's * took inside expressions (x := y & *,
  // if (*), a schoose, an argument); the others are written values.
  const inside = (s) => (s.k || []).filter((k) => !(k[3] & 2));

  function picks(s) {
    return inside(s).map((k) => `<span class="v pick" title="${choiceWords(k)}">${choiceName(k)}=${k[2]}</span>`);
  }

  // initial shows the state before step 1 (the globals and main's
  // locals) on the first row, muted, with every value on.
  function initial(i) {
    if (i !== 0 || !every || !S[0].d) return "";
    const vs = S[0].d.map(([t, n, v]) => (t >= 0 ? N[n].replace(/^.*::/, "") : N[n]) + "=" + v);
    return `<span class="v same init" title="the state before step 1: ${esc(vs.join(", "))}">initially ${esc(vs.slice(0, 6).join(" "))}${vs.length > 6 ? " …" : ""}</span>`;
  }

  // callChip shows in a row what a call binds, or what a return hands
  // back: a call changes no value of its caller's frame.
  function callChip(s) {
    if (s.cl) return `<span class="v call" title="a new frame of ${esc(s.cl.f)}">${esc(s.cl.f)}(${shortPairs(s.cl.v)})</span>`;
    if (s.rt) return `<span class="v call" title="back to ${esc(s.rt.f)}">↩ ${shortPairs(s.rt.v) || esc(s.rt.f)}</span>`;
    return "";
  }

  function shortPairs(vs) { return (vs || []).map(([n, v]) => esc(N[n].replace(/^.*::/, "")) + "=" + v).join(", "); }

  function rowHTML(x) {
    const it = items[x];
    if (it.s === undefined) {
      const a = vis[it.a], b = vis[it.b];
      const net = new Map();
      for (let m = it.a; m <= it.b; m++) for (const c of S[vis[m]].ch || []) net.set(c[0] + ":" + c[1], c);
      const lines = [S[a].l, S[b].l].sort((p, q) => p - q);
      const cls = "row run" + (cur >= a && cur <= b ? " cur" : "");
      return `<div class="${cls}" data-run="${it.a}" data-step="${a}" style="top:${rowTop(x)}px"><span class="no">${a + 1}</span>` +
        `<span class="lanes" style="width:${lanesW}px">${lanesHTML(a, true)}</span><span class="pos">${lines[0]}–${lines[1]}</span>` +
        `<span class="body"><span class="stmt">▸ ${it.b - it.a + 1} steps of ${esc(ttag(it.t))} (to step ${b + 1})</span><span class="chg">${chips([...net.values()].map((c) => [c, 0]), it.t)}</span></span></div>`;
    }
    const i = it.s, s = S[i];
    let cls = "row";
    if (i === cur) cls += " cur";
    if (i === failStep) cls += " fail";
    if (s.a) cls += " atomic";
    if (s.y) cls += " syn";
    // A row is indented by its call depth (recursive calls), up to 12.
    const ind = s.dp ? ` style="padding-left:${Math.min(s.dp, 12) * 12}px"` : "";
    return `<div class="${cls}" data-step="${i}" style="top:${rowTop(x)}px"><span class="no">${s.r ? "→" : i + 1}</span>` +
      `<span class="lanes" style="width:${lanesW}px">${lanesHTML(i, false)}</span><span class="pos">${s.l}:${s.c}</span>` +
      `<span class="body"><span class="stmt" title="${esc(s.s)}"${ind}><b class="tid" style="color:${color(s.t)}">${esc(ttag(s.t))}</b>${s.dp ? `<i class="depth">${s.dp}›</i>` : ""}${esc(s.s)}</span>` +
      `<span class="chg">${initial(i)}${callChip(s)}${chips(written(s), s.t, s.st, picks(s))}</span></span></div>`;
  }

  // draw draws the rows in view and 8 on either side. In a narrow
  // window it then measures them; if a height was not the estimate, the
  // rows move (the first one in view stays where it is on the screen)
  // and are drawn again, at most a few times.
  function draw(force) {
    for (let pass = 0; ; pass++) {
      const top = scroller.scrollTop, h = scroller.clientHeight || 600;
      const from = Math.max(0, rowAt(top) - 8), to = Math.min(items.length, rowAt(top + h) + 9);
      if (!force && from === drawnFrom && to === drawnTo) return;
      let html = "";
      for (let x = from; x < to; x++) html += rowHTML(x);
      spacer.innerHTML = html;
      drawnFrom = from;
      drawnTo = to;
      if (!tops || pass === 3 || !measure(from)) return;
      const anchor = rowAt(top), off = top - tops[anchor];
      sumTops();
      scroller.scrollTop = tops[anchor] + off;
      force = true;
    }
  }

  let pending = false;
  scroller.addEventListener("scroll", () => {
    head.scrollLeft = scroller.scrollLeft;
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; draw(false); });
  });
  spacer.addEventListener("click", (e) => {
    const r = e.target.closest(".row");
    if (!r) return;
    if (r.dataset.run !== undefined) {
      expanded.add(vis[+r.dataset.run]);
      rebuild();
    }
    go(+r.dataset.step);
  });

  // go makes step i current: its run unfolds, its row scrolls into view.
  function go(i) {
    cur = Math.max(0, Math.min(last, i));
    const x = itemOf[cur];
    if (x >= 0 && items[x].s === undefined) {
      expanded.add(vis[items[x].a]);
      rebuild();
    }
    show(true);
  }

  // show draws the current step; scroll brings its row into view (a
  // second time once the rows around it are measured, in a narrow window).
  function show(scroll) {
    for (let pass = tops ? 2 : 1; pass > 0; pass--) {
      if (scroll) reveal(itemOf[cur]);
      draw(true);
    }
    drawDetail();
    markSource();
  }

  function reveal(x) {
    if (x < 0) return;
    const y = rowTop(x), rh = rowHeight(x), top = scroller.scrollTop, h = scroller.clientHeight;
    if (y < top + ROW) scroller.scrollTop = Math.max(0, y - 3 * ROW);
    else if (y + rh > top + h - ROW) scroller.scrollTop = y + rh - h + 3 * ROW;
  }

  function move(d) {
    if (!vis.length) return;
    let k = nearest(cur);
    if (vis[k] !== cur && d < 0) k++;
    go(vis[Math.max(0, Math.min(vis.length - 1, k + d))]);
  }

  function sameThread(d) {
    const t = S[cur].t;
    for (let i = cur + d; i >= 0 && i <= last; i += d) if (S[i].t === t && itemOf[i] >= 0) return go(i);
  }

  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT") {
      if (e.key === "Escape" || e.key === "Enter") e.target.blur();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const page = Math.max(1, Math.floor(scroller.clientHeight / ROW) - 2);
    switch (e.key) {
      case "ArrowDown": case "j": move(1); break;
      case "ArrowUp": case "k": move(-1); break;
      case "PageDown": move(page); break;
      case "PageUp": move(-page); break;
      case "Home": if (vis.length) go(vis[0]); break;
      case "End": if (vis.length) go(vis[vis.length - 1]); break;
      case "n": sameThread(1); break;
      case "p": sameThread(-1); break;
      case "s": stateOpen = !stateOpen; drawDetail(); break;
      case "/": $("var").focus(); break;
      default: return;
    }
    e.preventDefault();
  });

  function drawDetail() {
    const s = S[cur];
    let h = s.r ? `<h2>After step ${cur} · ${tlabel(s.t)} · line ${s.l}, column ${s.c}</h2>`
      : `<h2>Step ${cur + 1} of ${nsteps} · ${tlabel(s.t)} · line ${s.l}, column ${s.c}</h2>`;
    if (s.lb) h += `<div class="fact">labels: ${s.lb.map(esc).join(", ")}</div>`;
    h += `<pre>${esc(s.s)}</pre>`;
    if (s.tk) h += `<div class="fact">the condition ${s.tk === 1 ? "holds" : "does not hold"}</div>`;
    if (inside(s).length) h += `<div class="fact">${inside(s).map(choiceWords).join(", ")}</div>`;
    if (s.n) h += `<div class="fact${cur === failStep ? " warn" : ""}">${esc(s.n)}</div>`;
    const ch = s.ch || [], own = ch.filter((c) => c[0] !== s.st), first = ch.filter((c) => c[0] === s.st);
    if (s.st) h += `<div class="fact">starts ${tlabel(s.st)}${first.length ? " with " + first.map((c) => `${esc(N[c[1]])}=${c[2]}`).join(", ") : ""}</div>`;
    if (s.e) h += `<div class="fact">ends its thread</div>`;
    if (s.a) h += `<div class="fact">inside an atomic section: no other thread runs</div>`;
    if (s.y) h += `<div class="fact muted">a step of the translation of Getafix's dialect, not of the program</div>`;
    const fs = framesAt(cur, s.t);
    if (fs.length > 1) h += `<div class="fact">stack: ${fs.map(frameName).join(" › ")}</div>`;
    if (s.cl) h += `<div class="fact">calls ${esc(s.cl.f)}, a new frame${s.cl.v && s.cl.v.length ? " binding " + pairs(s.cl.v) : ""}</div>`;
    if (s.rt) h += `<div class="fact">returns to ${esc(s.rt.f)} (the call at line ${s.rt.l})${s.rt.v && s.rt.v.length ? ", which gets " + pairs(s.rt.v) : ""}</div>`;
    if (cur === 0 && s.d) h += `<div class="fact">starts from ${s.d.map(([t, n, v]) => `<span class="mono">${t >= 0 ? ttag(t) + "." : ""}${esc(N[n])}=${v}</span>`).join(", ")}</div>`;
    const fl = flagsOf(s);
    if (!s.r && !(own.length === 0 && (s.cl || s.rt))) h += `<div class="fact">${own.length ? "changes " + own.map((c) => chip(c, s.t, fl.get(c[0] + ":" + c[1]) || 0)).join("") : "changes no value"}</div>`;
    const same = (s.wr || []).filter((w) => w[3] & 1);
    if (same.length) h += `<div class="fact">writes, unchanged: ${same.map((w) => `<span class="mono same">${esc(N[w[1]])} := ${w[2]}${w[3] & 2 ? " (picked by *)" : ""} (unchanged)</span>`).join(", ")}</div>`;
    if (s.b) h += `<div class="fact">blocked before it: ${s.b.map(tlabel).join(", ")}</div>`;
    h += `<details id="statebox"${stateOpen ? " open" : ""}><summary>Whole state before this step <kbd>s</kbd></summary><div id="state"></div></details>`;
    $("detail").innerHTML = h;
    const box = $("statebox");
    box.addEventListener("toggle", () => { stateOpen = box.open; if (box.open) drawState(); });
    if (stateOpen) drawState();
  }

  // stateAt rebuilds what is known of the state before step i from the
  // deltas (thread -1: the globals).
  function stateAt(i) {
    const st = new Map();
    for (let j = 0; j <= i; j++) {
      for (const [t, n, v] of S[j].d || []) {
        let m = st.get(t);
        if (!m) st.set(t, (m = new Map()));
        if (v === 2) m.delete(n); else m.set(n, v);
      }
    }
    return st;
  }

  function valsHTML(m, t, changes) {
    if (!m || m.size === 0) return t < 0 ? "<i>none</i>" : "<i>no locals</i>";
    const after = new Map();
    for (const c of changes) if (c[0] === t) after.set(c[1], c[2]);
    return [...m.keys()].sort((a, b) => a - b).map((n) => after.has(n)
      ? `<span class="ch">${esc(N[n])}=${m.get(n)}→${after.get(n)}</span>`
      : `<span>${esc(N[n])}=${m.get(n)}</span>`).join("");
  }

  // framesAt is thread t's stack at step i: the frames of its latest
  // step that changed depth (model's calls.go), the running frame last;
  // one frame when it never called a recursive function.
  function framesAt(i, t) {
    for (let j = i; j >= 0; j--) if (S[j].t === t && S[j].fs) return S[j].fs;
    return [{ f: tname(t) }];
  }

  function frameName(f) { return esc(f.f) + (f.l ? ` <span class="muted">(${f.l}:${f.c})</span>` : ""); }

  // pairs shows [name, value] pairs by short name.
  function pairs(vs) { return vs.map(([n, v]) => `<span class="mono">${esc(N[n].replace(/^.*::/, ""))}=${v}</span>`).join(", "); }

  // framesHTML shows a thread's frames under the running one, each with
  // the locals it keeps while its callee runs.
  function framesHTML(fs) {
    let h = "";
    for (let k = 0; k < fs.length - 1; k++) {
      h += `<div class="frame"><span class="fname">${frameName(fs[k])}</span> ${(fs[k].v || []).map(([n, v]) => `<span class="mono">${esc(N[n])}=${v}</span>`).join(" ") || "<i>no locals</i>"}</div>`;
    }
    return h + `<div class="frame top"><span class="fname">${frameName(fs[fs.length - 1])}</span> runs</div>`;
  }

  function drawState() {
    const st = stateAt(cur), s = S[cur], ch = s.ch || [];
    let h = `<table class="state"><tr><td>globals</td><td class="vals mono">${valsHTML(st.get(-1), -1, ch)}</td></tr></table>`;
    for (const t of D.threads) {
      let status, next = "";
      if (t.start > cur) status = "not started yet";
      else if (t.end >= 0 && t.end < cur) status = "ended at step " + (t.end + 1);
      else {
        status = t.id === s.t ? "runs this step" : blocked(cur, t.id) ? "blocked" : "can run";
        let j = cur;
        while (j <= last && S[j].t !== t.id) j++;
        if (t.id !== s.t) next = j <= last ? ` · next at line ${S[j].l} (step ${j + 1})` : " · takes no further step";
      }
      h += `<div class="fact">${tlabel(t.id)}: ${status}${next}</div>`;
      if (status === "not started yet" || status.startsWith("ended")) continue;
      const fs = framesAt(cur, t.id);
      if (fs.length > 1) h += framesHTML(fs);
      h += `<div class="vals mono">${valsHTML(st.get(t.id), t.id, ch)}</div>`;
    }
    $("state").innerHTML = h;
  }

  // The source is one text (a few thousand lines lay out as fast as
  // one), its line numbers another; the current and the failing line are
  // bands behind the text, at line × LINE pixels.
  function band(id, line) {
    let b = $(id);
    if (!b) {
      b = document.createElement("div");
      b.id = id;
      b.className = "band";
      $("srclines").insertBefore(b, $("gutter")); // behind the text, over the bands before it
    }
    b.dataset.line = line;
    b.style.top = (line - 1) * LINE + 4 + "px";
    b.hidden = !line || line > D.source.length;
    return b;
  }

  function markSource() {
    if (!D.source.length || !S.length) return;
    showLine(S[cur].l);
  }

  // linkLines makes the line links in el (class ln) show their line.
  function linkLines(el) {
    el.addEventListener("click", (e) => {
      const a = e.target.closest(".ln");
      if (!a) return;
      e.preventDefault();
      showLine(+a.dataset.line);
    });
  }

  // showLine highlights a line of the source and scrolls it into view.
  function showLine(line) {
    band("curline", line);
    const box = $("source"), top = (line - 1) * LINE, h = box.clientHeight;
    if (top < box.scrollTop || top > box.scrollTop + h - 2 * LINE) box.scrollTop = top - h / 3;
  }

  function drawSource() {
    const box = $("srclines");
    if (!D.source.length) {
      box.innerHTML = `<p class="nosrc">The program's source is not at hand (${esc(D.file)} could not be read when this page was written).</p>`;
      return;
    }
    const hits = new Set(S.map((s) => s.l));
    const nums = D.source.map((_, k) => (hits.has(k + 1) ? `<b>${k + 1}</b>` : k + 1)).join("\n");
    box.innerHTML = `<pre id="gutter">${nums}</pre><pre id="code">${esc(D.source.join("\n"))}</pre>`;
    if (failLine) band("failline", failLine);
    box.addEventListener("click", (e) => {
      const n = Math.floor((e.clientY - box.getBoundingClientRect().top - 4) / LINE) + 1;
      if (!hits.has(n)) return;
      for (let k = 1; k <= S.length; k++) {
        const i = (cur + k) % S.length;
        if (S[i].l === n && !hidden.has(S[i].t)) return go(i);
      }
    });
  }

  rebuild();
  // The first step opens current and unfolded, and past the steps of
  // the translation.
  if (vis.length) go(vis[0]);
  performance.mark("bopgo-drawn");
  // The source (thousands of lines of a SatAbs program) is drawn once the
  // rows are on the screen.
  setTimeout(() => { drawSource(); markSource(); performance.mark("bopgo-source"); }, 0);
  // For tests: the current step, the rows, and a synchronous redraw
  // (scrolling draws on the next animation frame).
  window.bopgoPage = { go: go, cur: () => cur, rows: () => items.length, redraw: () => draw(true) };
})();
