package script

import "fmt"

// Web frameworks that run the script's functions in threads (sweep3 finding 5). A
// compiled function called from a route or event handler is called from the
// framework's worker threads, the cudagraph trees' thread-local-state class that
// -thread-pool plans:
//
//   - FastAPI runs a path operation declared with def (not async def) with
//     starlette.concurrency.run_in_threadpool (fastapi/routing.py
//     run_endpoint_function, @001d4ca), which is anyio.to_thread.run_sync
//     (starlette/concurrency.py, @01717ee); Starlette's own Route does the same for a
//     sync endpoint (request_response). anyio's default thread limiter holds 40
//     tokens (current_default_thread_limiter: CapacityLimiter(40),
//     src/anyio/_backends/_asyncio.py, in 3.x and 4.x). An async def endpoint runs on
//     the event loop's thread.
//   - gradio runs a sync event function with anyio.to_thread.run_sync under a limiter
//     of launch(max_threads=40) tokens (gradio/blocks.py call_function and
//     create_limiter, 6.25.0 @375335e, lines 1687-1692 and 2425-2430); an async one on
//     the event loop.
//   - Flask's development server is threaded by default since 1.0: app.run sets
//     threaded=True unless given (flask/app.py run, 3.1.3 line 655), and werkzeug's
//     ThreadedWSGIServer is a socketserver.ThreadingMixIn, one new thread per request
//     (werkzeug/serving.py, 3.1.8 line 869). app.run(threaded=False) serves in the
//     calling thread.
//
// The requests come once the server runs: after the module's code (uvicorn app:app,
// flask run), or at the call that starts it (uvicorn.run(app), app.run(),
// demo.launch()). A call the main thread makes before that (a warm-up) is the first.

//   - Flask-SocketIO (SocketIO(app)) and python-socketio (socketio.Server) run each
//     event handler (@socketio.on(event), on_event(event, handler)) in a background
//     task when async_handlers is True, its default ("event handlers for a client are
//     executed in separate threads", socketio Server's docstring), and
//     start_background_task(target, *args, **kwargs) starts one: python-socketio
//     hands it to python-engineio, whose server makes self._async['thread'](target=…,
//     args=…, kwargs=…) and starts it, threading.Thread in async_mode "threading"
//     (engineio/async_drivers/threading.py); eventlet's and gevent's drivers make
//     green threads instead, which this reader does not tell apart (backgroundTask).
//     socketio.run(app) starts serving.

// webFramework says how one framework runs a handler.
type webFramework struct {
	_       [0]func() // incomparable: no equality code (examples/web: Transfer size)
	kind    ThreadKind
	workers int    // the threads that call at once, at most (0: not bounded)
	async   bool   // an async def handler runs in the threads too (Flask), not on the event loop
	runs    string // how it runs a handler, with the source of that fact (callers' note)
}

// The frameworks.
var (
	fastAPIRoutes = webFramework{kind: WebWorkers, workers: 40,
		runs: "FastAPI/Starlette runs a def endpoint with run_in_threadpool, anyio's worker threads, 40 at most by default (fastapi/routing.py run_endpoint_function; anyio current_default_thread_limiter)"}
	gradioEvents = webFramework{kind: WebWorkers, workers: 40,
		runs: "gradio runs a sync event function in anyio's worker threads, launch(max_threads=40) at most (gradio/blocks.py call_function, create_limiter)"}
	flaskViews = webFramework{kind: RequestThreads, async: true,
		runs: "Flask's server starts a thread per request (app.run threaded=True by default since 1.0; werkzeug ThreadedWSGIServer)"}
	socketIOEvents = webFramework{kind: RequestThreads,
		runs: "python-socketio's Server runs each event handler in a background task (async_handlers=True by default), a threading.Thread in async_mode \"threading\" (python-engineio async_drivers/threading.py)"}
)

// webApps are the constructors of the objects whose route decorators and methods
// register handlers.
var webApps = map[string]*webFramework{
	"fastapi.FastAPI": &fastAPIRoutes, "fastapi.APIRouter": &fastAPIRoutes, "fastapi.routing.APIRouter": &fastAPIRoutes,
	"starlette.applications.Starlette": &fastAPIRoutes, "starlette.routing.Router": &fastAPIRoutes,
	"flask.Flask": &flaskViews, "flask.Blueprint": &flaskViews,
	"flask_socketio.SocketIO": &socketIOEvents, "socketio.Server": &socketIOEvents,
}

