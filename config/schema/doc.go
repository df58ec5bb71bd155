// Package schema reads the schema file format (config/schema/FORMAT.md): one PyTorch
// release's Inductor config keys with their types, defaults and environment rules, and
// its mode table, from a file ([Load]) or built in ([Builtin]). Evaluating a key's
// environment rule ([KeySpec.DefaultUnder]) is part of the format: it gives the default
// that importing torch._inductor.config computes, or the [EnvError] it raises.
package schema
