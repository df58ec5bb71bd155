// compilemode's web page: reads the form, asks the worker (the library in
// WebAssembly) for the command's answer, and shows it three ways: rendered for
// reading, as the command's text, and as its JSON. The whole input lives in the URL
// fragment, compressed, so a link reproduces the answer.
"use strict";

const $ = (id) => document.getElementById(id);

// The form's fields by kind; their ids are the page's stable hooks (and, for the
// workload, the JSON names of graphs.Workload).
const TEXT = ["torch", "compare", "mode", "python", "options", "globals", "env", "threads", "mutated_inputs", "incompatible_op",
  "capture_error_mode", "other_thread_work", "backend", "dynamic"];
const NUM = ["devices", "callers", "thread_pool", "distinct_sizes", "graph_breaks"];
const BOOL = ["autograd_backward", "concurrent_recompiles", "outputs_kept", "outputs_stale", "cpu_inputs", "dynamic_shapes", "moving_static_inputs",
  "non_tensor_inputs", "span_devices", "cold_start", "compiled_autograd"];
// The call's own checkboxes (torch.compile flags, not workload fields).
const CALL_BOOL = ["fullgraph"];
const FORM_BOOL = BOOL.concat(CALL_BOOL);
// The workload's text fields left out when empty.
const OPTIONAL_TEXT = ["incompatible_op", "capture_error_mode", "other_thread_work"];
const TABS = ["call", "log", "script"];

// The command's workload flags, by Workload JSON name (examples/compilemode).
const FLAG = {
  devices: "-devices", span_devices: "-span-devices", threads: "-threads", callers: "-callers",
  cold_start: "-cold-start", cpu_inputs: "-cpu-scalar", mutated_inputs: "-mutated-inputs",
  dynamic_shapes: "-dynamic-shapes", distinct_sizes: "-sizes", moving_static_inputs: "-moving-static-inputs",
  non_tensor_inputs: "-non-tensor-inputs", incompatible_op: "-incompatible-op", thread_pool: "-thread-pool",
  autograd_backward: "-autograd-backward", concurrent_recompiles: "-concurrent-recompiles", outputs_kept: "-outputs-kept",
  outputs_stale: "-outputs-stale",
  graph_breaks: "-graph-breaks", compiled_autograd: "-compiled-autograd", capture_error_mode: "-capture-error-mode",
  other_thread_work: "-other-thread-work",
};
const WORKLOAD_DEFAULT = { threads: "main", mutated_inputs: "none", devices: 1, thread_pool: 0, graph_breaks: 0 };

let tab = "call";
let view = "read";
let seq = 0; // the input's version: bumped on every edit
let firstShown = false;
let lastHash = "";
let hashTimer = 0;
let hashGen = 0; // bumped by each scheduleHash and Copy link
let lastAnswers = [];
// notice is said before the next answer's exit status, once (a link that could not be read).
let notice = "";
// sameRelease is said before the exit status while the compare field names the release
// itself (sweep finding 31: it had been ignored silently).
let sameRelease = "";
// timings are milliseconds since the page's start, for the tests' budgets.
const timings = (window.compilemodeTimings = {});

// ---- state ----

function readState() {
  const call = {};
  for (const id of TEXT) call[id] = $(id).value;
  for (const id of NUM) call[id] = $(id).value;
  for (const id of FORM_BOOL) call[id] = $(id).checked;
  const s = { v: 1, tab, call, log: logFile ? logFile.text || "" : textOf($("log")), script: textOf($("script")), name: $("script-name").value, scriptTorch: $("script-torch").value, scriptPython: $("script-python").value, logTorch: $("log-torch").value };
  if (scriptBytes) s.scriptBytes = true;
  return s;
}

// STATE_KEYS are the members of a page state (readState).
const STATE_KEYS = ["v", "tab", "call", "log", "script", "name", "scriptTorch", "scriptPython", "scriptBytes", "logTorch"];

// stateProblems lists what makes s, a link's state, unusable, in the link's terms
// ("tab \"nope\"", "call.torch: want a string"): a link the page cannot use is
// refused with its status line, never silently shown as the default (sweep finding 10).
function stateProblems(s) {
  if (!s || typeof s !== "object" || Array.isArray(s)) return ["not a page state"];
  if (s.v !== 1) {
    return [typeof s.v === "number" && s.v > 1 ? `link format v${s.v} is newer than this page (v1)` : `link format ${JSON.stringify(s.v)}: want 1`];
  }
  const out = [];
  if (s.tab !== undefined && !TABS.includes(s.tab)) out.push(`tab ${JSON.stringify(String(s.tab)).slice(0, 80)}: want ${TABS.join(", ")}`);
  const call = s.call === undefined ? {} : s.call;
  if (!call || typeof call !== "object" || Array.isArray(call)) out.push("call: want an object");
  else {
    for (const id of TEXT.concat(NUM)) if (call[id] !== undefined && typeof call[id] !== "string") out.push(`call.${id}: want a string`);
    for (const id of FORM_BOOL) if (call[id] !== undefined && typeof call[id] !== "boolean") out.push(`call.${id}: want true or false`);
    // Fields were only ever added to v1: one this page lacks is not a v1 link's.
    for (const k of Object.keys(call)) if (!TEXT.includes(k) && !NUM.includes(k) && !FORM_BOOL.includes(k)) out.push(`call.${JSON.stringify(k).slice(0, 40)}: unknown field`);
  }
  for (const k of Object.keys(s)) if (!STATE_KEYS.includes(k)) out.push(`${JSON.stringify(k).slice(0, 40)}: unknown field`);
  for (const k of ["log", "script", "name", "scriptTorch", "scriptPython", "logTorch"]) if (s[k] !== undefined && typeof s[k] !== "string") out.push(`${k}: want a string`);
  if (s.scriptBytes !== undefined && typeof s.scriptBytes !== "boolean") out.push("scriptBytes: want true or false");
  // A script of bytes is one character U+0000-U+00FF a byte: a wider one has no byte.
  const wide = s.scriptBytes === true && typeof s.script === "string" && /[^\u0000-\u00ff]/u.exec(s.script);
  if (wide) out.push(`scriptBytes: the script holds U+${wide[0].codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}, not a byte`);
  return out;
}

function applyState(s) {
  const problems = stateProblems(s);
  if (problems.length) throw new Error(problems.slice(0, 3).join("; "));
  scriptBytes = s.scriptBytes === true;
  logFile = null;
  const call = s.call || {};
  for (const id of TEXT.concat(NUM)) if (typeof call[id] === "string") setValue($(id), call[id]);
  for (const id of FORM_BOOL) if (typeof call[id] === "boolean") $(id).checked = call[id];
  if (typeof s.log === "string") showText($("log"), s.log);
  // A text area makes a lone CR a line break, which the command does not count as a
  // line: a link's log that holds one is answered as it is, as a file's bytes are.
  if (typeof s.log === "string" && s.log.includes("\r")) logFile = { bytes: new TextEncoder().encode(s.log), text: s.log, cut: false };
  if (typeof s.script === "string") showText($("script"), s.script);
  if (typeof s.name === "string") $("script-name").value = s.name;
  if (typeof s.scriptTorch === "string") setValue($("script-torch"), s.scriptTorch);
  if (typeof s.scriptPython === "string") setValue($("script-python"), s.scriptPython);
  if (typeof s.logTorch === "string") setValue($("log-torch"), s.logTorch);
  if (TABS.includes(s.tab)) selectTab(s.tab, false);
}