// routeMethods are the methods of those objects that register a handler, with where
// they take it when called (a decorator's is the def below it): FastAPI's
// get/post/…/api_route and add_api_route(path, endpoint), Starlette's
// add_route(path, route), Flask's route/get/post/… and add_url_rule(rule, endpoint,
// view_func).
var routeMethods = map[string]callableArg{
	"get": {pos: -1}, "post": {pos: -1}, "put": {pos: -1}, "delete": {pos: -1}, "patch": {pos: -1},
	"options": {pos: -1}, "head": {pos: -1}, "trace": {pos: -1}, "api_route": {pos: -1}, "route": {pos: -1},
	"add_api_route": {kw: "endpoint", pos: 1}, "add_route": {kw: "route", pos: 1}, "add_url_rule": {kw: "view_func", pos: 2},
	"on": {pos: -1}, "on_event": {kw: "handler", pos: 1}, // Flask-SocketIO's @socketio.on(event), on_event(event, handler); python-socketio's @sio.on(event)
}

// routeCalls are the other calls that register a handler: Starlette's Route(path,
// endpoint) and gradio's Interface(fn, …) and ChatInterface(fn, …).
var routeCalls = map[string]struct {
	fw  *webFramework
	arg callableArg
}{
	"starlette.routing.Route":    {&fastAPIRoutes, callableArg{kw: "endpoint", pos: 1}},
	"gradio.Interface":           {&gradioEvents, callableArg{kw: "fn"}},
	"gradio.ChatInterface":       {&gradioEvents, callableArg{kw: "fn"}},
	"gradio.interface.Interface": {&gradioEvents, callableArg{kw: "fn"}},
}

// gradioListeners are gradio's event listener methods (component.click(fn, …)),
// read when the file imports gradio.
var gradioListeners = nameSet{
	"click", "change", "submit", "input", "select", "upload",
	"load", "then", "success", "stream", "release", "blur", "focus",
}

// route is a handler the file registers.
type route struct {
	def  *stmt
	line int
	fw   *webFramework
}

// webState is what the reader saw of web frameworks.
type webState struct {
	apps        map[string]*webFramework // names bound to an app or router
	routes      []route
	serveSeq    int  // the seq of the call that starts serving (0: the module's end)
	noThreads   bool // app.run(threaded=False)
	gradioLimit int  // launch(max_threads=N) when a literal (0: not given)
}

// noteWebApp records a name bound to an app or router (index).
func (r *reader) noteWebApp(t, v *expr) {
	if t == nil || v == nil || v.kind != call || (t.kind != name && t.kind != attr) {
		return
	}
	if fw := webApps[r.qual(v.x)]; fw != nil {
		if r.web.apps == nil {
			r.web.apps = map[string]*webFramework{}
		}
		r.web.apps[t.name] = fw
	}
}

// routeDecorator records def s as a handler when d registers it.
func (r *reader) routeDecorator(s *stmt, d *expr) {
	if s.kind != defStmt || d.kind != call || d.x.kind != attr {
		return
	}
	if a, ok := routeMethods[d.x.name]; ok && a.pos < 0 {
		if fw := r.web.apps[r.lastName(d.x.x)]; fw != nil {
			r.addRoute(s, int(d.line), fw)
		}
	}
	if r.usesGradio() && gradioListeners.has(d.x.name) {
		r.addRoute(s, int(d.line), &gradioEvents) // @btn.click(inputs=…, outputs=…)
	}
}

// routeCall records the handler a call registers, and the call that starts serving.
func (r *reader) routeCall(c *expr, q string) {
	if rc, ok := routeCalls[q]; ok {
		r.addRouteArg(c, kwarg(c, rc.arg.kw, rc.arg.pos), rc.fw)
		return
	}
	if q == "uvicorn.run" || q == "hypercorn.asyncio.serve" {
		r.serving()
	}
	if c.x.kind != attr {
		return
	}
	fw := r.web.apps[r.lastName(c.x.x)]
	switch a, ok := routeMethods[c.x.name]; {
	case ok && a.pos >= 0 && fw != nil:
		r.addRouteArg(c, kwarg(c, a.kw, a.pos), fw)
	case c.x.name == "run" && (fw == &flaskViews || fw == &socketIOEvents), c.x.name == "launch" && r.usesGradio():
		r.serverStart(c)
	case r.usesGradio() && gradioListeners.has(c.x.name):
		r.addRouteArg(c, kwarg(c, "fn", 0), &gradioEvents)
	}
}

