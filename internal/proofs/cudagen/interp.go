package cudagen

import (
	"cmp"
	"fmt"
	"math"
	"math/big"
)

// This file is a reference interpreter of generated kernels: it runs every
// thread of the concrete launch with C++'s exact semantics (32-bit int and
// unsigned arithmetic, integral promotions and the usual arithmetic
// conversions, narrowing casts, float to int truncation) and reports:
//
//   - the sizes every array needs (the largest index each is accessed at),
//     so that arrays can be declared to fit, and every index that is
//     negative;
//   - undefined behaviour (signed overflow, division by zero, shifts out of
//     range, float to int out of range, reads of uninitialized locals),
//     loops that run too long, and non-determinism that would matter;
//   - the verdict: a data race (two threads of one block in one barrier
//     interval, not ordered by a warp barrier either when they are of one
//     warp, or two threads of different blocks on global memory, hit
//     one byte, one of them writing, not both atomically: scalars cover
//     the 4 bytes of their word, __builtin_memcpy and __builtin_memset the
//     bytes they copy or set, as ThreadSanitizer sees them) or a barrier
//     divergence (the threads of a block pass different sequences of block
//     barriers, or the threads of a warp different sequences of barriers,
//     warp barriers included: a warp barrier some threads of a warp do not
//     reach, or reach in another order with a block barrier, would hang).
//
// Warps are Program.Warp threads of consecutive linear index. A warp
// barrier (__syncwarp() with the full mask) orders the threads of one warp
// and nothing else: two accesses race when their threads are of different
// warps and in one block interval, or of one warp and in one warp interval
// (between two barriers of either kind).
//
// A grid barrier (cooperative_groups::this_grid().sync()) is a block
// barrier that also orders the blocks: two blocks race on global memory
// when they are in one grid interval, and blocks that pass different
// sequences of grid barriers diverge.
//
// Threads run one after the other (a block with warp collectives as
// coroutines that meet at each call: interp_header.go); a thread's
// barriers only number its barrier intervals. That is exact because no value that depends on the
// schedule may decide control flow or an index: the values read from
// shared or global memory that the kernel writes (and the values atomics
// and __syncthreads_count & co. return) are tagged non-deterministic
// ("nd"), and using an nd value in a condition, an index, a divisor, a
// shift amount or a float-to-int conversion is an error (the kernel is
// rejected). nd integers may only be combined with small deterministic
// operands (+ and - by at most 64, bitwise with masks of at most 255), so
// that no interleaving can make them overflow: values stored to int memory
// stay below 2^20 in magnitude plus 64 per step of the whole run (below
// 2^28 when __builtin_memset writes bytes of at most 15 and
// __builtin_memcpy moves bytes within their position in a word).
//
// Memory is modelled by words, and __builtin_memcpy and __builtin_memset by
// bytes: they work on one-dimensional objects whose element size is known
// while the kernel runs (scalars, structs without array members), within
// one object each, and memcpy keeps a byte's position in its word (the
// destination and source offsets are equal modulo 4, and every word copied
// has the type of its source), so that a local word they write partly is
// exactly the merge of its old and new bytes.
// Read-only input arrays have known contents (Var.Init*), so indices may
// depend on them.

// Limits of a run.
const (
	maxIter     = 32      // iterations of one execution of a loop
	maxSteps    = 6000    // statements executed by one thread
	maxIndex    = 1 << 14 // any index beyond is an error
	maxStoreInt = 1 << 20 // deterministic int values stored to memory
	ndAddMax    = 64      // deterministic operand of + and - with an nd int
	ndMaskMax   = 255     // deterministic operand of & | ^ with an nd int
	dynWords    = 4096    // extern __shared__: 16 KiB per block
)

type space int

const (
	spLocal space = iota
	spShared
	spGlobal
)

// object is one piece of memory: a local scalar or array, a shared scalar
// or array of one block, a global array.
type object struct {
	id    int
	sp    space
	owner *Var // the declaring variable (the size fits it)
	elem  *Type
	dims  int   // 0 scalar, 1, 2
	limit int64 // fixed number of elements (scalars: 1, dyn), 0 when fitted
	input bool
	zero  bool // local array: missing cells read as zero
	cells map[cellKey]value
}

type cellKey struct {
	i, j int64
	w    int
}

// loc is an lvalue: a scalar (or struct) at element (i, j), word w.
type loc struct {
	obj  *object
	i, j int64
	w    int
	t    *Type
	fld  *Field // inside an array member: its field and index k
	k    int64
}

type ptrKind int

const (
	pkElem   ptrKind = iota // into the elements of a one-dimensional object
	pkMember                // into an array member of element ei
	pkSingle                // to one scalar (offset 0, or 1 one past)
	pkRow                   // into row ei of a two-dimensional object
)

type ptrv struct {
	obj  *object
	kind ptrKind
	i    int64 // offset
	ei   int64 // pkMember, pkSingle: the element
	j    int64
	w    int    // pkMember: word of the member's start; pkSingle: the word
	fld  *Field // pkMember
	elem *Type
}

// value is a value of a scalar or pointer type. i holds integral values
// in the range of their type; nd marks schedule-dependent values, mem
// values computed from memory contents.
type value struct {
	t   *Type
	i   int64
	f   float32
	p   ptrv
	nd  bool
	mem bool
}

// errKind classifies why a program is rejected.
type errKind int

const (
	errNegIndex errKind = iota
	errBigIndex
	errUB
	errND
	errLoop
	errOther
)

// runError is a reason to reject a program, with the node it arises at.
type runError struct {
	kind errKind
	node any
	msg  string
}

func (e *runError) Error() string { return e.msg }

// fit records the largest index of an array (per dimension) and the
// largest pointer offset formed into it.
type fit struct {
	max [2]int64
	ptr int64
}

// Verdict is what the interpreter observes.
type Verdict int

// The verdicts.
const (
	DRF Verdict = iota
	Racy
	Divergent
)

func (v Verdict) String() string { return [...]string{"drf", "racy", "divergent"}[v] }

// Race describes the first race found.
type Race struct {
	Array   string
	Grid    bool // threads of different blocks (else one block)
	Modes   [2]string
	Sites   [2]string
	Threads [2]int // linear thread ids, or block ids for Grid
	Index   [3]int64
	Byte    int // the byte of the word
}

func (r *Race) String() string {
	lvl := "block"
	if r.Grid {
		lvl = "grid"
	}
	at := ""
	if r.Byte != 0 {
		at = fmt.Sprintf(" byte %d", r.Byte)
	}
	return fmt.Sprintf("%s race on %s[%d][%d]+%d%s: %s %s by %d, %s %s by %d", lvl, r.Array,
		r.Index[0], r.Index[1], r.Index[2], at, r.Modes[0], r.Sites[0], r.Threads[0], r.Modes[1], r.Sites[1], r.Threads[1])
}

// Result is the outcome of a run.
type Result struct {
	Verdict Verdict
	Race    *Race // the first race, even when the verdict is Divergent
	// Harmful says that some race is not benign: a read or an atomic
	// against a write, or two writes that put different bytes in a byte
	// both touch (harmful.go). Two writes of one byte value are the
	// benign races drfcheck may leave out by default.
	Harmful   bool
	DivBlock  int // the block that diverges
	fits      map[any]*fit
	Steps     int
	Accesses  int
	Iter      int // the most iterations of one loop execution
	Barriers  int // barriers passed by thread 0 of block 0
	TooBig    string
	Unchecked bool
}

