package smtgen

import (
	"errors"
	"sort"
	"time"

	"github.com/aclements/go-z3/z3"

	"github.com/drfcheck/drfcheck/protocol"
)

// A condition x == c1 || x == c2 || ... over literals gives x a finite
// domain: the CUDA front end says so of a loop variable that is a power of
// two (for (s = 1; s < n; s <<= 1)). Z3 decides a query whose bitwise
// operators take such an x as an operand quickly once x is one value (the
// facts of powerCase turn them linear) and very slowly while it is
// any of them: solving each value in turn takes tens of milliseconds where
// the disjunction took more than 30 s (pos = 2*tid - (tid & (s - 1)) over
// s in 1..512). So a query that is not decided at once is decided by
// cases: one per value and one for every other value (the condition need
// not hold where it is a branch's or a nested assumption's).

// domain is a term and the values a condition allows it.
type domain struct {
	term   z3.Int
	text   string // the term's SMT-LIB text
	values []int64
}

// maxDomain bounds the values of a domain that is split on, and
// maxDomains how many domains a query is split on.
const (
	maxDomain  = 64
	maxDomains = 3
)

// quickCheck is how long a query with domains is tried whole before it is
// split: CPU time of the checking thread (checkOnCPU).
var quickCheck = 300 * time.Millisecond // a variable: SetQuickCheck (tests)

// noteDomain records the domain a condition gives, if any.
func (e *encoder) noteDomain(c *protocol.Logic, sc scope) {
	if e.bv {
		// the bit-vector encoding decides such disjunctions by itself
		return
	}
	x, values, ok := domainOf(c)
	if !ok || len(values) > maxDomain || len(e.domains) >= maxDomains {
		return
	}
	t := e.expr(x, sc).i()
	text := t.String()
	for _, d := range e.domains {
		if d.text == text {
			return
		}
	}
	e.domains = append(e.domains, domain{term: t, text: text, values: values})
}

// domainOf matches x == c1 || x == c2 || ..., with at least two values.
func domainOf(c protocol.Cond) (protocol.Expr, []int64, bool) {
	var x protocol.Expr
	var values []int64
	var match func(c protocol.Cond) bool
	match = func(c protocol.Cond) bool {
		switch c := c.(type) {
		case *protocol.Logic:
			return c.Op == protocol.Or && match(c.X) && match(c.Y)
		case *protocol.Cmp:
			lit, ok := c.Y.(*protocol.IntLit)
			if c.Op != protocol.Eq || !ok || x != nil && !protocol.Equal(x, c.X) {
				return false
			}
			x = c.X
			values = append(values, lit.Value)
			return true
		}
		return false
	}
	if !match(c) || len(values) < 2 {
		return nil, nil, false
	}
	return x, values, true
}

// decide checks the query, by cases on its domains when it has some and
// is not decided within quickCheck. A query found to have a model keeps
// the case of the model asserted, for the witness.
func (s *Solver) decide(e *encoder) (Status, error) {
	if len(e.domains) == 0 {
		return s.check()
	}
	// An inner loop's variable is a term over the outer's (stride(size,
	// k)), and the indices use it: split on it first, and with it fixed the
	// outer's rarely matter. So the longer term goes first.
	doms := append([]domain(nil), e.domains...)
	sort.SliceStable(doms, func(i, j int) bool { return len(doms[i].text) > len(doms[j].text) })
	leaves := maxLeaves
	return s.byCases(e, doms, &leaves)
}

// maxLeaves bounds the cases a query is checked in: the domains of
// per-thread loops multiply (two threads, each in its own iteration), and
// past this the query is unknown rather than minutes long.
const maxLeaves = 256

// errCases reports a query that has more cases than maxLeaves.
var errCases = errors.New("too many cases of the powers of two that loop variables take")

// errQuickCut reports a query whose quick check (quickCheck) was cut:
// run asks it again in a fresh context without quick checks (noQuick).
var errQuickCut = errors.New("the quick check was cut")

func (s *Solver) byCases(e *encoder, doms []domain, leaves *int) (Status, error) {
	if len(doms) == 0 {
		if *leaves--; *leaves < 0 {
			return Unknown, errCases
		}
		return s.refining(e, false, s.check)
	}
	// a model whose operators int64 does not agree with says nothing yet:
	// the cases' facts may rule it out. A race found here is found again
	// by the cases, in order: the witness must not depend on which model
	// the solver found first (it depends on what the solver solved
	// before), nor on how fast it was, so the first case that has one,
	// the least values, is the one kept.
	if !s.noQuick {
		st, err := s.checkOnCPU(quickCheck)
		if err == ErrBudget || err == nil && st == Holds {
			return st, err
		}
		if s.tainted {
			// cut: no unsat of this context is trusted any more (see
			// cut), so no case could be proved empty; run asks again
			// in a fresh context, split from the start
			return Unknown, errQuickCut
		}
	}
	d := doms[0]
	var cases [][]z3.Bool
	for i, c := range d.cases(s) {
		facts := []z3.Bool{c}
		if i < len(d.values) {
			facts = append(facts, e.powerFacts(d.values[i])...)
		}
		cases = append(cases, facts)
	}
	var undecided error // the reason of a case neither proved nor refuted
	for _, facts := range cases {
		rest := doms[1:]
		s.s.Push()
		for _, f := range facts {
			s.s.Assert(f)
		}
		st, err := s.byCases(e, rest, leaves)
		if err == nil && st == Fails {
			// the case's scope stays open, its model the solver's: the
			// witness's. Checking the case again instead, with its facts
			// asserted for good, could find no model where this run found
			// one (refinements in between), and leave the cases after it
			// unchecked and a term stuck at this case's value for the
			// rest of the query.
			s.kept++
			return Fails, nil
		}
		s.s.Pop()
		switch {
		case err == ErrBudget || err == errCases:
			return Unknown, err
		case err != nil || st == Unknown:
			undecided = err
			if undecided == nil {
				undecided = ErrTimeout
			}
		}
	}
	if undecided != nil {
		return Unknown, undecided
	}
	return Holds, nil
}

// cases are the conditions that split on d: one per value, then none.
func (d domain) cases(s *Solver) []z3.Bool {
	var cs []z3.Bool
	other := s.ctx.FromBool(true)
	for _, v := range d.values {
		is := d.term.Eq(s.ctx.FromInt(v, s.ctx.IntSort()).(z3.Int))
		cs = append(cs, is)
		other = other.And(is.Not())
	}
	return append(cs, other)
}
