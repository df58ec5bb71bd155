package diagnose_test

import (
	"testing"

	"github.com/compilemode/compilemode/graphs/diagnose"
)

// TestFormsRule36: a program's own rule over its own version guard gives no finding
// however long the comment block it stands in ("#" or "//" lines under a line of code:
// validate35b's 39, the rule on the block's third line), and a packaging comment whose
// consequence clause records the suite's failure ("no successfull tests remain", "all
// tests are skipped", "nothing left to test") is a record of a failure met at any
// indentation (validate35b's 33, nixpkgs' llguidance).
func TestFormsRule36(t *testing.T) {
	up := func(line int, m diagnose.Match) form { return form{diagnose.UnsupportedPython, line, m, ""} }
	const guard = "import sys as _sys\n_py_major, _py_minor = _sys.version_info[:2]\nif (_py_major == 3 and _py_minor < 12):\n    model = torch.compile(model)\n"
	const prose = "# PyTorch 2.x JIT compilation fuses small ops and reduces kernel-launch overhead,\n# giving ~1.3x-2x speedup for Autoformer/Informer at no accuracy cost.\n"
	checkForms(t, []formTest{
		{"rule: third line of a block", "unify_model = Model(args, forecast_model, norm_model).to(device)\n" + prose +
			"# torch.compile is NOT supported on Python 3.12+, so guard it.\n" + guard, form{}, "validate35b 39"},
		{"rule: fifth line of a block", "model = build(cfg).cuda()\n" + prose + "# It also lowers memory traffic.\n#\n" +
			"# torch.compile is not supported on Python 3.12+, so guard it.\n" + guard, form{}, "a longer block, an empty comment line"},
		{"rule: indented block", "def build(cfg):\n    model = Net(cfg).cuda()\n    # Compile for speed where we can.\n    # The speedup is 1.5x on A100.\n" +
			"    # Dynamo is not supported on Python 3.12+, so we check first.\n    if sys.version_info < (3, 12):\n        model = torch.compile(model)\n    return model\n", form{}, "indented"},
		{"rule: slashes", "auto model = load(path);\n// Compile the python side only where it can be.\n// The bindings below call into Python.\n" +
			"// torch.compile is not supported on Python 3.12+, so the guard stays.\n", form{}, "// comments"},
		{"rule: one blank then block", "model = Net().cuda()\n\n# Compile for speed.\n# Halves the step time.\n# torch.compile is not supported on Python 3.12+, so guard it.\n" + guard, form{}, "a blank line under the code"},
		// records of a failure met
		{"record: nix indented no tests remain", "  disabledTestPaths = [\n    \"scripts/tokenizer_test.py\"\n  ];\n\n" +
			"  # As dynamo is not supported on Python 3.13+, no successfull tests remain.\n  doCheck = pythonOlder \"3.13\";\n", up(5, diagnose.Quoted), "validate35b 33"},
		{"record: nix no test passes", "  ];\n\n  # Dynamo is not supported on Python 3.12+, so no tests pass.\n  doCheck = pythonOlder \"3.12\";\n", up(3, diagnose.Exact), "no tests pass"},
		{"record: all tests skipped", "  ];\n  # torch.compile is not supported on Python 3.14+: all the tests are skipped\n  doCheck = pythonOlder \"3.14\";\n", up(2, diagnose.Exact), "all the tests are skipped"},
		{"record: nothing left to test", "  ];\n  # Dynamo is not supported on Python 3.13+, nothing left to test.\n  doCheck = false;\n", up(2, diagnose.Exact), "nothing left to test"},
		{"record: checks fail", "  ];\n  # Dynamo is not supported on Python 3.13+, checks fail.\n  doCheck = false;\n", up(2, diagnose.Exact), "checks fail"},
		{"record: tests fail in a long block", "model = Net()\n" + prose + "# Dynamo is not supported on Python 3.12+, so the tests fail there.\n" + guard, up(4, diagnose.Exact), "a word of failing"},
		{"record: zh all skipped", "  ];\n  # Dynamo is not supported on Python 3.13+，测试全部跳过\n  doCheck = false;\n", up(2, diagnose.Exact), "测试全部跳过"},
	})
}

// sms36 is Inductor's warning where a GPU has too few SMs for max-autotune's GEMMs.
const sms36 = "Not enough SMs to use max_autotune_gemm mode"