// SHOW_MAX is the most characters a text area is given: Chromium lays out all of a
// text area's text, and a 10 MB log took it longer than the answer did (sweep finding
// 14; README of examples/web). A longer log or script is held here, in held, and its
// text area shows its first SHOW_HEAD characters and says so; typing or pasting into
// it replaces the whole text.
const SHOW_MAX = 256 << 10;
const SHOW_HEAD = 64 << 10;
const held = { log: null, script: null };
// scriptBytes says the script's text is a file's bytes, one character each (a file that
// is not UTF-8), sent to the library as bytes: typing or pasting into it clears it.
let scriptBytes = false;
// logFile is the log file the log box shows, {bytes, text, cut}: the library reads its
// bytes as the command reads a file (gzip decompressed, xz, bzip2 and zstd refused,
// UTF-16 and UTF-32 decoded: sweep7 findings 1 and 2), and its reply's text (text: null
// until then) is what the box shows and a link holds. Editing the box ends it.
let logFile = null;

// showText puts text in a text area, or its head when it is over SHOW_MAX.
function showText(el, text) {
  if (text.length <= SHOW_MAX) {
    held[el.id] = null;
    el.value = text;
    return;
  }
  held[el.id] = text;
  el.value = text.slice(0, SHOW_HEAD) + `\n\n[… the page reads all ${(text.length / (1 << 20)).toFixed(1)} M characters; ` +
    `this box shows the first ${SHOW_HEAD >> 10} K of them. Type or paste here to replace the whole text.]\n`;
}

// textOf returns the text of a text area: what it holds in full.
function textOf(el) {
  return held[el.id] ?? el.value;
}

// holdable makes a text area that shows a held text's head replace the whole text
// when typed or pasted into, and takes a paste over SHOW_MAX as a whole new text.
function holdable(el) {
  el.addEventListener("beforeinput", () => {
    if (el.id === "script") scriptBytes = false;
    else logFile = null;
    if (held[el.id] === null) return;
    held[el.id] = null;
    el.value = "";
  });
  el.addEventListener("paste", (ev) => {
    const text = ev.clipboardData && ev.clipboardData.getData("text/plain");
    if (!text || text.length <= SHOW_MAX) return;
    ev.preventDefault();
    const size = utf8Over(text);
    if (size) {
      tooBig("The pasted text", size, el);
      return;
    }
    if (el.id === "script") scriptBytes = false;
    else logFile = null;
    showText(el, text);
    update(reading(size));
  });
}

function setValue(el, v) {
  if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === v)) {
    el.add(new Option(v, v)); // a release or mode this build does not list: keep it
  }
  el.value = v;
}

function lines(s) {
  return s.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== "");
}

// relevant says whether a workload field applies to the form's thread layout (and
// shapes): a field that does not is disabled and left out of the call, as the
// command would refuse it ("-callers applies only to threads callers or per-thread").
function relevant(id, c) {
  switch (id) {
    case "callers": return c.threads === "callers" || c.threads === "per-thread";
    case "cold_start": return c.threads === "callers";
    case "thread_pool": return c.threads === "main";
    case "span_devices": return c.threads !== "per-device";
    case "distinct_sizes": return c.dynamic_shapes;
  }
  return true;
}

// callArgs returns the command's flags for the form, for release torch: the
// torch.compile flags and the counts, given as typed (the command's own parsing
// refuses 1.5 or 0x2 with its own words); a count left empty, at its default or
// irrelevant to the thread layout is not given.
function callArgs(c, torch) {
  const args = ["-no-env", "-torch", torch];
  if (c.python !== "") args.push("-python", c.python);
  if (c.mode !== "") args.push("-mode", c.mode);
  if (c.options.trim() !== "") args.push("-options", c.options);
  for (const l of lines(c.globals)) args.push("-set", l);
  for (const l of lines(c.env)) args.push("-env", l);
  if (c.backend !== "inductor") args.push("-backend", c.backend);
  if (c.dynamic !== "") args.push("-dynamic", c.dynamic);
  if (c.fullgraph) args.push("-fullgraph");
  for (const id of NUM) {
    const v = c[id].trim();
    if (v === "" || !relevant(id, c) || String(WORKLOAD_DEFAULT[id] ?? "") === v) continue;
    args.push(FLAG[id], c[id]);
  }
  return args;
}

function workload(c) {
  const w = { threads: c.threads, mutated_inputs: c.mutated_inputs };
  for (const id of BOOL) w[id] = c[id] && relevant(id, c);
  for (const id of OPTIONAL_TEXT) if (c[id] !== "") w[id] = c[id];
  return w;
}

// disableIrrelevant greys out the fields the thread layout does not use.
function disableIrrelevant(c) {
  for (const id of NUM.concat(BOOL)) $(id).disabled = !relevant(id, c);
}

function workloadFlags(w) {
  const out = [];
  for (const [k, flag] of Object.entries(FLAG)) {
    const v = w[k];
    if (v === undefined || v === false || v === 0 || v === "" || WORKLOAD_DEFAULT[k] === v) continue;
    out.push(v === true ? flag : `${flag} ${quote(String(v))}`);
  }
  return out;
}

// HIDDEN are the characters a command line must not show raw: C0 and C1 controls,
// DEL, and the bidirectional marks and overrides (a shown command a bidi override
// reorders is not the one copied; sweep finding 9). The command's own output escapes
// the same (internal/termtext).
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

