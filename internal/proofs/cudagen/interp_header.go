package cudagen

import "math"

// This file interprets the CUDA header API of genheader.go: the functions
// and operators of __half, __nv_bfloat16 and __half2 (halfmath.go), the
// warp's collective functions, and the operations of scoped atomics.
//
// Warp collectives. A thread that calls a collective needs the values of
// the other lanes of its warp at the same call, which a thread-by-thread
// run does not have. So the threads of a block with collectives run as
// coroutines (runCoop): each runs until it calls a collective or ends,
// one at a time, in the order of their indices; when none can run, every
// warp whose threads all wait at one call site gets its results (those
// lanes then run again, in order), and a warp whose threads wait at
// different sites, or some of whose threads have ended, makes the kernel
// rejected: the generator places collectives where the whole warp reaches
// them, as the oracle's runtime needs (it reports the other cases as
// divergences, internal/proofs/exec). Everything else stays as in the
// thread-by-thread run: a collective orders nothing (it is not a barrier,
// and a shuffle does not order memory in CUDA), the race bookkeeping does
// not depend on the order of the threads, and only one thread runs at a
// time, so the run is deterministic.
//
// The results are CUDA's (Programming Guide, Warp Vote, Match, Reduce and
// Shuffle Functions) over the lanes that take part: those of the mask
// that are threads (the last warp of a block may have fewer than
// Program.Warp). Calls whose result CUDA leaves undefined reject the
// kernel: a mask without the caller's lane, lanes with different masks at
// one call, a shuffle from a lane that does not take part, a width that
// is not a power of two up to the warp size. __activemask() is the warp's
// threads.
//
// Scoped atomics. An atomic's mode records its scope (mAtomicBlock,
// mAtomicLoadBlock) and whether it is a load, so that the race rule of
// interp.go sees two atomics of different blocks race when one is
// block-scoped and one writes.

// halfArith computes x op y of one half type, with exact rounding.
func (th *thread) halfArith(op string, x, y value, node any) value {
	r := value{t: x.t, nd: x.nd || y.nd, mem: x.mem || y.mem}
	if r.nd {
		return r // a value from memory: stored, never used
	}
	if x.t.K == KHalf2 {
		lo := th.halfOp(fmtHalf, op, uint16(x.i), uint16(y.i), node)
		hi := th.halfOp(fmtHalf, op, uint16(x.i>>16), uint16(y.i>>16), node)
		r.i = int64(lo) | int64(hi)<<16
		return r
	}
	r.i = int64(th.halfOp(formatOf(x.t), op, uint16(x.i), uint16(y.i), node))
	return r
}

// halfOp is one operation of a format; a NaN rejects the kernel (its bits
// depend on the hardware).
func (th *thread) halfOp(f hformat, op string, a, b uint16, node any) uint16 {
	if op != "+" && op != "-" && op != "*" && op != "/" {
		fail(errOther, node, "half %s", op)
	}
	r, ok := f.op(op, a, b)
	if !ok {
		fail(errOther, node, "half %s gives NaN", op)
	}
	return r
}

// halfCompare compares two __half or __nv_bfloat16 values (IEEE: a NaN is
// unordered, and != is true of it).
func (th *thread) halfCompare(op string, x, y value, node any) value {
	r := value{t: tBool, nd: x.nd || y.nd, mem: x.mem || y.mem}
	if r.nd {
		return r
	}
	f := formatOf(x.t)
	a, b := f.value(uint16(x.i)), f.value(uint16(y.i))
	var c bool
	switch op {
	case "<":
		c = a < b
	case "<=":
		c = a <= b
	case ">":
		c = a > b
	case ">=":
		c = a >= b
	case "==":
		c = a == b
	case "!=":
		c = !(a == b)
	}
	r.i = b2i(c)
	return r
}

