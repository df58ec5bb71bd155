package diagnose

import (
	"bytes"
	"strings"
)

// Rows of branch open16 (2026-12-05): cudagraph trees' thread-local-storage assert shown
// without its statement. get_obj (torch/_inductor/cudagraph_trees.py @ 2.1–2.13) reads the
// trees' containers from a threading.local made when the module was imported, and where a
// thread lacks it asserts that the key is in the C++ thread-local state: a user thread other
// than the importer fails there on its first recording (issue #123177), and no other caller
// can. A traceback with no source line under the frame (a trimmed paste, a file not on
// disk) shows the frame "…cudagraph_trees.py", line N, in get_obj" and then a bare
// "AssertionError"; a report names the file and puts the bare AssertionError under it. The
// file's other bare asserts are hit in one thread too (CUDAGraphNode.run's static-input
// assert, pytorch/pytorch#120474; dealloc_current_path_weakrefs' lengths, PR #175562), so a
// frame that names another function is no finding, and the file named with no function is
// this one only where the text shows user threads (treesUserThreads).

// retoldO16 returns the retellings of this file.
func retoldO16() []retelling {
	frame := tlsAssertRetoldRow()
	frame.Requires = ""
	frame.Source += "; get_obj's one assert, shown by its frame with no source line under it (rows_retold_o16.go)"
	frame.Decisive = "a cudagraph_trees.py frame in get_obj whose next line with text is a bare AssertionError"
	path := tlsAssertRetoldRow()
	path.Requires = treesUserThreads
	path.Source += "; get_obj's assert, the first a user thread meets (ro_thread_per_device's traceback), told by " +
		"the file and a bare AssertionError (rows_retold_o16.go)"
	path.Decisive = "a line that ends naming cudagraph_trees.py, a bare AssertionError after it; another line shows user threads"
	told := path
	told.Decisive = "a line that tells an AssertionError with no message in cudagraph_trees.py; another line shows user threads"
	return []retelling{
		{code: TreesUserThreadTLS, retold: retold{literals: []string{"_trees.py"}, pattern: treesGetObjFrame}, own: frame},
		{code: TreesUserThreadTLS, retold: retold{literals: []string{"_trees.py"}, pattern: treesFileEnd}, own: path},
		{code: TreesUserThreadTLS, retold: retold{literals: []string{"_trees.py"}, pattern: treesAssertTold}, own: told},
	}
}

// treesAssertTold is the same bare assert told on one line, the threads elsewhere in the
// text: "an AssertionError in torch/_inductor/cudagraph_trees.py", "an assertion from
// `cudagraph_trees.py`" (tlsFileRetold, rows_retold_h.go, reads it with a thread in the same
// sentence). Not with a message after the file ("AssertionError in cudagraph_trees.py:
// expected current_node …", 2.14's messages). matchRow tries it only where the error's
// words are right before the file on the line (assertBeforeTrees): "_trees.py" is in every
// frame and log line of the trees (TestDenseLineBounded's corpus line).
const treesAssertTold = `(?i)\bassertion(?:error)?\s+(?:in|from)\s+\W?(?:torch[/\\]_inductor[/\\])?cudagraph_trees\.py(?::\d+)?` +
	`[\x60'")\]]?(?:[\s,.;!]|$)`

// bareAssertEnd ends the patterns of this file's rows: the line ends (a colon, a quote, a
// code mark) or a bare AssertionError ends it. matchRow tries such a row only where the line
// ends with the bare AssertionError or the next line with text is one (bareAssertAfter).
const bareAssertEnd = `\W{0,3}(?:\s*AssertionError\W{0,2})?\s*$`

// treesGetObjFrame is the frame of get_obj; treesFileEnd, the file with no function, a line
// number after its name at most ("cudagraph_trees.py:359").
const (
	treesGetObjFrame = `(?i)\bcudagraph_trees\.py\W{0,3}\s*,?\s*line\s+\d+\s*,\s*in\s+get_obj` + bareAssertEnd
	treesFileEnd     = `(?i)\bcudagraph_trees\.py(?::\d+)?` + bareAssertEnd
)

// treesUserThreads is a line that shows user threads, not the CPU's intra-op threads
// ("torch.set_num_threads", OMP_NUM_THREADS) or worker processes (a DataLoader's
// num_workers): a thread's traceback frame or Python's header (threadEvidence), a thread
// made or pooled by Python's API (threading.Thread, a thread pool, asyncio's to_thread and
// run_in_executor), or threads told in prose by their role or number (threadRoles' words,
// threadCounts', "multi-threaded", "one thread per GPU").
const treesUserThreads = threadEvidence + `|threading\.Thread|thread pool|Thread pool|threadpool|ThreadPool|to_thread|` +
	`run_in_executor|worker thread|Worker thread|another thread|other thread|second thread|background thread|` +
	`separate thread|different thread|multiple thread|several thread|each thread|multi-thread|Multi-thread|` +
	`multithread|Multithread|thread per GPU|thread per device|thread per request|threads per GPU`

// bareAssertRow reports whether sig is one of this file's rows (bareAssertEnd,
// treesAssertTold), which matchRow tries only where bareAssertFits says.
func bareAssertRow(sig Signature) bool {
	return sig.Paraphrase && (strings.HasSuffix(sig.Pattern, bareAssertEnd) || sig.Pattern == treesAssertTold)
}

// bareAssertFits reports whether entry k may hold row's text: for treesAssertTold the
// error's words right before the file (assertBeforeTrees), for the others a bare
// AssertionError after it (bareAssertAfter).
func (s *scanner) bareAssertFits(row *compiledRow, k int) bool {
	if row.Pattern != treesAssertTold {
		return s.bareAssertAfter(k)
	}
	e := s.entry(k)
	return e != nil && assertBeforeTrees(e.unquoted)
}

// assertBeforeTrees reports whether some "cudagraph_trees.py" of line has "assertion" (any
// case) within the 60 bytes before it.
func assertBeforeTrees(line []byte) bool {
	for from := 0; ; {
		i := bytes.Index(line[from:], []byte("cudagraph_trees.py"))
		if i < 0 {
			return false
		}
		at := from + i
		if bytes.Contains(bytes.ToLower(line[max(0, at-60):at]), []byte("assertion")) {
			return true
		}
		from = at + 1
	}
}

// bareAssertAfter reports whether entry k ends with a bare AssertionError or the next line
// with text (of the two after it) is one.
func (s *scanner) bareAssertAfter(k int) bool {
	e := s.entry(k)
	if e == nil {
		return false
	}
	if bytes.HasSuffix(bytes.TrimRight(e.unquoted, " \t:`'\""), []byte("AssertionError")) {
		return true
	}
	for j := k + 1; j <= k+2; j++ {
		n := s.entry(j)
		if n == nil || !n.lineStart {
			return false
		}
		if t := bytes.TrimSpace(n.unquoted); len(t) > 0 {
			return string(bytes.TrimSuffix(t, []byte(":"))) == "AssertionError"
		}
	}
	return false
}
