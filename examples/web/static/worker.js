// One of the page's Web Workers: it runs the library (app.wasm) so that typing never
// waits on it. Messages in: {module} (the compiled app.wasm, once), then {seq, req};
// out: {ready, timings} once the WebAssembly runs, {seq, answer, ms, parts} for each
// request, or {fatal} when the WebAssembly cannot start.
"use strict";
importScripts("wasm_exec.js");

const timings = { start: performance.now() };
let gotModule;
const started = new Promise((resolve) => { gotModule = resolve; })
  .then(async (module) => {
    const go = new Go();
    // The worker has plenty of memory: collect garbage less often from the start (the
    // packages' initialisation and the first answer's tables allocate most).
    go.env = { GOGC: "400" };
    const instance = await WebAssembly.instantiate(module, go.importObject);
    timings.instantiated = performance.now();
    go.run(instance);
    timings.ran = performance.now();
    postMessage({ ready: true, timings });
  })
  .catch((e) => postMessage({ fatal: String(e) }));

onmessage = async (ev) => {
  if (ev.data.module) {
    gotModule(ev.data.module);
    return;
  }
  await started;
  const { seq, req } = ev.data;
  const t0 = performance.now();
  // The input's text goes to the WebAssembly as its own argument: in the request's
  // JSON a multi-MB log would be escaped here and unescaped there.
  const { text, ...rest } = req;
  const meta = JSON.stringify(rest);
  const t1 = performance.now();
  const reply = globalThis.compilemodeAnswer(meta, text === undefined ? "" : text);
  const t2 = performance.now();
  const answer = JSON.parse(reply);
  const t3 = performance.now();
  // parts: where the request's time went (ms), for the tests' measurements; go is the
  // WebAssembly's own breakdown (its copy of the text, the library, the reply's JSON).
  const parts = { stringify: t1 - t0, wasm: t2 - t1, parse: t3 - t2, go: globalThis.compilemodeParts };
  postMessage({ seq, answer, ms: t3 - t0, parts });
};
