package parser

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/drfcheck/drfcheck/protocol"
)

// converter turns the untyped participle tree into the typed protocol AST,
// collecting type errors. After an error it substitutes a placeholder of the
// expected type, so that one mistake is reported once and conversion goes on
// to find the next.
type converter struct {
	errs protocol.ErrorList
	seen map[protocol.Error]bool
}

// errorf records an error once: "rd A[a < b < c]" makes the same complaint
// about a < b as an operand and about the whole as an index, at one place.
func (c *converter) errorf(at protocol.Pos, format string, args ...any) {
	e := protocol.Errorf(at, format, args...)
	if c.seen[*e] {
		return
	}
	if c.seen == nil {
		c.seen = map[protocol.Error]bool{}
	}
	c.seen[*e] = true
	c.errs = append(c.errs, e)
}

// value is an expression before typing: exactly one of e and c is set. at is
// where it starts, which for a parenthesized expression is the '('.
type value struct {
	at protocol.Pos
	e  protocol.Expr
	c  protocol.Cond
}

func intValue(e protocol.Expr) value  { return value{at: e.Pos(), e: e} }
func condValue(c protocol.Cond) value { return value{at: c.Pos(), c: c} }

// intOf returns v as an integer expression, or reports that it is a
// condition.
func (c *converter) intOf(v value) protocol.Expr {
	if v.e != nil {
		return v.e
	}
	c.errorf(v.at, "expected an integer expression, found a condition")
	return &protocol.IntLit{At: v.at}
}

// condOf returns v as a condition, or reports that it is an integer.
func (c *converter) condOf(v value) protocol.Cond {
	if v.c != nil {
		return v.c
	}
	if b, ok := v.e.(*protocol.Binary); ok && (b.Op == protocol.BitAnd || b.Op == protocol.BitOr) {
		c.errorf(v.at, "expected a condition, found an integer expression (%s is bitwise: did you mean %q?)",
			map[protocol.BinOp]string{protocol.BitAnd: "a & b", protocol.BitOr: "a | b"}[b.Op], b.Op.String()+b.Op.String())
		return &protocol.BoolLit{At: v.at}
	}
	c.errorf(v.at, "expected a condition, found an integer expression")
	return &protocol.BoolLit{At: v.at}
}

// ---- files and statements ----

func (c *converter) file(filename string, g *file) *protocol.File {
	f := &protocol.File{
		Name: filename,
		Body: &protocol.Block{At: protocol.Pos{File: filename, Line: 1, Col: 1}},
	}
	for _, it := range g.Items {
		if it.Decl != nil {
			f.Decls = append(f.Decls, c.decl(it.Decl))
			continue
		}
		s := c.stmt(it.Stmt)
		if len(f.Body.Stmts) == 0 {
			f.Body.At = s.Pos()
		}
		f.Body.Stmts = append(f.Body.Stmts, s)
	}
	return f
}

var declKinds = map[string]protocol.DeclKind{
	"param": protocol.Param, "local": protocol.Local,
	"shared": protocol.Shared, "global": protocol.Global, "distinct": protocol.Distinct,
}

func (c *converter) decl(g *declaration) *protocol.Decl {
	d := &protocol.Decl{At: pos(g.Pos), Kind: declKinds[g.Kind], Block: g.Block}
	for _, n := range g.Names {
		d.Names = append(d.Names, protocol.Ident{At: pos(n.Pos), Name: n.Name})
	}
	return d
}

func (c *converter) stmt(g *statement) protocol.Stmt {
	switch {
	case g.Sync != nil:
		sc := protocol.ScopeBlock
		switch g.Sync.Scope {
		case "warp":
			sc = protocol.ScopeWarp
		case "grid":
			sc = protocol.ScopeGrid
		}
		f := protocol.FenceAll
		switch g.Sync.Fence {
		case "shared":
			f = protocol.FenceShared
		case "global":
			f = protocol.FenceGlobal
		case "none":
			f = protocol.FenceNone
		}
		s := &protocol.Sync{At: pos(g.Sync.Pos), Scope: sc, Fence: f}
		if inv := g.Sync.Invariant; inv != nil {
			s.Invariant = &protocol.Invariant{At: pos(inv.Pos), Cond: c.cond(inv.Cond)}
			for _, e := range inv.For {
				if e.One != nil {
					s.Invariant.For = append(s.Invariant.For, c.expr(e.One))
				} else {
					s.Invariant.Pairs = append(s.Invariant.Pairs, [2]protocol.Expr{c.expr(e.Pair[0]), c.expr(e.Pair[1])})
				}
			}
		}
		return s
	case g.Access != nil:
		return c.access(g.Access)
	case g.Loop != nil:
		return c.loop(g.Loop)
	case g.If != nil:
		return c.ifStmt(g.If)
	case g.Assume != nil:
		return &protocol.Assume{At: pos(g.Assume.Pos), Cond: c.cond(g.Assume.Cond)}
	default:
		return c.block(g.Block)
	}
}

