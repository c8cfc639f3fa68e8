// Package reads lowers the reads of a protocol that bind the value they
// read (.prot: rd a[i] as x;) to the core that the checker encodes: the
// value becomes an uninterpreted function of the reading thread and of
// the iteration of every loop around the read,
//
//	x(threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y, blockIdx.z, i1, ..., in)
//
// which can be any value for each dynamic read, and the read is followed
// by the facts that the thread's own accesses justify. This is the
// adversarial abstraction of array contents of Chong, Donaldson, Kelly,
// Ketema and Qadeer, "Barrier Invariants: A Shared State Abstraction for
// the Analysis of Data-Dependent GPU Kernels" (OOPSLA 2013, Section 1),
// with the one exception that makes Test 5 of Cogumbreiro, Lange, Liew and
// Zicarelli, "Checking Data-Race Freedom of GPU Kernels, Compositionally"
// (CAV 2021, Fig. 6) race free: what a thread itself wrote or read at a
// location, at most one barrier before, is what it reads there.
//
// The recall is sound in the sense that matters: if the thread's last
// write W of a location (or an earlier read R0 of it) precedes the read R
// with at most one barrier between them, then another thread's write X of
// the location that R could see instead is concurrent with W (or R0) or
// with R: a barrier orders X after W only if X follows that barrier, and
// then nothing orders X before R. So the fact fails only in runs with a
// race, and the earliest such run's race is among the behaviours the
// lowered protocol keeps (the values read before it satisfy every fact).
// Two or more barriers between them give no fact: a write of another
// thread between two barriers is ordered with both accesses. The reference
// semantics is eval's, which gives memory its values; the property tests
// of internal/proofs check the lowering against it.
//
// Where the facts would not be sound, none are made: under lock-step
// warps (a write of the same warp may be ordered between W and R without a
// race) and in a protocol with assumptions about pairs (protocol.Other,
// which stop the comparison of some pairs, so that a write between W and
// R may race with neither for the pair compared).
package reads

import (
	"fmt"

	"github.com/drfcheck/drfcheck/protocol"
)

// Options say how the lowered protocol will be checked.
type Options struct {
	// LockStep: warps run in lock-step (--warp-sync); no recall then.
	LockStep bool
	// Defect, when not NoDefect, deliberately breaks the lowering so that
	// tests can show the properties catch it.
	Defect Defect
}

// Defect is a deliberately unsound lowering rule.
type Defect int

const (
	NoDefect Defect = iota
	// RecallAcrossBarriers recalls a thread's own write or read across
	// any number of barriers, where a write of another thread between
	// two of them is ordered with both accesses and races with neither.
	RecallAcrossBarriers
	// UncheckedInvariants assumes barrier invariants after their barrier
	// without checking them at it.
	UncheckedInvariants
)

// maxFacts bounds the facts after one read, and maxNearer the writes of
// the location a fact may have to rule out.
const maxFacts, maxNearer = 4, 8

// Lower returns f with every read that binds its value and every barrier
// invariant lowered (see the package comment and invariant.go): each
// bound name declared as a param used as a function, its uses
// applications of it; each invariant a check on a pseudo-array before its
// barrier and assumptions after it. f must have passed protocol.Check; it
// is not modified. A protocol without either is returned as it is.
func Lower(f *protocol.File, opts Options) (*protocol.File, error) {
	if f.Body == nil || !protocol.HasValues(f.Body) {
		return f, nil
	}
	l := &lowerer{opts: opts, sub: protocol.Subst{}, value: map[*protocol.Access]protocol.Expr{},
		memory: map[*protocol.Sync]map[string]string{}, names: map[string]bool{}}
	for _, d := range f.Decls {
		for _, id := range d.Names {
			l.names[id.Name] = true
		}
	}
	l.noFacts = opts.LockStep || assumesPairs(f.Body)
	body := l.list(f.Body.Stmts, &frame{})
	if l.err != nil {
		return nil, l.err
	}
	out := *f
	out.Decls = append([]*protocol.Decl(nil), f.Decls...)
	if len(l.checks) > 0 {
		out.Decls = append(out.Decls, &protocol.Decl{At: f.Body.At, Kind: protocol.Shared, Names: l.checks})
	}
	if len(l.bound) > 0 {
		out.Decls = append(out.Decls, &protocol.Decl{At: f.Body.At, Kind: protocol.Param, Names: l.bound})
	}
	if len(l.locals) > 0 {
		out.Decls = append(out.Decls, &protocol.Decl{At: f.Body.At, Kind: protocol.Local, Names: l.locals})
	}
	out.Body = &protocol.Block{At: f.Body.At, Stmts: body}
	return &out, nil
}

type lowerer struct {
	opts    Options
	noFacts bool
	sub     protocol.Subst                     // bound name -> its application
	value   map[*protocol.Access]protocol.Expr // lowered binding read -> the value it read
	loops   []string                           // loop variables in scope, outermost first
	bound   []protocol.Ident                   // the functions made: values read, contents at barriers
	locals  []protocol.Ident                   // the stand-ins of binary invariants' checks
	checks  []protocol.Ident                   // the pseudo-arrays of invariant checks
	// memory gives, for a lowered barrier with an invariant, the function
	// of each array its invariant speaks of: the array's content there
	memory map[*protocol.Sync]map[string]string
	names  map[string]bool // every name declared or made
	err    error
}

