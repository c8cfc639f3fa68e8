package check_test

import (
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/check"
)

// TestNotes checks the remarks that change no verdict: a pair of writes of
// one value (benign, unless BenignRaces asks for it as a race), and
// preconditions no two threads of the launch satisfy.
func TestNotes(t *testing.T) {
	cases := []struct {
		name    string
		src     string
		benign  bool // check.Options.BenignRaces
		verdict check.Verdict
		note    string // a substring of the one note expected; "" for none
	}{
		// every thread writes 1 to A[0]: benign by default
		{"benign pair", "shared A;\nwr A[0] = 1;\n", false, check.DRF, "the same value to 'A'"},
		{"benign pair reported", "shared A;\nwr A[0] = 1;\n", true, check.Racy, ""},
		// each thread writes its own element: nothing benign to tell
		{"no pair", "shared A;\nwr A[tid] = 1;\n", false, check.DRF, ""},
		// threads write their index to A[0]: a race, and no note
		{"race", "shared A;\nwr A[0] = tid;\n", false, check.Racy, ""},
		// n < 0 and n > 0 together: no thread runs the kernel
		{"vacuous", "param n;\nshared A;\nassume n < 0;\nassume n > 0;\nwr A[0];\n", false, check.DRF, "satisfy the kernel's preconditions"},
		// a precondition some threads satisfy: nothing to tell
		{"satisfiable", "param n;\nshared A;\nassume n > 0;\nwr A[tid * n];\n", false, check.DRF, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ins, err := check.LoadProtocol("k.prot", []byte(tc.src), check.LoadOptions{Block: &[3]int64{64, 1, 1}})
			if err != nil {
				t.Fatal(err)
			}
			r := check.New(check.Options{Jobs: 1, BenignRaces: tc.benign}).Check(ins[0])
			if r.Verdict != tc.verdict {
				t.Errorf("verdict %v, want %v (%v)", r.Verdict, tc.verdict, r.Unknowns)
			}
			switch {
			case tc.note == "" && len(r.Notes) > 0:
				t.Errorf("notes %v, want none", r.Notes)
			case tc.note != "" && (len(r.Notes) != 1 || !strings.Contains(r.Notes[0].Message, tc.note)):
				t.Errorf("notes %v, want one saying %q", r.Notes, tc.note)
			}
		})
	}
}
