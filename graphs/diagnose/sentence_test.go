package diagnose

import (
	"testing"
)

// TestSentenceEnds holds the one statement of where a sentence ends (sentence.go) to
// each reader's use: a rule's sentence (fullStop) and a release's clause (sentenceEnd).
func TestSentenceEnds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text  string
		last, first int // lastSentenceEnd, firstSentenceEnd
		ends        bool
		start       int // sentenceStart(text, len(text))
	}{
		{"none", "torch 2.0 fails", -1, -1, false, 0},
		{"a release's dot ends none", "on 2.5.1 it fails", -1, -1, false, 0},
		{"ascii", "It fails. Then it works", 9, 8, false, 10},
		{"mark at the end", "It fails.", -1, 8, true, 9},
		{"mark then spaces", "It fails.  \n", 9, 8, true, 10},
		{"cjk", "报错了。然后", 12, 9, false, 12},
		{"cjk after ascii: the later", "It fails. 报错了。然后", 22, 8, false, 22},
		{"semicolon ends a clause, not a sentence", "works on 2.4; fails", -1, -1, false, 14},
		{"full-width semicolon", "2.4 可以；2.5 不行", -1, -1, false, 13},
		{"question", "Why? It fails", 4, 3, false, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := []byte(tt.text)
			if got := lastSentenceEnd(b); got != tt.last {
				t.Errorf("lastSentenceEnd(%q) = %d, want %d", tt.text, got, tt.last)
			}
			if got := firstSentenceEnd(b); got != tt.first {
				t.Errorf("firstSentenceEnd(%q) = %d, want %d", tt.text, got, tt.first)
			}
			if got := endsSentence(b); got != tt.ends {
				t.Errorf("endsSentence(%q) = %v, want %v", tt.text, got, tt.ends)
			}
			if got := sentenceStart(b, len(b)); got != tt.start {
				t.Errorf("sentenceStart(%q) = %d, want %d", tt.text, got, tt.start)
			}
		})
	}
}

// TestSentenceTo: the clause after a release ends at its first mark, which is kept
// whole (a full-width mark is three bytes).
func TestSentenceTo(t *testing.T) {
	t.Parallel()
	tests := []struct{ text, want string }{
		{"2.6 crashes. 2.5 works", "2.6 crashes."},
		{"2.6 崩溃。2.5 正常", "2.6 崩溃。"},
		{"2.6 crashes", "2.6 crashes"},
	}
	for _, tt := range tests {
		if got := string(sentenceTo([]byte(tt.text))); got != tt.want {
			t.Errorf("sentenceTo(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}
