package script

import (
	"fmt"
	"strings"
)

// Framework entry points that call torch.compile for the script (sweep finding 4):
// the call is in the framework's code, so the file has no site; the reader warns
// (WarningFrameworkCompile) with what reaches torch.compile and the flags that plan it.

// frameworkCompiler is one framework constructor whose keywords reach torch.compile.
type frameworkCompiler struct {
	who    string            // who calls torch.compile, as the warning says it
	kws    map[string]string // the constructor's keyword -> torch.compile's
	on     string            // a keyword whose literal False turns compiling off ("" none)
	source string            // where the framework does it
	noBack string            // said when backend= is not given ("" when a default compiles)
	// offBackend is the backend value, upper-cased, that compiles nothing ("" none):
	// accelerate's TorchDynamoPlugin upper-cases backend into DynamoBackend, and
	// Accelerator.prepare_model compiles only when it is not DynamoBackend.NO
	// (huggingface/accelerate @16cb6eb8 src/accelerate/utils/dataclasses.py
	// TorchDynamoPlugin.__post_init__ `DynamoBackend(self.backend.upper())`, NO = "NO";
	// src/accelerate/accelerator.py `backend != DynamoBackend.NO`).
	offBackend string
	// dynamoEnum: the backend goes through accelerate's DynamoBackend (frameworknorm.go).
	dynamoEnum bool
	// readsAccelEnv: the call builds a TorchDynamoPlugin, which reads the
	// ACCELERATE_DYNAMO_ variables for the keywords not given (frameworkenv.go).
	readsAccelEnv bool
	// prepared: the Accelerator itself, which compiles only in the prepare calls made
	// on it (accelprepare.go).
	prepared bool
}

// hfArgs is transformers' TrainingArguments: TrainingArguments.__post_init__ sets torch_compile when torch_compile_mode or
// torch_compile_backend is given and defaults the backend to "inductor"; the Trainer
// hands backend and mode to accelerate's TorchDynamoPlugin (accelerate >= 1.2.0; before,
// the ACCELERATE_DYNAMO_BACKEND/_MODE variables), whose prepare_model calls torch.compile.
// Source: huggingface/transformers src/transformers/training_args.py __post_init__ and
// src/transformers/trainer.py (TorchDynamoPlugin(backend=…, mode=…)), stored commit
// 00349ae8. The keywords: huggingface/transformers PR #20634 ("Migrate torchdynamo to
// torch.compile", opened 2022-12-06) replaced the `torchdynamo` argument by
// torch_compile_backend and torch_compile_mode; PR #22140 (2023-03-13, "Remove backend
// check for torch.compile") documents torch_compile with both. Which release first
// shipped them is not checked here (the repository is too large to mirror, its
// release tags and PyPI are not reachable from this machine).

func hfArgs() *frameworkCompiler {
	return &frameworkCompiler{
		who:        "transformers' Trainer",
		kws:        map[string]string{"torch_compile_backend": "backend", "torch_compile_mode": "mode", "torch_compile": ""},
		on:         "torch_compile",
		source:     "transformers training_args.py __post_init__, trainer.py via accelerate's TorchDynamoPlugin",
		dynamoEnum: true,
	}
}

// dynamoPlugin is accelerate's TorchDynamoPlugin: accelerate's Accelerator.prepare_model calls
// torch.compile(model, **dynamo_plugin.to_kwargs()), the fields that differ from the
// defaults; a plugin without backend= reads ACCELERATE_DYNAMO_BACKEND, default "no",
// which compiles nothing. Source: huggingface/accelerate src/accelerate/accelerator.py
// prepare_model and src/accelerate/utils/dataclasses.py TorchDynamoPlugin, v0.17.0 to
// v1.14.0 (0.15 and 0.16 had dynamo_backend= only, through torch._dynamo.optimize).
func dynamoPlugin() *frameworkCompiler {
	return &frameworkCompiler{
		who:           "accelerate's Accelerator.prepare",
		kws:           map[string]string{"backend": "backend", "mode": "mode", "options": "options", "dynamic": "dynamic", "fullgraph": "fullgraph", "disable": "disable"},
		source:        "accelerate accelerator.py prepare_model, utils/dataclasses.py TorchDynamoPlugin",
		noBack:        "no backend=: accelerate then reads ACCELERATE_DYNAMO_BACKEND (accelerate launch --dynamo_backend), default \"no\", which does not compile; neither the script nor the environment given sets it",
		offBackend:    "NO",
		dynamoEnum:    true,
		readsAccelEnv: true,
	}
}