// fresh returns an unused name made of base.
func (l *lowerer) fresh(base string) string {
	name := base
	for i := 1; l.names[name]; i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	l.names[name] = true
	return name
}

// frame is a statement list being lowered: out holds its statements
// lowered so far; parent is the list of the statement that contains it.
type frame struct {
	out    []protocol.Stmt
	parent *frame
	loop   bool // the body of a loop: what precedes the loop precedes only its first iteration
}

func (l *lowerer) list(stmts []protocol.Stmt, fr *frame) []protocol.Stmt {
	for i, s := range stmts {
		switch s := s.(type) {
		case *protocol.Access:
			if s.As == "" {
				fr.out = append(fr.out, l.sub.Stmt(s))
				continue
			}
			a := *s
			a.As = ""
			if low, ok := l.sub.Stmt(&a).(*protocol.Access); ok {
				a = *low
			}
			call := l.apply(s)
			facts := l.facts(fr, &a, call)
			l.sub[s.As] = call
			l.value[&a] = call
			l.bound = append(l.bound, protocol.Ident{At: s.At, Name: s.As})
			l.names[s.As] = true
			fr.out = append(fr.out, &a)
			if l.assume(fr, facts, stmts[i+1:], s.At) {
				return fr.out
			}
		case *protocol.Loop:
			fr.out = append(fr.out, l.loop(s, fr))
		case *protocol.If:
			c := *s
			c.Cond = l.sub.Cond(s.Cond)
			c.Then = l.block(s.Then, &frame{parent: fr})
			c.Else = l.block(s.Else, &frame{parent: fr})
			fr.out = append(fr.out, &c)
		case *protocol.Block:
			fr.out = append(fr.out, l.block(s, &frame{parent: fr}))
		case *protocol.Sync:
			if s.Invariant == nil {
				fr.out = append(fr.out, s)
				continue
			}
			if l.opts.Defect != UncheckedInvariants {
				fr.out = append(fr.out, l.check(fr, s))
			}
			sync := *s
			sync.Invariant = nil
			fr.out = append(fr.out, &sync)
			if l.assume(fr, l.assumed(s, &sync), stmts[i+1:], s.At) {
				return fr.out
			}
		default:
			fr.out = append(fr.out, l.sub.Stmt(s))
		}
	}
	return fr.out
}

// assume puts facts after the statement last lowered into fr. At the top
// level an assume is a precondition, which would leave a thread out of
// the run: there the rest of the body goes in a block after the facts,
// where it is not, and assume reports that it lowered the rest.
func (l *lowerer) assume(fr *frame, facts, rest []protocol.Stmt, at protocol.Pos) bool {
	switch {
	case len(facts) == 0:
		return false
	case fr.parent == nil:
		inner := &frame{parent: fr, out: facts}
		fr.out = append(fr.out, &protocol.Block{At: at, Stmts: l.list(rest, inner)})
		return true
	}
	fr.out = append(fr.out, facts...)
	return false
}

func (l *lowerer) block(b *protocol.Block, fr *frame) *protocol.Block {
	if b == nil {
		return nil
	}
	return &protocol.Block{At: b.At, Stmts: l.list(b.Stmts, fr)}
}

func (l *lowerer) loop(s *protocol.Loop, fr *frame) *protocol.Loop {
	c := *s
	c.Lo, c.Hi = l.sub.Expr(s.Lo), l.sub.Expr(s.Hi)
	if s.Step != nil {
		c.Step = l.sub.Expr(s.Step)
	}
	for _, v := range l.loops {
		if v == s.Var && l.err == nil {
			// the applications made inside would name the inner one
			l.err = protocol.Errorf(s.At, "loop variable %s shadows the enclosing loop's, which a value read may depend on: rename one", s.Var)
		}
	}
	l.loops = append(l.loops, s.Var)
	c.Body = l.block(s.Body, &frame{parent: fr, loop: true})
	l.loops = l.loops[:len(l.loops)-1]
	return &c
}

// apply is the value of read a: its bound name applied to the reading
// thread and the enclosing loops' variables.
func (l *lowerer) apply(a *protocol.Access) *protocol.Call {
	return l.point(a.At, a.As, nil, protocol.ThreadIdx, protocol.BlockIdx)
}

// point applies function name to args, then to threadIdx and blockIdx
// (those of kinds) and to the enclosing loops' variables: a value the
// protocol does not know, one per point of the run.
func (l *lowerer) point(at protocol.Pos, name string, args []protocol.Expr, kinds ...protocol.BuiltinKind) *protocol.Call {
	args = append([]protocol.Expr(nil), args...)
	for _, k := range kinds {
		for d := 0; d < 3; d++ {
			args = append(args, &protocol.Builtin{At: at, Kind: k, Dim: d})
		}
	}
	for _, v := range l.loops {
		args = append(args, &protocol.Var{At: at, Name: v})
	}
	return &protocol.Call{At: at, Func: name, Args: args}
}

