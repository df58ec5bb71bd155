package graphs

import (
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/config/schema"
	"github.com/compilemode/compilemode/modes"
)

// presetPromise is what a mode's name promises: the keys its patch turns on. A mode
// table whose patch sets one of them to False (the table of main@fe05266, March 2023,
// issue #96540: max-autotune = {'epilogue_fusion': False, 'max_autotune': False,
// 'triton.cudagraphs': True}) does not do what its name says.
type presetPromise struct {
	Mode modes.Mode
	Keys []string
	// Source is where the promise is stated.
	Source string
}

// presetPromises returns what each mode's name promises. Sources: torch.compile's
// docstring in the 2.0 docs (pytorch.org/docs/2.0/generated/torch.compile.html:
// "reduce-overhead" reduces Python overhead with CUDA graphs, "max-autotune" autotunes);
// PR #98255, which split max-autotune (max_autotune and cudagraphs) from
// max-autotune-no-cudagraphs; list_mode_options in 2.2.2, 2.6.0, 2.7.1, 2.14.0 (read)
// and 2.11 (measured), where every promised key is True. Each call returns new rows.
func presetPromises() []presetPromise {
	const src = "torch.compile docstring (2.0 docs); PR #98255; list_mode_options @2.2.2, 2.6.0, 2.7.1, 2.14.0, measured on 2.11"
	return []presetPromise{
		{modes.ReduceOverhead, []string{"triton.cudagraphs"}, src},
		{modes.MaxAutotune, []string{"max_autotune", "triton.cudagraphs"}, src},
		{modes.MaxAutotuneNoCUDAGraphs, []string{"max_autotune"}, src},
	}
}

// presetOff returns the keys the resolved mode's own patch sets falsy although the
// mode's name promises them ("max_autotune=False"), in the promise's order.
func presetOff(res *config.Result) []string {
	if res == nil || res.Mode == "" {
		return nil
	}
	var off []string
	for _, p := range presetPromises() {
		if p.Mode != res.Mode {
			continue
		}
		for _, k := range p.Keys {
			r, ok := res.Get(schema.Key(k))
			if ok && r.Origin.Source == config.FromMode && !r.Value.Truthy() {
				off = append(off, k+"="+r.Value.String())
			}
		}
	}
	return off
}

// presetFix returns the options dict that turns on every key the mode promises,
// written as Python: {'max_autotune': True, 'triton.cudagraphs': True}.
func presetFix(res *config.Result) string {
	var parts []string
	for _, p := range presetPromises() {
		if res != nil && p.Mode == res.Mode {
			for _, k := range p.Keys {
				parts = append(parts, "'"+k+"': True")
			}
		}
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// dynamicTrue reports whether torch.compile was given dynamic=True.
func (c *situation) dynamicTrue() bool { return c.view.Dynamic != nil && *c.view.Dynamic }

// cudagraphsFrom reports whether triton.cudagraphs was set by layer src.
func (c *situation) cudagraphsFrom(src config.Source) bool {
	r, ok := c.view.Get("triton.cudagraphs")
	return ok && r.Origin.Source == src
}

// fromOptions is the layer torch.compile's options= sets.
const fromOptions = config.FromOptions
