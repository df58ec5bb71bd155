package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSocketIOBackgroundTask: Flask-SocketIO's and python-socketio's
// start_background_task(target, …) runs target in a new thread (a threading.Thread
// in async_mode "threading": python-engineio async_drivers/threading.py), and their
// event handlers (@socketio.on(event), on_event(event, handler)) run in background
// tasks too (async_handlers=True by default). unseen9 w10: Self-Forcing's
// generate_video_stream, started by socketio.start_background_task in a
// @socketio.on('start_generation') handler, was "in def generate_video_stream, which no
// code in this file calls", its thread unlisted.
func TestSocketIOBackgroundTask(t *testing.T) {
	t.Parallel()
	const flaskSIO = "import torch\nfrom flask import Flask\nfrom flask_socketio import SocketIO\napp = Flask(__name__)\nsocketio = SocketIO(app)\n"
	const gen = "def gen(m):\n    c = torch.compile(m, mode=\"max-autotune-no-cudagraphs\")\n    c(1)\n"
	cases := []struct {
		name, reason, src string
		thread            ThreadKind // the kind of the thread that runs the target ("": none)
		target            string
		uncalled          bool // the site's guard says its def is called by no code (a handler's, as a Flask view's: the framework calls it)
	}{
		{"flask-socketio-handler", "unseen9 w10: a handler starts the generation in a background task",
			flaskSIO + gen + "@socketio.on('start')\ndef start(data):\n    socketio.start_background_task(gen, data)\nsocketio.run(app)\n", ThreadingThread, "gen", false},
		{"keyword-target", "the same with target= by keyword",
			flaskSIO + gen + "def start(data):\n    socketio.start_background_task(target=gen, m=data)\n", ThreadingThread, "gen", false},
		{"python-socketio", "python-socketio's Server has the same method",
			"import torch\nimport socketio\nsio = socketio.Server()\n" + gen + "def start(data):\n    sio.start_background_task(gen, data)\n", ThreadingThread, "gen", false},
		{"handler-decorator", "an event handler runs in the server's background tasks",
			flaskSIO + "@socketio.on('go')\n" + gen, RequestThreads, "gen", true},
		{"handler-on-event", "on_event(event, handler) registers one too",
			flaskSIO + gen + "socketio.on_event('go', gen)\n", RequestThreads, "gen", true},
		{"lookalike-not-started", "a def no code calls or starts stays uncalled",
			flaskSIO + gen, "", "", true},
		{"lookalike-other-object", "start_background_task of another object hands target on to run (called), but no thread is said: the file does not show its server",
			"import torch\n" + gen + "def start(tm, data):\n    tm.start_background_task(gen, data)\n", "", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := readOneSite(t, tc.src, tc.reason)
			var kind ThreadKind
			for _, th := range s.Threads {
				if th.Target == tc.target {
					kind = th.Kind
				}
			}
			require.Equal(t, tc.thread, kind, tc.reason)
			require.Equal(t, tc.uncalled, strings.Contains(s.Sites[0].Guard, "which no code in this file calls"), tc.reason+": "+s.Sites[0].Guard)
		})
	}
}
