package ir

import (
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer/clang"
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
	var initCaps []*clang.Node // [s = e]: variables of the lambda's own
	var initTypes []ctype
	for i, init := range inits {
		if i < len(fields) && strings.HasSuffix(strings.TrimSpace(fields[i].TypeString()), "&") {
			continue // by reference: the body uses the variable itself
		}
		t := l.typeOf(init)
		if i < len(fields) {
			t = l.types.parse(fields[i].TypeString())
		}
		ref := capturedVar(init)
		if ref == nil {
			initCaps, initTypes = append(initCaps, init), append(initTypes, t)
			continue
		}
		at := l.pos(init)
		cp := l.newObject(at, l.name(name+"."+ref.Referenced.Name), t, Local)
		l.initObject(cp, l.rv(init), true, at)
		c.copies[ref.Referenced.ID] = cp
	}
	// the dump does not declare an init-capture's variable: the body's
	// references to a variable of its name, which the body does not
	// declare, are to it; without the lambda's text its uses are unknown
	names := initCaptureNames(l.tu.Text(lam))
	for i, init := range initCaps {
		at := l.pos(init)
		if len(names) != len(initCaps) {
			l.discard(init)
			continue
		}
		cp := l.newObject(at, l.name(name+"."+names[i]), initTypes[i], Local)
		l.initObject(cp, l.rv(init), true, at)
		for _, id := range undeclaredRefs(last(lam), names[i]) {
			c.copies[id] = cp
		}
	}
	return c
}

// capturedVar finds the variable a by-copy capture copies: the
// initializer is that variable, read or copy-constructed (an
// init-capture [s = z + t] is not a capture of z).
func capturedVar(n *clang.Node) *clang.Node {
	for n != nil {
		switch {
		case n.Kind == "DeclRefExpr":
			if n.Referenced != nil && (n.Referenced.Kind == "VarDecl" || n.Referenced.Kind == "ParmVarDecl") {
				return n
			}
			return nil
		case n.Kind == "ImplicitCastExpr" || n.Kind == "MaterializeTemporaryExpr" || n.Kind == "ExprWithCleanups" ||
			n.Kind == "OpaqueValueExpr" || n.Kind == "CXXConstructExpr" && len(n.Inner) == 1:
			n = n.Child(0)
		case n.Kind == "ArrayInitLoopExpr" && len(n.Inner) > 0:
			n = n.Child(0) // an array captured by copy: the array
		default:
			return nil
		}
	}
	return nil
}

// initCaptureNames returns the names of a lambda's init-captures by copy
// ([z, s = z + t, u{1}]: s and u), in order, from its source text.
func initCaptureNames(text string) []string {
	if !strings.HasPrefix(text, "[") {
		return nil
	}
	end := strings.IndexByte(text, ']')
	if end < 0 {
		return nil
	}
	var names []string
	for _, c := range splitArgs(text[1:end]) {
		if c == "=" || strings.HasPrefix(c, "&") {
			continue // the default, or by reference
		}
		if i := strings.IndexAny(c, "={("); i > 0 {
			names = append(names, strings.TrimSpace(c[:i]))
		}
	}
	return names
}

// undeclaredRefs returns the ids of the variables of a name that a body
// refers to without declaring them.
func undeclaredRefs(body *clang.Node, name string) []string {
	declared := map[string]bool{}
	clang.Inspect(body, func(n *clang.Node) bool {
		if n.Kind == "VarDecl" {
			declared[n.ID] = true
		}
		return true
	})
	var ids []string
	clang.Inspect(body, func(n *clang.Node) bool {
		if r := n.Referenced; n.Kind == "DeclRefExpr" && r != nil && r.Kind == "VarDecl" && r.Name == name && !declared[r.ID] {
			ids = append(ids, r.ID)
		}
		return true
	})
	return ids
}

// closureArg returns the closure an argument is: a lambda made there, or
// a copy of a variable holding one (its captures copied anew); nil for
// any other argument.
func (l *lowerer) closureArg(a *clang.Node, param string) *closure {
	if lam := lambdaOf(a); lam != nil {
		return l.makeClosure(lam, param)
	}
	ref := capturedVar(a) // the variable, read or copied
	if ref == nil || l.closures[ref.Referenced.ID] == nil {
		return nil
	}
	c := l.closures[ref.Referenced.ID]
	cp := &closure{lambda: c.lambda, copies: map[string]*object{}}
	for id, o := range c.copies {
		at := l.pos(a)
		n := l.newObject(at, l.name(param+"."+o.name), o.t, Local)
		l.initObject(n, l.readObject(o, at), true, at)
		cp.copies[id] = n
	}
	return cp
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