// hcall evaluates a call of the CUDA headers.
func (th *thread) hcall(e *HCall) value {
	if collectives[e.Fn] {
		return th.collective(e)
	}
	if e.Fn == "__activemask" {
		return value{t: tUint, i: int64(th.liveMask())}
	}
	args := make([]value, len(e.Args))
	nd, mem := false, false
	for i, a := range e.Args {
		args[i] = th.eval(a)
		nd, mem = nd || args[i].nd, mem || args[i].mem
	}
	if f, ok := intIntrinsics[e.Fn]; ok {
		r := value{t: tInt, nd: nd, mem: mem}
		if e.Fn == "__brev" {
			r.t = tUint
		}
		if !nd {
			r.i = f(uint32(args[0].i))
		}
		return r
	}
	sig := halfSigs[e.Fn]
	var h *Type
	for i, p := range sig.params {
		if p == "H" {
			h = args[i].t
		}
	}
	rt := sigType(sig.ret, h)
	r := value{t: rt, nd: nd, mem: mem}
	if nd {
		return r // a half read from memory the kernel writes: the schedule's
	}
	bits := func(i int) uint16 { return uint16(args[i].i) }
	switch e.Fn {
	case "__float2half", "__float2half_rn":
		r.i = int64(fmtHalf.fromFloat(float64(args[0].f)))
	case "__float2bfloat16", "__float2bfloat16_rn":
		r.i = int64(fmtBF16.fromFloat(float64(args[0].f)))
	case "__int2half_rn":
		r.i = int64(fmtHalf.fromFloat(float64(args[0].i)))
	case "__int2bfloat16_rn":
		r.i = int64(fmtBF16.fromFloat(float64(args[0].i)))
	case "__half2float", "__bfloat162float":
		v := formatOf(args[0].t).value(bits(0))
		if math.IsNaN(v) {
			fail(errOther, e, "NaN converted to float")
		}
		r.f = float32(v)
	case "__half2int_rz", "__bfloat162int_rz", "__half2int_rn", "__bfloat162int_rn":
		rn := e.Fn[len(e.Fn)-2:] == "rn"
		r.i = formatOf(args[0].t).toInt(bits(0), rn)
	case "__floats2half2_rn":
		r.i = int64(fmtHalf.fromFloat(float64(args[0].f))) | int64(fmtHalf.fromFloat(float64(args[1].f)))<<16
	case "__halves2half2":
		r.i = int64(bits(0)) | int64(bits(1))<<16
	case "__low2half":
		r.i = int64(uint16(args[0].i))
	case "__high2half":
		r.i = int64(uint16(args[0].i >> 16))
	case "__low2float", "__high2float":
		b := uint16(args[0].i)
		if e.Fn == "__high2float" {
			b = uint16(args[0].i >> 16)
		}
		r.f = float32(fmtHalf.value(b))
	case "__hadd2", "__hsub2", "__hmul2":
		return th.halfArith(map[string]string{"__hadd2": "+", "__hsub2": "-", "__hmul2": "*"}[e.Fn], args[0], args[1], e)
	case "__hfma2":
		lo := th.halfFMA(fmtHalf, uint16(args[0].i), uint16(args[1].i), uint16(args[2].i), e)
		hi := th.halfFMA(fmtHalf, uint16(args[0].i>>16), uint16(args[1].i>>16), uint16(args[2].i>>16), e)
		r.i = int64(lo) | int64(hi)<<16
	case "__hadd", "__hsub", "__hmul", "__hdiv":
		return th.halfArith(map[string]string{"__hadd": "+", "__hsub": "-", "__hmul": "*", "__hdiv": "/"}[e.Fn], args[0], args[1], e)
	case "__hfma":
		r.i = int64(th.halfFMA(formatOf(h), bits(0), bits(1), bits(2), e))
	case "__hneg":
		r.i = int64(bits(0) ^ formatOf(h).signBit())
	case "__hmax", "__hmin":
		r.i = int64(halfMinMax(formatOf(h), bits(0), bits(1), e.Fn == "__hmax"))
	case "__heq", "__hne", "__hlt", "__hle", "__hgt", "__hge":
		op := map[string]string{"__heq": "==", "__hne": "!=", "__hlt": "<", "__hle": "<=", "__hgt": ">", "__hge": ">="}[e.Fn]
		c := th.halfCompare(op, args[0], args[1], e)
		if e.Fn == "__hne" {
			// __hne is the ordered comparison: false for a NaN
			f := formatOf(h)
			c.i = b2i(f.value(bits(0)) < f.value(bits(1)) || f.value(bits(0)) > f.value(bits(1)))
		}
		return c
	default:
		fail(errOther, e, "cannot evaluate %s", e.Fn)
	}
	if rt.halfish() {
		th.noNaN(r, e)
	}
	return r
}

