package script

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestOwnerCallers: a compiled module kept as an attribute of an object
// (pipe.unet = torch.compile(pipe.unet, …), diffusers' documented form) runs whenever
// the object is called, so the threads that call the object are its callers (sweep9
// finding 4: a gradio event function calling pipe(prompt) was planned as main-thread
// capture).
func TestOwnerCallers(t *testing.T) {
	t.Parallel()
	const pipe = "import torch\nfrom diffusers import DiffusionPipeline\npipe = DiffusionPipeline.from_pretrained(\"m\", torch_dtype=torch.float16).to(\"cuda\")\n"
	const unet = "pipe.unet = torch.compile(pipe.unet, mode=\"reduce-overhead\", fullgraph=True)\n"
	const gradio = "import gradio as gr\ndef generate(prompt):\n    return pipe(prompt, num_inference_steps=30).images[0]\ngr.Interface(fn=generate, inputs=\"text\", outputs=\"image\").launch()\n"
	anyio := func(n int) graphs.Workload { return graphs.Workload{ThreadPool: n, InheritContext: true} }
	warm := graphs.Workload{Threads: graphs.Callers, Callers: 40, InheritContext: true}
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
	}{
		{"gradio-unet", "sweep9 #4: gr.Interface's fn calls pipe(prompt)", pipe + unet + gradio, anyio(40)},
		{"gradio-transformer", "a DiT pipeline's transformer", pipe + "pipe.transformer = torch.compile(pipe.transformer, mode=\"reduce-overhead\")\n" + gradio, anyio(40)},
		{"gradio-vae-decode", "pipe.vae.decode: the owner is pipe", pipe + "pipe.vae.decode = torch.compile(pipe.vae.decode, mode=\"reduce-overhead\")\n" + gradio, anyio(40)},
		{"gradio-warmup", "a warm-up pipe(\"warmup\") in main records first (Fish-LCM's form)", pipe + unet + "pipe(prompt=\"warmup\")\n" + gradio, warm},
		{"gradio-blocks-click", "btn.click(fn) of gr.Blocks, max_threads=4", pipe + unet + "import gradio as gr\ndef run(p):\n    return pipe(p).images\nwith gr.Blocks() as demo:\n    b = gr.Button()\n    b.click(run, inputs=None, outputs=None)\ndemo.launch(max_threads=4)\n", anyio(4)},
		{"fastapi-def", "a FastAPI def route calls pipe", pipe + unet + "from fastapi import FastAPI\napp = FastAPI()\n@app.post(\"/gen\")\ndef gen(prompt: str):\n    return pipe(prompt).images[0]\n", anyio(40)},
		{"flask-view", "a Flask view: a thread per request", pipe + unet + "from flask import Flask\napp = Flask(__name__)\n@app.route(\"/gen\")\ndef gen():\n    return pipe(\"x\").images[0]\napp.run()\n", graphs.Workload{ThreadPool: 2}},
		{"pool-submit", "a ThreadPoolExecutor's tasks call pipe", pipe + unet + "from concurrent.futures import ThreadPoolExecutor\ndef job(p):\n    return pipe(p).images\nwith ThreadPoolExecutor(max_workers=3) as ex:\n    list(ex.map(job, [\"a\", \"b\"]))\n", graphs.Workload{ThreadPool: 3}},
		{"class-holder", "self.pipe.unet compiled in __init__, a handler calls a method that calls self.pipe", "import torch, gradio as gr\nclass Gen:\n    def __init__(self, pipe):\n        self.pipe = pipe\n        self.pipe.unet = torch.compile(self.pipe.unet, mode=\"reduce-overhead\")\n    def run(self, p):\n        return self.pipe(p).images\ng = Gen(load())\ndef handler(p):\n    return g.run(p)\ngr.Interface(fn=handler, inputs=\"text\", outputs=\"image\").launch()\n", anyio(40)},
		{"module-encoder", "model.encoder compiled, a pool's task calls model(x)", "import torch\nfrom concurrent.futures import ThreadPoolExecutor\nmodel = build().cuda()\nmodel.encoder = torch.compile(model.encoder, mode=\"reduce-overhead\")\ndef job(x):\n    return model(x)\nex = ThreadPoolExecutor(max_workers=2)\nex.submit(job, 1)\n", graphs.Workload{ThreadPool: 2}},
		{"several-owned", "pipe.text_encoder.compile(…) in place, with pipe.unet compiled: a handler calling pipe calls both (the second site is checked below)", pipe + unet + "pipe.text_encoder.compile(mode=\"reduce-overhead\")\n" + gradio, anyio(40)},
		{"recompiled", "pipe.unet compiled twice: the pipe's calls are the second's; the first is checked below", pipe + "pipe.unet = torch.compile(pipe.unet)\n" + unet + gradio, anyio(40)},
		{"moved-after", "pipe = pipe.to(\"cuda\") after the compile is the same pipeline", pipe + unet + "pipe = pipe.to(\"cuda\")\n" + gradio, anyio(40)},
		{"alias", "p = pipe: p holds what pipe holds", pipe + unet + "p = pipe\nimport gradio as gr\ndef generate(prompt):\n    return p(prompt).images[0]\ngr.Interface(fn=generate).launch()\n", anyio(40)},
		{"rebound", "pipe bound to another pipeline after the compile holds no compiled module", pipe + unet + "pipe = DiffusionPipeline.from_pretrained(\"refiner\")\n" + gradio, graphs.Workload{}},
		{"returned-owner", "a def compiles p.transformer and returns p; pipe = load() holds it", "import torch\ndef load():\n    p = Pipe.from_pretrained(\"m\").to(\"cuda\")\n    p.transformer = torch.compile(p.transformer, mode=\"reduce-overhead\")\n    return p.to(\"cuda\")\npipe = load()\n" + gradio, anyio(40)},
		{"setattr", "setattr(pipe, \"unet\", torch.compile(…)) is pipe.unet = …", pipe + "setattr(pipe, \"unet\", torch.compile(pipe.unet, mode=\"reduce-overhead\"))\n" + gradio, anyio(40)},
		{"returned-other", "a def that returns something else: pipe holds nothing", "import torch\ndef load():\n    p = Pipe.from_pretrained(\"m\")\n    p.unet = torch.compile(p.unet, mode=\"reduce-overhead\")\n    return Other()\npipe = load()\n" + gradio, graphs.Workload{}},
		{"ddp-wrapped", "model = DDP(model) after model.encoder is compiled: the wrapper runs it", "import torch\nfrom torch.nn.parallel import DistributedDataParallel as DDP\nfrom concurrent.futures import ThreadPoolExecutor\nmodel = build().cuda()\nmodel.encoder = torch.compile(model.encoder, mode=\"reduce-overhead\")\nmodel = DDP(model)\ndef job(x):\n    return model(x)\nex = ThreadPoolExecutor(max_workers=2)\nex.submit(job, 1)\n", graphs.Workload{ThreadPool: 2}},
		{"accelerate-prepared", "model = accelerator.prepare(model)", "import torch\nfrom concurrent.futures import ThreadPoolExecutor\nmodel = build().cuda()\nmodel.encoder = torch.compile(model.encoder, mode=\"reduce-overhead\")\nmodel = accelerator.prepare(model)\ndef job(x):\n    return model(x)\nex = ThreadPoolExecutor(max_workers=2)\nex.submit(job, 1)\n", graphs.Workload{ThreadPool: 2}},
		{"main-only", "pipe called only in main: main", pipe + unet + "image = pipe(\"a cat\").images[0]\n", graphs.Workload{}},
		{"handler-no-call", "a handler that never names pipe is no caller", pipe + unet + "import gradio as gr\ndef echo(t):\n    return t\ngr.Interface(fn=echo, inputs=\"text\", outputs=\"text\").launch()\n", graphs.Workload{}},
		{"self-attr", "self.unet = torch.compile(self.unet) has no owner name: a handler calling an unrelated object is no caller", "import torch, gradio as gr\nclass M:\n    def __init__(self):\n        self.unet = torch.compile(self.unet, mode=\"reduce-overhead\")\nm = M()\nself = None\ndef h(t):\n    return other(t)\ngr.Interface(fn=h, inputs=\"text\", outputs=\"text\").launch()\n", graphs.Workload{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("o.py", []byte(tc.src))
			require.NoError(t, err)
			require.NotEmpty(t, s.Sites)
			if diff := cmp.Diff(tc.want, s.Sites[len(s.Sites)-1].Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s\nnotes %q", tc.reason, diff, s.Sites[len(s.Sites)-1].Notes)
			}
		})
	}
}

