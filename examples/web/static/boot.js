// Starts the WebAssembly: app.wasm's compilation, streamed as it downloads, and the
// first worker, which app.js takes over (compilemodeBoot). For a shared link (a URL
// with a fragment, whose first answer waits on the WebAssembly) this runs in the
// page's head, before its body is parsed; for the page itself, whose first answer was
// computed at build time, app.js calls it once it runs, so that the compilation does
// not compete with the page's first showing.
"use strict";
window.compilemodeStart = () => {
  const module = WebAssembly.compileStreaming(fetch("app.wasm")).catch(
    // A host that serves app.wasm without Content-Type application/wasm.
    () => fetch("app.wasm").then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)));
  const worker = new Worker("worker.js");
  // The worker's messages until app.js listens (a Worker drops those it has no listener for).
  const early = [];
  worker.onmessage = (ev) => early.push(ev);
  module.then((m) => worker.postMessage({ module: m }), () => {});
  return { module, worker, early };
};
if (location.hash.length > 1) window.compilemodeBoot = window.compilemodeStart();