// noNaN rejects a deterministic half value that is a NaN.
func (th *thread) noNaN(v value, node any) {
	f := formatOf(v.t)
	if v.t.K == KHalf2 {
		if f.isNaN(uint16(v.i)) || f.isNaN(uint16(v.i>>16)) {
			fail(errOther, node, "NaN half")
		}
		return
	}
	if f.isNaN(uint16(v.i)) {
		fail(errOther, node, "NaN half")
	}
}

func (th *thread) halfFMA(f hformat, a, b, c uint16, node any) uint16 {
	r, ok := f.fma(a, b, c)
	if !ok {
		fail(errOther, node, "half fma gives NaN")
	}
	return r
}

// halfMinMax is __hmax or __hmin: the other operand when one is a NaN, and
// +0 above -0.
func halfMinMax(f hformat, a, b uint16, isMax bool) uint16 {
	switch {
	case f.isNaN(a):
		return b
	case f.isNaN(b):
		return a
	}
	x, y := f.value(a), f.value(b)
	if x == y {
		// equal, or zeros of either sign: max prefers +0, min -0
		if (a&f.signBit() == 0) == isMax {
			return a
		}
		return b
	}
	if (x > y) == isMax {
		return a
	}
	return b
}

// atomOp runs an operation of a scoped atomic.
func (th *thread) atomOp(e *AtomOp) value {
	var l loc
	var xt *Type
	if e.Ref != nil {
		b := th.lookup(e.Ref)
		if b.ref == nil {
			fail(errOther, e, "atomic_ref %s unbound", e.Ref.Name)
		}
		l = *b.ref
	} else {
		l = th.lval(e.X)
		xt = l.t
		if l.t.K == KAtomic {
			l.t = l.t.Elem
		}
	}
	o := l.obj
	switch {
	case o.sp == spLocal:
		fail(errOther, e, "atomic on local memory")
	case o.input:
		fail(errOther, e, "atomic on input %s", o.owner.Name)
	case o.owner.Elect:
		fail(errOther, e, "atomic on election cell %s", o.owner.Name)
	}
	var args []value
	for _, a := range e.Args {
		if e.Method == "compare_exchange_strong" && len(args) == 0 {
			args = append(args, value{})
			continue
		}
		args = append(args, th.eval(a))
	}
	block := atomOpScope(e, xt) == "block"
	mode := mAtomic
	switch {
	case e.Method == "load" && block:
		mode = mAtomicLoadBlock
	case e.Method == "load":
		mode = mAtomicLoad
	case block:
		mode = mAtomicBlock
	}
	switch e.Method {
	case "fetch_add", "fetch_sub":
		th.atomicOperand(l.t, "Add", args[0], e)
	case "fetch_and", "fetch_or", "fetch_xor":
		th.atomicOperand(l.t, "And", args[0], e)
	case "fetch_min", "fetch_max", "exchange", "store":
		th.atomicOperand(l.t, "Exch", args[0], e)
	case "compare_exchange_strong":
		th.atomicOperand(l.t, "Exch", args[1], e)
	}
	th.in.access(th, l, mode, fullWord, e, wbytes{})
	if o.owner.Counter {
		op := map[string]string{"fetch_add": "Add", "fetch_sub": "Sub"}[e.Method]
		if op == "" {
			fail(errOther, e, "%s on a counter", e.Method)
		}
		return th.counter(&Atomic{Op: op}, l, args[0])
	}
	switch e.Method {
	case "store":
		return value{t: tVoid}
	case "compare_exchange_strong":
		// expected gets the value the object held: the schedule's
		el := th.lval(e.Args[0])
		th.store(el, value{t: el.t, nd: true}, e.Args[0])
		return value{t: tBool, nd: true}
	}
	return value{t: l.t, nd: true}
}

