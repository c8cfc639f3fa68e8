package proofs

import (
	"fmt"
	"math/rand"
	"strings"

	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/eval"
	"github.com/drfcheck/drfcheck/protocol/parser"
	"github.com/drfcheck/drfcheck/protocol/printer"
)

// DistinctCase is a Full case whose accesses index with locals: u and w,
// declared distinct (two threads never hold one value in them, as the
// values an atomic counter hands out: "distinct u, w;", or "distinct
// shared u, w;" for the threads of one block, which the case's one block
// makes the same), and v, a plain local (any value in each thread). Vals
// gives each thread's values, in the order of Config's threads.
type DistinctCase struct {
	*Case
	Block bool
	Vals  []map[string]int64
}

// distinctNames are the locals of a distinct case: the group, then v.
var distinctNames = []string{"u", "w", "v"}

// WithDistinct makes a distinct case of c: about half of its accesses
// index their array's first dimension with a local (u, u + tid, w + 1,
// v, or tid replaced by a local), and the threads' values are drawn so
// that the group's are distinct between threads (a thread's u and w may
// be equal) while v repeats across threads.
func WithDistinct(r *rand.Rand, c *Case) *DistinctCase {
	d := &DistinctCase{Block: r.Intn(2) == 0}
	out := *c
	out.Body = rewriteAccesses(c.Body, nil, d.access(r))
	d.Case = &out
	n := c.size()
	perm := r.Perm(2 * n)
	for i := 0; i < n; i++ {
		vals := map[string]int64{"u": int64(perm[i]), "v": r.Int63n(3)}
		vals["w"] = vals["u"]
		if r.Intn(2) == 0 {
			vals["w"] = int64(perm[n+i])
		}
		d.Vals = append(d.Vals, vals)
	}
	return d
}

// rewriteAccesses copies sts with each access replaced by f's copy of it;
// loops lists the variables of the loops enclosing it, outermost first.
// Accesses are visited in order, so a generator drawing from one source
// makes the same cases.
func rewriteAccesses(sts []protocol.Stmt, loops []string, f func(a protocol.Access, loops []string) *protocol.Access) []protocol.Stmt {
	block := func(b *protocol.Block, loops []string) *protocol.Block {
		if b == nil {
			return nil
		}
		return &protocol.Block{At: b.At, Stmts: rewriteAccesses(b.Stmts, loops, f)}
	}
	var out []protocol.Stmt
	for _, s := range sts {
		switch s := s.(type) {
		case *protocol.Access:
			out = append(out, f(*s, loops))
		case *protocol.Loop:
			l := *s
			l.Body = block(s.Body, append(loops[:len(loops):len(loops)], s.Var))
			out = append(out, &l)
		case *protocol.If:
			i := *s
			i.Then, i.Else = block(s.Then, loops), block(s.Else, loops)
			out = append(out, &i)
		case *protocol.Block:
			out = append(out, block(s, loops))
		default:
			out = append(out, s)
		}
	}
	return out
}

// access indexes about half of the accesses' first dimension with a local.
func (d *DistinctCase) access(r *rand.Rand) func(protocol.Access, []string) *protocol.Access {
	return func(a protocol.Access, _ []string) *protocol.Access {
		if r.Intn(2) == 0 {
			a.Index = append([]protocol.Expr{d.index(r, a.Index[0])}, a.Index[1:]...)
		}
		return &a
	}
}

// index is an index made of a local, or x with threadIdx.x replaced by one.
func (d *DistinctCase) index(r *rand.Rand, x protocol.Expr) protocol.Expr {
	local := func() protocol.Expr { return variable(distinctNames[r.Intn(len(distinctNames))]) }
	switch r.Intn(4) {
	case 0:
		return local()
	case 1:
		return bin(protocol.Add, local(), tid())
	case 2:
		return bin(protocol.Add, local(), lit(1))
	}
	return replaceTid(x, local())
}

// replaceTid replaces threadIdx.x in the arithmetic of x (not in the
// conditions of its ?:) by l.
func replaceTid(x protocol.Expr, l protocol.Expr) protocol.Expr {
	switch x := x.(type) {
	case *protocol.Builtin:
		if x.Kind == protocol.ThreadIdx && x.Dim == 0 {
			return l
		}
	case *protocol.Binary:
		return bin(x.Op, replaceTid(x.X, l), replaceTid(x.Y, l))
	case *protocol.Neg:
		return &protocol.Neg{X: replaceTid(x.X, l)}
	case *protocol.Ite:
		return &protocol.Ite{Cond: x.Cond, Then: replaceTid(x.Then, l), Else: replaceTid(x.Else, l)}
	}
	return x
}

// File is the case's protocol with the locals declared.
func (d *DistinctCase) File() *protocol.File {
	f := d.Case.File()
	f.Decls = append(f.Decls,
		&protocol.Decl{Kind: protocol.Local, Names: idents(distinctNames)},
		&protocol.Decl{Kind: protocol.Distinct, Names: idents(distinctNames[:2]), Block: d.Block})
	return f
}

// Config is the case's configuration with the threads' locals.
func (d *DistinctCase) Config() eval.Config {
	cfg := d.Case.Config()
	for i := range cfg.Threads {
		cfg.Threads[i].Locals = d.Vals[i]
	}
	return cfg
}

// String prints the case as a .prot file, with the threads' locals in a
// comment.
func (d *DistinctCase) String() string {
	head := strings.SplitAfterN(d.Case.String(), "\n", 3)
	var vals []string
	for i, t := range d.Config().Threads {
		vals = append(vals, fmt.Sprintf("thread %v: u=%d w=%d v=%d", t.Idx[:2], d.Vals[i]["u"], d.Vals[i]["w"], d.Vals[i]["v"]))
	}
	return head[0] + head[1] + "// locals: " + strings.Join(vals, ", ") + "\n" + printer.File(d.File())
}

// Parsed returns the protocol as the parser reads String().
func (d *DistinctCase) Parsed() (*protocol.File, error) {
	return parser.ParseFile("case.prot", []byte(d.String()))
}
