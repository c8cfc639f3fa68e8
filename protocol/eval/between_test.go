package eval_test

import (
	"testing"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
)

// atIteration selects thread t's access values in iteration i of loop "i".
func atIteration(t int, i int64) func(eval.AccessValue) bool {
	return func(a eval.AccessValue) bool {
		return a.Thread == t && len(a.Loops) == 1 && a.Loops[0].Value == i
	}
}

// TestRaceBetween: RaceBetween finds the pair Races finds, in Races'
// order whichever side selects it, and pairs only what it selects: two
// threads writing one cell 50,000 times each make 10^10 pairs, which
// Races (the replay of a witness, before) would list one by one.
func TestRaceBetween(t *testing.T) {
	small := file(decls(decl(protocol.Shared, "a")), loop("i", n(0), n(3), wr("a", n(0))))
	res, err := eval.Run(small, eval.Config{Threads: threads(0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	all := eval.Races(res)
	if len(all) != 9 {
		t.Fatalf("Races: %d pairs, want 9 (3 iterations of each thread)", len(all))
	}
	for _, r := range all {
		first := atIteration(r.A.Thread, r.A.Loops[0].Value)
		second := atIteration(r.B.Thread, r.B.Loops[0].Value)
		for _, sel := range [][2]func(eval.AccessValue) bool{{first, second}, {second, first}} {
			got, ok := eval.RaceBetween(res, sel[0], sel[1])
			if !ok || got.A.Step != r.A.Step || got.B.Step != r.B.Step || got.A.Thread != r.A.Thread {
				t.Errorf("RaceBetween(%v, %v) = %v, %v; want %v", r.A, r.B, got, ok, r)
			}
		}
	}
	// one thread's iterations never race with each other
	if got, ok := eval.RaceBetween(res, atIteration(0, 0), atIteration(0, 1)); ok {
		t.Errorf("one thread's two writes race: %v", got)
	}

	long := file(decls(decl(protocol.Shared, "a")), loop("i", n(0), n(50000), wr("a", n(0))))
	res, err = eval.Run(long, eval.Config{Threads: threads(0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := eval.RaceBetween(res, atIteration(0, 5), atIteration(1, 49999)); !ok {
		t.Errorf("no race between thread 0's iteration 5 and thread 1's last")
	}
}
