package cudagen

// This file runs constructors (genctor.go) with C++'s semantics: a
// constructor constructs the base subobject first (by the base's default
// constructor), then the fields in the order they are declared, whatever
// the order of the member initializer list (each from its initializer,
// or a member of struct type by its own default constructor, or its
// default member initializer; the others stay indeterminate), then runs
// its body. A copy passes a struct by value or initializes a local from
// one: by the user's copy constructor where there is one, otherwise
// memberwise (the base's copy, then each field: a member by its own copy,
// a scalar word by word).

// construct runs ctor (nil: the implicit default constructor) of struct
// s on the object at l, its parameters bound in env.
func (th *thread) construct(l loc, s *Struct, ctor *Func, env map[*Var]binding, site any) {
	th.step(site)
	if s.Base != nil {
		th.construct(sub(l, 0, s.Base), s.Base, s.Base.defaultCtor(), map[*Var]binding{}, site)
	}
	if ctor != nil {
		env[ctor.Self] = binding{ref: &l}
		saved := th.fr
		th.fr = &frame{env: env}
		defer func() { th.fr = saved }()
	}
	for _, f := range s.ownFields() {
		fl := loc{obj: l.obj, i: l.i, j: l.j, w: l.w + s.offset(f), t: f.T}
		switch init := ctorInit(ctor, f); {
		case init != nil:
			th.store(fl, th.convert(th.eval(init.R), f.T, init), init.L)
		case f.T.K == KStruct:
			th.construct(fl, f.T.S, f.T.S.defaultCtor(), map[*Var]binding{}, site)
		case f.Def:
			th.store(fl, value{t: f.T, i: convertInt(f.DefVal, f.T), f: float32(f.DefVal)}, nil)
		}
	}
	if ctor != nil {
		th.block(ctor.Body)
	}
}

// sub is the subobject of struct type s at word w of the object at l.
func sub(l loc, w int, s *Struct) loc {
	return loc{obj: l.obj, i: l.i, j: l.j, w: l.w + w, t: &Type{K: KStruct, S: s}}
}

// ctorInit is f's entry in ctor's member initializer list, nil for none.
func ctorInit(ctor *Func, f *Field) *Assign {
	if ctor == nil {
		return nil
	}
	for _, a := range ctor.Inits {
		if m, ok := a.L.(*Member); ok && m.F == f {
			return a
		}
	}
	return nil
}

// copyConstruct makes the object at dst a copy of the one at src, both of
// struct type s.
func (th *thread) copyConstruct(dst, src loc, s *Struct, site Expr) {
	if cc := s.copyCtor(); cc != nil {
		th.construct(dst, s, cc, map[*Var]binding{cc.Params[0]: {ref: &src}}, site)
		return
	}
	if !special(s) {
		th.copyStruct(dst, src, site, site)
		return
	}
	if s.Base != nil {
		th.copyConstruct(sub(dst, 0, s.Base), sub(src, 0, s.Base), s.Base, site)
	}
	for _, f := range s.ownFields() {
		w := s.offset(f)
		if f.T.K == KStruct {
			th.copyConstruct(sub(dst, w, f.T.S), sub(src, w, f.T.S), f.T.S, site)
			continue
		}
		v := th.load(loc{obj: src.obj, i: src.i, j: src.j, w: src.w + w, t: f.T}, site)
		th.store(loc{obj: dst.obj, i: dst.i, j: dst.j, w: dst.w + w, t: f.T}, v, site)
	}
}

// ctorDecl declares a struct local of a special struct: "S s;" by the
// default constructor, "S s(a, b);" by the constructor called, "S s = t;"
// by a copy.
func (th *thread) ctorDecl(d *Decl, o *object) {
	s := d.V.T.S
	l := loc{obj: o, t: d.V.T}
	c, _ := d.Init.(*Call)
	switch {
	case d.Init == nil:
		th.construct(l, s, s.defaultCtor(), map[*Var]binding{}, d)
	case c != nil && c.F.Self != nil:
		th.construct(l, s, c.F, th.bindParams(c.F, c.Args), d)
	default:
		th.copyConstruct(l, th.lval(d.Init), s, d.Init)
	}
}

// structArray declares "S a[N];": the default constructor runs on each
// element, in order.
func (th *thread) structArray(v *Var) {
	o := th.in.newObj(spLocal, v, v.T, 1, int64(v.Dims[0]))
	s := v.T.S
	for i := 0; i < v.Dims[0]; i++ {
		th.construct(loc{obj: o, i: int64(i), t: v.T}, s, s.defaultCtor(), map[*Var]binding{}, v)
	}
	th.fr.env[v] = binding{obj: o}
}