// quote quotes s for a POSIX shell: bare, in '…', or, where s holds a HIDDEN
// character, bash's $'…' with each such character escaped (\xHH, \uHHHH). A NUL
// cannot be passed in a command's argument at all: cmdNote says so.
function quote(s) {
  if (/^[\w@%+=:,./-]+$/.test(s)) return s;
  if (!HIDDEN.test(s)) return "'" + s.replace(/'/g, "'\\''") + "'";
  return "$'" + [...s].map((c) => {
    const n = c.codePointAt(0);
    if (c === "\\" || c === "'") return "\\" + c;
    if (!HIDDEN.test(c)) return c;
    return n < 0x80 ? "\\x" + n.toString(16).padStart(2, "0") : "\\u" + n.toString(16).padStart(4, "0");
  }).join("") + "'";
}

// cmdNote is what the command line shown for args needs said: a NUL, which no
// command line can carry (the shell's $'\x00' ends the argument there).
function cmdNote(args) {
  return args.some((a) => a.includes("\u0000"))
    ? "   (an argument holds a NUL character: no command line can pass it; give the value in a scenario file, -scenario FILE)"
    : "";
}

// requests returns what to ask the worker for the state, with the command line its
// answer is the output of.
function requests(s) {
  const options = { json: view === "json", log_text: !!logFile && logFile.text === null };
  return plainRequests(s).map((j) => ({ ...j, req: { ...j.req, options } }));
}

function plainRequests(s) {
  sameRelease = "";
  if (s.tab === "log") {
    // The log's release: its own, or the one "read for release" names (-torch; newuser28 #7).
    const torch = s.logTorch || "";
    const req = logFile ? { kind: "log", text: logFile.bytes, file: true, torch } : { kind: "log", text: s.log, torch };
    return [{ req, cmd: `COLUMNS=100 compilemode ${torch ? `-torch ${quote(torch)} ` : ""}-diagnose run.log`, empty: !logFile && s.log === "" }];
  }
  if (s.tab === "script") {
    const name = s.name.trim();
    const torch = s.scriptTorch || "";
    // No name: the script comes in on stdin, which the command names <stdin>.
    const from = name === "" || name === "-" ? "- < train.py" : quote(name);
    const python = s.scriptPython || "";
    const req = { kind: "script", name, text: s.script, torch, python };
    if (s.scriptBytes) req.bytes = true;
    return [{
      req,
      cmd: `compilemode -no-env ${torch ? `-torch ${quote(torch)} ` : ""}${python ? `-python ${quote(python)} ` : ""}-script ${from}` + cmdNote([name]),
    }];
  }
  const c = s.call;
  const w = workload(c);
  // A release to compare with is the command's -torch A,B: one call, answered with
  // the command's comparison (cliflags.Compare), its text, JSON and each release's plan.
  let torch = c.torch;
  if (c.compare !== "" && c.compare !== c.torch) torch += "," + c.compare;
  if (c.compare === c.torch) sameRelease = `Compared with itself: ${c.torch} is the release asked, so one answer is shown. `;
  const args = callArgs(c, torch);
  const cmd = ["compilemode", ...args.map(quote), ...workloadFlags(w)].join(" ") + cmdNote(args);
  return [{ req: { kind: "call", call: { args, workload: w } }, cmd }];
}

// ---- the workers ----

// The WebAssembly is compiled once, by boot.js's compilemodeStart (in the page's head
// for a shared link, here for the page itself), and each worker instantiates it: one
// worker per answer shown (one: a comparison of releases is one answer, the
// command's). The first worker is compilemodeStart's, started with the compilation.
const boot = window.compilemodeBoot || (window.compilemodeBoot = window.compilemodeStart());
const wasmModule = boot.module;
const workers = [];
let current = { seq: 0, answers: [] };

function workerAt(i) {
  if (workers[i]) return workers[i];
  const w = { worker: i === 0 ? boot.worker : new Worker("worker.js"), busy: false, ready: false, pending: null, index: i };
  wasmModule.then((module) => { if (i !== 0) w.worker.postMessage({ module }); }, (e) => status(`The WebAssembly could not be loaded: ${e}`));
  workers[i] = w;
  w.worker.onmessage = (ev) => onWorkerMessage(w, ev.data);
  if (i === 0) boot.early.splice(0).forEach((ev) => onWorkerMessage(w, ev.data));
  return w;
}

function onWorkerMessage(w, m) {
  if (m.fatal) {
    status(`The WebAssembly could not start: ${m.fatal}`);
    return;
  }
  if (m.ready) {
    w.ready = true;
    if (w.index === 0) {
      timings.workerReady = performance.now();
      timings.wasm = m.timings;
    }
    return;
  }
  w.busy = false;
  if (m.seq === seq && current.seq === seq) {
    if (jobs[w.index].req.file) showFileText(m.answer);
    current.answers[w.index] = m.answer;
    current.ms[w.index] = m.ms;
    if (w.index === 0) timings.parts = m.parts; // where the worker's time went (ms)
    if (!timings.firstCompute) timings.firstCompute = m.ms;
    if (current.answers.filter(Boolean).length === jobs.length) {
      const t0 = performance.now();
      $("answer-text").dataset.computeMs = Math.max(...current.ms).toFixed(1);
      show(current.answers);
      $("answer-text").dataset.renderMs = (performance.now() - t0).toFixed(1);
    }
  }
  if (w.pending) {
    const p = w.pending;
    w.pending = null;
    sendTo(w, p);
  }
}

function sendTo(w, job) {
  w.busy = true;
  w.worker.postMessage(job);
}

let jobs = [];
let busyTimer = 0;

// showFileText puts the text the library read from the log file in the box, once: a
// note when it read none (an xz file, an empty one), with the answer saying why.
function showFileText(a) {
  if (!logFile || logFile.text !== null) return;
  logFile.text = a.log || "";
  logFile.cut = !!a.log_cut;
  if (logFile.text === "") {
    held.log = "";
    $("log").value = `[The command reads no text from this file (${size(logFile.bytes.length)}): the answer says why. Type or paste here to replace it.]`;
  } else showText($("log"), logFile.text);
  scheduleHash(readState());
}

// size writes a count of bytes or characters as the status line says sizes.
function size(n) {
  return n < 0.1 * (1 << 20) ? `${Math.ceil(n / 1024)} KiB` : `${(n / (1 << 20)).toFixed(1)} MiB`;
}

function reading(n) {
  return `Reading… (${size(n)})`;
}

// update asks for the answer to the current input. A worker answers the request in
// flight first and is then sent only the newest input. Until the answer comes, the
// answer shown is marked stale (aria-busy, dimmed by style.css) and the status line
// says what is read, at once when said (a file, a paste: say), else once an answer
// takes longer than an edit's (sweep7 finding 6: the last log's answer and status
// stayed on screen, unmarked, while a new log was read).
function update(say) {
  if (typeof say !== "string") say = ""; // an event listener's event
  const s = readState();
  const over = inputOver(s);
  if (over) {
    tooBig(`The ${s.tab}'s text`, over, $(s.tab));
    return;
  }
  seq++;
  $("answer-text").dataset.state = "pending";
  $("answer").setAttribute("aria-busy", "true");
  disableIrrelevant(s.call);
  jobs = requests(s);
  current = { seq, answers: [], ms: [] };
  const words = say || (s.tab === "call" ? "Computing…" : reading(logFile && s.tab === "log" ? logFile.bytes.length : s[s.tab].length));
  clearTimeout(busyTimer);
  if (say) status(say);
  else busyTimer = setTimeout(() => status(words), 150);
  if (!workerAt(0).ready) status("Starting the WebAssembly: the first answer takes a few seconds…");
  jobs.forEach((j, i) => {
    const w = workerAt(i);
    const job = { seq, req: j.req };
    if (w.busy) w.pending = job;
    else sendTo(w, job);
  });
  scheduleHash(s);
}

// ---- showing an answer ----

function show(answers) {
  lastAnswers = answers;
  const a = answers[0], j = jobs[0];
  $("command").textContent = j.cmd;
  const empty = emptyWords(j, a);
  $("answer-text").textContent = empty || (a.stderr !== "" ? a.stderr : a.text);
  $("answer-json").textContent = empty || (a.stderr !== "" ? a.stderr : a.json);
  // The notes the command writes on stderr beside its answer, under the text (where it
  // refuses, a.stderr holds them, shown above).
  $("answer-notes").textContent = !empty && a.stderr === "" && a.notes ? NOTES + "\n" + a.notes : "";
  $("rendered-0").replaceChildren(render(a, j.req.kind, empty));
  applyView();
  const notes = !empty && !a.stderr && a.notes ? a.notes.split("\n").length - 1 : 0;
  status(notice + sameRelease + (empty ? "Nothing to read yet." : `exit ${a.exit}: ${exitWords(a, j.req.kind)}`) + (notes ? ` · ${notes} note${notes > 1 ? "s" : ""} on stderr` : ""));
  notice = "";
  notBusy();
  if (!firstShown) {
    firstShown = true;
    window.compilemodeFirstAnswerMs = timings.firstAnswer = performance.now();
  }
}

// exitWords says what answer a's exit status means for its kind of input, as the
// command's doc does: for a log, exit 0 means the log was read (its findings may say
// PyTorch crashed; sweep finding 8); for a script, that no plan shown raises.
function exitWords(a, kind) {
  if (a.exit === 2) return "unusable input";
  if (kind === "log") {
    const n = JSON.parse(a.view).findings.length;
    return n === 0 ? "log read, no known signature" : `log read, ${n} finding${n === 1 ? "" : "s"}`;
  }
  if (kind === "script") return a.exit === 1 ? "a plan shown raises" : "no plan shown raises";
  const said = (raises) => (raises ? "PyTorch would raise" : "compiles");
  const v = JSON.parse(a.view);
  // A comparison: each release's, as its text's EXIT row.
  if (v.compare) return v.compare.map((t, i) => `torch ${t}: ${said(v.exits[i] === "raises")}`).join(" · ");
  return said(a.exit === 1);
}

function status(s) {
  $("status").textContent = s;
  $("jump-status").textContent = s;
}

// notBusy says the answer shown is the current input's.
function notBusy() {
  clearTimeout(busyTimer);
  $("answer").removeAttribute("aria-busy");
  $("answer-text").dataset.state = "ready";
}

function applyView() {
  for (const [name, cls] of [["read", "rendered"], ["text", "text"], ["json", "json"]]) {
    $(`view-${name}`).setAttribute("aria-pressed", String(view === name));
  }
  $("rendered-0").hidden = view !== "read";
  $("answer-text").hidden = view !== "text";
  $("answer-json").hidden = view !== "json";
  $("answer-notes").hidden = view !== "text" || !$("answer-notes").textContent;
}

// NOTES heads the notes the command writes on stderr beside an answer
// (answer.Answer.Notes), in the text view and, as a box, in the readable one.
const NOTES = "notes (the command writes these on standard error):";

// h builds an element: h("p", {class: "x"}, "text", child, …). Text is never parsed
// as HTML.
function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat(Infinity)) {
    if (k === undefined || k === null || k === false) continue;
    el.append(k instanceof Node ? k : String(k));
  }
  return el;
}