// TestOwnerCallNotes: the site says which call of the owner runs it, and whose
// threads the handler's callers are, with the source of that fact.
func TestOwnerCallNotes(t *testing.T) {
	t.Parallel()
	src := "import torch\nimport gradio as gr\npipe = load()\npipe.unet = torch.compile(pipe.unet, mode=\"reduce-overhead\")\ndef generate(p):\n    return pipe(p).images[0]\ngr.Interface(fn=generate, inputs=\"text\", outputs=\"image\").launch()\n"
	s, err := readBytes("o.py", []byte(src))
	require.NoError(t, err)
	require.Len(t, s.Sites, 1)
	notes := strings.Join(s.Sites[0].Notes, "\n")
	for _, want := range []string{"pipe(…) at line 6 runs this compiled module, which the script keeps as pipe.unet (line 4)", "gradio runs a sync event function in anyio's worker threads", "gradio/blocks.py"} {
		require.Contains(t, notes, want)
	}
}

// TestOwnerSeveral: each compiled module an owner holds is called by its callers
// (pipe.unet and pipe.text_encoder.compile(…) in place); a module compiled again in
// the same attribute replaces the one before, whose site the owner no longer calls.
func TestOwnerSeveral(t *testing.T) {
	t.Parallel()
	const gradio = "import gradio as gr\ndef generate(p):\n    return pipe(p).images[0]\ngr.Interface(fn=generate, inputs=\"text\", outputs=\"image\").launch()\n"
	s, err := readBytes("o.py", []byte("import torch\npipe = load()\npipe.unet = torch.compile(pipe.unet, mode=\"reduce-overhead\")\npipe.text_encoder.compile(mode=\"reduce-overhead\")\n"+gradio))
	require.NoError(t, err)
	require.Len(t, s.Sites, 2)
	for _, st := range s.Sites {
		require.Equal(t, 40, st.Workload.ThreadPool, "line %d: %q", st.Line, st.Notes)
	}
	s, err = readBytes("o.py", []byte("import torch\npipe = load()\npipe.unet = torch.compile(pipe.unet)\npipe.unet = torch.compile(pipe._orig_unet, mode=\"reduce-overhead\")\n"+gradio))
	require.NoError(t, err)
	require.Len(t, s.Sites, 2)
	require.Zero(t, s.Sites[0].Workload.ThreadPool, "the first compile of pipe.unet is replaced before any call")
	require.Equal(t, 40, s.Sites[1].Workload.ThreadPool)
}

