package script

// Literal[…] annotations as choices. A field of a dataclass the command line fills
// (a class of the file without __init__ named uncalled as a call's argument:
// HfArgumentParser(Args), tyro.cli(Config)) annotated Literal["a", "b"] takes any of
// its members from the command line: transformers' hf_argparser.py
// (_parse_dataclass_field) gives a Literal field its members as choices=, as tyro
// does. A parameter of a Typer command (typer.run(main)) annotated so likewise
// (fastapi/typer PR #429, typing.Literal as choices), and of a def tyro.cli runs
// (tyro builds its options from the annotations, typing.Literal among them:
// brentyi.github.io/tyro; unseen8 w10's compile_mode). The members are the values the
// field or parameter can have besides its default, which a run given nothing takes
// (defaults.go) and is planned first; Optional[Literal[…]] and typing_extensions'
// Literal are read too. A class the file only builds itself gets nothing from its
// annotations: its constructions show its values (ctorfields.go).

// literalMembers returns the members of a Literal[…] annotation (inside Optional[…]),
// nil for another annotation.
func (r *reader) literalMembers(ann *expr) []*expr {
	for d := 0; ann != nil && ann.kind == subscript && d < MaxNesting; d++ {
		switch r.qual(ann.x) {
		case "typing.Optional", "typing_extensions.Optional":
			ann = ann.index
			continue
		case "typing.Literal", "typing_extensions.Literal":
			if ann.index != nil && ann.index.kind == tuple {
				return ann.index.elts
			}
			return []*expr{ann.index}
		}
		return nil
	}
	return nil
}

// literalChoices adds the members of the Literal annotations of the fields of the
// classes the command line fills and of the parameters of Typer commands to what they
// can have (scoped and file-wide candidates for mode=, values for the other
// arguments), in file order.
func (r *reader) literalChoices(stmts []*stmt) {
	for _, s := range stmts {
		switch {
		case s.kind == classStmt && r.sc.ctors[s] != nil && r.sc.ctors[s].handed:
			for _, f := range s.body {
				if f.kind == annAssignStmt && len(f.targets) == 1 && f.targets[0].kind == name && len(f.exprs) > 0 {
					r.literalField(s, f.targets[0].name, f.exprs[0])
				}
			}
		case s.kind == defStmt && r.cliEntry(s):
			for _, pm := range s.params {
				k := skey{at: s, name: pm.name}
				for _, m := range r.literalMembers(pm.ann) {
					r.sc.cands[k] = append(r.sc.cands[k], r.literalCands(m, 0)...)
					r.sc.passed[k] = append(r.sc.passed[k], m)
				}
			}
		}
		r.literalChoices(s.body)
	}
}

// literalParam reports whether k is a parameter of a def the command line runs
// (cliEntry: typer.run, tyro.cli, …) annotated Literal[…]: the command line can give
// it only the members (literalChoices adds them), so no caller passes it another
// value (unseen8 w10: compile_mode, a tyro parameter, was said open to "what a caller
// passes").
func (r *reader) literalParam(k skey) bool {
	if k.at == nil || k.at.kind != defStmt || !r.cliEntry(k.at) {
		return false
	}
	for _, pm := range k.at.params {
		if pm.name == k.name {
			return len(r.literalMembers(pm.ann)) > 0
		}
	}
	return false
}

// literalField adds the members of the annotation ann of field n of class cls to
// what n can have (cls's scoped candidates; n's file-wide candidates and values, as
// args.n of a parser's dataclass is looked up).
func (r *reader) literalField(cls *stmt, n string, ann *expr) {
	k := skey{at: cls, name: n}
	for _, m := range r.literalMembers(ann) {
		r.candidate(n, m)
		r.sc.cands[k] = append(r.sc.cands[k], r.literalCands(m, 0)...)
		if len(r.assigned[n]) < maxAssigned {
			r.assigned[n] = append(r.assigned[n], m)
		}
	}
}