// EMPTY_LOG is the page's answer to an empty log box, in every view: the command's
// "-diagnose run.log: empty input" names a file and a flag the page's user never gave
// (newuser28 #14).
const EMPTY_LOG = "The box is empty: paste a log, a traceback or an issue, or open a file.";

// BLANK_LOG is the page's answer to a log box of only white space (blank lines,
// spaces, control characters), which the command refuses as "-diagnose run.log: empty
// input: its N bytes are white space, …", naming a file and a flag the page's user
// never gave, as EMPTY_LOG's box did (newuser29 F25).
const BLANK_LOG = "The box holds only white space, no text: paste a log, a traceback or an issue, or open a file.";

// emptyWords is the page's answer for a job whose log box holds no text: EMPTY_LOG
// for an empty box, BLANK_LOG for one the command refuses as empty input; "" for any
// other job (an opened file keeps the command's words, which name no box).
function emptyWords(job, a) {
  if (job.empty) return EMPTY_LOG;
  if (job.req.kind === "log" && !job.req.file && a && a.exit === 2 && /^compilemode: -diagnose run\.log: empty input\b/.test(a.stderr)) return BLANK_LOG;
  return "";
}

function render(a, kind, empty) {
  if (empty) return h("div", { class: "refused" }, h("p", {}, empty));
  if (a.stderr !== "") {
    return h("div", { class: "refused" }, h("p", {}, h("strong", {}, "The command refuses this input (exit 2):")), h("pre", {}, a.stderr));
  }
  const v = JSON.parse(a.view);
  const out = kind === "log" ? renderDiagnosis(v) : kind === "script" ? renderScript(v) : v.blocks ? renderComparison(v) : renderReport(v);
  // The notes first, in the page's words (answer's views: "notes"): one may say that
  // the plan below is for a Python that refuses the script.
  if (v.notes) out.prepend(h("div", { class: "notes", role: "note" }, h("p", {}, h("strong", {}, NOTES)), h("ul", {}, v.notes.map((n) => h("li", {}, n)))));
  return out;
}

