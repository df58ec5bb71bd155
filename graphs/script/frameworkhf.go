package script

import (
	"fmt"
	"slices"
	"strings"
)

// Framework constructors reached the ways scripts build them (sweep4 finding 4):
// TRL's trainer configs, which subclass TrainingArguments; keywords passed as **cfg;
// and TrainingArguments parsed from the command line by HfArgumentParser.

// trlConfigs are TRL's configs that subclass transformers' TrainingArguments without
// touching its torch_compile fields (huggingface/trl @f2cd5771 trl/trainer/base_config.py
// `class _BaseConfig(TrainingArguments)`; sft_config.py, dpo_config.py, grpo_config.py,
// kto_config.py, reward_config.py, rloo_config.py subclass _BaseConfig; trl/__init__.py
// exports them).
func trlConfigs() []string { return trlConfigsList }

// trlConfigsList is a package-level slice, not built on each call: a literal built in a
// function allocates its array, whose type the web page then carries (examples/web's
// Transfer size).
var trlConfigsList = []string{"SFTConfig", "DPOConfig", "GRPOConfig", "KTOConfig", "RewardConfig", "RLOOConfig"}

// isTrainingArgs reports whether q names transformers' TrainingArguments or a class
// that subclasses it as the script imports it.
func isTrainingArgs(q string) bool {
	switch q {
	case "transformers.TrainingArguments", "transformers.Seq2SeqTrainingArguments",
		"transformers.training_args.TrainingArguments", "transformers.training_args_seq2seq.Seq2SeqTrainingArguments":
		return true
	}
	for _, p := range []string{"trl.", "trl.trainer."} {
		if c, ok := strings.CutPrefix(q, p); ok && slices.Contains(trlConfigs(), c) {
			return true
		}
	}
	if c, ok := strings.CutPrefix(q, "trl.trainer."); ok {
		mod, cls, _ := strings.Cut(c, ".")
		return strings.HasSuffix(mod, "_config") && slices.Contains(trlConfigs(), cls)
	}
	return false
}

// frameworkExpand returns c with each **X argument whose items the reader can place
// replaced by those items as keywords: a dict display, dict(k=v, …), or a name bound
// to a followed dict with one possible content (cfg = dict(…), then .update …). An X
// it cannot place stays, and unfollowed names it.
func (r *reader) frameworkExpand(c *expr) (out *expr, unfollowed []string) {
	if !slices.ContainsFunc(c.args, func(a arg) bool { return a.star == 2 }) {
		return c, nil
	}
	cc := *c
	cc.args = nil
	for _, a := range c.args {
		if a.star != 2 {
			cc.args = append(cc.args, a)
			continue
		}
		items, ok := r.splatItems(a.value)
		if !ok {
			unfollowed = append(unfollowed, "**"+cut(oneLine(r.text(a.value)), MaxCallText))
			cc.args = append(cc.args, a)
		}
		cc.args = append(cc.args, items...)
	}
	return &cc, unfollowed
}

// splatItems returns the keyword arguments **e passes, when the reader can place them.
func (r *reader) splatItems(e *expr) ([]arg, bool) {
	switch {
	case isDictExpr(e):
		var out []arg
		ok := true
		eachPair(e, func(p pair) bool {
			k, isStr := r.literalStr(p.key)
			if p.splat != nil || !isStr {
				ok = false
				return false
			}
			out = append(out, arg{keyword: k, value: p.value})
			return true
		})
		return out, ok
	case r.isDictCall(e):
		var out []arg
		for _, a := range e.args {
			if a.keyword == "" || a.star != 0 {
				return nil, false
			}
			out = append(out, a)
		}
		return out, true
	}
	o := r.dictOf(e)
	if o == nil || len(o.variants) != 1 || len(o.variants[0].unknown) > 0 {
		return nil, false
	}
	var out []arg
	for _, it := range o.variants[0].items {
		if it.x == nil {
			return nil, false
		}
		out = append(out, arg{keyword: it.key, value: it.x})
	}
	return out, true
}

// hfParserMethods are HfArgumentParser's methods that build the dataclasses from
// outside the file (transformers src/transformers/hf_argparser.py, stored commit
// 00349ae8: parse_args_into_dataclasses, parse_json_file, parse_yaml_file, parse_dict).
func hfParserMethods() []string {
	return []string{"parse_args_into_dataclasses", "parse_json_file", "parse_yaml_file", "parse_dict", "parse_args"}
}

// hfParser warns when c is HfArgumentParser(…) over TrainingArguments or a subclass of
// it: whether the Trainer compiles is decided by the command line or file it parses.
func (r *reader) hfParser(c *expr, q string) bool {
	if q != "transformers.HfArgumentParser" && q != "transformers.hf_argparser.HfArgumentParser" {
		return false
	}
	var classes []*expr
	for _, a := range c.args {
		if a.keyword == "" || a.keyword == "dataclass_types" {
			classes = append(classes, a.value)
			classes = append(classes, a.value.elts...) // a tuple or list of them
		}
	}
	for _, e := range classes {
		if e.kind != name && e.kind != attr || !isTrainingArgs(r.qual(e)) {
			continue
		}
		r.warn(int(c.line), WarningFrameworkCompile, "%s parses %s from the command line or a file (%s): transformers' Trainer calls torch.compile(model, backend=…, mode=…) when they give --torch_compile, --torch_compile_mode or --torch_compile_backend (transformers training_args.py __post_init__); this file does not show them, so nothing is planned: plan it with the mode it runs with (-mode)",
			cut(oneLine(r.text(c.x)), MaxCallText), oneLine(r.text(e)), strings.Join(hfParserMethods()[:3], ", "))
		return true
	}
	return true
}

// splatNote is the framework-compile warning's words for ** arguments not followed.
func splatNote(unfollowed []string) string {
	if len(unfollowed) == 0 {
		return ""
	}
	return fmt.Sprintf("; %s not followed: the keywords it passes are not planned", strings.Join(unfollowed, ", "))
}