var modes = map[string]protocol.Mode{"rd": protocol.Read, "wr": protocol.Write, "atomic": protocol.Atomic}

func (c *converter) access(g *access) *protocol.Access {
	a := &protocol.Access{At: pos(g.Pos), Mode: modes[g.Mode], Array: g.Array}
	switch {
	case g.Scope == "":
	case g.Scope == "block" && a.Mode == protocol.Atomic:
		a.BlockScope = true
	case a.Mode == protocol.Atomic:
		c.errorf(a.At, "unknown scope of an atomic %q: atomic.block is the only one (an atomic without a scope is atomic for the whole grid)", g.Scope)
	default:
		c.errorf(a.At, "only an atomic has a scope (atomic.block), not %s.%s", g.Mode, g.Scope)
	}
	for _, e := range g.Index {
		a.Index = append(a.Index, c.expr(e))
	}
	if g.Value != nil {
		a.Value = c.expr(g.Value)
	}
	if g.As != nil {
		a.As = g.As.Name
	}
	return a
}

func (c *converter) loop(g *loop) *protocol.Loop {
	l := &protocol.Loop{
		At:   pos(g.Pos),
		Var:  g.Var.Name,
		Lo:   c.expr(g.Lo),
		Hi:   c.expr(g.Hi),
		Body: c.block(g.Body),
	}
	if g.Step != nil {
		l.Step = c.expr(g.Step)
	}
	return l
}

// ifStmt converts a conditional; "else if" becomes an else block holding
// the nested conditional, as the AST has no else-if of its own.
func (c *converter) ifStmt(g *ifStmt) *protocol.If {
	s := &protocol.If{At: pos(g.Pos), Cond: c.cond(g.Cond), Then: c.block(g.Then)}
	switch {
	case g.Else == nil:
	case g.Else.If != nil:
		nested := c.ifStmt(g.Else.If)
		s.Else = &protocol.Block{At: nested.At, Stmts: []protocol.Stmt{nested}}
	default:
		s.Else = c.block(g.Else.Block)
	}
	return s
}

func (c *converter) block(g *block) *protocol.Block {
	b := &protocol.Block{At: pos(g.Pos)}
	for _, it := range g.Items {
		if it.Decl != nil {
			c.errorf(pos(it.Decl.Pos), "declarations are allowed only at the top level, not inside braces")
			continue
		}
		b.Stmts = append(b.Stmts, c.stmt(it.Stmt))
	}
	return b
}

// ---- expressions ----

// expr converts an expression that must be an integer.
func (c *converter) expr(g *expression) protocol.Expr { return c.intOf(c.expression(g)) }

// cond converts an expression that must be a condition.
func (c *converter) cond(g *expression) protocol.Cond { return c.condOf(c.expression(g)) }

func (c *converter) expression(g *expression) value {
	v := c.disjunction(g.Cond)
	if g.Then == nil || g.Else == nil {
		return v
	}
	return intValue(&protocol.Ite{
		At:   pos(g.Pos),
		Cond: c.condOf(v),
		Then: c.expr(g.Then),
		Else: c.expr(g.Else),
	})
}

// The binary levels fold their tails to the left; every node takes the
// position where its left operand starts, which is where the level starts.

func (c *converter) disjunction(g *disjunction) value {
	v := c.conjunction(g.X)
	for _, t := range g.Tail {
		v = condValue(&protocol.Logic{At: pos(g.Pos), Op: protocol.Or, X: c.condOf(v), Y: c.condOf(c.conjunction(t.Y))})
	}
	return v
}

