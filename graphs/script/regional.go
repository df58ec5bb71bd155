package script

// Regional compilation (sweep4 finding 18): frameworks that compile a model's
// repeated blocks one by one, handing their keywords to nn.Module.compile or
// torch.compile, so the file has no torch.compile call of its own:
//
//   - diffusers' ModelMixin.compile_repeated_blocks(*args, **kwargs): "each matching
//     sub-module is compiled by calling `submodule.compile(*args, **kwargs)`", the
//     sub-modules whose class name is in the model's _repeated_blocks; a model without
//     them raises ValueError (huggingface/diffusers src/diffusers/models/modeling_utils.py,
//     the docs' regional compilation recipe). Other model libraries define the same
//     method the same way (block.compile(*args, **kwargs) for each block);
//   - accelerate's compile_regions(module, **compile_kwargs): torch.compile(submodule,
//     **compile_kwargs) on each repeated block (huggingface/accelerate
//     src/accelerate/utils/other.py compile_regions).
//
// Each block is compiled with the same arguments, so the call is planned as a site of
// kind framework with those keywords (the blocks' graphs are one plan), with a
// framework-compile warning naming what runs.

// regionalFuncs are the functions that compile a module's regions, by qualified name.
var regionalFuncs = nameSet{
	"accelerate.utils.compile_regions", "accelerate.utils.other.compile_regions",
}

// regionalCompile records c as a framework site when it compiles a module's repeated
// blocks: obj.compile_repeated_blocks(…) (unless obj's class, of the file, defines the
// method itself: then the method runs) or accelerate's compile_regions(module, …). It
// reports whether it did.
func (r *reader) regionalCompile(c *expr, q string) bool {
	switch {
	case c.x.kind == attr && c.x.name == "compile_repeated_blocks" && q == "" && r.usesTorch && moduleCompileArgs(c.args) && !r.ownMethod(c.x.x, "compile_repeated_blocks"):
		r.site(c, Framework, append([]arg{{value: c.x.x}}, c.args...))
		r.warn(int(c.line), WarningFrameworkCompile, "%s.compile_repeated_blocks(…) calls block.compile(…) with these arguments on each repeated block of the model (diffusers ModelMixin.compile_repeated_blocks: the sub-modules whose class is in _repeated_blocks; ValueError when it has none): planned as a site of kind framework at this line", oneLine(r.text(c.x.x)))
	case regionalFuncs.has(q) && len(c.args) > 0 && c.args[0].keyword == "" && c.args[0].star == 0 && moduleCompileArgs(c.args[1:]):
		r.site(c, Framework, c.args)
		r.warn(int(c.line), WarningFrameworkCompile, "accelerate's compile_regions calls torch.compile(block, …) with these keywords on each repeated block of the module (accelerate utils/other.py compile_regions): planned as a site of kind framework at this line")
	default:
		return false
	}
	return true
}
