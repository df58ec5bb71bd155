package script

import (
	"testing"

	"github.com/compilemode/compilemode/graphs"
	"github.com/stretchr/testify/require"
)

// TestServerHandlerThreads: a gRPC server runs its servicer's methods on the
// executor it is given, a threading HTTP server its handler's do_* methods on a thread
// per request (sweep5 finding 20: both planned "main capture").
func TestServerHandlerThreads(t *testing.T) {
	t.Parallel()
	const grpcSvc = "class Infer(pb.InferServicer):\n    def __init__(self):\n        self.model = torch.compile(net, mode=\"reduce-overhead\")\n    def Predict(self, request, context):\n        return self.model(x)\n"
	const handler = "model = torch.compile(net, mode=\"reduce-overhead\")\nclass H(BaseHTTPRequestHandler):\n    def do_POST(self):\n        model(x)\n"
	cases := []struct {
		name, reason, src string
		want              graphs.Workload
	}{
		{"grpc-inline", "h49_grpc.py", grpcSvc + "server = grpc.server(futures.ThreadPoolExecutor(max_workers=10))\npb.add_InferServicer_to_server(Infer(), server)\nserver.start()\n", graphs.Workload{ThreadPool: 10}},
		{"grpc-instance", "the servicer bound to a name first", grpcSvc + "svc = Infer()\nserver = grpc.server(futures.ThreadPoolExecutor(max_workers=4))\npb.add_InferServicer_to_server(svc, server)\n", graphs.Workload{ThreadPool: 4}},
		{"threading-http", "h50_threading_http.py: a thread per request", handler + "ThreadingHTTPServer((\"\", 8000), H).serve_forever()\n", graphs.Workload{ThreadPool: 2}},
		{"plain-http", "HTTPServer serves in the calling thread", handler + "HTTPServer((\"\", 8000), H).serve_forever()\n", graphs.Workload{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import grpc, torch\nfrom concurrent import futures\nimport infer_pb2_grpc as pb\nfrom http.server import BaseHTTPRequestHandler, HTTPServer, ThreadingHTTPServer\n" + tc.src
			s, err := readBytes("s.py", []byte(src))
			require.NoError(t, err)
			require.Len(t, s.Sites, 1)
			got := s.Sites[0].Workload
			if got.ThreadPool != tc.want.ThreadPool || got.Threads != tc.want.Threads {
				t.Errorf("%s: workload %+v, want %+v", tc.reason, got, tc.want)
			}
		})
	}
}
