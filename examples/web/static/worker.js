// The page's Web Worker: it runs the library (app.wasm) so that typing never waits on
// it. Messages in: {seq, reqs: [request, …]}; out: {seq, answers: [answer, …], ms} or
// {ready: true} once the WebAssembly runs, {fatal: "…"} when it cannot start.
"use strict";
importScripts("wasm_exec.js");

const go = new Go();
const started = (async () => {
  const resp = fetch("app.wasm");
  let inst;
  try {
    inst = await WebAssembly.instantiateStreaming(resp, go.importObject);
  } catch (e) {
    // A host that serves app.wasm without Content-Type application/wasm.
    const buf = await (await fetch("app.wasm")).arrayBuffer();
    inst = await WebAssembly.instantiate(buf, go.importObject);
  }
  go.run(inst.instance);
  postMessage({ ready: true });
})().catch((e) => postMessage({ fatal: String(e) }));

onmessage = async (ev) => {
  await started;
  const { seq, reqs } = ev.data;
  const t0 = performance.now();
  const answers = reqs.map((r) => JSON.parse(globalThis.compilemodeAnswer(JSON.stringify(r))));
  postMessage({ seq, answers, ms: performance.now() - t0 });
};
