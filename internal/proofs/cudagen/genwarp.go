package cudagen

// This file generates warp barriers in patterns whose race freedom rests
// on them: a thread writes its own cell, __syncwarp(), and reads the cell
// of another thread of its warp. Warps are small (2, 4 or 8 threads, see
// pickWarp) so that small blocks have several, and an exchange that
// crosses a warp's edge is a race.
//
// Each exchange has an array of its own, touched by nothing else, so that
// the discipline of the other arrays (gen.st) does not have to know about
// warp intervals: within the exchange the write, the barrier and the read
// are all there is, and in a loop a second __syncwarp() closes the warp
// interval before the next pass writes again.

// pickWarp chooses the warp size of the launch: half of the kernels keep
// CUDA's 32 (one warp per block, or two in blocks of 33 to 64 threads), the
// others warps of 2, 4 or 8 threads with at least two warps per block.
func (g *gen) pickWarp() {
	n := g.p.threads()
	var ws []int
	for _, w := range []int{2, 4, 8} {
		if 2*w <= n {
			ws = append(ws, w)
		}
	}
	if len(ws) > 0 && g.chance(0.5) {
		g.p.Warp = ws[g.intn(len(ws))]
	}
}

// warpSizeE is the warp size as the builtin warpSize or as a literal.
func (g *gen) warpSizeE() Expr {
	if g.chance(0.5) {
		return &Builtin{Name: "warpSize"}
	}
	return intLit(int64(g.p.warp()))
}

