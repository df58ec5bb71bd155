package diagnose

import "bytes"

// ReadWork reads in as Read does (its text as it is: no decompression) and returns the
// work its readers did, an operation count, not a time: the bytes of the windows handed
// to the readers that run expressions over a whole window, of the spans row patterns ran
// on, of the lines contexts were tried on and of a retelling's hit's line by the
// alternatives its guard may run (scanner.stageBytes, patternBytes, contextBytes and
// guardBytes). For the package's external tests (TestShapesLinear).
func ReadWork(in []byte) (int, error) {
	s, err := newScanner()
	if err != nil {
		return 0, err
	}
	if err := s.scan(bytes.NewReader(in)); err != nil {
		return 0, err
	}
	return s.stageBytes + s.patternBytes + s.contextBytes + s.guardBytes, nil
}
