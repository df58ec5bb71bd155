package script

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compilemode/compilemode/config"
	"github.com/compilemode/compilemode/graphs"
)

// Fixes in a framework's terms (newuser21 finding 5). A site of kind framework has no
// torch.compile call in the file: its mode comes from the framework's arguments
// (TrainingArguments(torch_compile_mode=…), TorchDynamoPlugin(mode=…), or
// ACCELERATE_DYNAMO_MODE for Accelerator(dynamo_backend=…)), so a fix that says
// mode="X" is said there too, the generic words kept. Under transformers' Trainer, a
// gradient accumulation's overwritten .grad tensors also go with
// gradient_accumulation_steps=1: the Trainer then clears the gradients after each
// optimizer step, before the next backward (transformers trainer.py
// _inner_training_loop: optimizer.step(), lr_scheduler.step(), model.zero_grad()), as
// the fix "zero_grad() between the backwards" asks.

// frameworkMode says where a framework site's mode is set: how to write mode m there.
type frameworkMode struct {
	write func(m string) string // the framework's words for mode m
	hf    bool                  // transformers' TrainingArguments (gradient_accumulation_steps)
	call  string                // the constructor as the file calls it
}

// frameworkModeOf returns how the framework fc, called as callee, takes a mode
// (nil: fc has none).
func frameworkModeOf(fc *frameworkCompiler, callee string) *frameworkMode {
	_, hf := fc.kws["torch_compile_mode"]
	switch {
	case hf:
		return &frameworkMode{hf: true, call: callee, write: func(m string) string {
			return fmt.Sprintf("%s(…, torch_compile_mode=%q)", callee, m)
		}}
	case fc.kws["mode"] == "mode":
		return &frameworkMode{call: callee, write: func(m string) string {
			return fmt.Sprintf("%s(…, mode=%q)", callee, m)
		}}
	case fc.readsAccelEnv:
		return &frameworkMode{call: callee, write: func(m string) string {
			return fmt.Sprintf("ACCELERATE_DYNAMO_MODE=%s in the environment (accelerate launch --dynamo_mode %s)", m, m)
		}}
	}
	return nil
}

// modesNamed returns the values of mode="…" in s, in order, each once.
func modesNamed(s string) []string {
	var out []string
	for rest := s; ; {
		i := strings.Index(rest, `mode="`)
		if i < 0 {
			return out
		}
		if i > 0 && isIdentByte(rest[i-1]) {
			rest = rest[i+1:] // torch_compile_mode="…", a word ending in mode
			continue
		}
		rest = rest[i+len(`mode="`):]
		j := strings.IndexByte(rest, '"')
		if j < 0 {
			return out
		}
		if m := rest[:j]; !slices.Contains(out, m) {
			out = append(out, m)
		}
		rest = rest[j:]
	}
}

// frameworkRecommendation returns rec with the framework's words for each mode it
// names, and, for a gradient accumulation under transformers' Trainer, the
// gradient_accumulation_steps=1 option ("" when nothing is added).
func frameworkRecommendation(fm *frameworkMode, rec string, accum bool) string {
	var adds []string
	for _, m := range modesNamed(rec) {
		adds = append(adds, fm.write(m))
	}
	if accum && fm.hf {
		adds = append(adds, fm.call+"(…, gradient_accumulation_steps=1) (no accumulation: the Trainer clears the gradients after each optimizer step, before the next backward; per_device_train_batch_size times the old steps keeps the batch, memory allowing)")
	}
	if len(adds) == 0 {
		return ""
	}
	return "where this site's compile comes from, " + strings.Join(adds, "; or ") + ". Written for a torch.compile call of your own: " + rec
}

// frameworkWorded returns rep with the fixes of a framework site's warnings said in
// the framework's terms too. rep itself, shared through the cache, is not changed.
func frameworkWorded(st *Site, rep *graphs.Report) *graphs.Report {
	if st.fwMode == nil || rep == nil || len(rep.Warnings) == 0 {
		return rep
	}
	var out *graphs.Report
	for i, w := range rep.Warnings {
		rec := frameworkRecommendation(st.fwMode, w.Recommendation, st.gradAccum > 0 && w.Code == "overwritten-output")
		if rec == "" {
			continue
		}
		if out == nil {
			c := *rep
			c.Warnings = append([]config.Warning(nil), rep.Warnings...)
			out = &c
		}
		out.Explain = strings.Replace(out.Explain, graphs.FixSentence(w.Recommendation), graphs.FixSentence(rec), 1)
		out.Warnings[i].Recommendation = rec
	}
	if out == nil {
		return rep
	}
	return out
}
