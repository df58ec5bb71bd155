package modes

import "slices"

// Clone returns a deep copy of t: changing it, its entries or their patches leaves t
// unchanged. A nil t gives nil.
func (t *Table) Clone() *Table {
	if t == nil {
		return nil
	}
	c := *t
	c.Entries = cloneEntries(t.Entries)
	c.ApplyModeOrder = slices.Clone(t.ApplyModeOrder)
	return &c
}

// cloneEntries returns a deep copy of mode table entries (nil for nil).
func cloneEntries(es []Entry) []Entry {
	if es == nil {
		return nil
	}
	out := make([]Entry, len(es))
	for i, e := range es {
		out[i] = Entry{Mode: e.Mode, Patch: slices.Clone(e.Patch)}
	}
	return out
}
