package script

import (
	"fmt"
	"strings"
)

// Globals after a site whose first call the reader does not see (unseen6 y04:25:
// modded-nanogpt's @torch.compile zeropower_via_newtonschulz5, called through
// zeropower_backends[group['backend']] in Muon.step, which the training loop runs
// through opt.step() after `config.coordinate_descent_tuning = True` at line 371;
// y08:210, whose def is reached through runner(build_results, …) after def run sets six
// Inductor globals). Inductor reads its config when it compiles, at the first call
// (firstCall, unseen2 u16), so a global assigned after the site is in force there when
// that call comes after it. Where that call is not seen, the plan keeps the globals
// at the site, and a note names those assigned after it that may be in force.

// maxUnseenGlobals bounds the globals the note lists.
const maxUnseenGlobals = 4

// unseenFirstCallNote notes, on a site whose first call was not seen, the persistent
// globals the file assigns after it (r.set past its setLen).
func (r *reader) unseenFirstCallNote(s *siteState) {
	if s.called || s.NotRun != "" || s.Kind == Partial || s.Kind == Framework || len(r.set) <= s.setLen {
		return
	}
	var parts []string
	for i := s.setLen; i < len(r.set) && len(parts) < maxUnseenGlobals; i++ {
		parts = append(parts, fmt.Sprintf("line %d: %s", r.setMeta[i].line, r.set[i]))
	}
	more := ""
	if n := len(r.set) - s.setLen; n > len(parts) {
		more = fmt.Sprintf(", and %d more", n-len(parts))
	}
	s.note("its first call is not among the calls this reader follows; Inductor compiles there and reads its config then, so the global assignment(s) the file makes after this site (%s%s) are in force if that call comes after them: the plans below leave them out", strings.Join(parts, "; "), more)
}
