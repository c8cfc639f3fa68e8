package infer

import (
	"drfcheck/infer/clang"
	"drfcheck/protocol"
)

// A switch is a sequence of segments, one per label, each run when control
// falls into it from the previous one or the value matches its label.
// Fall-through is exact; labels nested inside other statements of the
// switch (Duff's device) are not supported.

type segment struct {
	label *clang.Node   // the CaseStmt or DefaultStmt, nil before the first label
	stmts []*clang.Node // the statements up to the next label
}

func (x *exec) switchStmt(n *clang.Node) exits {
	at := x.pos(n)
	i := 0
	var pre exits
	if n.HasInit {
		pre = x.stmt(n.Child(i))
		i++
	}
	if n.HasVar {
		x.stmt(n.Child(i))
		i++
	}
	v := x.asInt(at, x.rvalue(n.Child(i)))
	body := n.Child(i + 1)
	var items []*clang.Node
	if body != nil && body.Kind == "CompoundStmt" {
		items = body.Inner
	} else if body != nil {
		items = []*clang.Node{body}
	}
	segs, ok := segments(items)
	if !ok {
		x.unknown(n, "", "a switch with labels inside nested statements is not supported")
		return pre
	}
	// the condition of each label, and of none
	var matchAny protocol.Cond = boolLit(at, false)
	conds := make([]protocol.Cond, len(segs))
	hasDefault := false
	for j, s := range segs {
		if s.label == nil {
			conds[j] = boolLit(at, false)
			continue
		}
		if s.label.Kind == "DefaultStmt" {
			hasDefault = true
			continue
		}
		c, ok := x.caseValue(s.label)
		if !ok {
			x.unknown(s.label, "", "a case label whose value is unknown")
			conds[j] = x.asCond(at, intVal{x.freshInt(at, "", true, false)})
		} else {
			conds[j] = cmp(at, protocol.Eq, v, c)
		}
		matchAny = or(at, matchAny, conds[j])
	}
	for j, s := range segs {
		if s.label != nil && s.label.Kind == "DefaultStmt" {
			conds[j] = not(at, matchAny)
		}
	}
	entry := x.env
	var out exits
	out.fall = boolLit(at, false)
	var fallCond protocol.Cond = boolLit(at, false) // falling from the previous segment
	var fallEnv *env
	var breaks []jump
	for j, s := range segs {
		active := or(at, fallCond, conds[j])
		if isFalse(active) {
			fallCond = boolLit(at, false)
			continue
		}
		switch {
		case fallEnv == nil || isFalse(fallCond):
			x.env = entry.clone()
		case isFalse(conds[j]):
			x.env = fallEnv
		default:
			x.env = x.mergeEnv(at, fallCond, fallEnv, entry.clone())
		}
		var e exits
		sts := x.into(func() { e = x.seq(s.stmts) })
		x.guarded(at, active, sts)
		breaks = append(breaks, under(at, active, e.brk)...)
		out.cont = append(out.cont, under(at, active, e.cont)...)
		out.ret = append(out.ret, under(at, active, e.ret)...)
		fallCond, fallEnv = and(at, active, e.fall), x.env
	}
	// leaving: a break, the end of the last segment, or no label matched
	exitsList := breaks
	if !isFalse(fallCond) && fallEnv != nil {
		exitsList = append(exitsList, jump{cond: fallCond, env: fallEnv})
	}
	if !hasDefault {
		exitsList = append(exitsList, jump{cond: not(at, matchAny), env: entry.clone()})
	}
	c, e, _ := x.joinJumps(at, exitsList)
	out.fall = c
	if len(out.cont) == 0 && len(out.ret) == 0 {
		// every execution leaves the switch at its end
		out.fall = boolLit(at, true)
	}
	if e != nil {
		x.env = e
	} else {
		x.env = entry
	}
	return pre.then(at, out)
}

// segments splits the statements of a switch at its labels.
func segments(items []*clang.Node) ([]segment, bool) {
	var segs []segment
	cur := segment{}
	for _, it := range items {
		for it != nil && (it.Kind == "CaseStmt" || it.Kind == "DefaultStmt") {
			if cur.label != nil || len(cur.stmts) > 0 {
				segs = append(segs, cur)
			}
			cur = segment{label: it}
			it = it.Inner[len(it.Inner)-1]
		}
		if it != nil && it.Kind != "" {
			if hasLabel(it) {
				return nil, false
			}
			cur.stmts = append(cur.stmts, it)
		}
	}
	if cur.label != nil || len(cur.stmts) > 0 {
		segs = append(segs, cur)
	}
	return segs, true
}

func hasLabel(n *clang.Node) bool {
	if n == nil {
		return false
	}
	switch n.Kind {
	case "CaseStmt", "DefaultStmt":
		return true
	case "SwitchStmt":
		return false
	}
	for _, c := range n.Inner {
		if hasLabel(c) {
			return true
		}
	}
	return false
}

// caseValue returns the value of a case label.
func (x *exec) caseValue(c *clang.Node) (protocol.Expr, bool) {
	v := c.Child(0)
	if v == nil || c.Kind == "CaseStmt" && len(c.Inner) > 2 {
		return nil, false // a GNU case range
	}
	if k, ok := v.IntValue(); ok {
		return lit(x.pos(v), k), true
	}
	var e value
	x.trial(func() { e = x.rvalue(v) })
	if iv, ok := e.(intVal); ok {
		if k, ok := litValue(iv.e); ok {
			return lit(x.pos(v), k), true
		}
	}
	return nil, false
}
