package cudagen

// This file generates atomic counters whose race freedom rests on the
// values their atomics return (Bardsley and Donaldson, Section 4.2, "repetition-free"
// atomics): a counter that is only ever incremented, by atomicAdd of a
// positive constant k, at one address for the whole grid, returns each of
// its values at most once, so a thread that writes slots[atomicAdd(c, k)]
// writes a cell no other thread writes: stream compaction, and the work
// queue "i = atomicAdd(c, k); while (i < N) { slots[i] = v; i =
// atomicAdd(c, k); }".
//
// Each pattern has a counter and an array of slots of its own: the counter
// is a cell of a global pointer parameter (Var.Counter), zeroed by the
// harness before the launch and never reset by the kernel (a reset would
// be a plain store, racing with the atomics, and drfcheck trusts no
// counter that is ever stored to), and the slots array is written only at
// the values the counter returns. Nothing else touches either, and the
// values returned reach nothing but the slots' indices (and the work
// queue's condition), so that the discipline of the other arrays (gen.st)
// does not have to know about them.
//
// The interpreter runs the threads one after the other and returns the
// values that order gives (interp.go, counter). Its verdict is the verdict
// of every schedule because of how the patterns are made:
//
//   - Race-free patterns. Whatever the schedule, the values one counter
//     returns are distinct (it only goes up), so no two writes of the
//     slots array hit one cell, and the counter itself sees only atomics:
//     no race on either, in any schedule, which the interpreter's run (one
//     schedule) shows too. Every atomic of a counter adds the same k and
//     the number of calls of each thread does not depend on the schedule
//     (conditions read the thread's id and parameters only), so the values
//     handed out are {0, k, 2k, ...} in every schedule and the run sizes
//     the slots array for all of them; a work queue's slots are below its
//     bound N in every schedule. These patterns may sit anywhere, also in
//     loops with barriers.
//   - Racy patterns, each at the kernel's top level (in no loop: all of
//     its calls in one barrier interval, so that the run's order, each
//     thread's calls after the previous thread's, is a real schedule) and
//     with every caller making one call: the run's race is then a race of
//     a real execution, and conversely
//   - slots[s % M]: the callers get distinct values 0, k, ..., in any
//     order, and two callers collide modulo M in some schedule exactly
//     when they do in the run's (the set of values is the same);
//   - a reset (if (tid == 0) c = 0) in the same interval races with the
//     other callers' atomics (plain against atomic) in every schedule
//     where there are other callers, as in the run (a shared counter may
//     also be reset before a barrier that precedes all of its atomics:
//     race-free, the pattern of real kernels);
//   - atomicSub(c, k) by every caller after its write: the first caller
//     of the run adds, writes slot 0, gives it back, and the next takes 0
//     again (a real schedule, and a race whenever there are two callers);
//   - a counter per block (&c[blockIdx.x], several blocks): each block's
//     counter starts at 0, so the first callers of two blocks both write
//     slot 0, in every schedule (and in a work queue, the first thread of
//     each block that reaches it takes item 0 in the run);
//   - two counters indexing one slots array, each thread taking from one
//     (cond ? atomicAdd(c1, k) : atomicAdd(c2, k)): both hand out 0, to a
//     thread of each side.
//
// Slots arrays get room (Var.MinLen) for every value any schedule can
// hand out, not only those of the run: with atomicSub the run stays at 0
// while another schedule climbs to (callers - 1) * k.