// accelerator is accelerate's Accelerator: Accelerator(dynamo_backend=B) builds TorchDynamoPlugin(backend=B) (its
// mode from ACCELERATE_DYNAMO_MODE, default "default"). Source: accelerate
// src/accelerate/accelerator.py Accelerator.__init__, v0.17.0 to v1.14.0.
func accelerator() *frameworkCompiler {
	return &frameworkCompiler{
		who:           "accelerate's Accelerator.prepare",
		kws:           map[string]string{"dynamo_backend": "backend"},
		source:        "accelerate accelerator.py Accelerator.__init__ and prepare_model",
		offBackend:    "NO",
		dynamoEnum:    true,
		readsAccelEnv: true,
		prepared:      true,
	}
}

// frameworkCompilerOf returns the constructor that the dotted path q (as the file
// imports it) names, or nil.
func frameworkCompilerOf(q string) *frameworkCompiler {
	if isTrainingArgs(q) {
		return hfArgs()
	}
	switch q {
	case "accelerate.utils.TorchDynamoPlugin", "accelerate.utils.dataclasses.TorchDynamoPlugin":
		return dynamoPlugin()
	case "accelerate.Accelerator", "accelerate.accelerator.Accelerator":
		return accelerator()
	}
	return nil
}

// frameworkCompile warns when c, whose callee stands for q, hands torch.compile's
// arguments to a framework that calls torch.compile.
func (r *reader) frameworkCompile(call *expr, q string) {
	fc := frameworkCompilerOf(q)
	if r.hfParser(call, q) || fc == nil {
		return
	}
	// c is the call with its ** arguments replaced by the keywords they pass, where
	// they can be placed (frameworkhf.go); the site is at call.
	c, unfollowed := r.frameworkExpand(call)
	if r.frameworkFromEnv(fc, call, c) {
		return
	}
	args, mode, backend, ok := r.frameworkArgs(fc, c)
	if !ok {
		if len(unfollowed) > 0 && !fc.readsAccelEnv {
			r.warn(int(c.line), WarningFrameworkCompile, "%s calls torch.compile for this script when its keywords say so (%s)%s, so nothing is planned: plan it with the mode it runs with (-mode)", fc.who, fc.source, splatNote(unfollowed))
		}
		return
	}
	values, ok := r.frameworkValues(fc, c)
	if !ok {
		return
	}
	values += splatNote(unfollowed)
	planned := r.frameworkSite(fc, call, c, backend, values)
	where := "the call is not in this file, so no site is planned for it"
	if planned {
		where = "the call is not in this file: it is planned as a site of kind framework at this line, with the keywords that reach it"
	}
	msg := fmt.Sprintf("%s calls torch.compile(%s) for this script (%s); %s%s",
		fc.who, strings.Join(append([]string{"model"}, args...), ", "), fc.source, where, values)
	if backend == "" && fc.noBack != "" {
		msg += "; " + fc.noBack
	}
	msg += notDynamoBackend(fc, backend)
	switch {
	case !planned && fc.readsAccelEnv && !givenKeyword(c, fc.accelKw(dynamoEnvVars()[0])):
		msg += ": plan it with -env ACCELERATE_DYNAMO_BACKEND=inductor"
	case !planned:
		msg += frameworkFlags(mode, backend)
	}
	r.warn(int(c.line), WarningFrameworkCompile, "%s", msg)
}

// frameworkFlags is the advice for a framework call not planned as a site: the
// command's flags that plan it.
func frameworkFlags(mode, backend string) string {
	var flags []string
	if mode != "" {
		flags = append(flags, "-mode "+mode)
	}
	if backend != "" && backend != "inductor" {
		flags = append(flags, "-backend "+backend)
	}
	if len(flags) > 0 {
		return ": plan it with " + strings.Join(flags, " ")
	}
	return ": plan it with the mode it runs with (-mode)"
}

// frameworkArgs returns the torch.compile arguments c's keywords give (as source
// text), the mode and backend when string literals, and whether c compiles at all:
// it gives one of fc's keywords, and not fc.on=False.
func (r *reader) frameworkArgs(fc *frameworkCompiler, c *expr) (args []string, mode, backend string, ok bool) {
	for _, a := range c.args {
		to, known := fc.kws[a.keyword]
		if !known || a.keyword == "" {
			continue
		}
		ok = true
		if a.keyword == fc.on {
			if r.literalFalse(a.value) {
				return nil, "", "", false
			}
			continue
		}
		s, isStr := r.frameworkStr(fc, to, a.value)
		if isStr && to == "backend" && fc.offBackend != "" && strings.ToUpper(s) == fc.offBackend {
			return nil, "", "", false // backend="no": nothing compiles
		}
		text := oneLine(r.text(a.value))
		if isStr && to == "mode" {
			mode = s
		} else if isStr && to == "backend" {
			backend = frameworkBackendText(fc, s)
			text = fmt.Sprintf("%q", backend)
		}
		args = append(args, to+"="+text)
	}
	return args, mode, backend, ok
}

