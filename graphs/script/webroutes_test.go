package script

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/compilemode/compilemode/graphs"
)

// TestWebFrameworkThreads: a compiled function called from a web framework's sync
// handler is called from its worker threads (sweep3 finding 5: a FastAPI def route was
// planned as main). FastAPI, Starlette, gradio and Flask, each way they register a
// handler, and the handlers that run on one thread.
func TestWebFrameworkThreads(t *testing.T) {
	t.Parallel()
	const model = "import torch\nmodel = torch.compile(net, mode=\"reduce-overhead\")\n"
	const fastapi = "from fastapi import FastAPI, APIRouter\napp = FastAPI()\n"
	pool := func(n int) graphs.Workload { return graphs.Workload{ThreadPool: n, InheritContext: true} } // anyio runs the route in a copy of the context (sweep5 #13)
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
	}{
		{name: "fastapi-def", reason: "a def route runs in anyio's threads (40)",
			src: model + fastapi + "@app.post(\"/predict\")\ndef predict(n: int):\n    return model(x).tolist()\n", want: pool(40)},
		{name: "fastapi-async", reason: "an async def route runs on the event loop",
			src: model + fastapi + "@app.post(\"/predict\")\nasync def predict(n: int):\n    return model(x).tolist()\n"},
		{name: "fastapi-router", reason: "router = APIRouter(); @router.get",
			src: model + fastapi + "router = APIRouter()\n@router.get(\"/p\")\ndef p():\n    return model(x)\n", want: pool(40)},
		{name: "fastapi-warm", reason: "a warm-up call at import comes first: the workers call after",
			src: model + fastapi + "model(x)\n@app.get(\"/p\")\ndef p():\n    return model(x)\n", want: graphs.Workload{Threads: graphs.Callers, Callers: 40, InheritContext: true}},
		{name: "fastapi-helper", reason: "the route calls a def that calls the compiled function",
			src: model + fastapi + "def infer(v):\n    return model(v)\n@app.get(\"/p\")\ndef p():\n    return infer(x)\n", want: pool(40)},
		{name: "fastapi-add-api-route", reason: "app.add_api_route(path, endpoint)",
			src: model + fastapi + "def p():\n    return model(x)\napp.add_api_route(\"/p\", p, methods=[\"POST\"])\n", want: pool(40)},
		{name: "starlette-route", reason: "Route(path, endpoint) with a sync endpoint",
			src: model + "from starlette.routing import Route\ndef p(request):\n    return model(x)\nroutes = [Route(\"/p\", p)]\n", want: pool(40)},
		{name: "uvicorn-after-warmup", reason: "uvicorn.run(app) starts serving after the warm-up",
			src: model + fastapi + "import uvicorn\n@app.get(\"/p\")\ndef p():\n    return model(x)\nif __name__ == \"__main__\":\n    model(x)\n    uvicorn.run(app)\n", want: graphs.Workload{Threads: graphs.Callers, Callers: 40, InheritContext: true}},
		{name: "flask-route", reason: "Flask's server starts a thread per request (threaded=True by default)",
			src: model + "from flask import Flask\napp = Flask(__name__)\n@app.route(\"/p\", methods=[\"POST\"])\ndef p():\n    return model(x)\napp.run()\n", want: graphs.Workload{ThreadPool: 2}},
		{name: "flask-async-view", reason: "an async view runs in the request's thread too",
			src: model + "import flask\napp = flask.Flask(__name__)\n@app.post(\"/p\")\nasync def p():\n    return model(x)\n", want: graphs.Workload{ThreadPool: 2}},
		{name: "flask-unthreaded", reason: "app.run(threaded=False) serves in the main thread",
			src: model + "from flask import Flask\napp = Flask(__name__)\n@app.route(\"/p\")\ndef p():\n    return model(x)\napp.run(threaded=False)\n"},
		{name: "gradio-interface", reason: "gr.Interface(fn=…) runs a sync fn in anyio's threads",
			src: model + "import gradio as gr\ndef predict(t):\n    return model(t)\ngr.Interface(fn=predict, inputs=\"text\", outputs=\"text\").launch()\n", want: pool(40)},
		{name: "gradio-max-threads", reason: "launch(max_threads=8) is the limiter",
			src: model + "import gradio as gr\ndef predict(t):\n    return model(t)\ndemo = gr.Interface(predict, \"text\", \"text\")\ndemo.launch(max_threads=8)\n", want: pool(8)},
		{name: "gradio-click", reason: "btn.click(fn, inputs, outputs)",
			src: model + "import gradio as gr\ndef predict(t):\n    return model(t)\nwith gr.Blocks() as demo:\n    btn = gr.Button()\n    btn.click(predict, inputs=None, outputs=None)\n", want: pool(40)},
		{name: "gradio-async", reason: "an async fn runs on the event loop",
			src: model + "import gradio as gr\nasync def predict(t):\n    return model(t)\ngr.Interface(fn=predict, inputs=\"text\", outputs=\"text\").launch()\n"},
		{name: "not-an-app", reason: "a .get of an object that is no app registers nothing",
			src: model + "cache = {}\n@cache.get(\"/p\")\ndef p():\n    return model(x)\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := readBytes("w.py", []byte(tc.src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			if diff := cmp.Diff(tc.want, s.Sites[0].Workload); diff != "" {
				t.Errorf("%s: workload (-want +got):\n%s\ninferred %+v\nnotes %q", tc.reason, diff, s.Sites[0].Inferred, s.Sites[0].Notes)
			}
		})
	}
}