// counterStmt places one counter pattern.
func (g *gen) counterStmt(out *[]Stmt) {
	p := g.p
	total := int64(p.threads()) * int64(p.blocks())
	// racy patterns only at the top level: see above
	racy := g.mood == Racy && len(g.loops) == 0 && g.chance(0.7)
	t := tInt
	if g.chance(0.5) {
		t = tUint
	}
	lit := func(v int64) Expr {
		if t.K == KUint {
			return uintLit(v)
		}
		return intLit(v)
	}
	k := int64(1)
	if g.chance(0.25) {
		k = int64(2 + g.intn(2))
	}
	// the counter: a cell of a global array, or a __shared__ scalar or
	// array cell (one counter per block, zeroed by the harness as the
	// oracle's runtime zeroes shared memory)
	shared := g.chance(0.3)
	var cnt *Var
	if shared {
		cnt = &Var{Name: g.name("cnt"), Kind: VShared, T: t, Counter: true}
		if g.chance(0.5) {
			cnt.Dims = []int{1}
		}
		g.ownShared = append(g.ownShared, cnt)
	} else {
		cnt = &Var{Name: g.name("cnt"), Kind: VLocal, T: ptrTo(t), Param: true, Len: 1, Counter: true}
		g.k.Params = append(g.k.Params, cnt)
	}
	// the slots: global, or shared with a shared counter. A shared counter
	// hands out its values once per block: with global slots and several
	// blocks, the first callers of two blocks both write slot 0 in every
	// schedule. That is a racy pattern of its own (the pattern's only
	// race, so that a checker that takes a shared counter's values for
	// distinct across the grid is caught), and one placed anywhere: each
	// block's counter hands out the same values in each grid interval
	// whatever the schedule (every call adds k, and the calls of an
	// interval do not depend on the schedule), so the run's collisions
	// between blocks are those of every schedule.
	crossBlocks := shared && p.blocks() > 1 && g.mood == Racy && g.chance(0.6)
	if crossBlocks {
		racy = false
	}
	sharedSlots := shared && !crossBlocks && (p.blocks() > 1 || g.chance(0.4))
	var slots *Var
	if sharedSlots {
		slots = &Var{Name: g.name("slots"), Kind: VShared, T: tInt, Dims: []int{1}}
		g.ownShared = append(g.ownShared, slots)
	} else {
		slots = &Var{Name: g.name("slots"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1, Slots: true}
		g.k.Params = append(g.k.Params, slots)
	}
	if sharedSlots {
		total = int64(p.threads()) // a block's threads take from the counter
	}
	// the counter's cell: the counter itself, or a cell further (a counter
	// of an array of counters, at a constant index: one place for the grid)
	j := int64(0)
	if cnt.Param && g.chance(0.4) || len(cnt.Dims) > 0 && g.chance(0.6) {
		j = int64(1 + g.intn(3))
	}
	cell := func(j int64) Expr {
		switch {
		case cnt.Kind == VShared && len(cnt.Dims) == 0:
			return &AddrOf{X: ref(cnt)}
		case j == 0 && cnt.Param && g.chance(0.5):
			return ref(cnt)
		case g.chance(0.3):
			return bin("+", ref(cnt), intLit(j))
		}
		return &AddrOf{X: &Index{X: ref(cnt), I: intLit(j)}}
	}
	// a shared counter zeroed by thread 0 before a barrier, at the
	// kernel's top level (every thread passes the barrier), as kernels
	// must (shared memory starts undefined): the barrier orders the store
	// before every atomic of the block, and none comes after it
	if shared && g.depth == 0 && len(g.loops) == 0 && g.inSwitch == 0 && g.canSync() && g.chance(0.4) {
		*out = append(*out, g.reset(cnt, j, lit(0)))
		g.sync(out)
	}
	add := func() Expr { return &Atomic{Op: "Add", P: cell(j), V: lit(k)} }
	// the value a slot receives: from the thread's id and the parameters
	value := func() Expr {
		switch g.intn(3) {
		case 0:
			return bin("+", ref(g.tid), intLit(int64(1+g.intn(9))))
		case 1:
			if g.gid != nil {
				return ref(g.gid)
			}
		}
		return bin("*", ref(g.tid), ref(g.nPar))
	}
	// a condition that some threads meet: who calls
	callers := func() Expr {
		switch g.intn(3) {
		case 0:
			return bin("==", bin("%", ref(g.tid), intLit(2)), intLit(0))
		case 1:
			return bin("<", ref(g.tid), intLit(int64(1+g.intn(p.threads()))))
		}
		return bin("!=", ref(g.tid), intLit(int64(g.intn(p.threads()))))
	}
	saveScope := len(g.scope)
	defer func() { g.scope = g.scope[:saveScope] }()
	slot := func(body *[]Stmt, init Expr) *Var {
		s := &Var{Name: g.name("slot"), Kind: VLocal, T: t}
		*body = append(*body, &Decl{V: s, Init: init})
		return s
	}
	write := func(body *[]Stmt, i Expr) {
		*body = append(*body, &Assign{L: &Index{X: ref(slots), I: i}, Op: "=", R: value()})
	}

	// the work queue: each thread takes items until they run out
	if g.chance(0.3) {
		var bound Expr
		nb := int64(1 + g.intn(24))
		bound = lit(nb)
		switch {
		case t.K == KUint && g.chance(0.4):
			bound, nb = ref(g.mPar), g.mPar.Vals[0]
		case t.K == KInt && g.chance(0.4):
			bound, nb = ref(g.nPar), g.nPar.Vals[0]
		}
		cntLen := j + 1
		racyKind := -1
		if racy {
			switch {
			case cnt.Param && p.Grid[0] > 1 && g.chance(0.7):
				racyKind = 0 // per block
				j = 0
				cntLen = int64(p.Grid[0])
				add = func() Expr {
					return &Atomic{Op: "Add", P: &AddrOf{X: &Index{X: ref(cnt), I: bidx(0)}}, V: lit(k)}
				}
			default:
				racyKind = 1 // reset
			}
		}
		cnt.MinLen = int(cntLen)
		slots.MinLen = int(nb + k)
		var body []Stmt
		if racyKind == 1 {
			body = append(body, g.reset(cnt, j, lit(0)))
		}
		i := &Var{Name: g.name("item"), Kind: VLocal, T: t}
		cond := bin("<", ref(i), bound)
		var loopBody []Stmt
		write(&loopBody, ref(i))
		if g.chance(0.5) {
			body = append(body, &Decl{V: i, Init: add()})
			loopBody = append(loopBody, &Assign{L: ref(i), Op: "=", R: add()})
			body = append(body, &While{C: cond, Body: block(loopBody...)})
		} else {
			body = append(body, &For{Init: &Decl{V: i, Init: add()}, C: cond,
				Post: &Assign{L: ref(i), Op: "=", R: add()}, Body: block(loopBody...)})
		}
		g.place(out, body, callers)
		return
	}

	// stream compaction: a slot per call
	calls := int64(1)
	var body []Stmt
	slotsLen := total*k + 1
	switch {
	case racy:
		cnt.MinLen = int(j + 1)
		switch x := g.pick(6, 3, 6, 6, 3); {
		case x == 0:
			// modulo: distinct values, shared cells
			s := slot(&body, add())
			write(&body, bin("%", ref(s), lit(int64(1+g.intn(4)))))
		case x == 1:
			// a reset next to the atomics
			s := slot(&body, add())
			if g.chance(0.5) {
				body = append([]Stmt{g.reset(cnt, j, lit(0))}, body...)
				write(&body, ref(s))
			} else {
				write(&body, ref(s))
				body = append(body, g.reset(cnt, j, lit(0)))
			}
		case x == 2:
			// the slot given back
			s := slot(&body, add())
			write(&body, ref(s))
			body = append(body, &ExprStmt{X: &Atomic{Op: "Sub", P: cell(j), V: lit(k)}})
		case x == 3 && cnt.Param && p.Grid[0] > 1:
			// a counter per block
			cnt.MinLen = p.Grid[0]
			s := slot(&body, &Atomic{Op: "Add", P: &AddrOf{X: &Index{X: ref(cnt), I: bidx(0)}}, V: lit(k)})
			write(&body, ref(s))
		default:
			// two counters: another cell of the array, or another array
			j2 := j + 1 + int64(g.intn(2))
			var other Expr
			if cnt.Param && g.chance(0.5) {
				cnt.MinLen = int(j2 + 1)
				other = &AddrOf{X: &Index{X: ref(cnt), I: intLit(j2)}}
			} else {
				cnt2 := &Var{Name: g.name("cnt"), Kind: VLocal, T: ptrTo(t), Param: true, Len: 1, Counter: true}
				g.k.Params = append(g.k.Params, cnt2)
				other = ref(cnt2)
			}
			s := slot(&body, &Cond{C: callers(), X: add(), Y: &Atomic{Op: "Add", P: other, V: lit(k)}})
			write(&body, ref(s))
		}
	default:
		cnt.MinLen = int(j + 1)
		switch x := g.intn(4); {
		case x == 0:
			// the atomic in the index itself
			write(&body, add())
		case x == 1 && k > 1:
			// a thread reserves k slots and fills them: the values are k
			// apart, which drfcheck does not know (distinct only)
			s := slot(&body, add())
			for u := int64(0); u < k; u++ {
				var i Expr = ref(s)
				if u > 0 {
					i = bin("+", ref(s), lit(u))
				}
				write(&body, i)
			}
		case x == 2:
			// several calls of one thread, in a loop
			calls = int64(2 + g.intn(2))
			iv := &Var{Name: g.name("r"), Kind: VLocal, T: tInt}
			var lb []Stmt
			s := slot(&lb, add())
			write(&lb, ref(s))
			body = append(body, &For{Init: &Decl{V: iv, Init: intLit(0)}, C: bin("<", ref(iv), intLit(calls)),
				Post: &IncDec{L: ref(iv), Op: "++"}, Body: block(lb...)})
		default:
			s := slot(&body, add())
			var i Expr = ref(s)
			if g.chance(0.3) {
				// one offset for every slot: still distinct
				i = bin("+", ref(s), ref(g.mPar))
				slotsLen += g.mPar.Vals[0]
			}
			write(&body, i)
		}
	}
	slots.MinLen = int(slotsLen + total*(calls-1)*k)
	g.place(out, body, callers)
}

// reset is a plain store of v to the counter's cell j by thread 0: racy.
func (g *gen) reset(cnt *Var, j int64, v Expr) Stmt {
	var l Expr = &Index{X: ref(cnt), I: intLit(j)}
	switch {
	case cnt.Kind == VShared && len(cnt.Dims) == 0:
		l = ref(cnt)
	case j == 0 && g.chance(0.5):
		l = &Deref{X: ref(cnt)}
	}
	return &If{C: bin("==", ref(g.tid), intLit(0)), Then: block(&Assign{L: l, Op: "=", R: v})}
}

// place puts a pattern's statements at the current point, alone or under a
// condition on the thread (the callers are then some threads: the number
// of calls of each still does not depend on the schedule).
func (g *gen) place(out *[]Stmt, body []Stmt, callers func() Expr) {
	if g.chance(0.35) {
		*out = append(*out, &If{C: callers(), Then: block(body...)})
		return
	}
	*out = append(*out, body...)
}