// literalFalse reports whether e is the literal False.
func (r *reader) literalFalse(e *expr) bool {
	v, ok := r.literal(e)
	b, isBool := v.AsBool()
	return ok && isBool && !b
}

// frameworkValues names the values that can reach the framework's mode and backend
// when they are given by expressions (unseen5 x31: sd-scripts' dynamo_backend = "NO",
// or args.dynamo_backend under --torch_compile): "; backend can be …", saying which
// value compiles nothing. ok is false when every value compiles nothing.
func (r *reader) frameworkValues(fc *frameworkCompiler, c *expr) (string, bool) {
	var parts []string
	for _, a := range c.args {
		to, known := fc.kws[a.keyword]
		if !known || (to != "backend" && to != "mode") {
			continue
		}
		if _, lit := r.literal(a.value); lit {
			continue
		}
		cands := r.candidatesFor(a.value)
		if len(cands) == 0 {
			continue
		}
		var vs []string
		off := 0
		for _, cd := range cands {
			v := "None"
			if cd.Value != nil {
				v = fmt.Sprintf("%q", *cd.Value)
			}
			v = fmt.Sprintf("%s (line %d)", v, cd.Line)
			if to == "backend" && fc.offBackend != "" && cd.Value != nil && strings.ToUpper(*cd.Value) == fc.offBackend {
				v += ", which compiles nothing"
				off++
			}
			vs = append(vs, v)
		}
		if off == len(cands) {
			return "", false
		}
		parts = append(parts, fmt.Sprintf("%s `%s` can be %s", to, oneLine(r.text(a.value)), strings.Join(vs, ", ")))
	}
	if len(parts) == 0 {
		return "", true
	}
	return "; " + strings.Join(parts, "; "), true
}

// frameworkSite plans the framework's torch.compile call as a site of kind Framework
// at c, with the keywords that reach it under torch.compile's names (sweep finding 1:
// -mode given with -script then plans it, and the environment's warnings are said).
// Only a call that surely compiles is planned: a backend that is a literal and not
// the framework's "no", or none where the framework defaults to one that compiles
// (transformers: inductor); values names the values when some were expressions.
func (r *reader) frameworkSite(fc *frameworkCompiler, call, c *expr, backend, values string) bool {
	var args []arg
	raw := ""
	for _, a := range c.args {
		to, known := fc.kws[a.keyword]
		if !known || to == "" || a.star != 0 {
			continue
		}
		if to == "backend" {
			s, lit := r.frameworkStr(fc, to, a.value)
			if !lit {
				return false // which backend it compiles with, if any, is not known
			}
			raw = s
			continue // set below, as the framework hands it on
		}
		args = append(args, arg{keyword: to, value: a.value})
	}
	if backend == "" && fc.noBack != "" {
		return false // no backend=: the framework's default may not compile
	}
	if values != "" && strings.Contains(values, "backend") {
		return false
	}
	st := r.site(call, Framework, append([]arg{{value: &expr{kind: name, name: "model"}}}, args...))
	if raw != "" {
		setFrameworkBackend(fc, st, raw)
	}
	r.applyAccelEnv(fc, c, st)
	r.trainerGradAccum(fc, c, st)
	st.fwMode = frameworkModeOf(fc, r.text(call.x))
	return true
}

// trainerGradAccum records gradient accumulation on the framework site of a
// transformers TrainingArguments (or a subclass: TRL's configs) given
// gradient_accumulation_steps=N, N above 1 (accumSteps), in a file that calls
// .train(): Trainer's loop runs one backward per micro-batch and zero_grad() only after
// the optimizer step (transformers trainer.py _inner_training_loop), as nanoGPT's
// micro-steps do (gradsAccumulate; sweep11 finding 6).
func (r *reader) trainerGradAccum(fc *frameworkCompiler, c *expr, st *siteState) {
	if _, hf := fc.kws["torch_compile_mode"]; !hf || !r.calledNames["train"] {
		return
	}
	if n := r.accumSteps(kwarg(c, "gradient_accumulation_steps", -1)); n > 1 {
		st.note("Trainer runs backward() on each of gradient_accumulation_steps=%d micro-batches and zero_grad() only after the optimizer step (transformers trainer.py _inner_training_loop): gradient accumulation", n)
		r.seq++
		r.events = append(r.events, event{f: factGradAccum, seq: r.seq, line: int(c.line), site: st})
	}
}
