package script

import "strings"

// Servers that call a class's methods on their own threads (sweep5 finding 20):
//   - gRPC: grpc.server(thread_pool) runs every RPC handler on the executor it is given
//     (grpcio grpc.server: "thread_pool – A futures.ThreadPoolExecutor to be used by the
//     Server to execute RPC handlers"); the servicer's methods are registered by the
//     generated add_XServicer_to_server(servicer, server);
//   - the standard library's threading servers (http.server.ThreadingHTTPServer,
//     socketserver.ThreadingTCPServer, …): socketserver.ThreadingMixIn.process_request
//     starts a new thread per request (CPython Lib/socketserver.py), which runs the
//     handler class's handle(), which for an HTTP handler calls do_GET, do_POST, ….
// Each such method is a handler, as a web framework's route is (webroutes.go).

// threadingServers are the standard library's thread-per-request servers, by
// qualified name; their second argument is the handler class.
var threadingServers = nameSet{
	"http.server.ThreadingHTTPServer", "socketserver.ThreadingTCPServer",
	"socketserver.ThreadingUDPServer", "socketserver.ThreadingUnixStreamServer",
}

// requestHandlers are the threading servers' handlers: a thread per request.
var requestHandlers = webFramework{kind: RequestThreads,
	runs: "a threading server starts a thread per request, which runs the handler's handle() and do_* (socketserver.ThreadingMixIn.process_request)"}

// grpcServer returns the handler framework of grpc.server(ThreadPoolExecutor(max_workers=N)):
// a pool of N workers (0 when N is not a literal).
func (r *reader) grpcServer(c *expr) *webFramework {
	fw := &webFramework{kind: ThreadPool, runs: "grpc.server runs every RPC handler on the executor it is given (grpc.server thread_pool)"}
	pool := kwarg(c, "thread_pool", 0)
	if pool != nil && pool.kind == call {
		if v, ok := r.literal(kwarg(pool, "max_workers", 0)); ok {
			if n, isInt := v.AsInt(); isInt && n > 0 {
				fw.workers = int(n)
			}
		}
	}
	return fw
}

// serverCall records the handlers a server call registers: a threading server's
// handler class, or the servicer add_XServicer_to_server hands a gRPC server.
func (r *reader) serverCall(c *expr, q string) {
	switch {
	case threadingServers.has(q):
		if cls := r.classArg(kwarg(c, "RequestHandlerClass", 1)); cls != nil {
			r.addMethods(cls, int(c.line), &requestHandlers, func(m string) bool { return m == "handle" || strings.HasPrefix(m, "do_") })
		}
	case grpcAdder(c):
		srv := kwarg(c, "server", 1)
		fw := r.grpcServers[r.lastName(srv)]
		if srv != nil && srv.kind == call && r.qual(srv.x) == "grpc.server" {
			fw = r.grpcServer(srv)
		}
		if cls := r.instanceClass(kwarg(c, "servicer", 0)); cls != nil && fw != nil {
			r.addMethods(cls, int(c.line), fw, func(m string) bool { return !strings.HasPrefix(m, "_") })
		}
	}
}

// noteGRPCServer records a name bound to grpc.server(…).
func (r *reader) noteGRPCServer(t, v *expr) {
	if v == nil || v.kind != call || r.qual(v.x) != "grpc.server" || t == nil || t.kind != name && t.kind != attr {
		return
	}
	if r.grpcServers == nil {
		r.grpcServers = map[string]*webFramework{}
	}
	r.grpcServers[t.name] = r.grpcServer(v)
}

// grpcAdder reports whether c is a generated add_XServicer_to_server(servicer, server).
func grpcAdder(c *expr) bool {
	n := ""
	switch c.x.kind {
	case name, attr:
		n = c.x.name
	}
	return strings.HasPrefix(n, "add_") && strings.HasSuffix(n, "Servicer_to_server")
}

// classArg returns the class of the file a name names (nil: none).
func (r *reader) classArg(e *expr) *stmt {
	if e == nil || e.kind != name || r.sc == nil {
		return nil
	}
	return r.sc.classes[e.name]
}

// instanceClass returns the class of the file an instance expression is of: C(…),
// or a name bound to one (nil: none).
func (r *reader) instanceClass(e *expr) *stmt {
	if e == nil || r.sc == nil {
		return nil
	}
	if e.kind == call && e.x.kind == name {
		return r.sc.classes[e.x.name]
	}
	for _, k := range r.keysOf(e, r.fn) {
		if cls, ok := r.sc.classes[r.sc.types[k]]; ok {
			return cls
		}
	}
	return nil
}

// addMethods records the methods of cls (and its bases of the file) that keep
// selects as handlers of fw.
func (r *reader) addMethods(cls *stmt, line int, fw *webFramework, keep func(string) bool) {
	seen := map[string]bool{}
	for _, k := range r.classChain(cls) {
		for _, s := range k.body {
			if s.kind == defStmt && keep(s.name) && !seen[s.name] {
				seen[s.name] = true
				r.addRoute(s, line, fw)
			}
		}
	}
}