// TestInstanceCallReach: calling an instance of a class of the file (gen(prompt), gen =
// Generator()) runs its __call__ (else its forward), in a handler's threads and in
// the main thread alike, so a compiled module that method calls is called there
// (sweep9 finding 4's sibling: a gradio function calling gen(prompt) was no caller,
// and a warm-up gen("warmup") no first call).
func TestInstanceCallReach(t *testing.T) {
	t.Parallel()
	const holder = "import torch, gradio as gr\nclass Generator:\n    def __init__(self):\n        self.pipe = load()\n        self.pipe.unet = torch.compile(self.pipe.unet, mode=\"reduce-overhead\")\n    def __call__(self, p):\n        return self.pipe(p).images[0]\n"
	const own = "import torch, gradio as gr\nclass Generator(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.unet = torch.compile(load(), mode=\"reduce-overhead\")\n    def forward(self, p):\n        return self.unet(p)\n"
	const serve = "def infer(p):\n    return gen(p)\ngr.Interface(fn=infer, inputs=\"text\", outputs=\"image\").launch()\n"
	anyio := graphs.Workload{ThreadPool: 40, InheritContext: true}
	warm := graphs.Workload{Threads: graphs.Callers, Callers: 40, InheritContext: true}
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
	}{
		{"call-owner", "__call__ calls self.pipe, whose unet is compiled", holder + "gen = Generator()\n" + serve, anyio},
		{"call-owner-warm", "gen(\"warmup\") in main runs __call__ first", holder + "gen = Generator()\ngen(\"warmup\")\n" + serve, warm},
		{"forward-attr", "an nn.Module's forward calls self.unet, compiled in __init__", own + "gen = Generator()\n" + serve, anyio},
		{"forward-attr-warm", "a warm-up call of the module in main", own + "gen = Generator()\ngen(\"warmup\")\n" + serve, warm},
		{"call-not-compiled", "__call__ that never calls the compiled module", "import torch, gradio as gr\nclass Generator:\n    def __init__(self):\n        self.unet = torch.compile(load(), mode=\"reduce-overhead\")\n    def __call__(self, p):\n        return p\ngen = Generator()\n" + serve, graphs.Workload{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("i.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s\nnotes %q", tc.reason, diff, s.Sites[0].Notes)
			}
		})
	}
}

