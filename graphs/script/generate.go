package script

import "fmt"

// transformers' automatic compile in generate() (sweep4 finding 16). GenerationMixin
// compiles the model's forward itself when the cache it decodes with is compileable
// (a StaticCache: cache_implementation="static", or past_key_values=StaticCache(…)),
// generation_config.disable_compile is not set and the model is on CUDA
// (_valid_auto_compile_criteria), with generation_config.compile_config, a
// CompileConfig whose defaults are backend "inductor" and mode "reduce-overhead"
// (huggingface/transformers src/transformers/generation/utils.py
// _valid_auto_compile_criteria and src/transformers/generation/configuration_utils.py
// CompileConfig, stored commit 008f5c8c; StaticCache.is_compileable = True in
// src/transformers/cache_utils.py). The decoding loop then calls the compiled forward:
// a framework site, at the generate call or at the assignment that makes the model's
// generation config use the static cache, with the model bound to it as a model whose
// forward is compiled (bindForward), so its generate calls, in threads too, are its
// calls. Other cache names (sliding_window, hybrid, …) are not planned: which of them
// compile depends on the transformers release, which the file does not show.

// hfCompileCaches are the cache_implementation values planned as compiling.
var hfCompileCaches = nameSet{"static"}

// hfStaticCacheClasses are the cache classes passed as past_key_values that compile.
var hfStaticCacheClasses = nameSet{"transformers.StaticCache", "transformers.cache_utils.StaticCache"}

// hfCompileDefault is CompileConfig's default mode.
const hfCompileDefault = "reduce-overhead"

// generateCompile records the site transformers' generate compiles when c is
// model.generate(…) with a compileable cache, or the model's generation config was
// set to one (hfStaticModels), unless disable_compile=True; it returns nothing: the
// call is then followed as a call of model (forwardCall).
func (r *reader) generateCompile(c *expr) {
	if !r.usesHF || c.kind != call || c.x.kind != attr || c.x.name != "generate" || c.x.x.kind != name {
		return
	}
	model := c.x.x.name
	if r.forwardOf[model] != nil {
		return // already compiled: a site of its own, or generate's once
	}
	if d := kwarg(c, "disable_compile", -1); d != nil {
		if v, ok := r.literal(d); ok && v.Truthy() {
			return
		}
	}
	if why := r.compileCache(c); why != "" {
		r.hfSite(c, model, why, kwarg(c, "compile_config", -1))
	}
}

// compileCache says which keyword of the generate call c gives it a compileable
// cache ("" when none does).
func (r *reader) compileCache(c *expr) string {
	if ci := kwarg(c, "cache_implementation", -1); ci != nil {
		if s, ok := r.literalStr(ci); ok && hfCompileCaches.has(s) {
			return fmt.Sprintf("cache_implementation=%q", s)
		}
	}
	if pkv := kwarg(c, "past_key_values", -1); pkv != nil && pkv.kind == call && hfStaticCacheClasses.has(r.qual(pkv.x)) {
		return "past_key_values=StaticCache(…)"
	}
	return ""
}

// generationConfigAssign records the site when the script sets
// model.generation_config.cache_implementation to a compileable cache: the model's
// later generate calls compile (t is the target, v the value).
func (r *reader) generationConfigAssign(t, v *expr) {
	if !r.usesHF || t.kind != attr || t.name != "cache_implementation" || t.x.kind != attr || t.x.name != "generation_config" || t.x.x.kind != name {
		return
	}
	s, ok := r.literalStr(v)
	if !ok || !hfCompileCaches.has(s) || r.forwardOf[t.x.x.name] != nil {
		return
	}
	r.hfSite(t, t.x.x.name, fmt.Sprintf("generation_config.cache_implementation = %q", s), nil)
}

// hfSite makes the framework site at e for model, compiled by generate because of
// why, with the keywords of cfg when it is CompileConfig(…) written in the call.
func (r *reader) hfSite(e *expr, model, why string, cfg *expr) {
	var args []arg
	if cfg != nil && cfg.kind == call {
		for _, a := range cfg.args {
			if moduleCompileKeywords.has(a.keyword) && a.star == 0 {
				args = append(args, a)
			}
		}
	}
	st := r.site(e, Framework, append([]arg{{value: &expr{kind: name, name: model}}}, args...))
	if cfg == nil || cfg.kind != call || kwarg(cfg, "mode", -1) == nil {
		m := hfCompileDefault
		st.Mode, st.ModeLiteral = &m, true
	}
	r.bindCompiled(model, st)
	if r.forwardOf == nil {
		r.forwardOf = map[string]*siteState{}
	}
	r.forwardOf[model] = st
	r.warn(int(e.line), WarningFrameworkCompile, "transformers' generate compiles %s's forward itself with %s (GenerationMixin._valid_auto_compile_criteria: a compileable cache on CUDA) and generation_config.compile_config (CompileConfig: backend \"inductor\", mode %q unless given); planned as a site of kind framework at this line; generate(…, disable_compile=True) turns it off", model, why, hfCompileDefault)
}