// TestFormsGone36: a quoted message told gone from the run a text reports gives no
// finding: a word of absence after the quote in its sentence, or on the line below where
// the sentence goes on (validate35b's 42: "경고는 A100(108 SM)에서 **사라졌습니다**", "(…
// 0회)"), in the languages people write such reports in. A fix or an earlier run told
// with it ("disappeared after upgrading", "used to", "升级后") keeps it a record of the
// failure met, and so do a cause beside the quote in a table and a plain report.
func TestFormsGone36(t *testing.T) {
	gemm := func(line int) form { return form{diagnose.MaxAutotuneGEMMOff, line, diagnose.Exact, "2.7"} }
	const head = "# A100 port report\n\n| torch | 2.7.1+cu126 |\n\n"
	checkForms(t, []formTest{
		{"gone: ko", head + "`" + sms36 + "` 경고는 A100(108 SM)에서 **사라졌습니다**\n(`bench_batch` 로그 전체에서 0회). 그런데 배치 효율 개선은 소폭입니다.\n", form{Torch: "2.7"}, "validate35b 42"},
		{"gone: en disappeared", head + "The `" + sms36 + "` warning **disappeared** on the A100\n(0 times in the whole log).\n", form{Torch: "2.7"}, "the tester's English"},
		{"gone: en is gone", head + "On the H100 the `" + sms36 + "` warning is gone.\n", form{Torch: "2.7"}, "is gone"},
		{"gone: en went away", head + "With 132 SMs, \"" + sms36 + "\" went away entirely.\n", form{Torch: "2.7"}, "went away"},
		{"gone: en no longer appears", head + "`" + sms36 + "` no longer appears in the log.\n", form{Torch: "2.7"}, "no longer appears"},
		{"gone: en never appeared", head + "On this box `" + sms36 + "` never appeared.\n", form{Torch: "2.7"}, "never appeared"},
		{"gone: en zero times", head + "`" + sms36 + "`: 0 times in 40 runs.\n", form{Torch: "2.7"}, "0 times"},
		{"gone: en wrapped", head + "On the A100 the `" + sms36 + "` warning\nnever showed up in any run.\n", form{Torch: "2.7"}, "the sentence goes on below"},
		{"gone: zh", head + "在 A100 上 `" + sms36 + "` 警告消失了（日志中 0 次）。\n", form{Torch: "2.7"}, "消失了"},
		{"gone: zh no more", head + "A100 上 `" + sms36 + "` 不再出现。\n", form{Torch: "2.7"}, "不再出现"},
		{"gone: ja", head + "A100 では「" + sms36 + "」の警告は出なくなった（ログ全体で0回）。\n", form{Torch: "2.7"}, "出なくなった"},
		{"gone: ja kieta", head + "A100 では `" + sms36 + "` が消えた。\n", form{Torch: "2.7"}, "消えた"},
		{"gone: ko no more", head + "`" + sms36 + "` 경고가 더 이상 나오지 않습니다.\n", form{Torch: "2.7"}, "더 이상 나오지"},
		{"gone: de", head + "Auf der A100 ist die Warnung \"" + sms36 + "\" verschwunden.\n", form{Torch: "2.7"}, "verschwunden"},
		{"gone: fr", head + "Sur l'A100, l'avertissement « " + sms36 + " » a disparu.\n", form{Torch: "2.7"}, "a disparu"},
		{"gone: es", head + "En la A100 la advertencia `" + sms36 + "` desapareció.\n", form{Torch: "2.7"}, "desapareció"},
		{"gone: ru", head + "На A100 предупреждение `" + sms36 + "` исчезло.\n", form{Torch: "2.7"}, "исчезло"},
		// records of the failure met
		{"fixed: after upgrading", head + "The `" + sms36 + "` warning disappeared after upgrading the GPU.\n", gemm(5), "a fix record"},
		{"fixed: after, wrapped", head + "The `" + sms36 + "` warning disappeared\nafter we moved to the A100.\n", gemm(5), "the fix on the line below"},
		{"fixed: before the quote", head + "After the upgrade to the A100,\nthe `" + sms36 + "` warning went away.\n", gemm(6), "the fix on the line above"},
		{"fixed: used to", head + "We used to see `" + sms36 + "` on the 4060; it disappeared on the A100.\n", gemm(5), "an earlier run"},
		{"fixed: zh", head + "升级 GPU 后 `" + sms36 + "` 警告消失了。\n", gemm(5), "升级后"},
		{"fixed: ko", head + "GPU 업그레이드 후에 `" + sms36 + "` 경고가 사라졌습니다.\n", gemm(5), "업그레이드 후"},
		{"report: plain", head + "Every run prints `" + sms36 + "` on the 4060.\n", gemm(5), "a report"},
	})
}