function pyRepr(v) {
  if (v === null) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (typeof v === "string") return "'" + v.replace(/\\/g, "\\\\").replace(/'/g, "\\'") + "'";
  if (Array.isArray(v)) return "[" + v.map(pyRepr).join(", ") + "]";
  if (typeof v === "object") {
    if (Object.keys(v).length === 1 && typeof v.repr === "string") return v.repr;
    return "{" + Object.entries(v).map(([k, x]) => pyRepr(k) + ": " + pyRepr(x)).join(", ") + "}";
  }
  return String(v);
}

function copyButton(text, what) {
  return h("button", { type: "button", class: "copy", "aria-label": `Copy ${what}`, onclick: () => copy(text, what) }, `Copy ${what}`);
}

function fix(text) {
  return h("div", { class: "fix" }, h("span", { class: "label" }, "Fix"), h("p", {}, text), copyButton(text, "fix"));
}

// The readable views say every line the command's text says (newuser27): the lines
// the JSON does not hold as they are come with the view, computed by the command's
// own code (answer.reportText, diagnosisView, scriptView), and are shown as they are.

// verdict words CUDA graphs' state as the text does: "ON (legacy)", "off".
function verdict(v) {
  return v.enabled ? `ON (${v.implementation})` : "off";
}

function renderReport(r) {
  const out = h("div", { class: "report" });
  const t = r.text || {};
  out.append(h("p", { class: "head" },
    h("span", { class: `exit exit-${r.exit}` }, r.exit === "raises" ? "PyTorch raises" : "compiles"), " ", t.heading));
  if (r.error) {
    const e = r.error;
    out.append(h("div", { class: "error" },
      h("p", {}, h("strong", {}, `${t.raises} (${e.evidence}):`)),
      h("pre", {}, `${e.exception}: ${e.message}`),
      e.hint ? h("p", {}, `hint: ${e.hint}`) : null));
  }
  const changed = Object.entries(r.config || {}).filter(([, x]) => x.changed);
  if (t.keys) {
    if (changed.length) {
      out.append(h("h4", {}, `Changed keys (${changed.length} of ${t.keys}):`));
      out.append(table(["Key", "Value", "Source", "Evidence"], changed.map(([k, x]) => [h("code", {}, k), h("code", {}, pyRepr(x.value)), x.source, x.evidence]), [3]));
    } else {
      out.append(h("p", {}, `Changed keys: none of ${t.keys} (every key has its clean-environment default).`));
    }
    if (t.host_defaults) out.append(h("p", { class: "meta" }, t.host_defaults));
  }
  const cg = r.cudagraphs;
  if (cg && !r.error) {
    let line = "CUDA graphs: " + verdict(cg);
    if (r.compile_disabled) line += ` in the config, but ${r.disabled_by} turns compilation off`;
    if (cg.worker_threads) line += ` in the main thread; ${verdict(cg.worker_threads)} in the worker threads, which do not see the global assignments (torch ${r.torch})`;
    out.append(h("h4", {}, line));
    if (cg.devices && cg.devices.length) out.append(grid(cg.devices));
  }
  if (t.explain && !r.error) out.append(h("h4", {}, "Explain:"), h("p", { class: "explain" }, t.explain));
  if (r.warnings && r.warnings.length) {
    out.append(h("h4", {}, "Warnings:"));
    out.append(h("ul", { class: "warnings" }, r.warnings.map((w) => h("li", {},
      h("p", {}, h("code", { class: "code" }, w.code), w.key ? h("span", {}, " ", h("code", {}, w.key)) : null),
      h("p", {}, `${w.message} (${w.evidence})`),
      w.recommendation ? fix(w.recommendation) : null))));
  }
  return out;
}

// renderComparison shows a comparison of releases as its text says it, each block
// (answer.compareView: cliflags.Comparison.Blocks) a paragraph or a heading over its
// table (the exit row, the keys that differ, the defaults that differ, the CUDA graphs
// outcomes), then each release's plan side by side.
function renderComparison(v) {
  const out = h("div", { class: "report" });
  for (const b of v.blocks) {
    out.append(h(b.head ? "h4" : "p", {}, b.text));
    if (b.hint) out.append(h("p", {}, `hint: ${b.hint}`));
    if (b.head) out.append(table(b.head, b.rows || []));
  }
  out.append(h("h4", {}, "Each release's plan:"), h("div", { class: "columns two" },
    v.reports.map((r, i) => h("div", {}, h("h3", { class: "coltitle" }, `torch ${v.compare[i]}`), renderReport(r)))));
  return out;
}

// deviceLabel names a row's device as graphs.DevicePlan.Label does: cuda:N, mps:N, cpu.
function deviceLabel(d) {
  if (d.device_type === "cpu") return "cpu";
  return `${d.device_type || "cuda"}:${d.device}`;
}

function grid(devices) {
  const t = table(["Device", "Thread", "Outcome", "Implementation", "Evidence"], devices.map((d) => [
    deviceLabel(d), d.thread,
    h("span", { class: `outcome outcome-${d.outcome}` }, d.outcome + (d.race ? " (race)" : "")),
    d.implementation, d.evidence]), [3, 4]);
  const notes = h("dl", { class: "reasons" }, devices.map((d) => [
    h("dt", {}, `${deviceLabel(d)} ${d.thread}: `),
    h("dd", {}, d.reason, d.message ? [h("p", { class: "meta" }, d.outcome === "fail" ? `raises ${d.exception}:` : "logs:"), h("pre", {}, d.message)] : null)]));
  return h("div", {}, t, notes);
}

// table builds a table; the columns whose index is in minor are left out on narrow
// screens (the text view has them all).
function table(head, rows, minor = []) {
  const cls = (i) => (minor.includes(i) ? "minor" : undefined);
  return h("div", { class: "scroll" }, h("table", {},
    h("thead", {}, h("tr", {}, head.map((x, i) => h("th", { scope: "col", class: cls(i) }, x)))),
    h("tbody", {}, rows.map((r) => h("tr", {}, r.map((c, i) => h("td", { class: cls(i) }, c)))))));
}

// findingMeta is a finding's evidence line: how it is known, the releases that print
// it and the PyTorch sources its note names (file@release, PRs, issues, commits:
// pytorchSources), with the whole note behind a details element. The command's text
// prints no such note; the page printed all of it, about 1,500 characters naming the
// project's own test files a page user cannot act on (newuser29 F16).
function findingMeta(f) {
  const srcs = pytorchSources(f.source || "");
  const head = `${f.evidence}; printed by torch ${f.releases.join(", ")}` + (srcs.length ? `; sources: ${srcs.join(", ")}` : "");
  if (!f.source) return h("p", { class: "meta" }, head);
  return h("div", { class: "meta" }, h("p", {}, head),
    h("details", {}, h("summary", {}, "the catalogue's whole note"), h("p", {}, f.source)));
}

// pytorchSources returns, in order and once each, the public sources a catalogue note
// names: a PyTorch file (torch/…, c10/…, aten/…) with its line and release where given,
// a PR or issue ("PR #162920", "issue #87794", "pytorch/pytorch#87794", another
// repository's "owner/name#N") and a commit ("pytorch/pytorch@0e4c6cd"); the project's
// own files (testdata/…, *.go, holdout names) are left to the whole note.
function pytorchSources(note) {
  const re = /\b(?:(?:torch|c10|aten|caffe2|functorch|torchgen)\/[\w./-]+\.(?:py|pyi|cpp|cu|cuh|h)(?::\d+)?(?:@[\w.+-]*\w)?|(?:PR|issue|pull) #\d+|[\w.-]+\/[\w.-]+(?:#\d+|@[0-9a-f]{7,40}\b))/g;
  const seen = new Set();
  for (const m of note.matchAll(re)) {
    if (!/^(?:testdata|graphs|examples|config|modes|internal)\//.test(m[0])) seen.add(m[0]);
  }
  return [...seen];
}

function renderDiagnosis(d) {
  const out = h("div", { class: "diagnosis" });
  for (const [i, l] of (d.head_lines || []).entries()) out.append(h("p", { class: i === d.head_lines.length - 1 ? "head" : "note" }, l));
  for (const [i, f] of d.findings.entries()) {
    out.append(h("article", { class: "finding" },
      h("h4", {}, d.finding_heads[i]),
      h("blockquote", {}, h("pre", {}, f.quote)),
      (f.culprits || []).map((c) => h("p", { class: "culprit" }, `from ${c.file}:${c.line} in ${c.function}${c.source ? ": " + c.source : ""}`)),
      h("p", {}, h("span", { class: "label" }, "Cause"), " ", f.cause),
      f.note ? h("p", { class: "note" }, f.note) : null,
      fix(f.fix),
      findingMeta(f)));
  }
  const pl = d.plan_lines || [];
  if (pl.length) {
    out.append(h("h3", {}, pl[0]));
    if (pl.length > 1) out.append(h("ul", { class: "notes" }, pl.slice(1).map((l) => h("li", {}, l))));
  }
  if (d.plan) {
    if (d.inferred) out.append(h("p", { class: "meta" }, "Inferred from the findings: " + Object.entries(d.inferred).map(([k, c]) => `${k} (${c})`).join(", ")));
    out.append(renderReport(d.plan));
  }
  return out;
}

// scriptHeader shows the text's lines before the first site: the file's counts, then
// each section ("  globals (in file order):") and its lines.
function scriptHeader(lines) {
  const out = [];
  let list = null;
  for (const [i, l] of lines.entries()) {
    if (i === 0) { out.push(h("p", { class: "head" }, l)); continue; }
    if (l.startsWith("    ")) {
      if (!list) out.push(list = h("ul", { class: "notes" }));
      list.append(h("li", {}, l.trim()));
      continue;
    }
    list = null;
    out.push(l.trimEnd().endsWith(":") ? h("h4", {}, l.trim()) : h("p", { class: "note" }, l.trim()));
  }
  return out;
}

// inferredLines groups a site's inferred workload fields by the line that shows them,
// as the text does: "workload: threads=per-device, devices=2 (line 9: …)".
function inferredLines(inferred) {
  const out = [];
  for (let i = 0; i < inferred.length;) {
    const x = inferred[i];
    const fields = [];
    for (; i < inferred.length && inferred[i].line === x.line && inferred[i].shows === x.shows; i++) fields.push(`${inferred[i].field}=${inferred[i].value}`);
    out.push(`workload: ${fields.join(", ")} (line ${x.line}: ${x.shows})`);
  }
  return out;
}

// sitePlans shows a site's plans in the text's order (script.Script.WriteText): its
// plan, each branch's, each mode's and its branches'; each after the first headed by
// the text's head line, a plan shown before named by the text's line, not repeated.
// A head the view lacks (a site whose label it could not find in the text) is the
// plan's condition from the JSON.
function sitePlans(sec, p, heads, plan, shown) {
  let k = 0;
  const next = (fallback) => heads[k++] ?? fallback;
  const one = (ref, headed, fallback, error) => {
    if (error !== undefined && ref === null) { sec.append(h("p", { class: "note" }, next(`${fallback} not planned: ${error}`))); return; }
    if (ref === null || ref === undefined) return;
    if (shown.has(ref)) { sec.append(h("p", { class: "note" }, next(`${fallback} the same plan as shown above`))); return; }
    shown.add(ref);
    const r = plan(ref);
    if (!headed) { sec.append(renderReport(r)); return; }
    const head = next(fallback);
    const d = h("details", { open: true }, h("summary", {}, head, " ",
      h("span", { class: `exit exit-${r.exit}` }, r.exit === "raises" ? "PyTorch raises" : "compiles")));
    d.append(renderReport(r));
    sec.append(d);
  };
  if (p.report !== undefined) {
    one(p.report, false, "");
    for (const b of p.branches || []) one(b.report, true, `-- when ${b.assumes}:`);
  }
  for (const mp of p.modes || []) {
    const cond = mp.args || `the mode is ${mp.mode === null ? "None" : JSON.stringify(mp.mode)}`;
    one(mp.report, true, `-- if ${cond}:`, mp.error);
    if (mp.error) continue; // the text names no branch of a mode not planned
    for (const b of mp.branches || []) one(b.report, true, `-- if ${cond}, when ${b.assumes}:`);
  }
}

function renderScript(v) {
  const s = v.script;
  const out = h("div", { class: "script" });
  const plan = (i) => Object.assign({}, s.plans[i], { text: v.plans_text[i] });
  const shown = new Set();
  out.append(...scriptHeader(v.header || []));
  for (const [i, st] of s.sites.entries()) {
    const mode = st.mode_literal ? (st.mode === null ? "None" : JSON.stringify(st.mode)) : st.mode_expr;
    const lines = [];
    if (st.guard) lines.push("conditional: " + st.guard);
    if (st.not_run) lines.push("not run: " + st.not_run);
    for (const n of st.notes || []) lines.push("note: " + n);
    lines.push(...inferredLines(st.inferred || []));
    if (st.plan_error) lines.push("not planned: " + st.plan_error);
    if (st.plan && st.unfollowed && st.unfollowed.length) lines.push(`partial plan: ${st.unfollowed.join("; ")} not followed: the keys it may set are not planned, so PyTorch may take another path or raise where the plans below do not`);
    const sec = h("article", { class: "site" },
      h("h4", {}, h("code", {}, `${s.file}:${st.line} ${st.call}`)),
      h("p", { class: "meta" }, `mode: ${mode}` + (st.function ? ` · in ${st.function}()` : "")),
      lines.length ? h("ul", { class: "notes" }, lines.map((n) => h("li", {}, n))) : null);
    if (st.warnings && st.warnings.length) {
      sec.append(h("ul", { class: "warnings" }, st.warnings.map((j) => s.warnings[j]).map((w) => h("li", {}, h("p", {}, `line ${w.line}: `, h("code", { class: "code" }, w.code)), h("p", {}, w.message)))));
    }
    if (st.plan) sitePlans(sec, st.plan, v.heads[i] || [], plan, shown);
    out.append(sec);
  }
  return out;
}

// ---- copy ----

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    const ta = h("textarea", { class: "offscreen", "aria-hidden": "true" });
    ta.value = text;
    document.body.append(ta);
    ta.select();
    document.execCommand("copy");
    ta.remove();
  }
  status(`Copied the ${what}.`);
}

// ---- the URL fragment ----

function b64url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unb64url(s) {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pipe(bytes, stream) {
  const resp = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await resp.arrayBuffer());
}

async function encodeState(s) {
  const json = new TextEncoder().encode(JSON.stringify(s));
  if (typeof CompressionStream === "undefined") return "j=" + b64url(json);
  return "z=" + b64url(await pipe(json, new CompressionStream("deflate-raw")));
}

// MAX_INPUT is the most bytes the page reads from a link (once inflated) or a file:
// the command's limit on a script (16 MiB, graphs/script MaxSourceBytes). Past it a
// link is refused with its status line (a 130 KB link inflated to 100 MB left the tab
// without an answer: sweep finding 16) and a file is not read.
const MAX_INPUT = 16 << 20;

// inflateCapped inflates deflate-raw bytes, or throws once the output passes max
// bytes, without holding more than that.
async function inflateCapped(bytes, max) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const parts = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.length;
    if (n > max) {
      await reader.cancel();
      throw pageError(`the link's input is over ${max} bytes`);
    }
    parts.push(value);
  }
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