func (c *converter) conjunction(g *conjunction) value {
	v := c.equality(g.X)
	for _, t := range g.Tail {
		v = condValue(&protocol.Logic{At: pos(g.Pos), Op: protocol.And, X: c.condOf(v), Y: c.condOf(c.equality(t.Y))})
	}
	return v
}

var cmpOps = map[string]protocol.CmpOp{
	"==": protocol.Eq, "!=": protocol.Ne,
	"<": protocol.Lt, "<=": protocol.Le, ">": protocol.Gt, ">=": protocol.Ge,
}

func (c *converter) equality(g *equality) value {
	v := c.comparison(g.X)
	for _, t := range g.Tail {
		v = c.compare(g.Pos, t.Op, v, c.comparison(t.Y))
	}
	return v
}

func (c *converter) comparison(g *comparison) value {
	v := c.bitOr(g.X)
	for _, t := range g.Tail {
		v = c.compare(g.Pos, t.Op, v, c.bitOr(t.Y))
	}
	return v
}

func (c *converter) bitOr(g *bitOr) value {
	return arithLevel(c, g.Pos, g.X, g.Tail, c.bitXor, func(t *orBit) (string, *bitXor) { return t.Op, t.Y })
}

func (c *converter) bitXor(g *bitXor) value {
	return arithLevel(c, g.Pos, g.X, g.Tail, c.bitAnd, func(t *xorBit) (string, *bitAnd) { return t.Op, t.Y })
}

func (c *converter) bitAnd(g *bitAnd) value {
	return arithLevel(c, g.Pos, g.X, g.Tail, c.shift, func(t *andBit) (string, *shift) { return t.Op, t.Y })
}

func (c *converter) shift(g *shift) value {
	return arithLevel(c, g.Pos, g.X, g.Tail, c.sum, func(t *shiftTail) (string, *sum) { return t.Op, t.Y })
}

// compare builds a comparison, whose operands must be integers: "a < b < c"
// is an error, since it would compare a condition.
func (c *converter) compare(at lexer.Position, op string, x, y value) value {
	return condValue(&protocol.Cmp{At: pos(at), Op: cmpOps[op], X: c.intOf(x), Y: c.intOf(y)})
}

var binOps = map[string]protocol.BinOp{
	"+": protocol.Add, "-": protocol.Sub, "*": protocol.Mul, "/": protocol.Div, "%": protocol.Mod,
	"&": protocol.BitAnd, "|": protocol.BitOr, "^": protocol.BitXor, "<<": protocol.Shl, ">>": protocol.Shr,
}

func (c *converter) sum(g *sum) value {
	return arithLevel(c, g.Pos, g.X, g.Tail, c.product, func(t *addTail) (string, *product) { return t.Op, t.Y })
}

func (c *converter) product(g *product) value {
	return arithLevel(c, g.Pos, g.X, g.Tail, c.unary, func(t *mulTail) (string, *unary) { return t.Op, t.Y })
}

// arithLevel folds a level of integer operators to the left: x, then each
// tail's operator and operand (tail gives them).
func arithLevel[X, T any](c *converter, at lexer.Position, x X, tails []T, operand func(X) value, tail func(T) (string, X)) value {
	v := operand(x)
	for _, t := range tails {
		op, y := tail(t)
		v = c.arith(at, op, v, operand(y))
	}
	return v
}

func (c *converter) arith(at lexer.Position, op string, x, y value) value {
	return intValue(&protocol.Binary{At: pos(at), Op: binOps[op], X: c.intOf(x), Y: c.intOf(y)})
}

func (c *converter) unary(g *unary) value {
	at := pos(g.Pos)
	switch {
	case g.Primary != nil:
		return c.primary(g.Primary)
	case g.Op == "!":
		return condValue(&protocol.Not{At: at, X: c.condOf(c.unary(g.X))})
	case g.X.Primary != nil && g.X.Primary.Int != nil:
		// A minus written right before a literal is part of the literal,
		// so that -9223372036854775808 fits and "-3" prints back as it
		// was written; "-(3)" is still a negation.
		return intValue(c.intLit(at, "-"+*g.X.Primary.Int))
	default:
		return intValue(&protocol.Neg{At: at, X: c.intOf(c.unary(g.X))})
	}
}

