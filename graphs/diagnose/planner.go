package diagnose

import (
	"fmt"
	"strings"

	"github.com/compilemode/compilemode/graphs"
	"github.com/compilemode/compilemode/graphs/internal/skips"
	"github.com/compilemode/compilemode/modes"
)

// The signature rows take PyTorch's texts and the fixes the planner (package graphs)
// and config already state from there, by rule ID or hazard code and release, so that
// each fact is stated once. A lookup that finds no row is a bug in the tables, caught
// by every test: it panics, as regexp.MustCompile does.

// ruleMessage returns the message of the planner's rule id on release 2.minor.
func ruleMessage(id string, minor int) string {
	v := v2(minor)
	for _, r := range graphs.Rules() {
		if r.ID == id && r.Releases.Contains(v) && r.Message != "" {
			return r.Message
		}
	}
	panic(fmt.Sprintf("diagnose: the planner has no message for rule %s on %s", id, v))
}

// skipLine returns the line release 2.minor logs when reason r alone holds under impl,
// from the skips table that the planner reads too (graphs/internal/skips).
func skipLine(r skips.Reason, impl skips.Impl, minor int) string {
	line, ok := skips.Line(r, impl, v2(minor))
	if !ok {
		panic(fmt.Sprintf("diagnose: the skips table has no line for %s (%s) on %s", r, impl, v2(minor)))
	}
	return line
}

// skipReleases returns the releases whose line for reason r under impl holds lit: from
// the first such release to the last (the rows of one wording are contiguous, which
// TestSkipReleasesContiguous checks).
func skipReleases(r skips.Reason, impl skips.Impl, lit string) modes.Releases {
	var out modes.Releases
	for _, v := range modes.Supported() {
		line, ok := skips.Line(r, impl, v)
		if !ok || !strings.Contains(line, lit) {
			continue
		}
		if out.From == (modes.Version{}) {
			out.From = v
		}
		out.To = v
	}
	if out.From == (modes.Version{}) {
		panic(fmt.Sprintf("diagnose: no release logs %q for %s (%s)", lit, r, impl))
	}
	return out
}

// plannerHazard returns the planner's hazard row of code whose condition is cond, on
// release 2.minor.
func plannerHazard(code Code, cond string, minor int) graphs.Hazard {
	v := v2(minor)
	for _, h := range graphs.Hazards() {
		if h.Code == string(code) && h.Condition == cond && h.Releases.Contains(v) {
			return h
		}
	}
	panic(fmt.Sprintf("diagnose: the planner has no hazard %s (%s) on %s", code, cond, v))
}

// plannerFix returns the fix of the planner's hazard row of code whose condition is
// cond, on release 2.minor.
func plannerFix(code Code, cond string, minor int) string {
	return plannerHazard(code, cond, minor).Fix
}

// fixed returns the first line of a planner message up to its first placeholder
// ({name} or <name>) or its annotation ("  # where"), without surrounding spaces: the
// text a log line holds.
func fixed(msg string) string {
	msg = line(msg, 0)
	for _, stop := range []string{"{", "<", "  # "} {
		if i := strings.Index(msg, stop); i >= 0 {
			msg = msg[:i]
		}
	}
	return strings.TrimSpace(msg)
}

// line returns line i of a multi-line message.
func line(msg string, i int) string {
	lines := strings.Split(msg, "\n")
	if i >= len(lines) {
		panic(fmt.Sprintf("diagnose: message %q has no line %d", msg, i))
	}
	return lines[i]
}

// sentence returns s up to its first sentence end (". "), without the period.
func sentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i]
	}
	return strings.TrimSuffix(s, ".")
}

// reason returns the reason of a "skipping cudagraphs due to …" line: its fixed text
// from the last "due to ".
func reason(msg string) string {
	msg = fixed(msg)
	return msg[strings.LastIndex(msg, "due to "):]
}

// listed returns the quoted reason of a skip line that logs a Python list of reasons
// (up to 2.5: "skipping cudagraphs due to ['mutated inputs']"), as it appears in the
// list: "'mutated inputs'".
func listed(msg string) string {
	i, j := strings.Index(msg, "['"), strings.LastIndex(msg, "']")
	if i < 0 || j < i {
		panic(fmt.Sprintf("diagnose: message %q lists no reason", msg))
	}
	return msg[i+1 : j+1]
}

// from returns s from the first occurrence of sep; before returns s before it.
func from(s, sep string) string   { return s[strings.Index(s, sep):] }
func before(s, sep string) string { return s[:strings.Index(s, sep)] }