// atomicOperand checks the operand of an atomic on int memory as atomic
// does: additions small enough, masks of a byte, stored values in range,
// so that no schedule overflows.
func (th *thread) atomicOperand(t *Type, op string, v value, node Expr) {
	if t.K != KInt {
		return
	}
	switch op {
	case "Add":
		if v.nd || v.i > ndAddMax || v.i < -ndAddMax {
			fail(errND, node, "atomic add of an int by %d could overflow", v.i)
		}
	case "And":
		if v.nd || v.i < 0 || v.i > ndMaskMax {
			fail(errND, node, "atomic mask of an int with %d", v.i)
		}
	default:
		th.checkStored(v, t, node)
	}
}

// liveMask is the mask of the threads of the caller's warp.
func (th *thread) liveMask() uint32 {
	n := th.warpLanes()
	if n >= 32 {
		return 0xffffffff
	}
	return uint32(1)<<n - 1
}

// warpLanes is the number of threads of the caller's warp.
func (th *thread) warpLanes() int {
	w := th.in.p.warp()
	return min(w, th.in.p.threads()-th.warp*w)
}

// collCall is a thread's call of a collective, waiting for its warp.
type collCall struct {
	site *HCall
	mask uint32
	val  value
	arg  int64 // the shuffle's lane, delta or lane mask
	wid  int64 // the shuffle's width
	res  value
	pred bool
}

// collective evaluates the arguments of a collective and waits for the
// warp's result.
func (th *thread) collective(e *HCall) value {
	c := th.coop
	if c == nil {
		fail(errOther, e, "warp collective outside a coroutine run")
	}
	call := &collCall{site: e}
	m := th.det(th.eval(e.Args[0]), e.Args[0], false)
	call.mask = uint32(m.i)
	call.val = th.eval(e.Args[1])
	switch e.Fn {
	case "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync":
		a := th.det(th.eval(e.Args[2]), e.Args[2], false)
		call.arg = a.i
		call.wid = int64(th.in.p.warp())
		if len(e.Args) == 4 {
			call.wid = th.det(th.eval(e.Args[3]), e.Args[3], false).i
		}
	case "__all_sync", "__any_sync", "__ballot_sync":
		call.val = value{t: tInt, i: b2i(call.val.truth()), nd: call.val.nd, mem: call.val.mem}
	}
	if e.Fn == "__match_all_sync" {
		// the predicate's lvalue, evaluated before the call
		pl := th.lval(e.Args[2].(*AddrOf).X)
		c.wait(th, call)
		th.store(pl, value{t: tInt, i: b2i(call.pred), nd: call.res.nd, mem: call.res.mem}, e.Args[2])
		return call.res
	}
	c.wait(th, call)
	return call.res
}

// coop runs the threads of one block as coroutines (see the file's
// comment).
type coop struct {
	in      *interp
	threads []*thread
	state   []int // coRun, coWait, coDone
	calls   []*collCall
	resume  []chan struct{}
	started []bool
	events  chan coEvent
	quit    chan struct{}
}

const (
	coRun = iota
	coWait
	coDone
)

type coEvent struct {
	t     int
	panic any
}

// coQuit unwinds a waiting coroutine when the run is abandoned.
type coQuit struct{}