func (c *converter) primary(g *primary) value {
	at := pos(g.Pos)
	switch {
	case g.Int != nil:
		return intValue(c.intLit(at, *g.Int))
	case g.Bool != nil:
		return condValue(&protocol.BoolLit{At: at, Value: *g.Bool == "true"})
	case g.Builtin != nil:
		return intValue(c.builtin(g.Builtin))
	case g.Other != nil:
		return intValue(&protocol.Other{At: at, X: c.expr(g.Other)})
	case g.Name != nil:
		return intValue(c.call(g.Name))
	default:
		v := c.expression(g.Paren)
		v.at = at // a type error points at the '(', where the operand starts
		return v
	}
}

func (c *converter) call(g *call) protocol.Expr {
	if len(g.Index) > 0 {
		ct := &protocol.Content{At: pos(g.Pos), Array: g.Name}
		for _, e := range g.Index {
			ct.Index = append(ct.Index, c.expr(e))
		}
		return ct
	}
	if len(g.Args) == 0 {
		return &protocol.Var{At: pos(g.Pos), Name: g.Name}
	}
	call := &protocol.Call{At: pos(g.Pos), Func: g.Name}
	for _, a := range g.Args {
		call.Args = append(call.Args, c.expr(a))
	}
	return call
}

var builtinKinds = map[string]protocol.BuiltinKind{
	"threadIdx": protocol.ThreadIdx, "blockIdx": protocol.BlockIdx,
	"blockDim": protocol.BlockDim, "gridDim": protocol.GridDim,
}

func (c *converter) builtin(g *builtin) *protocol.Builtin {
	b := &protocol.Builtin{At: pos(g.Pos), Kind: protocol.ThreadIdx}
	if g.Tid {
		return b
	}
	b.Kind = builtinKinds[g.Kind]
	switch g.Dim.Name {
	case "x", "y", "z":
		b.Dim = int(g.Dim.Name[0] - 'x')
	default:
		c.errorf(pos(g.Dim.Pos), "%s has no dimension %s (use x, y or z)", g.Kind, g.Dim.Name)
	}
	return b
}

// ---- integer literals ----

// intLit converts a literal, optionally preceded by '-'. The lexer's Int
// token is permissive (any letters and digits after a digit), so validation
// happens here, where the error can say what is wrong.
func (c *converter) intLit(at protocol.Pos, text string) *protocol.IntLit {
	digits, neg := strings.CutPrefix(text, "-")
	u, msg := parseUnsigned(digits)
	limit := uint64(math.MaxInt64)
	if neg {
		limit++ // -9223372036854775808 fits
	}
	switch {
	case msg != "":
		c.errorf(at, "%s", msg)
		return &protocol.IntLit{At: at}
	case u > limit:
		c.errorf(at, "integer literal %s does not fit in 64 bits", text)
		return &protocol.IntLit{At: at}
	case neg:
		return &protocol.IntLit{At: at, Value: int64(-u)} // wraps to MinInt64 for 1<<63, as intended
	default:
		return &protocol.IntLit{At: at, Value: int64(u)}
	}
}

// parseUnsigned reads a decimal or 0x hexadecimal literal. It returns a
// message when the literal is malformed, and saturates on overflow so that
// the caller reports the range.
func parseUnsigned(s string) (uint64, string) {
	hex, isHex := strings.CutPrefix(strings.ToLower(s), "0x")
	base := 10
	switch {
	case isHex && hex != "" && strings.Trim(hex, "0123456789abcdef") == "":
		s, base = hex, 16
	case isHex:
		return 0, "malformed hexadecimal literal " + s
	case strings.Trim(s, "0123456789") != "":
		return 0, "malformed integer literal " + s + " (integers are decimal or 0x hexadecimal)"
	case len(s) > 1 && s[0] == '0':
		return 0, "integer literal " + s + " has a leading zero: octal is not supported (write it in decimal or 0x hexadecimal)"
	}
	u, err := strconv.ParseUint(s, base, 64)
	if errors.Is(err, strconv.ErrRange) {
		return math.MaxUint64, ""
	}
	return u, ""
}
