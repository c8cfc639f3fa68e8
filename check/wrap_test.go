package check_test

import (
	"strings"
	"testing"

	"github.com/drfcheck/drfcheck/check"
)

// TestWrapNote checks the note on a race whose index wraps around 2^32 in
// the witness, on the shapes the CUDA front end gives C's residues.
func TestWrapNote(t *testing.T) {
	cases := []struct {
		name string
		src  string
		note string // a substring of the race's Wrap; "" for none
	}{
		// tid * 2^31 is 0 or 2^31 modulo 2^32: threads 0 and 2 meet at
		// A[0], and thread 2's 2^32 is the wrap
		{"a product", "shared A;\nwr A[(tid * 2147483648) % 4294967296 / 2147483648] = tid;\n", "tid * 2147483648 is 4294967296 in integers, 0 in C"},
		// thread 0's tid - 1 is -1, 2^32 - 1 in C: the cell thread 1 writes
		{"below zero", "shared A;\nwr A[tid - 1 >= 0 ? tid - 1 : tid + 4294967295] = tid;\nif tid == 1 { wr A[4294967295] = 7; }\n", "tid - 1 is -1 in integers, 4294967295 in C"},
		// the residue is there but nothing wraps in the witness
		{"no wrap", "shared A;\nwr A[(tid + 5) % 4294967296] = tid;\nwr A[5] = 7;\n", ""},
		// a signed residue, (e + 2^31) % 2^32 - 2^31, shifted back to
		// index A: thread 1's 2^31 is -2^31 as an int
		{"signed", "shared A;\nwr A[(tid * 2147483648 + 2147483648) % 4294967296 - 2147483648 + 2147483648] = tid;\n", "tid * 2147483648 is 2147483648 in integers, -2147483648 in C"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ins, err := check.LoadProtocol("k.prot", []byte(tc.src), check.LoadOptions{Block: &[3]int64{4, 1, 1}})
			if err != nil {
				t.Fatal(err)
			}
			r := check.New(check.Options{Jobs: 1}).Check(ins[0])
			if r.Verdict != check.Racy {
				t.Fatalf("verdict %v, want racy (%v)", r.Verdict, r.Unknowns)
			}
			var notes []string
			for _, race := range r.Races {
				if race.Wrap != "" {
					notes = append(notes, race.Wrap)
				}
			}
			switch {
			case tc.note == "" && len(notes) > 0:
				t.Errorf("wrap notes %q, want none", notes)
			case tc.note != "" && (len(notes) == 0 || !strings.Contains(notes[0], tc.note)):
				t.Errorf("wrap notes %q, want one saying %q", notes, tc.note)
			}
		})
	}
}