// TestAsyncRouteToThread: an async route runs once per request, requests at once, so
// the function it hands to asyncio.to_thread runs on several of the default
// executor's workers (to anyio.to_thread.run_sync or Starlette's run_in_threadpool, on
// several of anyio's) (as a gathered coroutine's does), a compiled function and an
// object holding one alike (sweep9 finding 4's siblings: thread_pool=1, and for
// to_thread(pipe, p) a thread-target-unknown warning and a main-thread plan).
func TestAsyncRouteToThread(t *testing.T) {
	t.Parallel()
	const route = "from fastapi import FastAPI\napp = FastAPI()\n@app.post(\"/gen\")\nasync def gen(p: str):\n    return await asyncio.to_thread(%s, p)\n"
	pool := graphs.Workload{ThreadPool: 2, InheritContext: true}
	cases := []struct {
		name, src string
		want      graphs.Workload
	}{
		{"compiled", "import asyncio, torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\n" + strings.ReplaceAll(route, "%s", "model"), pool},
		{"owner", "import asyncio, torch\npipe = load()\npipe.unet = torch.compile(pipe.unet, mode=\"reduce-overhead\")\n" + strings.ReplaceAll(route, "%s", "pipe"), pool},
		{"run-in-threadpool", "import asyncio, torch\nfrom starlette.concurrency import run_in_threadpool\npipe = load()\npipe.unet = torch.compile(pipe.unet, mode=\"reduce-overhead\")\n" + strings.ReplaceAll(strings.ReplaceAll(route, "asyncio.to_thread", "run_in_threadpool"), "%s", "pipe"), pool},
		{"anyio-run-sync", "import anyio, torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\n" + strings.ReplaceAll(strings.ReplaceAll(route, "asyncio.to_thread", "anyio.to_thread.run_sync"), "%s", "model"), pool},
		{"gradio-async", "import asyncio, torch, gradio as gr\nmodel = torch.compile(net, mode=\"reduce-overhead\")\nasync def gen(p):\n    return await asyncio.to_thread(model, p)\ngr.Interface(fn=gen, inputs=\"text\", outputs=\"text\").launch()\n", pool},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("r.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			require.Empty(t, s.Warnings)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("workload (-want +got):\n%s\nnotes %q", diff, s.Sites[0].Notes)
			}
		})
	}
}