// contentAt is the content of a cell at a barrier: function m of the
// index, the block and the iteration (the same for every thread of the
// block).
func (l *lowerer) contentAt(m string, at protocol.Pos, idx []protocol.Expr) *protocol.Call {
	return l.point(at, m, idx, protocol.BlockIdx)
}

// facts returns the assumptions that tie the value of read r (call) to
// the thread's own accesses of its array before it in program order, at
// most one barrier back (see the package comment): for each write that
// gives its value, or read that binds it, at an index j, "if r's index
// is j and no write of the thread in between is at r's index, r reads
// that value". The search goes back through the statements before r and
// those before each statement that contains it, and stops at a second
// barrier, at the top of a loop body (what comes before the loop precedes
// only its first iteration), or at a compound statement that accesses
// the array or holds a barrier.
func (l *lowerer) facts(fr *frame, r *protocol.Access, call *protocol.Call) []protocol.Stmt {
	return l.recall(fr, r, call, 1, true)
}

// recall is facts with at most limit barriers between the read and the
// accesses it is tied to. A real read (not the content an invariant's
// check reads at its barrier, which no other thread's write races with)
// is also tied to the content at the barrier before it that an invariant
// speaks of.
func (l *lowerer) recall(fr *frame, r *protocol.Access, call *protocol.Call, limit int, real bool) []protocol.Stmt {
	if l.noFacts {
		return nil
	}
	var facts []protocol.Stmt
	var nearer [][]protocol.Expr // indices of the writes between, nearest first
	syncs := 0
	for f := fr; f != nil; f = f.parent {
		for j := len(f.out) - 1; j >= 0; j-- {
			switch s := f.out[j].(type) {
			case *protocol.Sync:
				if m, ok := l.memory[s][r.Array]; ok && real && syncs == 0 && len(facts) < maxFacts {
					// the content at the barrier, which an invariant
					// speaks of: what the thread reads there unless it
					// wrote the cell since
					facts = append(facts, fact(r, call, r.Index, l.contentAt(m, r.At, r.Index), nearer))
				}
				if syncs++; syncs > limit && l.opts.Defect != RecallAcrossBarriers {
					return facts
				}
			case *protocol.Access:
				if s.Array != r.Array {
					continue
				}
				v := s.Value
				if s.Mode == protocol.Read {
					v = l.value[s]
				} else if s.Mode != protocol.Write {
					v = nil
				}
				if v != nil && len(facts) < maxFacts {
					facts = append(facts, fact(r, call, s.Index, v, nearer))
				}
				if s.Mode != protocol.Read {
					if nearer = append(nearer, s.Index); len(nearer) > maxNearer {
						return facts
					}
				}
			case *protocol.Assume:
			default:
				if protocol.HasSync(s) || touches(s, r.Array) {
					return facts
				}
			}
		}
		if f.loop {
			return facts
		}
	}
	return facts
}

// assumesPairs reports whether an assume of b is about pairs of threads
// (protocol.Other). A binary barrier invariant's assumption is not: it
// is checked at its barrier, so that it holds in every run up to the
// first race, and leaves no pair of such a run uncompared.
func assumesPairs(b *protocol.Block) bool {
	found := false
	protocol.Inspect(b, func(n protocol.Node) bool {
		switch n.(type) {
		case *protocol.Sync:
			return false
		case *protocol.Other:
			found = true
		}
		return !found
	})
	return found
}

// touches reports whether n accesses array.
func touches(n protocol.Node, array string) bool {
	for _, a := range protocol.Accesses(n) {
		if a.Array == array {
			return true
		}
	}
	return false
}

// fact is "if r's index is idx and none of nearer, the value read is v".
func fact(r *protocol.Access, call *protocol.Call, idx []protocol.Expr, v protocol.Expr, nearer [][]protocol.Expr) protocol.Stmt {
	at := r.At
	here := same(at, r.Index, idx)
	for _, n := range nearer {
		here = &protocol.Logic{At: at, Op: protocol.And, X: here, Y: &protocol.Not{At: at, X: same(at, r.Index, n)}}
	}
	read := &protocol.Cmp{At: at, Op: protocol.Eq, X: call, Y: v}
	return &protocol.Assume{At: at, Cond: &protocol.Logic{At: at, Op: protocol.Or, X: &protocol.Not{At: at, X: here}, Y: read}}
}

// same is "index a is index b", dimension by dimension.
func same(at protocol.Pos, a, b []protocol.Expr) protocol.Cond {
	var c protocol.Cond
	for d := range a {
		eq := &protocol.Cmp{At: at, Op: protocol.Eq, X: a[d], Y: b[d]}
		if c == nil {
			c = eq
		} else {
			c = &protocol.Logic{At: at, Op: protocol.And, X: c, Y: eq}
		}
	}
	return c
}

// String names the defect.
func (d Defect) String() string {
	switch d {
	case NoDefect:
		return "none"
	case RecallAcrossBarriers:
		return "recall across barriers"
	case UncheckedInvariants:
		return "unchecked invariants"
	}
	return fmt.Sprintf("Defect(%d)", int(d))
}
