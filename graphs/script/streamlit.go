package script

// Streamlit apps (sweep5 finding 15). Streamlit runs the whole script on a thread it
// starts, one ScriptRunner per browser session (streamlit runtime/scriptrunner/
// script_runner.py ScriptRunner.start: threading.Thread(target=self._run_script_thread,
// name="ScriptRunner.scriptThread"); docs.streamlit.io: each browser tab starts a new
// session that runs the script), never on the main thread. A function cached with
// st.cache_resource (or its older names) is one object for every session: the first
// session's thread records its CUDA graphs and every other session's thread calls it.
// One built by the run itself is built again by each session's thread.

// streamlitCaches are the decorators that share what a def returns across sessions.
var streamlitCaches = nameSet{
	"streamlit.cache_resource", "streamlit.cache", "streamlit.experimental_singleton", "streamlit.singleton",
}

// inferStreamlit sets the thread layout of a Streamlit app's sites that no thread of
// the script's own sets.
func (r *reader) inferStreamlit() {
	if !r.usesStreamlit {
		return
	}
	for _, s := range r.sites {
		if s.Workload.Threads != "" || s.Workload.ThreadPool != 0 {
			continue
		}
		if r.cachedDef(s.fn) {
			s.apply(factStreamlitShared, s.Line, 2)
		} else {
			s.apply(factStreamlitPerRun, s.Line, 2)
		}
		s.Threads = s.Workload.Threads
	}
}

// cachedDef reports whether def is decorated with a Streamlit cache that shares its
// result across sessions.
func (r *reader) cachedDef(def *stmt) bool {
	if def == nil {
		return false
	}
	for _, d := range def.decorators {
		fn := d
		if d.kind == call {
			fn = d.x
		}
		if streamlitCaches.has(r.qual(fn)) {
			return true
		}
	}
	return false
}
