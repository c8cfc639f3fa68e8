package ir

import (
	"strings"

	"github.com/drfcheck/drfcheck/infer/clang"
)

// Lambdas. A lambda held in a variable is a closure: the variables it
// captures by copy are copied where the lambda is made, into objects of
// their own, and a call of the variable inlines the lambda's body with the
// captured names bound to those copies. Variables captured by reference
// are the enclosing function's own objects, which the body reads and
// writes where it runs.

// closure is a lambda held in a variable.
type closure struct {
	lambda *clang.Node
	copies map[string]*object // by-copy captures: declaration id -> the copy
}

// lambdaOf returns the lambda an initializer makes, through the wrappers
// and the copy of the temporary that clang puts around it.
func lambdaOf(init *clang.Node) *clang.Node {
	for n := init; n != nil; n = last(n) {
		switch {
		case n.Kind == "LambdaExpr":
			return n
		case wrappers[n.Kind], n.Kind == "MaterializeTemporaryExpr", n.Kind == "CXXConstructExpr" && len(n.Inner) == 1,
			n.Kind == "ImplicitCastExpr" && len(n.Inner) == 1:
		default:
			return nil
		}
	}
	return nil
}

// makeClosure lowers a lambda expression stored in variable name: each
// by-copy capture is copied now.
func (l *lowerer) makeClosure(lam *clang.Node, name string) *closure {
	c := &closure{lambda: lam, copies: map[string]*object{}}
	var fields []*clang.Node
	inits := lam.Inner
	if len(inits) > 0 && inits[0] != nil && inits[0].Kind == "CXXRecordDecl" {
		for _, f := range inits[0].Inner {
			if f != nil && f.Kind == "FieldDecl" {
				fields = append(fields, f)
			}
		}
		inits = inits[1:]
	}
	if len(inits) > 0 {
		inits = inits[:len(inits)-1] // the body
	}
	for i, init := range inits {
		if i < len(fields) && strings.HasSuffix(strings.TrimSpace(fields[i].TypeString()), "&") {
			continue // by reference: the body uses the variable itself
		}
		ref := capturedVar(init)
		if ref == nil {
			l.discard(init)
			continue
		}
		at := l.pos(init)
		t := l.typeOf(ref)
		if i < len(fields) {
			t = l.types.parse(fields[i].TypeString())
		}
		cp := l.newObject(at, l.name(name+"."+ref.Referenced.Name), t, Local)
		l.initObject(cp, l.rv(init), true, at)
		c.copies[ref.Referenced.ID] = cp
	}
	return c
}

// capturedVar finds the variable a capture initializer copies.
func capturedVar(n *clang.Node) *clang.Node {
	if n == nil {
		return nil
	}
	if n.Kind == "DeclRefExpr" && n.Referenced != nil && (n.Referenced.Kind == "VarDecl" || n.Referenced.Kind == "ParmVarDecl") {
		return n
	}
	for _, c := range n.Inner {
		if r := capturedVar(c); r != nil {
			return r
		}
	}
	return nil
}

// closureOf returns the closure a call's object is, when it is a variable
// holding a lambda.
func (l *lowerer) closureOf(obj *clang.Node) *closure {
	obj = strip(obj)
	if obj == nil || obj.Kind != "DeclRefExpr" || obj.Referenced == nil {
		return nil
	}
	return l.closures[obj.Referenced.ID]
}

// callClosure inlines a call of a closure: the body of its lambda, with
// the parameters of operator() and the captured names bound to the copies.
func (l *lowerer) callClosure(n, method *clang.Node, c *closure, args []*clang.Node) (val, *lval) {
	body := last(c.lambda)
	if method == nil || body == nil || body.Kind != "CompoundStmt" {
		return l.unknownCall(n, "a call of a lambda whose body is not available", args), nil
	}
	def := *method
	def.Inner = append(append([]*clang.Node(nil), method.Params()...), body)
	saved := map[string]*object{}
	for id, cp := range c.copies {
		saved[id] = l.env[id]
		l.env[id] = cp
	}
	defer func() {
		for id, o := range saved {
			if o == nil {
				delete(l.env, id)
			} else {
				l.env[id] = o
			}
		}
	}()
	return l.inline(n, &def, nil, args)
}
