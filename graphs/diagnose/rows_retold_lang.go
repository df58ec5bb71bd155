package diagnose

// Retellings in the languages other than English that reports are written in (branch
// lang15, 2026-12-05): real notes, comments and issues in Chinese, Japanese, Korean,
// Russian, Spanish and the other languages of the code corpus, read through the tool;
// the classes the English rows read and these missed, each as words of its language
// beside the English row's. /work/lang15-findings.md lists the texts.

// windowsForeignRetold is the Windows refusal told in another language, as windowsRetold
// reads "torch.compile is not supported on Windows": torch.compile (Inductor, Dynamo) and
// Windows and the language's words that it is not supported there or does not work, in
// one clause, either order: "Windows 不支持 torch.compile", "Windows暂不支持torch.compile",
// "torch.compile 在 Windows 上不可用", "torch.compile на Windows не поддерживается",
// "Проверка Windows - torch.compile не поддерживается", "torch.compile no funciona en
// Windows", "torch.compile は Windows で … 未対応". "Windows" is the one literal. Not a
// program or a platform's other refusal (NPU 不支持 torch.compile, MPS, ROCm: no Windows),
// not "… n'est pas encore officiellement supporté" (notOfficially's class), not Windows
// said to need a compiler ("nécessaire pour torch.compile sous Windows").
var windowsForeignRetold = retold{
	literals: []string{"Windows"},
	pattern: `(?i)` + winCompile + `\s*在\s*windows\s*(?:系统|平台|环境)?\s*[上下中]?\s*` + winZhNot + `|` +
		`\bwindows\s*(?:系统|平台|环境)?\s*[上下中]?\s*` + winZhNot + `\s*` + winCompile + `|` +
		winCompile + `\s*(?:は|が)\s*windows\s*(?:では|で|上では|上で)?\s*(?:triton\s*(?:が|は)?\s*)?(?:サポートされていない|サポートされていません|非対応|未対応|使えない|使えません|動かない|動きません)|` +
		`\bwindows\s*에서(?:는)?\s*` + winCompile + `\s*(?:은|는|이|가)?\s*` + winKoNot + `|` + winCompile + `\s*(?:은|는)\s*windows\s*에서(?:는)?\s*` + winKoNot + `|` +
		winCompile + `\s+(?:на|под)\s+windows\s+не\s+(?:поддерживается|работает)|` + winCompile + `\s+не\s+(?:поддерживается|работает)\s+(?:на|под)\s+windows\b|` +
		`\bwindows\s*[-—:]\s*` + winCompile + `\s+не\s+поддерживается|` +
		winCompile + `\s+(?:` + winEuNot + `)\s+(?:en|con|bajo|no|em|sob|sous|sur|unter|auf)\s+windows\b|` +
		winCompile + `\s+(?:funktioniert|läuft)\s+unter\s+windows\s+nicht\b|` + winCompile + `\s+wird\s+unter\s+windows\s+nicht\s+unterstützt`,
}

// The words of windowsForeignRetold: the compile named as what fails (winCompile), and
// "not supported", "unavailable", "does not work" in Chinese (winZhNot, a "yet" or "for
// now" before it), in Korean (winKoNot) and in Spanish, Portuguese, French and German before "on Windows"
// (winEuNot).
const (
	winCompile = `(?:\btorch\.\s?compile(?:\(\))?\x60?|\binductor\b|\bdynamo\b)`
	winZhNot   = `(?:暂|尚|还|目前|暂时)?(?:不支持|不可用|无法使用|不能用)`
	winKoNot   = `(?:불가|사용\s*불가|사용할\s*수\s*없|지원되지\s*않|지원하지\s*않|작동하지\s*않|동작하지\s*않|미지원)`
	winEuNot   = `no\s+(?:funciona|está\s+soportado|es\s+compatible|está\s+disponible)|não\s+(?:funciona|é\s+suportado|é\s+compatível|está\s+disponível)|` +
		`ne\s+(?:fonctionne|marche)\s+pas|n'est\s+pas\s+(?:supporté|pris\s+en\s+charge|disponible)|funktioniert\s+nicht|wird\s+nicht\s+unterstützt`
)

// tritonNetRetold is triton-missing told as "there is no Triton" in Russian, German,
// French, Portuguese or Spanish, with torch.compile or Inductor named before it in the
// sentence: "torch.compile недоступен: на Windows нет Triton", "`torch.compile` убрано — на
// Windows нет Triton", "в трассировке падения было torch._inductor ->
// triton_hash_with_backend -> нет triton", "**torch.compile** (auf Windows aus — kein
// Triton verfügbar)", "torch.compile: desactive sur Windows (pas de Triton)", "No Windows:
// torch.compile NAO funciona (sem Triton)"; or Triton's absence first and torch.compile
// said unavailable right after ("Sin triton, `torch.compile` no está disponible"). Not
// Triton's absence with no compile named (a fallback list's "CPU, MPS, нет Triton → обычный
// PyTorch", "sin Triton, sin host copies", a server "sem Triton"). In Korean, Triton
// "unsupported" (미지원) where the place that lacks it is named, Windows or a Jetson's
// aarch64 ("torch.compile은 Windows에서 Triton 미지원으로 제외", "| torch.compile (Windows) | n/a
// | triton 미지원 |", "Jetson aarch64는 Triton 미지원"); not a GPU's architecture Triton
// does not support ("NGC Triton 미지원" on Blackwell), nor a list with no compile named. The
// In Chinese, Windows said not to support Triton beside torch.compile or Dynamo ("禁用 Dynamo
// 编译 (Windows 不支持 Triton)", "Windows 不支持 Triton，torch.compile 会报错"); not with no
// compile named (flash_attn's, a MoE loader's "Windows 系统下不支持 triton"). The row wants
// torch.compile or Inductor in the log (tritonNotInstalledRetoldRow).
var tritonNetRetold = retold{
	literals: []string{"нет Triton", "нет triton", "kein Triton", "pas de Triton", "sem Triton", "in triton", "riton 미지원", "不支持 Triton"},
	pattern: `(?i)(?:torch\.\s?compile|inductor)\x60?\**[^.;\n]{0,60}?(?:[\s(]нет|\bkein|\bpas\s+de|\bsem)\s+triton\b|` +
		`\bsin\s+triton\W{0,3}\s*\x60?torch\.\s?compile\x60?\s+no\s+(?:está|es|funciona)\b|` +
		`(?:torch\.\s?compile|inductor)\x60?[^.;\n]{0,60}?` + netPlace + `[^.;\n]{0,20}?\btriton\s*미지원|` + netPlace + `[^.;\n]{0,20}?\btriton\s*미지원[^.;\n]{0,40}?torch\.\s?compile|` +
		`(?:torch\.\s?compile|inductor|dynamo)[^。；\n]{0,30}?windows\s*[上下]?\s*不支持\s*triton|windows\s*[上下]?\s*不支持\s*triton[，,、\s]{0,3}\x60?(?:torch\.\s?compile|dynamo)`,
}

// netPlace: where a Korean note says Triton is unsupported (tritonNetRetold): Windows, or a
// Jetson's aarch64.
const netPlace = `(?:windows|jetson|aarch64)`
