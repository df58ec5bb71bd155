package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// A statement of a Python function's body that a listing shows under its def is the
// function's source, not a run that printed the message: PyTorch's backend check
// `def inductor(*args, **kwargs):` over `if sys.platform == "win32":` over `raise
// RuntimeError("Windows not yet supported for inductor")` in a code walkthrough or a
// copy annotated in Chinese (ha_neg_zh_annotated_inductor_windows_raise and ha_neg_swimm_doc_inductor_windows_raise, holdoutHA), a port's copy of
// cudagraph_trees.py's `def get_obj(…):` with its bare `assert
// torch._C._is_key_in_tls(attr_name)` (ha_neg_musa_graph_trees_source_get_obj). A traceback shows such a statement as
// its frame's failing line, without its def (underFrame); a thread that quotes the
// statement alone or under its if (pina683_py314, labelled the code's) shows no def. A
// comment on an except clause names what the code catches, in or out of a def (`except
// RuntimeError:  # CUDA error: invalid device context`, hb_neg_code_comment_except_invalid_context;
// `except RuntimeError as e:  # e.g. "torch.compile is not supported on Python 3.14+"`
// over a skip's print, validation v35b's 05 and 36), on the clause's line or, quoted or
// named as an example, on a comment line under it (a comment there that tells the failure
// in words, "# Common Windows/Python 3.13 failure mode: inductor GPU path requires Triton
// wheels.", stays read), as a C++ or JavaScript catch's and a Ruby rescue's do, and a string a return
// statement's bracket holds over lines is the function's result (`return (` over `False,`
// over `"Windows not yet supported for torch.compile (limitation connue)",`, a check
// function's, hb_neg_fr_code_windows_not_supported_string), as heldByCode's builtString reads `return "…"` on one line. A
// comment or a docstring in a def's body stays read: the corpus labels a function's comment that
// records the failure it works around the code's (holdoutAA's to holdoutGA's comments
// and docstrings). These shapes are rows of codeShapes (code_shapes.go), which heldByCode
// reads: they read the line's def (ringLine.def), the lines above it and a fence's code.

// Pieces of codeShapes' rows for such statements: a raise of an exception's call or an
// assert up to the row's match (defStatement, in a def); the line's white space alone up
// to the row's match (blankLead: unicode.IsSpace's) where the row's literal is a Python
// statement itself (statementLit: an assert that a traceback prints as its frame's
// line, assertMessageRows; a raise); an except clause whose comment holds it
// (caughtComment); a return statement that opens a bracket on a line above (returnOpen,
// up to the bracket, its white space the line's own).
var (
	defStatement  = &lazyregexp.Regexp{Expr: `^\s*(?:raise\s+[\w.]+\s*\(\s*[rbuRBUfF]{0,2}["']|assert\s+[^#"']*$)`}
	blankLead     = &lazyregexp.Regexp{Expr: `^[\s\v\x{85}\p{Z}]*$`}
	statementLit  = &lazyregexp.Regexp{Expr: `^(?:assert|raise) `}
	caughtComment = &lazyregexp.Regexp{Expr: `^[^\S\n]*(?:except\b[^:#\n]*:|(?:\}[^\S\n]*)?catch[^\S\n]*\([^)\n]*\)[^\S\n]*\{?|rescue\b[^#\n]*?)[^\S\n]*` +
		`(?:(?:#|//)[^\n]*|(?:(?:#|//)[^\n]*)?\n[^\S\n]*(?:#|//)[^\n]*?(?:[\x60"'“‘]|(?i:\be\.g\.|\bfor\s+example|\bsuch\s+as|\blike))[^\n]*)$`}
	returnOpen = &lazyregexp.Regexp{Expr: `^[^\S\n]*return[^\S\n]*[(\[]`}
)

// An error code's documentation names the code as a reference does, with its value or as
// a glossary's term, and its message as the code's description: HIP's error-code page
// rendered by pandoc, a grid table's row `| [[hipErrorStreamCaptureUnsupported]{.xref …}](#term-…)
// | [\x60900\x60{.docutils …}]{.pre} | Operation not permitted when stream is capturing |`,
// its term `hipErrorStreamCaptureUnsupported[\#](#term-…){.headerlink}` and the
// definition under it `:   Operation not permitted when stream is capturing. This error
// occurs when …` (hb_neg_hip_docs_error_table_capture, holdoutHB), as a header's enum or an
// error-string switch names it in code (heldByCode's codeShapes). A run's table names the
// code beside what the run did (`| 1 | unjoined fork | \x60hipErrorStreamCaptureUnjoined\x60
// | **Active** | …`, holdoutBZ's warp1957 measurements, labelled the code's): no value
// after the name.

// Pieces of codeShapes' rows for such documentation: a table's row whose cell after the
// code's name holds a number alone (codeValueRow), the glossary's term with its anchor
// (codeTerm), a definition's line (":   …", defBody) under a term (codeTermBare: the name
// alone, its anchor if any), a blank line between; an error code's name there (CUDA's
// and HIP's runtime enums, the driver's), a markup's attributes or link after a word
// ("{.xref .std}", "](#term-…)").
const (
	docCodeName = `(?:cuda|hip)Error[A-Z]\w*|CUDA_ERROR_[A-Z_]+`
	docMarkup   = `(?:\]?(?:\{[^}]*\}|\([^)]*\)))*\]?`
)

var (
	codeValueRow = &lazyregexp.Regexp{Expr: `^\s*\|(?:[^|]*\|)*?[^|]*\b(?:` + docCodeName + `)\b[^|]*\|\s*\[*\x60*-?\d{1,5}\x60*` + docMarkup + `\s*\|`}
	codeTerm     = &lazyregexp.Regexp{Expr: `^\s*\[*\x60*(?:` + docCodeName + `)\x60*` + docMarkup + `\s*\[\\?[#¶]\]\(#[^)]*\)(?:\{[^}]*\})?\s*$`}
	codeTermBare = &lazyregexp.Regexp{Expr: `^\s*\[*\x60*(?:` + docCodeName + `)\x60*` + docMarkup + `\s*(?:\[\\?[#¶]\]\(#[^)]*\)(?:\{[^}]*\})?\s*)?$`}
	defBody      = &lazyregexp.Regexp{Expr: `^:[ \t]+\S`}
)