// serverStart records app.run(…) of Flask (threaded=False: no request threads) or
// demo.launch(…) of gradio (max_threads=N).
func (r *reader) serverStart(c *expr) {
	r.serving()
	if v := kwarg(c, "threaded", 99); v != nil && c.x.name == "run" {
		b, isBool := r.literalBool(v)
		r.web.noThreads = isBool && !b
	}
	if v, ok := r.literal(kwarg(c, "max_threads", 99)); ok && c.x.name == "launch" {
		if n, isInt := v.AsInt(); isInt && n > 0 {
			r.web.gradioLimit = int(n)
		}
	}
}

func (r *reader) literalBool(e *expr) (bool, bool) {
	v, ok := r.literal(e)
	b, isBool := v.AsBool()
	return b, ok && isBool
}

// usesGradio reports whether the file imports gradio.
func (r *reader) usesGradio() bool {
	for _, q := range r.aliases {
		if q == "gradio" {
			return true
		}
	}
	return false
}

// serving records the first call that starts serving.
func (r *reader) serving() {
	if r.web.serveSeq == 0 && !r.rest {
		r.seq++
		r.web.serveSeq = r.seq
	}
}

// addRouteArg records the def of the file that e names as a handler.
func (r *reader) addRouteArg(c, e *expr, fw *webFramework) {
	if e != nil && e.kind == name && r.qual(e) == "" {
		r.addRoute(r.funcs[e.name], int(c.line), fw)
	}
}

func (r *reader) addRoute(def *stmt, line int, fw *webFramework) {
	if def != nil && !fw.async && isAsyncDef(r, def) {
		// An async handler runs on the event loop, once per request, requests at once:
		// what it hands to threads (await asyncio.to_thread(pipe, p)) runs several times
		// at once (gathered.go), as a gathered coroutine's does.
		r.addRuns(def, -1, line)
		return
	}
	if def == nil || len(r.web.routes) >= maxThreadsInferred {
		return
	}
	r.web.routes = append(r.web.routes, route{def: def, line: line, fw: fw})
}

// isAsyncDef reports whether def is an async def: "async" is its def keyword's token
// before "def".
func isAsyncDef(r *reader, def *stmt) bool {
	for i := int(def.tokStart); i < int(def.tokEnd)-1; i++ {
		if t := r.toks[i].full(r.src, r.lines); t.Text == "def" {
			return i > 0 && r.toks[i-1].full(r.src, r.lines).Text == "async"
		}
	}
	return false
}

// webThreads adds, before the thread layouts are inferred, one start per handler:
// the framework's worker threads run it, from when the server starts.
func (r *reader) webThreads() {
	seq := r.web.serveSeq
	if seq == 0 {
		seq = r.mainEnd
	}
	for _, rt := range r.web.routes {
		if rt.fw == &flaskViews && r.web.noThreads {
			continue
		}
		workers := rt.fw.workers
		if rt.fw == &gradioEvents && r.web.gradioLimit > 0 {
			workers = r.web.gradioLimit
		}
		t := &Thread{Line: rt.line, Kind: rt.fw.kind, Target: rt.def.name, seq: seq, workers: workers, loop: true, fw: rt.fw}
		if workers == 0 {
			t.workersFrom = fmt.Sprintf("%s starts a thread per request, as many as arrive at once", rt.fw.kind)
		}
		r.threads = append(r.threads, t)
		r.classRun[t] = []*stmt{rt.def}
	}
}

// pooled reports whether the threads of kind k take the calls in turn, any call on
// any of them: a pool's workers, or a framework's.
func pooled(k ThreadKind) bool {
	return k == ThreadPool || k == RunInExecutor || k == WebWorkers || k == RequestThreads
}

// backgroundTask reports whether c is start_background_task(target, …) of a
// Flask-SocketIO or python-socketio server the file builds: it runs target in a new
// thread (see the frameworks above), so target is called (unseen9 w10:
// Self-Forcing's socketio.start_background_task(generate_video_stream, …), whose
// compile sites were "in def generate_video_stream, which no code in this file calls").
func (r *reader) backgroundTask(c *expr) bool {
	return c.x.kind == attr && c.x.name == "start_background_task" && r.web.apps[r.lastName(c.x.x)] == &socketIOEvents
}
