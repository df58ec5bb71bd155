// Starts the WebAssembly as the page starts, before its body is parsed and app.js runs
// (a shared link's first answer waits on it): app.wasm's compilation, streamed as it
// downloads, and the first worker, which app.js takes over (compilemodeBoot).
"use strict";
window.compilemodeBoot = (() => {
  const module = WebAssembly.compileStreaming(fetch("app.wasm")).catch(
    // A host that serves app.wasm without Content-Type application/wasm.
    () => fetch("app.wasm").then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)));
  const worker = new Worker("worker.js");
  // The worker's messages until app.js listens (a Worker drops those it has no listener for).
  const early = [];
  worker.onmessage = (ev) => early.push(ev);
  module.then((m) => worker.postMessage({ module: m }), () => {});
  return { module, worker, early };
})();