// wait parks the calling thread until its warp's call completes.
func (c *coop) wait(th *thread, call *collCall) {
	c.calls[th.lin] = call
	c.state[th.lin] = coWait
	c.events <- coEvent{t: th.lin}
	select {
	case <-c.resume[th.lin]:
	case <-c.quit:
		panic(coQuit{})
	}
}

// runCoop runs the threads of a block to their end.
func (in *interp) runCoop(threads []*thread, globals, shared map[*Var]*object) {
	n := len(threads)
	c := &coop{in: in, threads: threads, state: make([]int, n), calls: make([]*collCall, n),
		resume: make([]chan struct{}, n), started: make([]bool, n), events: make(chan coEvent), quit: make(chan struct{})}
	for t, th := range threads {
		th.coop = c
		c.resume[t] = make(chan struct{})
	}
	defer close(c.quit) // releases the coroutines still waiting when the run fails
	step := func(t int) {
		if !c.started[t] {
			c.started[t] = true
			th := threads[t]
			go func() {
				defer func() {
					if r := recover(); r != nil {
						if _, ok := r.(coQuit); ok {
							return
						}
						c.events <- coEvent{t: t, panic: r}
					}
				}()
				th.runKernel(globals, shared)
				c.state[t] = coDone
				c.events <- coEvent{t: t}
			}()
		} else {
			c.resume[t] <- struct{}{}
		}
		ev := <-c.events
		if ev.panic != nil {
			panic(ev.panic)
		}
	}
	for {
		for t := 0; t < n; t++ {
			if c.state[t] == coRun {
				step(t)
			}
		}
		done, progressed := true, false
		W := in.p.warp()
		for base := 0; base < n; base += W {
			lanes := c.state[base:min(base+W, n)]
			waiting, ended := 0, 0
			for _, s := range lanes {
				switch s {
				case coWait:
					waiting++
				case coDone:
					ended++
				}
			}
			if waiting == 0 {
				continue
			}
			done = false
			site := c.calls[base+firstWaiting(lanes)].site
			if ended > 0 {
				fail(errOther, site, "warp collective %s not reached by every lane of warp %d", site.Fn, base/W)
			}
			same := true
			for k := range lanes {
				same = same && c.calls[base+k].site == site
			}
			if !same {
				continue // another warp may complete first; if none does, the kernel is rejected below
			}
			c.complete(base, len(lanes))
			for k := range lanes {
				c.state[base+k] = coRun
			}
			progressed = true
		}
		if done {
			return
		}
		if !progressed {
			for t := 0; t < n; t++ {
				if c.state[t] == coWait {
					fail(errOther, c.calls[t].site, "the lanes of a warp wait at different warp collectives")
				}
			}
		}
	}
}

func firstWaiting(states []int) int {
	for k, s := range states {
		if s == coWait {
			return k
		}
	}
	return 0
}

// complete computes the results of the n lanes of the warp at base, all
// at one call site.
func (c *coop) complete(base, n int) {
	calls := c.calls[base : base+n]
	site := calls[0].site
	W := c.in.p.warp()
	live := uint32(0xffffffff)
	if n < 32 {
		live = uint32(1)<<n - 1
	}
	for t, ct := range calls {
		if ct.mask>>t&1 == 0 {
			fail(errOther, site, "lane %d calls %s with mask %#x, which leaves it out", t, site.Fn, ct.mask)
		}
		P := ct.mask & live
		for p := 0; p < n; p++ {
			if P>>p&1 == 1 && calls[p].mask != ct.mask {
				fail(errOther, site, "lanes %d and %d call %s with masks %#x and %#x", t, p, site.Fn, ct.mask, calls[p].mask)
			}
		}
		ct.res = collResult(site, calls, t, P, W)
	}
}

