package diagnose

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

func TestUnmarkup(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, in, want string }{
		{"highlighter spans", `torch<span class="pl-k">.</span>compile`, "torch.compile"},
		{"code in prose", "set <code>torch._inductor.config.triton.cudagraph_trees</code> to False", "set torch._inductor.config.triton.cudagraph_trees to False"},
		{"block tags are spaces", "<td>PyTorch version</td><td>2.5.1</td>", "PyTorch version 2.5.1 "},
		{"upper case", "<CODE>x</CODE>", "x"},
		{"traceback names stay", `File "<string>", line 1, in <module>`, `File "<string>", line 1, in <module>`},
		{"lambda and locals stay", "<lambda>.<locals>", "<lambda>.<locals>"},
		{"unclosed tag stays", "a <span class=x b", "a <span class=x b"},
		{"comparison stays", "if a <b and c> d", "if a <b and c> d"},
		{"attributes without values are text", "<details open>x</details>", "<details open>x "},
		{"markdown escapes", `torch.\_inductor.config.triton.cudagraph\_trees`, "torch._inductor.config.triton.cudagraph_trees"},
		{"escaped brackets", `skipping cudagraphs due to \['mutated inputs'\]`, "skipping cudagraphs due to ['mutated inputs']"},
		{"windows path keeps its backslashes", `C:\Python311\Lib\site-packages\torch\_inductor\utils.py`, `C:\Python311\Lib\site-packages\torch\_inductor\utils.py`},
		{"string escapes stay", `'a\nb\_c'`, `'a\nb\_c'`},
		{"escaped backslash", `a\\b\_c`, `a\b_c`},
		{"trailing backslash stays", `a\_b\`, `a\_b\`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := string(unmarkup([]byte(tc.in)))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("unmarkup(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestBreakTag(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in      string
		at, len int
	}{
		{"a<br>b", 1, 4},
		{"a<br/>b", 1, 5},
		{"a<BR />b", 1, 6},
		{"a<brb>b", -1, 0},
		{"<b>a</b><br>", 8, 4},
		{"no tag", -1, 0},
	} {
		at, n := breakTag([]byte(tc.in))
		require.Equal(t, []int{tc.at, tc.len}, []int{at, n}, tc.in)
	}
}

// TestMarkupForms reads messages as pages and editors present them, each found before
// only as the plain text was (branch codes, issue 21: "HTML tags split messages",
// sweep3 finding 22).
func TestMarkupForms(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text string
		want       Code
	}{
		{"code tags inside", "<p>AssertionError: <code>torch._inductor.config.triton.cudagraph_treez</code> does not exist</p>", UnknownGlobal},
		{"highlighted source", `<span class="pl-v">RuntimeError</span>: <span class="pl-s">Error: accessing tensor output of CUDAGraphs that has been</span> <span class="pl-s">overwritten by a subsequent run.</span>`, OverwrittenOutput},
		{"br joins lines", "<p>Recording cudagraph tree for symint key 10<br>Recording cudagraph tree for symint key 11<br/>Recording cudagraph tree for symint key 12</p>", DynamicShapeRerecord},
		{"pre block", "<pre><code>skipping cudagraphs due to mutated inputs</code></pre>", SkipMutatedInputs}, // count-less, no logger's header: the trees' line quoted
		{"markdown escapes", `RuntimeError: CUDA driver error: CUDA\_ERROR\_INVALID\_CONTEXT`, CUDAInvalidContext},
		{"full-width punctuation", "RuntimeError：Unrecognized mode=reduce_overhead，should be one of：default，reduce-overhead，max-autotune，max-autotune-no-cudagraphs", UnknownMode},
		{"full-width C++ scope", "RuntimeError：Cannot call CUDAGeneratorImpl：：current_seed during CUDA graph capture. If you need this call to be captured，please file an issue.", CaptureRNGState},
		{"rich panel", "│ RuntimeError: Either mode or options can be specified, but both can't be     │\n│ specified at the same time.                                                  │", ModeAndOptions},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := Read(strings.NewReader(tc.text + "\n"))
			require.NoError(t, err)
			var got []Code
			for _, f := range d.Findings {
				got = append(got, f.Code)
			}
			require.Equal(t, []Code{tc.want}, got)
		})
	}
}

func FuzzUnmarkup(f *testing.F) {
	f.Add([]byte(`<span class="a">x</span>\_y<br>`))
	f.Add([]byte(`C:\a\_b <code>`))
	f.Fuzz(func(t *testing.T, b []byte) {
		in := string(b)
		out := unmarkup(b)
		if len(out) > len(in) {
			t.Fatalf("unmarkup grew %q to %q", in, out)
		}
		_ = breaksAsLines(nil, []byte(in))
	})
}

func TestWithoutCaller(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"[12/03/26 07:40:00] WARNING  skipping cudagraphs due to mutated inputs        utils.py:207", "[12/03/26 07:40:00] WARNING  skipping cudagraphs due to mutated inputs"},
		{"a message that fills its column cudagraph_trees.py:2105", "a message that fills its column"},
		{"see torch/_inductor/utils.py:207", "see torch/_inductor/utils.py:207"},
		{"utils.py:207", "utils.py:207"},
		{"  File \"x.py\", line 3, in f", "  File \"x.py\", line 3, in f"},
		{"Triggered internally at ../aten/src/ATen/cuda/CUDAGraph.cpp:208", "Triggered internally at ../aten/src/ATen/cuda/CUDAGraph.cpp:208"},
	} {
		require.Equal(t, tc.want, string(withoutCaller([]byte(tc.in))), tc.in)
	}
}

// TestRichLogForms reads records of rich's RichHandler: time and level before the
// message, the caller at its first line's right, the message wrapped in its column
// (branch codes: each was missed before, or found without its release).
func TestRichLogForms(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text string
		want       Code
	}{
		{"caller after a line-end pattern", "[12/03/26 07:40:00] WARNING  skipping cudagraphs due to mutated inputs                                       utils.py:207", LegacyMutatedInput},
		{"wrapped in its column", "[12/03/26 07:40:00] WARNING  RuntimeError: Either mode or options can be specified, but both can't be        utils.py:207\n                             specified at the same time.", ModeAndOptions},
		{"level alone, caller one space after", "[12/03/26 07:40:00] ERROR    RuntimeError: CUDA error: operation would make the legacy stream depend on a utils.py:207\n                             capturing blocking stream", StreamCaptureIllegal},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := Read(strings.NewReader(tc.text + "\n"))
			require.NoError(t, err)
			var got []Code
			for _, f := range d.Findings {
				got = append(got, f.Code)
			}
			require.Equal(t, []Code{tc.want}, got)
		})
	}
}

// TestQuoteAsWritten: what reading folds for matching only (full-width marks, HTML tags,
// markdown escapes, box bars) is shown as written in a finding's quote and in the
// release's text (the lead's routing of 08:30: a quote must show the line as written).
func TestQuoteAsWritten(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, text, quote, torchText string }{
		{"full-width", "环境：torch 2.6.0，Python 3.12\nRuntimeError：Windows not yet supported for torch.compile，怎么办？",
			"RuntimeError：Windows not yet supported for torch.compile，怎么办？", "环境：torch 2.6.0，Python 3.12"},
		{"html tags", "<p>AssertionError: <code>torch._inductor.config.triton.cudagraph_treez</code> does not exist</p>",
			"<p>AssertionError: <code>torch._inductor.config.triton.cudagraph_treez</code> does not exist</p>", ""},
		{"markdown escapes", `RuntimeError: CUDA driver error: CUDA\_ERROR\_INVALID\_CONTEXT`,
			`RuntimeError: CUDA driver error: CUDA\_ERROR\_INVALID\_CONTEXT`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d, err := Read(strings.NewReader(tc.text + "\n"))
			require.NoError(t, err)
			require.Len(t, d.Findings, 1)
			require.Equal(t, tc.quote, d.Findings[0].Quote)
			require.Equal(t, tc.torchText, d.TorchText)
		})
	}
}

// TestEscapedApostrophes reads mode-and-options' "can't" in every escape a page, a feed
// or an encoder writes it in (sweep4 finding 10: the references to a curly quote, the
// doubly escaped reference and Gson's \u0027 gave no finding before; the others are
// their siblings, found before).
func TestEscapedApostrophes(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"can't", "can’t", "can&#39;t", "can&#x27;t", "can&apos;t", "can&rsquo;t", "can&#8217;t",
		"can&#x2019;t", `can\'t`, `can\u0027t`, "can&amp;#39;t"} {
		text := "RuntimeError: Either mode or options can be specified, but both " + v + " be specified at the same time.\n"
		d, err := Read(strings.NewReader(text))
		require.NoError(t, err)
		require.Len(t, d.Findings, 1, v)
		require.Equal(t, ModeAndOptions, d.Findings[0].Code, v)
	}
	// the same escapes of double quotes
	for _, q := range [][2]string{{"&ldquo;", "&rdquo;"}, {"&#8220;", "&#8221;"}, {"&amp;quot;", "&amp;quot;"}, {`\u0022`, `\u0022`}} {
		text := "we get " + q[0] + "Either mode or options can be specified" + q[1] + " from torch.compile\n"
		d, err := Read(strings.NewReader(text))
		require.NoError(t, err)
		require.Len(t, d.Findings, 1, q[0])
	}
}
