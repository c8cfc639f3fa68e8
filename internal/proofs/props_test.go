package proofs

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
)

// defaultCases is the number of cases of every property when
// DRFCHECK_PROPS is not set; the issue asks for at least 1,000 in CI.
const defaultCases = 1000

// cases returns the number of cases each property runs: DRFCHECK_PROPS, or
// defaultCases.
func cases(t *testing.T) int {
	s := os.Getenv("DRFCHECK_PROPS")
	if s == "" {
		return defaultCases
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		t.Fatalf("DRFCHECK_PROPS=%q is not a positive number of cases", s)
	}
	return n
}

// parameters returns the gopter parameters of a property: a fixed seed
// (DRFCHECK_SEED replaces it, to explore), cases(t) cases, one worker so
// that a seed always gives the same cases.
func parameters(t *testing.T, seed int64) *gopter.TestParameters {
	if s := os.Getenv("DRFCHECK_SEED"); s != "" {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("DRFCHECK_SEED=%q is not an integer", s)
		}
		seed = v
	}
	p := gopter.DefaultTestParametersWithSeed(seed)
	p.MinSuccessfulTests = cases(t)
	p.Workers = 1
	return p
}

// run checks a property with the fixed seed and fails the test with the
// shrunk counterexample if it does not hold.
func run(t *testing.T, seed int64, property gopter.Prop) *gopter.TestResult {
	t.Helper()
	p := parameters(t, seed)
	t.Logf("seed %d, %d cases", p.Seed(), p.MinSuccessfulTests)
	res := property.Check(p)
	if !res.Passed() {
		t.Errorf("%s", describe(res, p.Seed()))
	} else {
		t.Logf("passed %d cases in %v", res.Succeeded, res.Time.Round(1e6))
	}
	return res
}

// describe formats a property result with its counterexample, shrunk and
// original.
func describe(res *gopter.TestResult, seed int64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "property %s with seed %d after %d passed cases", res.Status, seed, res.Succeeded)
	if res.Error != nil {
		fmt.Fprintf(&b, ": %v\n%s", res.Error, res.ErrorStack)
	}
	for _, a := range res.Args {
		fmt.Fprintf(&b, "\n--- counterexample (shrunk %d times) ---\n%s", a.Shrinks, a.Arg)
		if a.Shrinks > 0 {
			fmt.Fprintf(&b, "--- as generated ---\n%s", a.OrigArg)
		}
	}
	// the labels say why the property failed: last, where a log cut to
	// its tail (CI's) still shows them
	b.WriteString("\n--- why ---")
	for _, l := range res.Labels {
		fmt.Fprintf(&b, "\n%s", l)
	}
	return b.String()
}

// forAll is prop.ForAll for a property of cases.
func forAll(frag Fragment, check func(c *Case) string) gopter.Prop {
	return prop.ForAll(check, Gen(frag))
}

// logStats logs the outcomes of a property.
func logStats(t *testing.T, stats Stats) {
	t.Logf("cases: %v", stats)
}

// balanced fails the test when some outcome of a property is (nearly)
// never generated: an "if and only if" checked on one side only proves
// little. Each key must count at least 1% of the cases.
func balanced(t *testing.T, stats Stats, keys ...string) {
	t.Helper()
	total := 0
	for _, k := range keys {
		total += stats[k]
	}
	for _, k := range keys {
		if stats[k]*100 < total {
			t.Errorf("the generator is lopsided: %q in %d of %d cases", k, stats[k], total)
		}
	}
}