// offset36 is the first clause of the CUDA generator's "Offset increment outside graph
// capture encountered unexpectedly.", as writers cut it.
const offset36 = "Offset increment outside graph capture"

// TestFormsObserved36: a message's start quoted (the lead rule) with a word of
// observation after the quotation is a failure told, after a conditional too ("touching
// the generator in setup gives \"…\" — observed in the PoC"; validate35a's 31, Korean
// "~면" then "— PoC 관찰 사실"), in the languages people write such notes in. A negation
// ("— not observed", "(never seen)", "관찰되지 않음") and a quotation with no word after it
// stay quiet.
func TestFormsObserved36(t *testing.T) {
	tc := func(line int) form { return form{diagnose.TreesConcurrentCallers, line, diagnose.Truncated, ""} }
	const code = "        self.model = build_model()\n"
	checkForms(t, []formTest{
		{"observed: ko poc", code + "        # \"모델\" 파라미터 — CPU 생성 후 전송 (기본 CUDA RNG를 in-graph\n        # 전용으로 격리: 캡처된 제너레이터를 setup에서 건드리면\n" +
			"        # \"" + offset36 + "\" — PoC 관찰 사실)\n", tc(4), "validate35a 31"},
		{"observed: en poc", code + "        # touching the captured generator in setup gives\n        # \"" + offset36 + "\" — observed in the PoC\n", tc(3), "— observed in the PoC"},
		{"observed: en parens", code + "        # seeding inside the graph: \"" + offset36 + "\" (observed)\n", tc(2), "(observed)"},
		{"observed: en seen", code + "        # reseeding the generator in setup: \"" + offset36 + "\" — seen in our runs\n", tc(2), "— seen in our runs"},
		{"observed: zh", code + "        # 在 setup 中触碰捕获的生成器会得到 \"" + offset36 + "\"（实测）\n", tc(2), "（实测）"},
		{"observed: ja", code + "        # setup で生成器に触ると \"" + offset36 + "\" (実測)\n", tc(2), "(実測)"},
		{"observed: ko observed", code + "        # setup에서 생성기를 건드리면 \"" + offset36 + "\" 관찰됨\n", tc(2), "관찰됨"},
		{"observed: ko confirmed", code + "        # setup에서 생성기를 건드리면 \"" + offset36 + "\" (확인됨)\n", tc(2), "확인됨"},
		// no observation told
		{"quiet: not observed", code + "        # touching the generator in setup: \"" + offset36 + "\" — not observed\n", form{}, "a negation"},
		{"quiet: never seen", code + "        # touching the generator in setup: \"" + offset36 + "\" (never seen)\n", form{}, "never seen"},
		{"quiet: ko not observed", code + "        # setup에서 생성기를 건드리면 \"" + offset36 + "\" 관찰되지 않음\n", form{}, "관찰되지 않음"},
		{"quiet: named", code + "        # the generator's check \"" + offset36 + "\" guards the offset\n", form{}, "a quotation that names the check"},
	})
}

// TestFormsSkipped36: a compile run or a benchmark skipped for Triton's absence on a
// platform is planning, no failure met: no triton-missing ("Windows에서 Triton 미지원으로
// 스킵되었던 `torch.compile` 벤치마크를 WSL2 Linux 환경에서 실행.", validate35b's 41), in the
// languages the retelling rows know. A skip beside a raise of TritonMissing or a word of
// failing stays a finding, and so does Triton's absence with no skip told.
func TestFormsSkipped36(t *testing.T) {
	tm := func(line int) form { return form{diagnose.TritonMissing, line, diagnose.Paraphrased, ""} }
	checkForms(t, []formTest{
		{"skipped: ko report", "> 환경: WSL2 Linux, RTX 5060 Ti\n\nWindows에서 Triton 미지원으로 스킵되었던 `torch.compile` 벤치마크를 WSL2 Linux 환경에서 실행.\n", form{}, "validate35b 41"},
		{"skipped: ko geonneoddeum", "- torch.compile 벤치마크: Windows에서 Triton 미지원으로 건너뜀\n", form{}, "건너뜀"},
		{"skipped: en", "- torch.compile benchmark: skipped on Windows (no Triton)\n", form{}, "skipped on Windows (no Triton)"},
		{"skipped: zh", "- torch.compile 基准：Windows 上 Triton 不支持，跳过\n", form{}, "Triton 不支持，跳过"},
		{"skipped: ja", "- torch.compile ベンチマーク: Windows では Triton未対応のためスキップ\n", form{}, "Triton未対応のためスキップ"},
		{"skipped: de", "- torch.compile auf Windows übersprungen (kein Triton)\n", form{}, "übersprungen"},
		// failures met
		{"report: skipped after raise", "**Rows 3/5/6 SKIPPED:** Triton is not installed on Jetson JetPack 6 — torch.compile\nwith Inductor backend raises TritonMissing immediately.\n", tm(1), "holdoutT's kornia leaderboard"},
		{"report: ko excluded", "    # 모델 빌드 (torch.compile은 Windows에서 Triton 미지원으로 제외)\n", tm(1), "no skip told: a retelling"},
		{"report: should be skipped", "On platforms without Triton (Windows), `torch.compile` should be skipped gracefully so TTS inference falls back to eager mode.\n", tm(1), "a wish, no skip told (debpalash/VoiceStudio#65)"},
		{"report: ko failed", "Windows에서 Triton 미지원으로 torch.compile 실패, 벤치마크 스킵\n", tm(1), "실패: a failure met"},
	})
}

