package diagnose

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestThreadVocabularies: the two vocabularies of user threads told in prose,
// threadProse (case-sensitive, a context of the collision rows) and threadWords (the
// retold assert's), take the words of threadRoles before "thread" alike, and each only
// its own words besides ("each" and "concurrent"; threadCounts); threadsRetold's
// literals, which decide whether its pattern is tried at all, are the words threadWords
// takes before " thread" and multithread's spellings, which both vocabularies match. It
// fails when a word is added to one place and not the others.
func TestThreadVocabularies(t *testing.T) {
	t.Parallel()
	prose := regexp.MustCompile(threadProse)
	words := regexp.MustCompile(`(?i)` + threadWords)
	roles, counts := strings.Split(threadRoles, "|"), strings.Split(threadCounts, "|")
	proseOwn := []string{"each", "concurrent"}
	lits := map[string]bool{}
	for _, l := range threadsRetold.literals {
		lits[l] = true
	}
	for _, w := range slices.Concat(roles, proseOwn, counts, []string{"main", "CUDA", "parallel"}) {
		inProse := slices.Contains(roles, w) || slices.Contains(proseOwn, w)
		inWords := slices.Contains(roles, w) || slices.Contains(counts, w)
		line := "the capture ran in a " + w + " thread" // singular: threadProse's threads\b takes every plural
		if got := prose.MatchString(line); got != inProse {
			t.Errorf("threadProse matches %q: %t, want %t", line, got, inProse)
		}
		if got := words.MatchString(line); got != inWords {
			t.Errorf("threadWords matches %q: %t, want %t", line, got, inWords)
		}
		if got := lits[w+" thread"]; got != inWords {
			t.Errorf("threadsRetold has the literal %q: %t, want %t", w+" thread", got, inWords)
		}
		delete(lits, w+" thread")
	}
	for _, alt := range strings.Split(threadProse, "|") { // its roles, written out
		if w, ok := strings.CutSuffix(alt, " thread"); ok && !slices.Contains(roles, w) && !slices.Contains(proseOwn, w) {
			t.Errorf("threadProse takes %q, a word of neither threadRoles nor its own", alt)
		}
	}
	for l := range lits { // the rest: multithread's spellings
		if !strings.Contains(strings.ToLower(l), "multi") || !words.MatchString(l) || !prose.MatchString(l) {
			t.Errorf("threadsRetold's literal %q is none of threadRoles', threadCounts' or multithread's that both vocabularies match", l)
		}
	}
}
