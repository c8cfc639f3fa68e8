package cudagen

import "math"

// This file tells benign races from harmful ones, byte by byte, for the
// differential's second check: drfcheck by default leaves out two writes
// of one value (a benign race), and that must hold of the bytes, not of
// the values as their types read them. A short store of 5 into the upper
// half of an int cell and an int store of 5 to that cell write 05 00 and
// 00 00 into bytes 2 and 3: a harmful race, though both "write 5".
// Result.Harmful is set when some race pair is a read or an atomic against
// a write, or two writes that put different bytes in a byte both touch.
// Writes whose bytes are not known (values read from memory the kernel
// writes, pointers) are never called harmful by their bytes: a harmful
// verdict must be certain, since the differential then asks drfcheck,
// benign races left out, to find a race.
//
// A read of bytes the thread itself wrote earlier in the same interval
// (of its warp, and so of its block) is not harmful, whatever writes it
// races with: drfcheck takes it as no access (the compiler forwards the
// store: README, "A read of what the thread itself wrote"), and every
// write it races with races with the thread's own write too, where it is
// harmful if it writes other bytes. So every thread writing s[0] = 0 and
// reading s[0] back is racy (Expect) and not harmful.

// wbytes are the bytes a write puts in a word, when known.
type wbytes struct {
	bits  uint32
	known bool
}

// wordBytes returns the bytes of a value of type t as stored in memory
// (little-endian, as on x86 and GPUs).
func wordBytes(v value, t *Type) wbytes {
	if v.nd {
		return wbytes{}
	}
	switch {
	case t.K == KFloat:
		return wbytes{bits: math.Float32bits(v.f), known: true}
	case t.integral() && !t.wide():
		return wbytes{bits: uint32(v.i), known: true}
	}
	return wbytes{}
}

// byteWriters keeps, for one byte in one interval, up to two distinct
// values written to it, each with up to two writers (of different warps
// where warps matter, as cellInfo's ids).
type byteWriters struct {
	val [2]int16 // the byte, -1 for none
	ids [2][2]int16
}

var noWriters = byteWriters{val: [2]int16{-1, -1}, ids: [2][2]int16{{-1, -1}, {-1, -1}}}

// add records a write of byte v by thread id.
func (bw *byteWriters) add(v byte, id int16, other func(int16) bool) {
	for s := range bw.val {
		if bw.val[s] < 0 {
			bw.val[s] = int16(v)
		}
		if bw.val[s] != int16(v) {
			continue
		}
		ids := &bw.ids[s]
		switch {
		case ids[0] == id || ids[1] == id:
		case ids[0] < 0:
			ids[0] = id
		case ids[1] < 0 && other(ids[0]):
			ids[1] = id
		}
		return
	}
}

// harm sets Result.Harmful when an access of mode to byte b races with an
// access recorded in ci harmfully; grid: the accesses are of different
// blocks (where block-scoped atomics race: gridConflicts).
// fwd: the access is a read of the thread's own write, never harmful.
func (in *interp) harm(ci *cellInfo, b, mode int, data wbytes, other func(int16) bool, grid, fwd bool) {
	if in.res.Harmful || fwd && mode == mRead {
		return
	}
	table := &conflicts
	if grid {
		table = &gridConflicts
	}
	for _, c := range table[mode] {
		if c == 1 && mode == 1 {
			continue // write/write: by their bytes, below
		}
		for k, y := range ci.ids[b][c] {
			if other(y) && !(c == mRead && ci.fwd[b][k]) {
				in.res.Harmful = true
				return
			}
		}
	}
	if mode != 1 || !data.known {
		return
	}
	v := int16(byte(data.bits >> (8 * b)))
	bw := &ci.wv[b]
	for s, u := range bw.val {
		if u < 0 || u == v {
			continue
		}
		for _, y := range bw.ids[s] {
			if other(y) {
				in.res.Harmful = true
				return
			}
		}
	}
}

// forwarded records a plain write's bytes as the thread's own in its warp
// interval wk, and says whether a plain read reads only such bytes.
func (th *thread) forwarded(wk raceKey, mode, mask int) bool {
	switch mode {
	case mWrite:
		if th.own == nil {
			th.own = map[raceKey]int{}
		}
		th.own[wk] |= mask
	case mRead:
		return mask != 0 && th.own[wk]&mask == mask
	}
	return false
}