// TestFormsLimits36: documentation of torch.compile's lack of support for a Python
// release gives no finding: a release notes' heading that states it (validate35b's 51,
// Korean and English) and a retelling in a section of known issues or limitations, in
// the languages people write READMEs in. PyTorch's message quoted in such a section, a
// word of failing beside the retelling, a text's title, a heading that names a problem
// and a retelling under another heading stay findings.
func TestFormsLimits36(t *testing.T) {
	up := func(line int, m diagnose.Match) form { return form{diagnose.UnsupportedPython, line, m, ""} }
	checkForms(t, []formTest{
		{"doc: release notes ko/en", "### 설치 / Installation\n\nPython 3.15 wheels are not published to PyPI.\n\n" +
			"### torch.compile은 아직 Python 3.15를 지원하지 않습니다 / torch.compile is not yet supported on Python 3.15\n\n" +
			"2.14의 Python 3.15 지원은 즉시 실행 전용입니다.\n> Python 3.15 support in 2.14 is eager-only. Calling torch.compile under Python 3.15 raises a RuntimeError rather than falling back silently.\n",
			form{}, "validate35b 51"},
		{"doc: heading en", "### torch.compile is not yet supported on Python 3.15\n\nPython 3.15 support in 2.14 is eager-only.\n", form{}, "the English heading"},
		{"doc: known limitations", "## Known limitations\n\n- `torch.compile` is not supported on Python 3.13 yet; use 3.12.\n", form{}, "Known limitations"},
		{"doc: known issues", "## Known issues\n* torch.compile does not support Python 3.12 yet\n", form{}, "Known issues"},
		{"doc: zh", "## 已知问题\n- torch.compile 暂不支持 Python 3.12\n", form{}, "已知问题"},
		{"doc: ko", "## 알려진 문제\n- torch.compile은 Python 3.12를 지원하지 않습니다\n", form{}, "알려진 문제"},
		{"doc: es", "## Limitaciones conocidas\n- torch.compile no es compatible con Python 3.12 todavía\n", form{}, "Limitaciones conocidas"},
		{"doc: ru", "## Известные ограничения\n- torch.compile не поддерживается на Python 3.12\n", form{}, "Известные ограничения"},
		// records and reports
		{"report: message in known issues", "## Known issues\n- torch.compile fails on Python 3.12: RuntimeError: Dynamo is not supported on Python 3.12+\n", up(2, diagnose.Exact), "PyTorch's message met"},
		{"report: failing word", "## Known issues\n- torch.compile is not supported on Python 3.12, our CI fails\n", up(2, diagnose.Paraphrased), "a word of failing"},
		{"report: title", "# torch.compile is not supported on Python 3.12\n", up(1, diagnose.Paraphrased), "a text's title"},
		{"report: bug heading", "## Bug: torch.compile is not supported on Python 3.12\n", up(1, diagnose.Paraphrased), "a problem named"},
		{"report: other section", "## Environment\ntorch.compile is not supported on Python 3.12\n", up(2, diagnose.Paraphrased), "another section"},
		{"report: next section", "## Known issues\n- none\n\n## Run log\ntorch.compile is not supported on Python 3.12\n", up(5, diagnose.Paraphrased), "the section ends at the next heading"},
	})
}