// pageError is an error whose message is the page's own words, said as it is.
function pageError(msg) {
  const e = new Error(msg);
  e.page = true;
  return e;
}

async function decodeState(hash) {
  const [kind, data] = [hash.slice(0, 2), hash.slice(2)];
  if (kind !== "z=" && kind !== "j=") return null;
  let bytes = unb64url(data);
  if (kind === "z=") bytes = await inflateCapped(bytes, MAX_INPUT);
  else if (bytes.length > MAX_INPUT) throw pageError(`the link's input is over ${MAX_INPUT} bytes`);
  return JSON.parse(new TextDecoder().decode(bytes));
}

// MAX_AUTO_LINK is the most characters of log and script whose state scheduleHash
// keeps in the URL as they are edited: compressing a 10 MB log took seconds of the
// page's main thread on every update (sweep finding 14). Past it the fragment is
// dropped, and "Copy link" makes the link once, when asked.
const MAX_AUTO_LINK = 256 << 10;

// linked is the state of the link last opened (null: none).
let linked = null;

function sameState(a, b) {
  if (!b || a.log !== b.log || a.script !== b.script) return false;
  return JSON.stringify({ ...a, log: "", script: "" }) === JSON.stringify({ ...b, log: "", script: "" });
}

function scheduleHash(s) {
  clearTimeout(hashTimer);
  const gen = ++hashGen; // an encoding still running for an older state must not land
  if (s.log.length + s.script.length > MAX_AUTO_LINK || unlinkable()) {
    if (sameState(s, linked)) return; // the link just opened: its fragment still says it
    if (location.hash !== "") {
      lastHash = "";
      history.replaceState(null, "", location.pathname + location.search);
    }
    return;
  }
  hashTimer = setTimeout(async () => {
    const hash = await encodeState(s);
    if (gen !== hashGen) return;
    lastHash = hash;
    history.replaceState(null, "", "#" + hash);
  }, 150);
}