// warpStmt places a warp exchange: in the race-free mood where every
// thread of each warp gets to it (anywhere every thread of the block does,
// alone or under a condition that is the same for the threads of a warp),
// in the divergent mood also under a condition that splits warps, and in
// the racy mood with the barrier left out or the exchange crossing warps.
func (g *gen) warpStmt(out *[]Stmt) {
	p := g.p
	W := int64(p.warp())
	n := int64(p.threads())
	divergent := g.div > 0 && g.chance(g.div)
	if W < 2 || n < 2 || !g.canSync() && !divergent {
		g.access(out)
		return
	}
	// the array: shared, or global (indexed by the global thread id) when
	// warps do not straddle blocks
	global := (p.blocks() == 1 || n%W == 0) && g.chance(0.3)
	var a *Var
	ownV := g.tid // an expression node has one place: own() makes a new one
	if global {
		a = &Var{Name: g.name("wx"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1}
		g.k.Params = append(g.k.Params, a)
		if p.blocks() > 1 {
			ownV = g.gid
		}
	} else {
		a = &Var{Name: g.name("wx"), Kind: VShared, T: tInt, Dims: []int{1}}
		g.ownShared = append(g.ownShared, a)
	}

	var lanE Expr
	switch g.intn(3) {
	case 0:
		lanE = bin("%", ref(g.tid), g.warpSizeE())
	case 1:
		lanE = bin("&", ref(g.tid), intLit(W-1)) // W is a power of two
	default:
		lanE = bin("%", ref(g.tid), &Builtin{Name: "warpSize"})
	}
	lane := g.local(out, "lane", tInt, lanE, rk(0, W-1), false)
	g.noIdx[lane] = false

	// the cell read: another lane of the warp
	var mate Expr
	// k < the threads of a full warp that the block has, so that the mate
	// is a thread that writes its cell (when the block is smaller than a
	// warp of 32 too)
	k := 1 + int64(g.intn(int(min(W, n)-1)))
	switch g.intn(3) {
	case 0:
		mate = bin("%", bin("+", ref(lane), intLit(k)), g.warpSizeE())
	case 1:
		mate = bin("^", ref(lane), intLit(k))
	default:
		mate = bin("-", bin("-", g.warpSizeE(), intLit(1)), ref(lane))
	}
	withSync, closing := true, len(g.loops) > 0
	if g.mood == Racy && g.risky() {
		switch g.intn(3) {
		case 0:
			withSync = false
		case 1:
			// the next threads of the block: lanes W-k and up read the
			// next warp
			mate = bin("+", ref(lane), intLit(k))
		default:
			if closing {
				closing = false // the next pass writes while a mate reads
			} else {
				mate = bin("%", bin("+", ref(lane), intLit(k)), intLit(2*W)) // a warp twice too wide
			}
		}
	}

	// the value written: from the thread's id and the parameters only
	// (a value of the generator's could read memory, and place a block
	// barrier before, under a condition of the warp)
	var body []Stmt
	saveScope := len(g.scope)
	var v Expr = bin("+", ref(g.tid), intLit(k))
	if g.chance(0.5) {
		v = bin("+", bin("*", ref(lane), intLit(k)), ref(g.nPar))
	}
	own := func() Expr { return ref(ownV) }
	body = append(body, &Assign{L: &Index{X: ref(a), I: own()}, Op: "=", R: v})
	if withSync {
		body = append(body, g.warpSync())
	}
	x := g.local(&body, "x", tInt, &Index{X: ref(a), I: bin("+", bin("-", own(), ref(lane)), mate)}, unknown, false)
	g.noIdx[x] = true
	g.use(&body, x)
	if closing {
		body = append(body, g.warpSync())
	}
	g.scope = g.scope[:saveScope]

	var cond Expr
	switch {
	case divergent:
		// lanes below c and lanes above: the warp splits
		g.diverged = true
		c := 1 + int64(g.intn(int(W-1)))
		if g.chance(0.5) {
			cond = bin("<", ref(lane), intLit(c))
		} else {
			cond = bin("!=", ref(g.tid), intLit(int64(g.intn(int(n)))))
		}
	case g.chance(0.35):
		// the same for the threads of each warp, not for the block
		switch g.intn(3) {
		case 0:
			cond = bin("==", bin("%", bin("/", ref(g.tid), g.warpSizeE()), intLit(2)), intLit(0))
		case 1:
			nw := (n + W - 1) / W
			cond = bin("<", ref(g.tid), intLit(W*(1+int64(g.intn(int(max(nw-1, 1)))))))
		default:
			cond = bin("!=", bin("-", ref(g.tid), ref(lane)), intLit(0))
		}
	}
	if cond != nil {
		*out = append(*out, &If{C: cond, Then: block(body...)})
	} else {
		*out = append(*out, body...)
	}
}

// warpSync is __syncwarp(), sometimes with its full mask written out.
func (g *gen) warpSync() *Sync {
	if g.chance(0.3) {
		return &Sync{Op: "__syncwarp", Mask: 0xffffffff}
	}
	return &Sync{Op: "__syncwarp"}
}

// gridStmt places a grid exchange, with several blocks: each thread writes
// its own cell of a global array of its own, the grid barrier
// (cooperative_groups::this_grid().sync()), then reads the cell of a thread
// k further in the grid, often of another block; in a loop a second grid
// barrier closes the interval. The racy mood leaves the barrier out or puts
// __syncthreads() in its place (which orders the block only); the
// divergent mood puts it under a condition on blockIdx (blocks that do not
// reach it) or on threadIdx.
func (g *gen) gridStmt(out *[]Stmt) {
	p := g.p
	nb := int64(p.blocks())
	divergent := g.div > 0 && g.chance(g.div)
	if nb < 2 || g.gid == nil || !g.canSync() && !divergent {
		g.access(out)
		return
	}
	total := int64(p.threads()) * nb
	a := &Var{Name: g.name("gx"), Kind: VLocal, T: ptrTo(tInt), Param: true, Len: 1}
	g.k.Params = append(g.k.Params, a)
	k := 1 + int64(g.intn(int(total-1)))
	var totalE Expr = intLit(total)
	if p.Grid[1] == 1 && g.chance(0.4) {
		totalE = &Cast{T: tInt, X: bin("*", gdim(0), bdim(0))}
	}
	barrier := func() Stmt { return &Sync{Op: gridSync} }
	withSync, closing := true, len(g.loops) > 0
	if g.mood == Racy && g.risky() {
		switch g.intn(3) {
		case 0:
			withSync = false
		case 1:
			barrier = func() Stmt { return &Sync{Op: "__syncthreads"} }
		default:
			if closing {
				closing = false
			} else {
				withSync = false
			}
		}
	}
	var body []Stmt
	saveScope := len(g.scope)
	body = append(body, &Assign{L: &Index{X: ref(a), I: ref(g.gid)}, Op: "=", R: bin("+", ref(g.gid), ref(g.nPar))})
	if withSync {
		body = append(body, barrier())
	}
	x := g.local(&body, "x", tInt, &Index{X: ref(a), I: bin("%", bin("+", ref(g.gid), intLit(k)), totalE)}, unknown, false)
	g.noIdx[x] = true
	g.use(&body, x)
	if closing {
		body = append(body, barrier())
	}
	g.scope = g.scope[:saveScope]
	if divergent {
		g.diverged = true
		var cond Expr
		if g.chance(0.6) {
			cond = bin("!=", bidx(0), uintLit(int64(g.intn(p.Grid[0]))))
		} else {
			cond = bin("!=", ref(g.tid), intLit(int64(g.intn(p.threads()))))
		}
		*out = append(*out, &If{C: cond, Then: block(body...)})
		return
	}
	*out = append(*out, body...)
}