// cellInfo records, for each byte of a word and each mode, up to two
// threads (or blocks) that accessed it, and the site of the first access
// of each mode.
type cellInfo struct {
	ids  [4][nModes][2]int16
	site [nModes]Expr
	wv   [4]byteWriters // writes of known bytes, for Result.Harmful
	// fwd marks the reads of ids[b][mRead] that read back the thread's
	// own write (harmful.go: never harmful)
	fwd [4][2]bool
}

// fullWord is the byte mask of a whole word.
const fullWord = 0xf

// raceKey is a cell in one interval: a block interval when warp is -1,
// else an interval of warp warp (epoch counts the barriers of both kinds).
type raceKey struct {
	obj   int
	epoch int
	warp  int
	c     cellKey
}

type interp struct {
	p      *Program
	ti     *typeInfo
	nextID int
	fits   map[any]*fit
	blk    map[raceKey]*cellInfo
	grid   map[raceKey]*cellInfo
	res    *Result
	block  int
	// ctr holds the values of the cells of counter arrays (Var.Counter),
	// by object and element, as the thread-by-thread run leaves them.
	ctr map[[2]int64]int64
	// vars holds the memory of the variables of namespace scope.
	vars map[*Var]*object
	// ewPrev holds the writes to election cells (Var.Elect) of the previous
	// run, which this run's reads of them return; ew those of this run
	// (genelect.go); ewCell indexes ewPrev by cell.
	ewPrev, ew []electWrite
	ewCell     map[electCell][]int
	// ewOwn indexes ew by thread and cell: a thread reads its own writes
	// of this run (program order orders them), so that a chain of them
	// (a count kept in a cell) settles in one run
	ewOwn map[ownCell][]int
}

// ownCell is an election cell of one thread's writes.
type ownCell struct {
	c       electCell
	blk, th int
}

// run interprets the program over its whole launch (again while the
// writes to election cells change: genelect.go).
func run(p *Program, ti *typeInfo) (*Result, error) { return runElect(p, ti) }

// runPass interprets the program over its whole launch once, the reads of
// election cells returning what the writes of prev leave there.
func runPass(p *Program, ti *typeInfo, prev []electWrite) (res *Result, ew []electWrite, err error) {
	in := &interp{p: p, ti: ti, fits: map[any]*fit{}, grid: map[raceKey]*cellInfo{}, res: &Result{}, ctr: map[[2]int64]int64{}, ewPrev: prev,
		ewCell: map[electCell][]int{}, ewOwn: map[ownCell][]int{}}
	for k, w := range prev {
		c := electCell{w.owner, w.i, w.j, w.w}
		in.ewCell[c] = append(in.ewCell[c], k)
	}
	in.res.fits = in.fits
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*runError)
			if !ok {
				panic(r)
			}
			res, ew, err = nil, nil, e
		}
	}()
	globals := map[*Var]*object{}
	for _, v := range p.Kernel.Params {
		if v.T.K == KPtr {
			globals[v] = in.newObj(spGlobal, v, v.T.Elem, 1, 0)
			globals[v].input = v.Input
		}
	}
	in.namespaceObjects(globals)
	nb := p.blocks()
	coll := hasCollectives(p) // the threads of a block run as coroutines (interp_header.go)
	var gbars0 []any          // the grid barriers of block 0
	for b := 0; b < nb; b++ {
		in.block = b
		in.blk = map[raceKey]*cellInfo{}
		shared := map[*Var]*object{}
		for _, s := range p.Kernel.Body.Stmts {
			d, ok := s.(*Decl)
			if !ok {
				continue
			}
			switch d.V.Kind {
			case VShared:
				limit := int64(0)
				if len(d.V.Dims) == 0 {
					limit = 1
				}
				shared[d.V] = in.newObj(spShared, d.V, d.V.T, len(d.V.Dims), limit)
			case VDyn:
				shared[d.V] = in.newObj(spShared, d.V, d.V.T, 1, dynWords)
			}
		}
		bid := [3]int64{int64(b % p.Grid[0]), int64(b / p.Grid[0] % p.Grid[1]), int64(b / (p.Grid[0] * p.Grid[1]))}
		var bars [][]any
		var gbars []any // the grid barriers of the block's first thread
		threads := make([]*thread, p.threads())
		for t := range threads {
			th := &thread{in: in, lin: t, bid: bid, blin: b, warp: t / p.warp(), other: -1}
			th.tidx = [3]int64{int64(t % p.Block[0]), int64(t / p.Block[0] % p.Block[1]), int64(t / (p.Block[0] * p.Block[1]))}
			threads[t] = th
		}
		if coll {
			in.runCoop(threads, globals, shared)
		}
		for t, th := range threads {
			if !coll {
				th.runKernel(globals, shared)
			}
			bars = append(bars, th.bars)
			if t == 0 {
				gbars = th.gbars
			}
			in.res.Steps += th.steps
			if b == 0 && t == 0 {
				in.res.Barriers = len(th.bars)
			}
		}
		if in.res.Verdict != Divergent && diverges(bars, p.warp()) {
			in.res.Verdict = Divergent
			in.res.DivBlock = b
		}
		if b == 0 {
			gbars0 = gbars
		} else if in.res.Verdict != Divergent && !sameBarriers(gbars, gbars0) {
			in.res.Verdict = Divergent
			in.res.DivBlock = b
		}
	}
	if in.res.Verdict == DRF && in.res.Race != nil {
		in.res.Verdict = Racy
	}
	return in.res, in.ew, nil
}

// diverges says whether the threads of a block, which passed the barriers
// bars (block and warp barriers, in order), diverge: they pass different
// sequences of block barriers, or the threads of a warp (w threads of
// consecutive index) different sequences of barriers of both kinds.
func diverges(bars [][]any, w int) bool {
	blockOnly := func(bs []any) []any {
		var out []any
		for _, b := range bs {
			if s, ok := b.(*Sync); !ok || !warpBarrier(s) {
				out = append(out, b)
			}
		}
		return out
	}
	first := blockOnly(bars[0])
	for t, bs := range bars {
		if !sameBarriers(bs, bars[t-t%w]) || !sameBarriers(blockOnly(bs), first) {
			return true
		}
	}
	return false
}