// unlinkable says why a link cannot hold the log file the log tab shows ("" when it
// can, or when no file is shown): its text is not read yet, is cut at 16 MiB, or is
// none (an xz file: the link would answer an empty log).
function unlinkable() {
  if (tab !== "log" || !logFile) return "";
  if (logFile.text === null) return "the file is still being read";
  if (logFile.cut) return "the file's text is over 16 MiB";
  return logFile.text === "" && logFile.bytes.length ? "the command reads no text from the file" : "";
}

// initial is the page's state before any link: a link starts from it, so that a field
// the link does not hold is the default, not what a link opened before it in this tab
// left, and a link that cannot be read shows it, as its notice says (sweep8 findings
// 14, 16).
let initial = null;

async function loadHash() {
  const hash = location.hash.slice(1);
  if (hash === "" || hash === lastHash) return false;
  let s;
  try {
    s = await decodeState(hash);
    const problems = stateProblems(s);
    if (problems.length) throw pageError(problems.slice(0, 3).join("; "));
  } catch (e) {
    // The browser's own errors (atob's, inflating's, JSON's) say how the link's text is
    // broken in the browser's terms: the page says what its user can do (newuser28 #14).
    const why = e.page ? e.message : "the link is damaged or cut short: copy it again";
    notice = `This link's input could not be read (${why}); showing the default. `;
    status(notice);
    applyState(initial);
    return true;
  }
  applyState(initial);
  applyState(s);
  lastHash = hash;
  linked = readState();
  return true;
}

// ---- tabs, views, drop ----

function selectTab(name, focus) {
  tab = name;
  for (const t of TABS) {
    const b = $(`tab-${t}`);
    b.setAttribute("aria-selected", String(t === name));
    b.tabIndex = t === name ? 0 : -1;
    $(`panel-${t}`).hidden = t !== name;
  }
  if (focus) $(`tab-${name}`).focus();
}

function onTabKey(ev) {
  const i = TABS.indexOf(tab);
  const next = { ArrowRight: (i + 1) % 3, ArrowLeft: (i + 2) % 3, Home: 0, End: 2 }[ev.key];
  if (next === undefined) return;
  ev.preventDefault();
  selectTab(TABS[next], true);
  update();
}

// utf8Over returns the UTF-8 bytes of text when they are over MAX_INPUT, else 0: the
// limit on text however it reached a box (typed, dropped as text, pasted in pieces:
// hostile28 J1, 20 MB read in 78 s), checked where update reads it. Under a third of
// MAX_INPUT characters it cannot be over, and is not measured.
function utf8Over(text) {
  if (text.length * 3 <= MAX_INPUT) return 0;
  const n = new Blob([text]).size;
  return n > MAX_INPUT ? n : 0;
}

// inputOver returns the bytes of state s's tab's text when over MAX_INPUT, else 0: a
// log file's bytes were measured when it was read (readFileInto), a script file's
// that is not UTF-8 are its characters (one a byte, scriptBytes).
function inputOver(s) {
  if (s.tab === "call" || (s.tab === "log" && logFile)) return 0;
  if (s.tab === "script" && scriptBytes) return s.script.length > MAX_INPUT ? s.script.length : 0;
  return utf8Over(s[s.tab]);
}

// tooBig answers an input over MAX_INPUT bytes (what) in place of the command: its
// status line and answer say the size and the limit (sweep finding 7: a 17 MB file was
// answered "empty input" by the answer to the empty box, which came later). Answers
// still in flight are dropped; the box keeps what it held. The message names every
// way text reaches the page, typed or dropped text too, and the command line shown is
// the one the message advises, not the last one run (the Call tab's; hostile29 W1).
function tooBig(what, bytes, textarea) {
  seq++;
  const run = textarea.id === "log" ? "compilemode -diagnose FILE" : "compilemode -script FILE";
  const cmd = run + (textarea.id === "log" ? " reads a log of any size" : " reads up to 16 MiB too");
  const msg = `${printable(what)} is ${(bytes / (1 << 20)).toFixed(1)} MiB: the page reads up to 16 MiB from a file, a paste, a shared link or text typed or dropped into a box; run the command on it (${cmd}).`;
  $("command").textContent = run;
  for (const id of ["answer-text", "answer-json"]) $(id).textContent = msg;
  $("answer-notes").textContent = "";
  applyView();
  $("rendered-0").replaceChildren(h("div", { class: "refused" }, h("p", {}, msg)));
  notBusy();
  status(msg);
}

