// One of the page's Web Workers: it runs the library (app.wasm) so that typing never
// waits on it. Messages in: {module} (the compiled app.wasm, once), then {seq, req};
// out: {ready, timings} once the WebAssembly runs, {seq, answer, ms} for each request,
// or {fatal} when the WebAssembly cannot start.
"use strict";
importScripts("wasm_exec.js");

const timings = { start: performance.now() };
let gotModule;
const started = new Promise((resolve) => { gotModule = resolve; })
  .then(async (module) => {
    const go = new Go();
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
  const answer = JSON.parse(globalThis.compilemodeAnswer(JSON.stringify(req)));
  postMessage({ seq, answer, ms: performance.now() - t0 });
};