// collResult is lane t's result of a collective whose participants are
// the lanes of P.
func collResult(site *HCall, calls []*collCall, t int, P uint32, W int) value {
	ct := calls[t]
	var parts []value
	for p := range calls {
		if P>>p&1 == 1 {
			parts = append(parts, calls[p].val)
		}
	}
	nd, mem := false, false
	for _, v := range parts {
		nd, mem = nd || v.nd, mem || v.mem
	}
	switch site.Fn {
	case "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync":
		w := ct.wid
		if w < 1 || w > int64(W) || w&(w-1) != 0 {
			fail(errOther, site, "%s with width %d", site.Fn, w)
		}
		src := shflSource(site.Fn, int64(t), ct.arg, w)
		if src != int64(t) && (src < 0 || src >= int64(len(calls)) || P>>src&1 == 0) {
			fail(errOther, site, "lane %d shuffles from lane %d, which does not take part", t, src)
		}
		return calls[src].val
	case "__all_sync", "__any_sync", "__ballot_sync":
		var r int64
		all, any := true, false
		for p := range calls {
			if P>>p&1 == 1 {
				b := calls[p].val.i != 0
				all, any = all && b, any || b
				if b {
					r |= 1 << p
				}
			}
		}
		switch site.Fn {
		case "__all_sync":
			return value{t: tInt, i: b2i(all), nd: nd, mem: mem}
		case "__any_sync":
			return value{t: tInt, i: b2i(any), nd: nd, mem: mem}
		}
		return value{t: tUint, i: r, nd: nd, mem: mem}
	case "__match_any_sync", "__match_all_sync":
		var r int64
		all := true
		for p := range calls {
			if P>>p&1 == 1 {
				if sameBits(calls[p].val, ct.val) {
					r |= 1 << p
				} else {
					all = false
				}
			}
		}
		if site.Fn == "__match_all_sync" {
			ct.pred = all
			// the lanes that take part, not the mask as written: on an
			// H100 a full mask in a one-thread block gives 1 (the GPU
			// cross-check, internal/proofs/gpucheck, values.cu)
			r = 0
			if all {
				r = int64(P)
			}
		}
		return value{t: tUint, i: r, nd: nd, mem: mem}
	}
	// reductions, over the 32 bits of the values
	t0 := ct.val.t
	var r uint32
	for k, v := range parts {
		x := uint32(v.i)
		switch site.Fn {
		case "__reduce_add_sync":
			r += x
		case "__reduce_and_sync":
			if k == 0 {
				r = x
			}
			r &= x
		case "__reduce_or_sync":
			r |= x
		case "__reduce_xor_sync":
			r ^= x
		case "__reduce_min_sync", "__reduce_max_sync":
			less := x < r
			if t0.K == KInt {
				less = int32(x) < int32(r)
			}
			if k == 0 || less == (site.Fn == "__reduce_min_sync") && x != r {
				r = x
			}
		}
	}
	res := value{t: t0, i: int64(r), nd: nd, mem: mem}
	if t0.K == KInt {
		res.i = int64(int32(r))
	}
	return res
}

// sameBits says whether two values of a match have the same bits.
func sameBits(a, b value) bool {
	if a.t.K == KFloat {
		return math.Float32bits(a.f) == math.Float32bits(b.f)
	}
	return uint32(a.i) == uint32(b.i)
}

// shflSource is the lane whose value a shuffle of lane t returns (PTX
// shfl.sync): outside the lane's segment of w lanes, its own value,
// except that __shfl_sync wraps within the segment and __shfl_xor_sync may
// read earlier segments.
func shflSource(fn string, t, arg, w int64) int64 {
	seg, pos := t&^(w-1), t&(w-1)
	switch fn {
	case "__shfl_sync":
		return seg | arg&(w-1)
	case "__shfl_up_sync":
		d := int64(uint32(arg))
		if pos >= d {
			return t - d
		}
	case "__shfl_down_sync":
		d := int64(uint32(arg))
		if pos+d < w {
			return t + d
		}
	case "__shfl_xor_sync":
		j := t ^ int64(uint32(arg))
		if j <= seg|(w-1) {
			return j
		}
	}
	return t
}