async function readFileInto(file, textarea) {
  if (file.size > MAX_INPUT) {
    tooBig(file.name, file.size, textarea);
    return;
  }
  if (textarea.id === "script") {
    // The command reads a script's bytes as Python does (a file that is not UTF-8 and
    // declares no encoding is refused with Python's message): the page sends the bytes
    // as they are (sweep finding 6: UTF-16 and Latin-1 files had been planned).
    const bytes = new Uint8Array(await file.arrayBuffer());
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
      scriptBytes = false;
    } catch (e) {
      text = latin1(bytes); // one character per byte; the request says so (bytes)
      scriptBytes = true;
    }
    showText(textarea, text);
    $("script-name").value = file.name;
    update(reading(bytes.length));
    return;
  }
  // A log file goes to the library as its bytes (logFile); the box shows its text once read.
  logFile = { bytes: new Uint8Array(await file.arrayBuffer()), text: null, cut: false };
  showText(textarea, "");
  update(reading(logFile.bytes.length));
}

// TERM_HIDDEN are the characters the command escapes in a file's name (termtext.Hidden:
// C0 controls but tab, DEL, C1 controls, bidirectional marks and overrides).
const TERM_HIDDEN = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const GO_ESC = { "\u0007": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\v": "\\v", '"': '\\"', "\\": "\\\\" };

// printable writes a file's name as the command writes it in a message
// (examples/compilemode printable): as it is, or, where it holds a TERM_HIDDEN
// character, Go-quoted with every other character than printable ASCII escaped
// (strconv.QuoteToASCII), so that a name's U+202E, newline or ESC cannot reorder or
// forge the status line (sweep7 finding 10).
function printable(s) {
  if (!TERM_HIDDEN.test(s)) return s;
  const hex = (n, w) => n.toString(16).padStart(w, "0");
  return '"' + [...s].map((c) => {
    const n = c.codePointAt(0);
    if (GO_ESC[c]) return GO_ESC[c];
    if (n >= 0x20 && n < 0x7f) return c;
    if (n < 0x80) return "\\x" + hex(n, 2);
    return n > 0xffff ? "\\U" + hex(n, 8) : "\\u" + hex(n, 4);
  }).join("") + '"';
}

// latin1 returns bytes as a string of one character (U+0000–U+00FF) per byte.
function latin1(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return s;
}

function droppable(textarea) {
  textarea.addEventListener("dragover", (ev) => { ev.preventDefault(); textarea.classList.add("drop"); });
  textarea.addEventListener("dragleave", () => textarea.classList.remove("drop"));
  textarea.addEventListener("drop", (ev) => {
    textarea.classList.remove("drop");
    const f = ev.dataTransfer && ev.dataTransfer.files[0];
    if (!f) return;
    ev.preventDefault();
    readFileInto(f, textarea);
  });
}

function wire() {
  for (const t of TABS) {
    $(`tab-${t}`).addEventListener("click", () => { selectTab(t, false); update(); });
    $(`tab-${t}`).addEventListener("keydown", onTabKey);
  }
  $("call-form").addEventListener("input", update);
  $("call-form").addEventListener("submit", (ev) => ev.preventDefault());
  $("log").addEventListener("input", () => { logFile = null; update(); });
  $("script").addEventListener("input", update);
  $("script-name").addEventListener("input", update);
  $("script-torch").addEventListener("input", update);
  $("script-python").addEventListener("input", update);
  $("log-torch").addEventListener("input", update);
  droppable($("log"));
  droppable($("script"));
  holdable($("log"));
  holdable($("script"));
  $("log-file").addEventListener("change", (ev) => ev.target.files[0] && readFileInto(ev.target.files[0], $("log")));
  $("script-file").addEventListener("change", (ev) => ev.target.files[0] && readFileInto(ev.target.files[0], $("script")));
  for (const name of ["read", "text", "json"]) {
    $(`view-${name}`).addEventListener("click", () => {
      const needJSON = name === "json" && view !== "json";
      view = name;
      applyView();
      if (needJSON) update(); // the JSON is computed only when shown
    });
  }
  $("copy-link").addEventListener("click", async () => {
    const why = unlinkable();
    if (why) {
      status(`No link: ${why}; share the file, or paste its text.`);
      return;
    }
    clearTimeout(hashTimer);
    const gen = ++hashGen;
    const hash = await encodeState(readState());
    if (gen === hashGen) {
      lastHash = hash;
      history.replaceState(null, "", "#" + hash);
    }
    copy(location.origin + location.pathname + location.search + "#" + hash, "link");
  });
  $("copy-answer").addEventListener("click", () => {
    const a = lastAnswers[0];
    if (!a) return;
    copy(view === "json" ? a.json || a.stderr : a.text || a.stderr, view === "json" ? "JSON" : "answer");
  });
  window.addEventListener("hashchange", async () => { if (await loadHash()) update(); });
}

// compilemodeLink returns a link that reproduces the current input (tests and the
// "Copy link" button use it).
window.compilemodeLink = async () => location.origin + location.pathname + "#" + await encodeState(readState());

// canon is v as JSON with sorted keys and without false, 0 and "" members: two
// calls that ask the same are equal in this form.
function canon(v) {
  if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
  if (v && typeof v === "object") {
    return "{" + Object.keys(v).sort()
      .filter((k) => v[k] !== false && v[k] !== 0 && v[k] !== "" && v[k] !== undefined && v[k] !== null)
      .map((k) => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}";
  }
  return JSON.stringify(v);
}

// showPrerendered shows the answer the build computed for the form's first state,
// when the form asks exactly that call; the worker starts meanwhile.
function showPrerendered() {
  const el = $("prerendered");
  if (!el || !el.dataset.call) return false;
  const reqs = requests(readState());
  if (reqs.length !== 1 || reqs[0].req.kind !== "call" || canon(reqs[0].req.call) !== canon(JSON.parse(el.dataset.call))) return false;
  seq++;
  jobs = reqs;
  current = { seq, answers: [], ms: [] };
  timings.prerendered = true;
  show([JSON.parse(el.dataset.answer)]);
  // The worker plans the same call in the background (its answer is not shown), so
  // that the first edit finds the release's schema read and its code compiled.
  const w = workerAt(0);
  const warm = { seq: -1, req: reqs[0].req };
  if (w.busy) w.pending = warm;
  else sendTo(w, warm);
  return true;
}

async function loadSample(kind) {
  const samples = await (await fetch("samples.json")).json();
  const s = samples[kind];
  if (!s) return;
  showText($(kind), s.text);
  if (kind === "log") logFile = null;
  if (kind === "script") {
    $("script-name").value = s.name;
    scriptBytes = false;
  }
  update();
}

async function start() {
  workerAt(0); // boot.js's worker: it starts Go while the page reads a link's input
  wire();
  $("sample-log").addEventListener("click", () => loadSample("log"));
  $("sample-script").addEventListener("click", () => loadSample("script"));
  initial = readState();
  await loadHash();
  disableIrrelevant(readState().call);
  // A link that asks the form's first state is answered at once too.
  if (!showPrerendered()) update();
}

start();