func sameBarriers(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (in *interp) newObj(sp space, owner *Var, elem *Type, dims int, limit int64) *object {
	in.nextID++
	o := &object{id: in.nextID, sp: sp, owner: owner, elem: elem, dims: dims, limit: limit}
	if sp == spLocal {
		o.cells = map[cellKey]value{}
	}
	return o
}

func fail(kind errKind, node any, format string, args ...any) {
	panic(&runError{kind: kind, node: node, msg: fmt.Sprintf(format, args...)})
}

// record notes an index into a fitted array.
func (in *interp) record(key any, dim int, i int64, node any) {
	if i < 0 {
		fail(errNegIndex, node, "negative index %d", i)
	}
	if i > maxIndex {
		fail(errBigIndex, node, "index %d too large", i)
	}
	f := in.fits[key]
	if f == nil {
		f = &fit{max: [2]int64{-1, -1}}
		in.fits[key] = f
	}
	f.max[dim] = max(f.max[dim], i)
}

func (in *interp) recordPtr(key any, off int64, node any) {
	if off < 0 {
		fail(errNegIndex, node, "pointer offset %d", off)
	}
	if off > maxIndex {
		fail(errBigIndex, node, "pointer offset %d too large", off)
	}
	f := in.fits[key]
	if f == nil {
		f = &fit{max: [2]int64{-1, -1}}
		in.fits[key] = f
	}
	f.ptr = max(f.ptr, off)
}

// access records a shared or global memory access for race detection: the
// bytes of mask (bit b for byte b) of the word at l. mode: 0 read, 1
// write, 2 atomic, and the modes of genheader.go's atomics (atomic loads,
// block-scoped atomics: modeNames). An element of an array of 2-byte
// values (__half) is bytes of the word of its pair.
// data holds the bytes a write puts in the word (byte b in bits 8b to
// 8b + 7) when they are known (see wordBytes).
func (in *interp) access(th *thread, l loc, mode int, mask int, site Expr, data wbytes) {
	if l.obj.sp == spLocal {
		return
	}
	in.res.Accesses++
	key := cellKey{l.i, l.j, l.w}
	if l.t.bytes() == 2 {
		key.i, mask = l.i/2, 3<<(2*(l.i%2))
		data.bits <<= 16 * (l.i % 2)
	}
	// threads of different warps in one block interval, and threads of one
	// warp in one warp interval; the intervals of a memory are those of
	// the barriers that order it (all but OpenCL's with one fence)
	skip := th.lskip
	if l.obj.sp == spGlobal {
		skip = th.gskip
	}
	wk := raceKey{l.obj.id, th.wepoch - skip, th.warp, key}
	fwd := th.forwarded(wk, mode, mask)
	in.note(in.blk, raceKey{l.obj.id, th.epoch - skip, -1, key}, int32(th.lin), mode, mask, site, l, false, in.p.warp(), data, fwd)
	in.note(in.blk, wk, int32(th.lin), mode, mask, site, l, false, 0, data, fwd)
	if l.obj.sp == spGlobal && in.p.blocks() > 1 {
		in.note(in.grid, raceKey{l.obj.id, th.gepoch, -1, key}, int32(th.blin), mode, mask, site, l, true, 0, data, fwd)
	}
}

// The modes of accesses: plain reads and writes, atomics (that write) and
// atomic loads, of the device's scope or of the block's (genheader.go).
const (
	mRead = iota
	mWrite
	mAtomic
	mAtomicLoad
	mAtomicBlock
	mAtomicLoadBlock
	nModes
)

// conflicts lists, for each mode, the modes it races with between two
// threads of one block: a read with a write or an atomic (which writes), a
// write with anything, an atomic with plain accesses, an atomic load with
// plain writes. gridConflicts is the same between two blocks, where a
// block-scoped atomic is atomic towards nothing: it races with every
// access of the other block but a load when it is a load itself (the PTX
// memory model: two atomics are morally strong only when each one's scope
// includes the other's thread). Both are symmetric: threads run one after
// the other, so either access of a pair may be the one that finds the
// other.
var conflicts = [nModes][]int{
	mRead:            {mWrite, mAtomic, mAtomicBlock},
	mWrite:           {mRead, mWrite, mAtomic, mAtomicLoad, mAtomicBlock, mAtomicLoadBlock},
	mAtomic:          {mRead, mWrite},
	mAtomicLoad:      {mWrite},
	mAtomicBlock:     {mRead, mWrite},
	mAtomicLoadBlock: {mWrite},
}
var gridConflicts = [nModes][]int{
	mRead:            {mWrite, mAtomic, mAtomicBlock},
	mWrite:           {mRead, mWrite, mAtomic, mAtomicLoad, mAtomicBlock, mAtomicLoadBlock},
	mAtomic:          {mRead, mWrite, mAtomicBlock, mAtomicLoadBlock},
	mAtomicLoad:      {mWrite, mAtomicBlock},
	mAtomicBlock:     {mRead, mWrite, mAtomic, mAtomicLoad, mAtomicBlock, mAtomicLoadBlock},
	mAtomicLoadBlock: {mWrite, mAtomic, mAtomicBlock},
}
var modeNames = [nModes]string{"read", "write", "atomic", "atomic load", "block-scoped atomic", "block-scoped atomic load"}

var noIDs = [nModes][2]int16{{-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}}

// note records an access by thread (or block) id32 to the cell k and
// reports the first conflict with another. When w > 0 only threads of
// different warps (of w threads) conflict; the two ids kept per byte and
// mode are then of different warps, so that any thread conflicts with one
// of them if with any.
// fwd: a read of the thread's own write (harmful.go).
func (in *interp) note(m map[raceKey]*cellInfo, k raceKey, id32 int32, mode, mask int, site Expr, l loc, grid bool, w int, data wbytes, fwd bool) {
	id := int16(id32)
	other := func(y int16) bool { return y >= 0 && y != id && (w == 0 || int(y)/w != int(id)/w) }
	ci := m[k]
	if ci == nil {
		ci = &cellInfo{ids: [4][nModes][2]int16{noIDs, noIDs, noIDs, noIDs}}
		for b := range ci.wv {
			ci.wv[b] = noWriters
		}
		m[k] = ci
	}
	if ci.site[mode] == nil {
		ci.site[mode] = site
	}
	for b := 0; b < 4; b++ {
		if mask&(1<<b) == 0 {
			continue
		}
		in.harm(ci, b, mode, data, other, grid, fwd)
		if mode == 1 && data.known {
			ci.wv[b].add(byte(data.bits>>(8*b)), id, other)
		}
		if in.res.Race == nil {
			table := conflicts
			if grid {
				table = gridConflicts
			}
		search:
			for _, c := range table[mode] {
				for _, y := range ci.ids[b][c] {
					if other(y) {
						in.res.Race = &Race{
							Array:   l.obj.owner.Name,
							Grid:    grid,
							Modes:   [2]string{modeNames[c], modeNames[mode]},
							Sites:   [2]string{exprString(ci.site[c]), exprString(site)},
							Threads: [2]int{int(y), int(id)},
							Index:   [3]int64{l.i, l.j, int64(l.w)},
							Byte:    b,
						}
						break search
					}
				}
			}
		}
		ids := &ci.ids[b][mode]
		switch {
		case ids[0] == id || ids[1] == id:
			if mode == mRead && !fwd {
				ci.fwd[b] = [2]bool{ci.fwd[b][0] && ids[0] != id, ci.fwd[b][1] && ids[1] != id}
			}
		case ids[0] < 0:
			ids[0] = id
			ci.fwd[b][0] = mode == mRead && fwd
		case ids[1] < 0 && other(ids[0]):
			ids[1] = id
			ci.fwd[b][1] = mode == mRead && fwd
		}
	}
}

// thread is one CUDA thread being run.
type thread struct {
	in    *interp
	lin   int
	tidx  [3]int64
	bid   [3]int64
	blin  int
	warp  int // lin / the warp size
	epoch int // block barriers passed
	// wepoch counts the barriers of both kinds passed: with the warp, it
	// names the thread's warp interval
	wepoch int
	gepoch int   // grid barriers passed
	eseq   int   // accesses to election cells made (genelect.go)
	ghost  bool  // evaluating a barrier invariant (genbarinv.go)
	other  int   // the other thread of a binary one, -1 outside (genbarinv.go)
	coop   *coop // the scheduler of a block with warp collectives (interp_header.go)
	bars   []any
	gbars  []any // the grid barriers passed
	steps  int
	fr     *frame

	// lskip and gskip count the block barriers passed that do not order
	// shared (OpenCL's __local) or global memory: OpenCL's barriers with
	// one fence (Sync.Fence, print_opencl.go)
	lskip, gskip int
	// own holds the bytes of each cell the thread wrote in each of its
	// warp intervals (harmful.go)
	own map[raceKey]int
}

type binding struct {
	obj *object
	ref *loc
	clo *closure
	fn  *Func // a VFnPtr local: the function it holds
}

// closure is a lambda with its captures: copies made when the lambda was
// ([=]), or the enclosing bindings ([&]).
type closure struct {
	lam *Lambda
	env map[*Var]binding
}

type frame struct {
	fn     *Func
	env    map[*Var]binding
	ret    value
	retLoc loc
}

type ctl int

const (
	ctlNone ctl = iota
	ctlBreak
	ctlContinue
	ctlReturn
)

func (th *thread) runKernel(globals, shared map[*Var]*object) {
	in := th.in
	th.fr = &frame{env: map[*Var]binding{}}
	for v, o := range shared {
		th.fr.env[v] = binding{obj: o}
	}
	for _, v := range in.p.Kernel.Params {
		o := in.newObj(spLocal, v, v.T, 0, 1)
		switch v.T.K {
		case KPtr:
			o.cells[cellKey{}] = value{t: v.T, p: ptrv{obj: globals[v], kind: pkElem, elem: v.T.Elem}}
		case KStruct:
			w := 0
			for i, f := range v.T.S.Fields {
				if f.Arr {
					bufPointers(o, w, f, v, globals)
				} else {
					o.cells[cellKey{w: w}] = value{t: f.T, i: v.Vals[i]}
				}
				w += f.words()
			}
		default:
			o.cells[cellKey{}] = value{t: v.T, i: v.Vals[0]}
		}
		in.aliasParam(v, o, globals) // the host's pointers into one buffer (genhost.go)
		th.fr.env[v] = binding{obj: o}
	}
	th.block(in.p.Kernel.Body)
}

func (th *thread) barrier(node any) {
	th.epoch++
	th.wepoch++
	th.bars = append(th.bars, node)
	if s, ok := node.(*Sync); ok {
		switch s.Fence {
		case fenceLocal:
			th.gskip++
		case fenceGlobal:
			th.lskip++
		}
	}
}

// warpBarrier passes __syncwarp(): the thread's warp interval ends.
func (th *thread) warpBarrier(s *Sync) {
	th.wepoch++
	th.bars = append(th.bars, s)
}

func (th *thread) step(node any) {
	th.steps++
	if th.steps > maxSteps {
		fail(errLoop, node, "more than %d steps", maxSteps)
	}
}

func (th *thread) block(b *Block) ctl {
	for _, s := range b.Stmts {
		if c := th.stmt(s); c != ctlNone {
			return c
		}
	}
	return ctlNone
}

func (th *thread) stmt(s Stmt) ctl {
	th.step(s)
	switch s := s.(type) {
	case *Decl:
		v := s.V
		switch v.Kind {
		case VLocal:
			if v.T.K == KStruct {
				th.structDecl(s)
				break
			}
			x := th.convert(th.eval(s.Init), v.T, s)
			o := th.in.newObj(spLocal, v, v.T, 0, 1)
			o.cells[cellKey{}] = x
			th.fr.env[v] = binding{obj: o}
		case VLambda:
			th.fr.env[v] = binding{clo: th.makeClosure(s.Init.(*Lambda))}
		case VFnPtr:
			th.fr.env[v] = binding{fn: th.fnValue(s.Init)}
		case VRef, VAtomRef:
			l := th.lval(s.Init)
			th.fr.env[v] = binding{ref: &l}
		case VLocalArr:
			if v.T.K == KStruct {
				th.structArray(v)
				break
			}
			o := th.in.newObj(spLocal, v, v.T, 1, 0)
			o.zero = true
			th.fr.env[v] = binding{obj: o}
		}
	case *Assign:
		if r, ok := s.L.(*VarRef); ok && r.V.Kind == VFnPtr {
			th.lookup(r.V)
			th.fr.env[r.V] = binding{fn: th.fnValue(s.R)}
			break
		}
		th.assign(s)
	case *IncDec:
		l := th.lval(s.L)
		old := th.load(l, s.L)
		var x value
		if l.t.K == KPtr {
			d := int64(1)
			if s.Op == "--" {
				d = -1
			}
			x = th.ptrAdd(old, d, s)
		} else {
			x = th.arith(map[string]string{"++": "+", "--": "-"}[s.Op], old, intLit1, usual(l.t, tInt), s)
			x = th.convert(x, l.t, s)
		}
		th.store(l, x, s.L)
	case *ExprStmt:
		th.eval(s.X)
	case *If:
		if th.det(th.eval(s.C), s.C, false).truth() {
			return th.block(s.Then)
		} else if s.Else != nil {
			return th.block(s.Else)
		}
	case *For:
		if s.Init != nil {
			th.stmt(s.Init)
		}
		for it := 0; ; it++ {
			th.iter(it, s)
			if !th.det(th.eval(s.C), s.C, true).truth() {
				break
			}
			c := th.block(s.Body)
			if c == ctlBreak {
				break
			}
			if c == ctlReturn {
				return c
			}
			if s.Post != nil {
				th.stmt(s.Post)
			}
		}
	case *While:
		for it := 0; ; it++ {
			th.iter(it, s)
			if !th.det(th.eval(s.C), s.C, true).truth() {
				break
			}
			c := th.block(s.Body)
			if c == ctlBreak {
				break
			}
			if c == ctlReturn {
				return c
			}
		}
	case *DoWhile:
		for it := 0; ; it++ {
			th.iter(it, s)
			c := th.block(s.Body)
			if c == ctlBreak {
				break
			}
			if c == ctlReturn {
				return c
			}
			if !th.det(th.eval(s.C), s.C, true).truth() {
				break
			}
		}
	case *Switch:
		x := th.det(th.eval(s.X), s.X, false)
		start := -1
		for i, c := range s.Cases {
			for _, v := range c.Vals {
				if v == x.i && start < 0 {
					start = i
				}
			}
		}
		if start < 0 {
			for i, c := range s.Cases {
				if c.Default {
					start = i
				}
			}
		}
		if start < 0 {
			return ctlNone
		}
		for _, c := range s.Cases[start:] {
			r := th.block(&Block{Stmts: c.Body})
			if r == ctlBreak {
				return ctlNone
			}
			if r != ctlNone {
				return r
			}
		}
	case *Break:
		return ctlBreak
	case *Continue:
		return ctlContinue
	case *Return:
		switch {
		case s.X == nil:
		case th.fr.fn != nil && th.fr.fn.RetRef:
			th.fr.retLoc = th.lval(s.X)
		default:
			th.fr.ret = th.eval(s.X)
		}
		return ctlReturn
	case *Sync:
		if s.Op == "__syncthreads" {
			th.barrier(s)
			th.checkInvariants(s)
		} else if s.Op == gridSync {
			th.barrier(s)
			th.gepoch++
			th.gbars = append(th.gbars, s)
		} else if warpBarrier(s) {
			th.warpBarrier(s)
		} else if s.Op == pairRequires {
			th.checkPrecondition(s)
		}
	case *Block:
		return th.block(s)
	}
	return ctlNone
}

func (th *thread) iter(it int, node any) {
	if it > maxIter {
		fail(errLoop, node, "loop runs more than %d times", maxIter)
	}
	th.in.res.Iter = max(th.in.res.Iter, it)
	th.step(node)
}

var intLit1 = value{t: tInt, i: 1}

func (th *thread) assign(s *Assign) {
	if t := th.in.ti.types[s.L]; t != nil && t.K == KStruct {
		// whole-struct assignment: the right operand first, as for the
		// built-in operator
		src := th.lval(s.R)
		dst := th.lval(s.L)
		th.copyStruct(dst, src, s.L, s.R)
		return
	}
	// C++17: the right operand is sequenced before the left one.
	r := th.eval(s.R)
	l := th.lval(s.L)
	if s.Op == "=" {
		th.store(l, th.convert(r, l.t, s), s.L)
		return
	}
	old := th.load(l, s.L)
	op := s.Op[:len(s.Op)-1]
	var x value
	switch {
	case l.t.K == KPtr:
		k := th.index(r, s.R)
		if op == "-" {
			k = -k
		}
		x = th.ptrAdd(old, k, s)
	case op == "<<" || op == ">>":
		x = th.shift(op, old, r, s)
	default:
		x = th.arith(op, old, r, usual(l.t, r.t), s)
	}
	th.store(l, th.convert(x, l.t, s), s.L)
}

func (v value) truth() bool {
	if v.t.K == KFloat {
		return v.f != 0
	}
	return v.i != 0
}

// det checks that a value may decide control flow or an index.
func (th *thread) det(v value, node any, loop bool) value {
	if v.nd {
		fail(errND, node, "schedule-dependent value %s decides control flow or an index", describe(node))
	}
	if loop && v.mem {
		fail(errND, node, "loop condition %s depends on memory contents", describe(node))
	}
	return v
}

func describe(node any) string {
	if e, ok := node.(Expr); ok {
		return exprString(e)
	}
	return fmt.Sprintf("%T", node)
}

// index evaluates an integral index value.
func (th *thread) index(v value, node any) int64 {
	th.det(v, node, false)
	if !v.t.integral() {
		fail(errOther, node, "index of type %s", v.t)
	}
	return v.i
}

func (th *thread) lookup(v *Var) binding {
	b, ok := th.fr.env[v]
	if o := th.in.vars[v]; !ok && o != nil {
		return binding{obj: o} // of namespace scope
	}
	if !ok {
		fail(errOther, v, "unbound variable %s", v.Name)
	}
	return b
}

// lval evaluates an lvalue.
func (th *thread) lval(e Expr) loc {
	switch e := e.(type) {
	case *VarRef:
		b := th.lookup(e.V)
		if b.ref != nil {
			return *b.ref
		}
		return loc{obj: b.obj, t: e.V.T}
	case *Index:
		p := th.ptr(e.X)
		k := th.index(th.eval(e.I), e.I)
		return th.at(p, k, e)
	case *Index2:
		o := th.lookup(e.V).obj
		i := th.index(th.eval(e.I), e.I)
		j := th.index(th.eval(e.J), e.J)
		th.in.record(e.V, 0, i, e.I)
		th.in.record(e.V, 1, j, e.J)
		return loc{obj: o, i: i, j: j, t: e.V.T}
	case *Member:
		l := th.lval(e.X)
		if l.t.K != KStruct {
			fail(errOther, e, "member of a non-struct")
		}
		return loc{obj: l.obj, i: l.i, j: l.j, w: l.w + l.t.S.offset(e.F), t: e.F.T}
	case *Deref:
		return th.at(th.ptr(e.X), 0, e)
	case *Cond:
		if th.det(th.eval(e.C), e.C, false).truth() {
			return th.lval(e.X)
		}
		return th.lval(e.Y)
	case *VecLane:
		p := th.ptr(e.X)
		k := th.index(th.eval(e.I), e.I)
		if p.kind != pkElem || p.obj.dims != 1 || p.elem.K == KStruct {
			fail(errOther, e, "reinterpret_cast of a pointer that is not into a scalar array")
		}
		return th.at(p, 4*k+int64(e.Lane), e)
	case *Call:
		_, l := th.call(e)
		return l
	}
	fail(errOther, e, "not an lvalue: %s", describe(e))
	return loc{}
}

// at is the location p[k].
func (th *thread) at(p ptrv, k int64, node Expr) loc {
	off := p.i + k
	switch p.kind {
	case pkElem:
		if off < 0 {
			fail(errNegIndex, node, "negative index %d", off)
		}
		if p.obj.limit > 0 {
			if off >= p.obj.limit {
				fail(errBigIndex, node, "index %d beyond %d", off, p.obj.limit)
			}
		} else {
			th.in.record(p.obj.owner, 0, off, node)
		}
		return loc{obj: p.obj, i: off, t: p.elem}
	case pkMember:
		th.in.record(p.fld, 0, off, node)
		return loc{obj: p.obj, i: p.ei, j: p.j, w: p.w + int(off), t: p.elem, fld: p.fld, k: off}
	case pkRow:
		th.in.record(p.obj.owner, 1, off, node)
		return loc{obj: p.obj, i: p.ei, j: off, t: p.elem}
	default:
		if off != 0 {
			fail(errBigIndex, node, "offset %d from a pointer to a scalar", off)
		}
		return loc{obj: p.obj, i: p.ei, j: p.j, w: p.w, t: p.elem}
	}
}

func (th *thread) ptrAdd(v value, k int64, node any) value {
	p := v.p
	p.i += k
	switch p.kind {
	case pkElem:
		if p.obj.limit > 0 {
			if p.i < 0 || p.i > p.obj.limit {
				fail(errBigIndex, node, "pointer offset %d beyond %d", p.i, p.obj.limit)
			}
		} else {
			th.in.recordPtr(p.obj.owner, p.i, node)
		}
	case pkMember:
		th.in.recordPtr(p.fld, p.i, node)
	case pkRow:
		if p.i < 0 {
			fail(errNegIndex, node, "pointer offset %d into a row", p.i)
		}
		if p.i > 0 {
			th.in.record(p.obj.owner, 1, p.i-1, node)
		}
	default:
		if p.i < 0 || p.i > 1 {
			fail(errBigIndex, node, "offset %d from a pointer to a scalar", p.i)
		}
	}
	v.p = p
	return v
}

// ptr evaluates a pointer (arrays decay).
func (th *thread) ptr(e Expr) ptrv {
	v := th.eval(e)
	if v.t.K != KPtr {
		fail(errOther, e, "not a pointer")
	}
	return v.p
}

func (th *thread) load(l loc, site Expr) value {
	if l.t.K == KStruct {
		fail(errOther, site, "struct value")
	}
	o := l.obj
	key := cellKey{l.i, l.j, l.w}
	switch o.sp {
	case spLocal:
		v, ok := o.cells[key]
		if !ok {
			if !o.zero {
				fail(errUB, site, "read of an uninitialized local")
			}
			v = value{t: l.t}
		}
		return v
	}
	if th.ghost && o.input {
		// a precondition's read of an input (genpair.go): no access
		return value{t: l.t, i: convertInt(o.owner.initAt(l.i), l.t), f: float32(o.owner.initAt(l.i)), mem: true}
	}
	if th.ghost {
		// a barrier invariant's read (genbarinv.go): no access
		if !o.owner.Elect {
			fail(errOther, site, "a barrier invariant reads %s", o.owner.Name)
		}
		return th.ghostRead(l)
	}
	th.in.access(th, l, 0, fullWord, site, wbytes{})
	if o.input {
		return value{t: l.t, i: convertInt(o.owner.initAt(l.i), l.t), f: float32(o.owner.initAt(l.i)), mem: true}
	}
	if o.owner.Elect {
		return th.electRead(l)
	}
	return value{t: l.t, nd: true}
}

func (th *thread) store(l loc, v value, site Expr) {
	o := l.obj
	if l.t.K == KStruct {
		fail(errOther, site, "struct assignment")
	}
	if o.sp == spLocal {
		o.cells[cellKey{l.i, l.j, l.w}] = v
		return
	}
	if o.input {
		fail(errOther, site, "write to input %s", o.owner.Name)
	}
	th.checkStored(v, l.t, site)
	th.in.access(th, l, 1, fullWord, site, wordBytes(v, l.t))
	if o.owner.Elect {
		th.electStore(l, v, site)
	}
	if o.owner.Counter {
		// a counter reset (racy kernels): later atomics start again from v
		th.det(v, site, false)
		th.in.ctr[[2]int64{int64(o.id), l.i}] = v.i
	}
}

func (th *thread) checkStored(v value, t *Type, site any) {
	if t.K == KInt && !v.nd && (v.i > maxStoreInt || v.i < -maxStoreInt) {
		fail(errUB, site, "value %d stored to int memory is too large", v.i)
	}
}

// convertInt wraps a mathematical integer into the range of an integral
// type (C++20 semantics of integral conversions).
func convertInt(x int64, t *Type) int64 {
	switch t.K {
	case KBool:
		if x != 0 {
			return 1
		}
		return 0
	case KUChar:
		return int64(uint8(x))
	case KShort:
		return int64(int16(x))
	case KInt:
		return int64(int32(x))
	case KUint:
		return int64(uint32(x))
	}
	// long long and unsigned long long: x is already the bit pattern
	return x
}

// convert applies an implicit or explicit conversion.
func (th *thread) convert(v value, to *Type, node any) value {
	if sameType(v.t, to) {
		return v
	}
	if to.K == KPtr || v.t.K == KPtr {
		fail(errOther, node, "pointer conversion")
	}
	r := value{t: to, nd: v.nd, mem: v.mem}
	switch {
	case to.K == KFloat && v.t.K == KULong:
		r.f = float32(uint64(v.i))
	case to.K == KFloat:
		r.f = float32(v.i)
	case v.t.K == KFloat:
		if to.K == KBool {
			r.i = 0
			if v.f != 0 {
				r.i = 1
			}
			break
		}
		th.det(v, node, false)
		f := float64(v.f)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			fail(errUB, node, "conversion of %v to %s", f, to)
		}
		x := math.Trunc(f)
		lo, hi := typeRange(to)
		if x < float64(lo) || x > float64(hi) {
			fail(errUB, node, "conversion of %v to %s", f, to)
		}
		r.i = int64(x)
	default:
		if v.nd && v.t.K == KUint && to.K != KUint && to.K != KBool && to.K != KUChar && to.K != KShort {
			fail(errND, node, "schedule-dependent unsigned converted to %s", to)
		}
		r.i = convertInt(v.i, to)
	}
	return r
}

func typeRange(t *Type) (int64, int64) {
	switch t.K {
	case KBool:
		return 0, 1
	case KUChar:
		return 0, 255
	case KShort:
		return -32768, 32767
	case KInt:
		return math.MinInt32, math.MaxInt32
	case KUint:
		return 0, math.MaxUint32
	case KULong:
		return 0, math.MaxInt64 // only for float conversions, which the checker forbids
	}
	return math.MinInt64, math.MaxInt64
}

func (th *thread) eval(e Expr) value {
	switch e := e.(type) {
	case *Lit:
		return value{t: e.T, i: e.I, f: e.F}
	case *Builtin:
		var x int64
		p := th.in.p
		switch e.Name {
		case "threadIdx":
			x = th.tidx[e.Dim]
		case "blockIdx":
			x = th.bid[e.Dim]
		case "blockDim":
			x = int64(p.Block[e.Dim])
		case "gridDim":
			x = int64(p.Grid[e.Dim])
		case "warpSize":
			return value{t: tInt, i: int64(p.warp())}
		case otherTid:
			if th.other < 0 {
				fail(errOther, e, "__other_int outside a binary barrier invariant")
			}
			return value{t: tInt, i: int64(th.other)}
		}
		return value{t: tUint, i: x}
	case *VarRef:
		if e.V.isArray() {
			o := th.lookup(e.V).obj
			return value{t: ptrTo(e.V.T), p: ptrv{obj: o, kind: pkElem, elem: e.V.T}}
		}
		return th.load(th.lval(e), e)
	case *Member:
		if e.F.Arr {
			l := th.lval(e.X)
			return value{t: ptrTo(e.F.T), p: ptrv{obj: l.obj, kind: pkMember, ei: l.i, j: l.j,
				w: l.w + l.t.S.offset(e.F), fld: e.F, elem: e.F.T}}
		}
		return th.load(th.lval(e), e)
	case *Index, *Index2, *Deref, *VecLane:
		return th.load(th.lval(e), e)
	case *Row:
		o := th.lookup(e.V).obj
		i := th.index(th.eval(e.I), e.I)
		th.in.record(e.V, 0, i, e.I)
		return value{t: ptrTo(e.V.T), p: ptrv{obj: o, kind: pkRow, ei: i, elem: e.V.T}}
	case *AddrOf:
		l := th.lval(e.X)
		t := th.in.ti.types[e]
		var p ptrv
		switch {
		case l.fld != nil:
			p = ptrv{obj: l.obj, kind: pkMember, i: l.k, ei: l.i, j: l.j, w: l.w - int(l.k), fld: l.fld, elem: l.t}
		case l.obj.dims == 1 && l.w == 0 && sameType(l.t, l.obj.elem):
			p = ptrv{obj: l.obj, kind: pkElem, i: l.i, elem: l.t}
		case l.obj.dims == 2 && l.w == 0 && sameType(l.t, l.obj.elem):
			p = ptrv{obj: l.obj, kind: pkRow, ei: l.i, i: l.j, elem: l.t}
		default:
			p = ptrv{obj: l.obj, kind: pkSingle, ei: l.i, j: l.j, w: l.w, elem: l.t}
		}
		return value{t: t, p: p}
	case *Unary:
		x := th.eval(e.X)
		t := th.in.ti.types[e]
		switch e.Op {
		case "!":
			return value{t: tBool, i: b2i(!x.truth()), nd: x.nd, mem: x.mem}
		case "-":
			x = th.convert(x, t, e)
			switch t.K {
			case KFloat:
				x.f = -x.f
			case KUint:
				x.i = convertInt(-x.i, tUint)
			case KULong:
				x.i = -x.i // modulo 2^64
			case KLong:
				if x.i == math.MinInt64 {
					fail(errUB, e, "negation overflows")
				}
				x.i = -x.i
			default:
				if x.i == math.MinInt32 && !x.nd {
					fail(errUB, e, "negation overflows")
				}
				x.i = convertInt(-x.i, tInt)
			}
			return x
		case "~":
			x = th.convert(x, t, e)
			x.i = convertInt(^x.i, t)
			return x
		}
	case *Binary:
		switch e.Op {
		case "&&", "||":
			x := th.det(th.eval(e.X), e.X, false)
			if x.truth() == (e.Op == "||") {
				return value{t: tBool, i: b2i(x.truth()), mem: x.mem}
			}
			y := th.eval(e.Y)
			return value{t: tBool, i: b2i(y.truth()), nd: y.nd, mem: x.mem || y.mem}
		}
		x := th.eval(e.X)
		y := th.eval(e.Y)
		if x.t.K == KPtr {
			k := th.index(y, e.Y)
			if e.Op == "-" {
				k = -k
			}
			return th.ptrAdd(x, k, e)
		}
		switch e.Op {
		case "<<", ">>":
			return th.shift(e.Op, x, y, e)
		case "<", "<=", ">", ">=", "==", "!=":
			ct := usual(x.t, y.t)
			x, y = th.convert(x, ct, e), th.convert(y, ct, e)
			var c int
			switch ct.K {
			case KHalf, KBF16:
				return th.halfCompare(e.Op, x, y, e)
			case KFloat:
				c = cmpF(x.f, y.f)
			case KULong:
				c = cmp.Compare(uint64(x.i), uint64(y.i))
			default:
				c = cmp.Compare(x.i, y.i)
			}
			var r bool
			switch e.Op {
			case "<":
				r = c < 0
			case "<=":
				r = c <= 0
			case ">":
				r = c > 0
			case ">=":
				r = c >= 0
			case "==":
				r = c == 0
			case "!=":
				r = c != 0
			}
			return value{t: tBool, i: b2i(r), nd: x.nd || y.nd, mem: x.mem || y.mem}
		}
		return th.arith(e.Op, x, y, usual(x.t, y.t), e)
	case *Cond:
		c := th.det(th.eval(e.C), e.C, false)
		if th.in.ti.lvals[e] {
			return th.load(th.lval(e), e)
		}
		var v value
		if c.truth() {
			v = th.eval(e.X)
		} else {
			v = th.eval(e.Y)
		}
		t := th.in.ti.types[e]
		if t.K == KPtr {
			return v
		}
		v = th.convert(v, t, e)
		v.mem = v.mem || c.mem
		return v
	case *Cast:
		return th.convert(th.eval(e.X), e.T, e)
	case *Call:
		v, l := th.call(e)
		if e.F.RetRef {
			return th.load(l, e)
		}
		return v
	case *MinMax:
		x := th.eval(e.X)
		y := th.eval(e.Y)
		var c int
		if x.t.K == KFloat {
			c = cmpF(x.f, y.f)
		} else {
			c = cmp.Compare(x.i, y.i)
		}
		r := x
		if (c > 0) != e.Max {
			r = y
		}
		r.nd, r.mem = x.nd || y.nd, x.mem || y.mem
		return r
	case *Atomic:
		return th.atomic(e)
	case *SyncPred:
		th.eval(e.X)
		th.barrier(e)
		return value{t: tInt, nd: true}
	case *MemOp:
		th.memOp(e)
		return value{t: ptrTo(tVoid)}
	case *LayoutOp:
		th.layoutOp(e)
		return value{t: tVoid}
	case *StmtExpr:
		for _, s := range e.Stmts {
			if th.stmt(s) != ctlNone {
				fail(errOther, e, "control flow out of a statement expression")
			}
		}
		return th.eval(e.X)
	case *LambdaCall:
		return th.callLambda(e)
	case *HCall:
		return th.hcall(e)
	case *AtomOp:
		return th.atomOp(e)
	}
	fail(errOther, e, "cannot evaluate %T", e)
	return value{}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func cmpF(a, b float32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// arith computes x op y in the common type ct.
func (th *thread) arith(op string, x, y value, ct *Type, node any) value {
	x, y = th.convert(x, ct, node), th.convert(y, ct, node)
	r := value{t: ct, nd: x.nd || y.nd, mem: x.mem || y.mem}
	switch ct.K {
	case KHalf, KBF16, KHalf2:
		return th.halfArith(op, x, y, node)
	case KFloat:
		switch op {
		case "+":
			r.f = x.f + y.f
		case "-":
			r.f = x.f - y.f
		case "*":
			r.f = x.f * y.f
		case "/":
			th.det(y, node, false)
			if y.f == 0 {
				fail(errUB, node, "float division by zero")
			}
			r.f = x.f / y.f
		default:
			fail(errOther, node, "float %s", op)
		}
		return r
	case KUint:
		if op == "/" || op == "%" {
			th.det(y, node, false)
		}
		r.i = int64(unsignedOp(op, uint32(x.i), uint32(y.i), node, "unsigned"))
		return r
	case KULong, KLong:
		return th.arith64(op, x, y, r, node)
	}
	// int
	a, b := x.i, y.i
	if x.nd || y.nd {
		small := func(v value, lim int64, nonneg bool) bool {
			return !v.nd && v.i <= lim && (v.i >= -lim && !nonneg || v.i >= 0)
		}
		ok := false
		switch op {
		case "+", "-":
			ok = small(x, ndAddMax, false) || small(y, ndAddMax, false)
		case "&", "|", "^":
			ok = small(x, ndMaskMax, true) || small(y, ndMaskMax, true)
		case "/", "%":
			ok = !y.nd
		}
		if !ok {
			fail(errND, node, "schedule-dependent int operand of %s could overflow", op)
		}
	}
	var c int64
	switch op {
	case "+":
		c = a + b
	case "-":
		c = a - b
	case "*":
		c = a * b
	case "/", "%":
		if b == 0 {
			fail(errUB, node, "division by zero")
		}
		if a == math.MinInt32 && b == -1 {
			fail(errUB, node, "division overflows")
		}
		if op == "/" {
			c = a / b
		} else {
			c = a % b
		}
	case "&":
		c = a & b
	case "|":
		c = a | b
	case "^":
		c = a ^ b
	default:
		fail(errOther, node, "int %s", op)
	}
	if c < math.MinInt32 || c > math.MaxInt32 {
		if !r.nd {
			fail(errUB, node, "signed overflow: %d %s %d", a, op, b)
		}
		c = int64(int32(c))
	}
	r.i = c
	return r
}

// unsignedOp computes a op b in an unsigned type, which wraps around.
func unsignedOp[T uint32 | uint64](op string, a, b T, node any, typ string) T {
	switch op {
	case "+":
		return a + b
	case "-":
		return a - b
	case "*":
		return a * b
	case "/", "%":
		if b == 0 {
			fail(errUB, node, "division by zero")
		}
		if op == "/" {
			return a / b
		}
		return a % b
	case "&":
		return a & b
	case "|":
		return a | b
	case "^":
		return a ^ b
	}
	fail(errOther, node, "%s %s", typ, op)
	return 0
}

// arith64 computes x op y in long long or unsigned long long (r's type):
// unsigned long long wraps modulo 2^64, long long overflow is undefined.
func (th *thread) arith64(op string, x, y, r value, node any) value {
	if r.nd {
		fail(errND, node, "schedule-dependent 64-bit %s", op)
	}
	if r.t.K == KULong {
		r.i = int64(unsignedOp(op, uint64(x.i), uint64(y.i), node, "unsigned long long"))
		return r
	}
	a, b := big.NewInt(x.i), big.NewInt(y.i)
	c := new(big.Int)
	switch op {
	case "+":
		c.Add(a, b)
	case "-":
		c.Sub(a, b)
	case "*":
		c.Mul(a, b)
	case "/", "%":
		if y.i == 0 {
			fail(errUB, node, "division by zero")
		}
		if op == "/" {
			c.Quo(a, b) // truncated, as C
		} else {
			c.Rem(a, b)
		}
	case "&":
		c.And(a, b)
	case "|":
		c.Or(a, b)
	case "^":
		c.Xor(a, b)
	default:
		fail(errOther, node, "long long %s", op)
	}
	if !c.IsInt64() {
		fail(errUB, node, "signed 64-bit overflow: %d %s %d", x.i, op, y.i)
	}
	r.i = c.Int64()
	return r
}

func (th *thread) shift(op string, x, y value, node any) value {
	lt := promote(x.t)
	x = th.convert(x, lt, node)
	th.det(y, node, false)
	n := convertInt(y.i, promote(y.t))
	if y.t.K == KUint || promote(y.t).K == KUint {
		n = int64(uint32(y.i))
	}
	if y.t.K == KULong {
		n = int64(min(uint64(y.i), 64)) // a huge count is out of range all the same
	}
	if lt.wide() {
		return th.shift64(op, x, n, y, node)
	}
	if n < 0 || n >= 32 {
		fail(errUB, node, "shift by %d", n)
	}
	r := value{t: lt, nd: x.nd, mem: x.mem || y.mem}
	if lt.K == KUint {
		if op == "<<" {
			r.i = int64(uint32(x.i) << n)
		} else {
			r.i = int64(uint32(x.i) >> n)
		}
		return r
	}
	if op == ">>" {
		r.i = x.i >> n
		return r
	}
	if x.nd {
		fail(errND, node, "schedule-dependent int shifted left")
	}
	if x.i < 0 || x.i<<n > math.MaxInt32 {
		fail(errUB, node, "%d << %d overflows", x.i, n)
	}
	r.i = x.i << n
	return r
}

// shift64 shifts a long long or unsigned long long by n.
func (th *thread) shift64(op string, x value, n int64, y value, node any) value {
	if n < 0 || n >= 64 {
		fail(errUB, node, "shift by %d", n)
	}
	if x.nd {
		fail(errND, node, "schedule-dependent 64-bit shift")
	}
	r := value{t: x.t, mem: x.mem || y.mem}
	switch {
	case x.t.K == KULong && op == "<<":
		r.i = int64(uint64(x.i) << n)
	case x.t.K == KULong:
		r.i = int64(uint64(x.i) >> n)
	case op == ">>":
		r.i = x.i >> n
	default:
		if x.i < 0 || x.i > math.MaxInt64>>n {
			fail(errUB, node, "%d << %d overflows", x.i, n)
		}
		r.i = x.i << n
	}
	return r
}

func (th *thread) atomic(e *Atomic) value {
	p := th.ptr(e.P)
	l := th.at(p, 0, e)
	if l.obj.sp == spLocal {
		fail(errOther, e, "atomic on local memory")
	}
	if l.obj.input {
		fail(errOther, e, "atomic on input %s", l.obj.owner.Name)
	}
	v := th.eval(e.V)
	if l.t.K == KInt {
		switch e.Op {
		case "Add", "Sub":
			if v.nd || v.i > ndAddMax || v.i < -ndAddMax {
				fail(errND, e, "atomic%s of an int by %d could overflow", e.Op, v.i)
			}
		case "And", "Or", "Xor":
			if v.nd || v.i < 0 || v.i > ndMaskMax {
				fail(errND, e, "atomic%s of an int with %d", e.Op, v.i)
			}
		default:
			th.checkStored(v, l.t, e)
		}
	}
	if e.W != nil {
		w := th.eval(e.W)
		if l.t.K == KInt {
			th.checkStored(w, l.t, e)
		}
	}
	if l.obj.owner.Elect {
		fail(errOther, e, "atomic on election cell %s", l.obj.owner.Name)
	}
	mode := mAtomic
	if e.Scope == "block" {
		mode = mAtomicBlock
	}
	th.in.access(th, l, mode, fullWord, e, wbytes{})
	if l.obj.owner.Counter {
		return th.counter(e, l, v)
	}
	return value{t: l.t, nd: true}
}

// counter runs an atomic on a counter cell (gencounter.go) and returns the
// value the cell held, as the thread-by-thread run orders the atomics.
// That order is one schedule of many, and the value returned depends on
// it; it is safe to let it decide indices and a work queue's loop only
// because the generator uses counters in patterns whose verdict is the same
// for every schedule, or, in racy kernels, shown by this one (see
// gencounter.go for the argument for each pattern).
func (th *thread) counter(e *Atomic, l loc, v value) value {
	th.det(v, e, false)
	key := [2]int64{int64(l.obj.id), l.i}
	old := th.in.ctr[key]
	switch e.Op {
	case "Add":
		th.in.ctr[key] = old + v.i
	case "Sub":
		th.in.ctr[key] = old - v.i
	default:
		fail(errOther, e, "atomic%s on a counter", e.Op)
	}
	if l.t.K == KInt && (old > maxStoreInt || old < -maxStoreInt) {
		fail(errUB, e, "counter %d out of range", old)
	}
	return value{t: l.t, i: convertInt(old, l.t)}
}

// fnValue evaluates the value given to a function pointer: a function's
// address, or a ?: of them (its condition evaluated as any other).
func (th *thread) fnValue(e Expr) *Func {
	switch e := e.(type) {
	case *FnRef:
		return e.F
	case *Cond:
		if th.det(th.eval(e.C), e.C, false).truth() {
			return th.fnValue(e.X)
		}
		return th.fnValue(e.Y)
	}
	fail(errOther, e, "not a function: %s", describe(e))
	return nil
}

// call runs a device function; it returns the value, or the location of
// a reference result.
func (th *thread) call(c *Call) (value, loc) {
	f := c.F
	if c.Via != nil {
		f = th.lookup(c.Via).fn
		if f == nil || !sameSig(f, c.F) {
			fail(errOther, c, "call through %s, which holds no function of its signature", c.Via.Name)
		}
	}
	env := th.bindParams(f, c.Args)
	saved := th.fr
	th.fr = &frame{fn: f, env: env}
	defer func() { th.fr = saved }()
	th.block(f.Body)
	switch {
	case f.Ret.K == KVoid:
		return value{}, loc{}
	case f.RetRef:
		return value{}, th.fr.retLoc
	}
	return th.convert(th.fr.ret, f.Ret, c), loc{}
}

// bindParams binds f's parameters to the arguments, evaluated in order:
// references to lvalues, values to copies (a struct of the user's
// constructors by its copy, genctor.go).
func (th *thread) bindParams(f *Func, args []Expr) map[*Var]binding {
	env := map[*Var]binding{}
	for i, a := range args {
		p := f.Params[i]
		if p.Kind == VRef {
			l := th.lval(a)
			env[p] = binding{ref: &l}
			continue
		}
		o := th.in.newObj(spLocal, p, p.T, 0, 1)
		switch {
		case p.T.K == KStruct && special(p.T.S):
			th.copyConstruct(loc{obj: o, t: p.T}, th.lval(a), p.T.S, a)
		case p.T.K == KStruct:
			// a struct by value: a copy of every word
			l := th.lval(a)
			w := 0
			for _, f := range p.T.S.Fields {
				for k := 0; k < f.words(); k++ {
					o.cells[cellKey{w: w}] = th.load(loc{obj: l.obj, i: l.i, j: l.j, w: l.w + w, t: f.T}, a)
					w++
				}
			}
		default:
			o.cells[cellKey{}] = th.convert(th.eval(a), p.T, a)
		}
		env[p] = binding{obj: o}
	}
	return env
}
