package check

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/drfcheck/drfcheck/internal/infer"
	"github.com/drfcheck/drfcheck/internal/infer/clang"
	"github.com/drfcheck/drfcheck/internal/infer/ir"
	"github.com/drfcheck/drfcheck/internal/infer/launch"
	"github.com/drfcheck/drfcheck/internal/infer/symexec"
	"github.com/drfcheck/drfcheck/protocol"
	"github.com/drfcheck/drfcheck/protocol/printer"
	"github.com/drfcheck/drfcheck/smtgen"
)

// cudaDefault is the launch assumed for a kernel when neither a flag nor the
// file's header says anything and the host code does not launch it: any
// size in x, and any size in y and z for the dimensions the kernel reads
// (of threadIdx or blockDim for the block, of blockIdx or gridDim for the
// grid), 1 in the others. A kernel that never reads threadIdx.y is written
// for one-dimensional blocks, and checking it against two-dimensional ones
// would flag races its author never meant to allow. The grid is never
// assumed to be one block: a kernel that ignores blockIdx
// (out[threadIdx.x] = v) races between blocks as soon as it is launched
// with two, the classic forgotten block offset, and a race that needs two
// blocks says how to rule them out. The configuration is printed with
// every result.
func cudaDefault(uses [4][3]bool) smtgen.Launch {
	l := smtgen.Launch{BlockDim: [3]int64{0, 1, 1}, GridDim: [3]int64{0, 1, 1}}
	for d := 1; d < 3; d++ {
		if uses[protocol.ThreadIdx][d] || uses[protocol.BlockDim][d] {
			l.BlockDim[d] = 0
		}
		if uses[protocol.BlockIdx][d] || uses[protocol.GridDim][d] {
			l.GridDim[d] = 0
		}
	}
	return l
}

// maxConfigs bounds the distinct launch configurations of one kernel that
// are checked one by one; beyond it the kernel gets the default launch,
// which covers them all.
const maxConfigs = 8

// loadCUDA infers the protocols of the kernels of a CUDA file: one input
// per kernel (per instantiation of a template kernel) and per distinct
// launch configuration of its launch sites, or only the kernel --kernel
// names.
//
// The launch comes from, first to last: the flags, the file's header
// comment, the launch sites in the host code (package internal/infer/launch), the
// default rule (cudaDefault). Flags and header are taken as a whole: when
// either gives a size, the launch sites are not used, since their facts
// (gridDim.x == (n + 255) / 256) describe the sizes they pass and would
// contradict others.
func loadCUDA(ctx context.Context, opts *LoadOptions, path string, src []byte) ([]Input, error) {
	hb, hg, err := headerLaunch(src)
	if err != nil {
		return nil, fmt.Errorf("%s:%v", path, err)
	}
	warp, err := warpFor(opts, path, src)
	if err != nil {
		return nil, err
	}
	tu, _, err := infer.Parse(path, src, infer.Options{Defines: opts.Defines, Includes: opts.Includes, Flags: opts.Flags, Context: ctx})
	if err != nil {
		return nil, err
	}
	if tu.OpenCL {
		off, err := headerOffset(src)
		if err != nil {
			return nil, fmt.Errorf("%s:%v", path, err)
		}
		if opts.GlobalOffset != nil {
			off = opts.GlobalOffset
		}
		if off != nil {
			tu.GlobalOffset = *off
		}
	}
	// the kernel's time budget covers its inference too
	iopts := infer.Options{Defines: opts.Defines, Includes: opts.Includes, Flags: opts.Flags, WarpSize: warp.size, LockStep: warp.lockStep, Budget: symexec.Budget{Timeout: opts.KernelTimeout},
		MaxBlock: largest(opts.Block, hb), MaxGrid: largest(opts.Grid, hg), MinBlock: smallest(opts.Block, hb), MinGrid: smallest(opts.Grid, hg), Context: ctx}
	kernels, err := infer.FromTU(tu, path, iopts)
	if err != nil {
		return nil, err
	}
	kernels = standIns(path, src, kernels, iopts)
	given := opts.Block != nil || opts.Grid != nil || hb != nil || hg != nil
	var sites []*launch.Site
	if !given {
		sites = launch.Sites(tu)
	}
	var inputs []Input
	var names []string
	var lacking error
	for _, k := range kernels {
		names = append(names, k.Name)
		if opts.Kernel != "" && k.Name != opts.Kernel {
			continue
		}
		ins, err := kernelInputs(opts, tu, path, src, k, sites, hb, hg)
		if _, ok := err.(*noArrayError); ok {
			lacking = err
			continue
		}
		if err != nil {
			return nil, err
		}
		for i := range ins {
			ins[i].At = k.At
			ins[i].OpenCL = tu.OpenCL
			ins[i].Spent = k.Elapsed
			for _, n := range k.Notes {
				ins[i].Notes = append(ins[i].Notes, Note{At: n.At, Message: n.Message})
			}
		}
		inputs = append(inputs, ins...)
	}
	switch {
	case len(inputs) > 0:
		return inputs, nil
	case lacking != nil:
		return nil, fmt.Errorf("%s: %v", path, lacking)
	case len(kernels) == 0:
		return nil, fmt.Errorf("%s: no __global__ function: nothing to check", path)
	}
	return nil, fmt.Errorf("%s: --kernel=%s: %w (the file has %v)", path, opts.Kernel, ErrNoSuchKernel, strings.Join(names, ", "))
}

// ErrNoSuchKernel is the error, wrapped, of LoadCUDA when the file has no
// kernel of the name LoadOptions.Kernel gives.
var ErrNoSuchKernel = errors.New("no such kernel")

// standIns replaces each template kernel the file never instantiates by
// its instantiation at stand-in arguments (infer.StandIn), with a note:
// clang instantiates them where lines appended to the file take their
// addresses. A template whose stand-ins clang
// rejects (a static_assert, a member int has not) stays unknown as it was.
func standIns(path string, src []byte, kernels []infer.Kernel, opts infer.Options) []infer.Kernel {
	var lines []string
	want := map[string]int{} // stand-in name -> index of the template in kernels
	for i, k := range kernels {
		if s := infer.StandIn(k); s != "" {
			lines = append(lines, fmt.Sprintf("static void *__drfcheck_stand_in_%d = (void *)&%s;", len(lines), s))
			want[s] = i
		}
	}
	if len(lines) == 0 {
		return kernels
	}
	// appended to the file's text, which clang reads from a temporary
	// file in its place (clang.Parse): nothing is written next to the
	// sources, and positions name the file
	src = append(append(src[:len(src):len(src)], '\n'), strings.Join(lines, "\n")+"\n"...)
	tu, _, err := infer.Parse(path, src, opts)
	if err != nil || len(tu.Errors) > 0 {
		return kernels
	}
	got, err := infer.FromTU(tu, path, opts)
	if err != nil {
		return kernels
	}
	out := append([]infer.Kernel(nil), kernels...)
	for _, k := range got {
		i, ok := want[k.Name]
		if !ok {
			continue
		}
		k.Notes = append(k.Notes, infer.Note{At: kernels[i].File.Unknowns[0].At, Message: infer.StandInNote(k.Name)})
		out[i] = k
	}
	return out
}

// kernelInputs makes the inputs of one kernel: one per launch
// configuration of its sites, or one with the flags', the header's or the
// default launch.
func kernelInputs(opts *LoadOptions, tu *clang.TU, path string, src []byte, k infer.Kernel, sites []*launch.Site, hb, hg *[3]int64) ([]Input, error) {
	var mine []*launch.Site
	for _, s := range sites {
		if s.Kernel == k.ID {
			mine = append(mine, s)
		}
	}
	var src0 LaunchSource
	switch {
	case opts.Block != nil || opts.Grid != nil:
		src0.From = "flags"
	case hb != nil || hg != nil:
		src0.From = "header"
	default:
		src0.From = "default"
		if len(sites) > 0 {
			// said only where host code launches kernels: in a file of
			// kernels alone, every kernel is
			src0.Notes = []string{"not launched in the files given: the default launch"}
		}
	}
	if len(mine) > 0 {
		configs := siteConfigs(tu, path, k, mine)
		if len(configs) <= maxConfigs {
			var out []Input
			for _, c := range configs {
				in, err := newInput(opts, k.Name, c.file, c.launch)
				if err != nil {
					return nil, err
				}
				in.Source = c.source
				out = append(out, in)
			}
			return out, nil
		}
		src0.Notes = []string{fmt.Sprintf("launched with %d distinct configurations (more than %d): the default launch, which covers them all", len(configs), maxConfigs)}
		// the pointers that alias at some site alias here, at any offset
		kk, text, assumed := mergedAliases(tu, path, k, mine)
		launch, _ := launchFor(opts.Block, opts.Grid, src, cudaDefault(k.Uses))
		in, err := newInput(opts, k.Name, kk.File, launch)
		in.GridDefault = opts.Grid == nil && hg == nil
		src0.Facts, src0.Assumed = text, assumed
		in.Source = src0
		return []Input{in}, err
	}
	launch, _ := launchFor(opts.Block, opts.Grid, src, cudaDefault(k.Uses))
	in, err := newInput(opts, k.Name, k.File, launch)
	in.GridDefault = opts.Grid == nil && hg == nil
	_, src0.Assumed = distinctness(k, nil)
	if src0.From == "flags" || src0.From == "header" {
		for i, a := range src0.Assumed {
			src0.Assumed[i] = strings.Replace(a, "no launch read gives their values", "the launch is given by "+map[string]string{"flags": "the flags", "header": "the file's header"}[src0.From]+", and the host code is not read", 1)
		}
	}
	in.Source = src0
	return []Input{in}, err
}

// mergedAliases is the kernel with the pointers that alias at any of its
// sites made one memory, at offsets not known, for a check that covers
// every site at once: the facts that say so, and what every site assumes.
func mergedAliases(tu *clang.TU, path string, k infer.Kernel, sites []*launch.Site) (infer.Kernel, []string, []string) {
	var order []string
	index := map[string]int{}
	parent := map[string]string{}
	find := func(x string) string {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	see := func(x string) {
		if _, ok := index[x]; !ok {
			index[x] = len(order)
			order = append(order, x)
			parent[x] = x
		}
	}
	var assumed []string
	seen := map[string]bool{}
	for _, s := range sites {
		facts := s.Facts(len(k.Params))
		for _, sl := range facts.Slots {
			see(sl.Path)
		}
		for _, a := range facts.Aliases {
			see(a.Slot)
			see(a.To)
			x, y := find(a.Slot), find(a.To)
			if index[x] < index[y] {
				x, y = y, x
			}
			parent[x] = y
		}
		_, as := distinctness(k, &facts)
		for _, a := range as {
			if !seen[a] {
				seen[a] = true
				assumed = append(assumed, a)
			}
		}
	}
	opts := ir.Options{Aliases: map[string]ir.Alias{}}
	var text []string
	for _, x := range order {
		if r := find(x); r != x {
			opts.Aliases[x] = ir.Alias{To: r}
			text = append(text, fmt.Sprintf("%s may point into the memory of %s (at an offset not known, any: so it does at some launch)", slotName(k, x), slotName(k, r)))
		}
	}
	if len(opts.Aliases) == 0 {
		return k, nil, assumed
	}
	return k.With(tu, path, opts), text, assumed
}

// config is one distinct launch configuration of a kernel: the protocol
// with the sites' facts assumed, the sizes, the sites.
type siteConfig struct {
	key    string
	file   *protocol.File
	launch smtgen.Launch
	source LaunchSource
}

// siteConfigs groups the launch sites of a kernel by what they tell about
// it: sites that differ only in values the protocol does not use (a
// parameter it never reads) are checked once.
func siteConfigs(tu *clang.TU, path string, k infer.Kernel, sites []*launch.Site) []*siteConfig {
	var out []*siteConfig
	byKey := map[string]*siteConfig{}
	for _, s := range sites {
		facts := s.Facts(len(k.Params))
		kk := k
		var aliasText []string
		if len(facts.Aliases) > 0 {
			opts := ir.Options{Aliases: map[string]ir.Alias{}}
			for _, a := range facts.Aliases {
				opts.Aliases[a.Slot] = ir.Alias{To: a.To, Off: a.Off, Known: a.Known}
				p, q := slotName(k, a.Slot), slotName(k, a.To)
				switch {
				case a.Known && a.Off == 0:
					aliasText = append(aliasText, fmt.Sprintf("%s == %s (the same memory)", p, q))
				case a.Known && a.Off < 0:
					aliasText = append(aliasText, fmt.Sprintf("%s == %s - %d bytes (the same memory)", p, q, -a.Off))
				case a.Known:
					aliasText = append(aliasText, fmt.Sprintf("%s == %s + %d bytes (the same memory)", p, q, a.Off))
				default:
					aliasText = append(aliasText, fmt.Sprintf("%s may point into the memory of %s (at an offset not known, any)", p, q))
				}
			}
			kk = k.With(tu, path, opts)
		}
		distinct, assumed := distinctness(kk, &facts)
		names := protocolParams(kk)
		sub := protocol.Subst{}
		for i, n := range names {
			sub[launch.ParamVar(i)] = &protocol.Var{Name: n}
		}
		var pre []protocol.Cond
		var text []string
		var idx []int
		for i := range facts.Values {
			idx = append(idx, i)
		}
		sort.Ints(idx)
		for _, i := range idx {
			if n, ok := names[i]; ok {
				pre = append(pre, &protocol.Cmp{Op: protocol.Eq, X: &protocol.Var{Name: n}, Y: &protocol.IntLit{Value: facts.Values[i]}})
			}
		}
		fields := fieldParams(kk)
		var paths []string
		for p := range facts.FieldValues {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, p := range paths {
			if n, ok := fields[p]; ok {
				pre = append(pre, &protocol.Cmp{Op: protocol.Eq, X: &protocol.Var{Name: n}, Y: &protocol.IntLit{Value: facts.FieldValues[p]}})
			}
		}
		for _, c := range facts.Pre {
			c = sub.Cond(c)
			if usable(c) {
				pre = append(pre, c)
			}
		}
		for _, c := range pre {
			text = append(text, factText(c))
		}
		text = append(text, aliasText...)
		text = append(text, distinct...)
		l := smtgen.Launch{BlockDim: facts.Block, GridDim: facts.Grid}
		key := fmt.Sprintf("%v %v %q %q", l.BlockDim, l.GridDim, text, assumed)
		site := Site{At: s.At, Config: s.Config, Via: s.Via()}
		if c, ok := byKey[key]; ok {
			c.source.Sites = append(c.source.Sites, site)
			continue
		}
		f := withPre(kk.File, pre, s.At)
		c := &siteConfig{key: key, file: f, launch: l,
			source: LaunchSource{From: "site", Sites: []Site{site}, Facts: text, Assumed: assumed, Notes: facts.Notes}}
		byKey[key] = c
		out = append(out, c)
	}
	return out
}

// factText prints an assumption; a guarded one (!g || c, as package
// internal/infer/launch makes them) as "c, where g".
func factText(c protocol.Cond) string {
	if l, ok := c.(*protocol.Logic); ok && l.Op == protocol.Or {
		if n, ok := l.X.(*protocol.Not); ok {
			return printer.Node(l.Y) + ", where " + printer.Node(n.X)
		}
	}
	return printer.Node(c)
}

// usable reports whether a condition mentions only the protocol's names:
// a fact about a parameter the protocol does not use is left out, which
// only allows more behaviours.
func usable(c protocol.Cond) bool {
	for n := range protocol.FreeVars(&protocol.Assume{Cond: c}) {
		if strings.HasPrefix(n, "$") {
			return false
		}
	}
	return true
}

// protocolParams maps the index of each integer parameter of a kernel to
// its name in the kernel's protocol, found by its declaration's position
// (the protocol may rename it, and leaves out the parameters it does not
// use).
func protocolParams(k infer.Kernel) map[int]string {
	at := map[protocol.Pos][]string{}
	for _, d := range k.File.Decls {
		if d.Kind != protocol.Param {
			continue
		}
		for _, id := range d.Names {
			at[id.At] = append(at[id.At], id.Name)
		}
	}
	out := map[int]string{}
	for i, p := range k.Params {
		if !p.Int || !p.At.IsValid() {
			continue
		}
		if ns := at[p.At]; len(ns) == 1 && strings.HasPrefix(ns[0], p.Name) {
			out[i] = ns[0]
		}
	}
	return out
}

// slotName names a pointer a kernel's parameters carry ("0.c[2]") as the
// kernel spells it: b.c[2].
func slotName(k infer.Kernel, slot string) string {
	i := strings.IndexAny(slot, ".[")
	head, rest := slot, ""
	if i >= 0 {
		head, rest = slot[:i], slot[i:]
	}
	n, err := strconv.Atoi(head)
	if err != nil {
		return slot
	}
	if rest == ".*" {
		return "the pointers in " + paramName(k, n)
	}
	return paramName(k, n) + rest
}

// distinctness says what a check rests on about the memory of the
// pointers the kernel accesses through (infer.Kernel.Slots), which are
// checked as distinct arrays unless the launch makes them one (an alias):
// distinct lists the pairs of arrays the host code shows to be distinct
// (two allocations of its own), assumed those it does not, each with where
// the memory comes from. With facts nil (no launch read), every distinct
// pair is assumed.
func distinctness(k infer.Kernel, facts *launch.Facts) (distinct, assumed []string) {
	// the memory the kernel accesses through its parameters' pointers,
	// one group per base
	type group struct {
		base    string
		slots   []string
		written bool
	}
	var groups []*group
	byBase := map[string]*group{}
	written := false
	for _, sb := range k.Slots {
		if !sb.Read && !sb.Written {
			continue
		}
		g := byBase[sb.Base]
		if g == nil {
			g = &group{base: sb.Base}
			byBase[sb.Base] = g
			groups = append(groups, g)
		}
		g.slots = append(g.slots, sb.Slot)
		g.written = g.written || sb.Written
		written = written || sb.Written
	}
	if len(groups) < 2 || !written {
		return nil, nil // nothing to overlap, or nothing written where they might
	}
	var names []string
	for _, g := range groups {
		names = append(names, slotName(k, g.slots[0]))
	}
	if facts == nil {
		return nil, []string{fmt.Sprintf("%s point to memory that does not overlap: no launch read gives their values (the assumption of GPU verifiers, as if they were __restrict__)", strings.Join(names, ", "))}
	}
	if facts.Slots == nil {
		return nil, []string{fmt.Sprintf("%s point to memory that does not overlap: the launch's arguments are not known (the assumption of GPU verifiers, as if they were __restrict__)", strings.Join(names, ", "))}
	}
	find := func(slot string) *launch.Slot {
		for i := range facts.Slots {
			s := &facts.Slots[i]
			if s.Path == slot {
				return s
			}
			if p, ok := strings.CutSuffix(s.Path, ".*"); ok && strings.HasPrefix(slot, p+".") {
				return s
			}
		}
		return nil
	}
	var known []string
	for _, g := range groups {
		s := find(g.slots[0])
		switch {
		case s == nil:
			assumed = append(assumed, fmt.Sprintf("%s does not overlap %s: the launch passes no pointer drfcheck can name for it", slotName(k, g.slots[0]), others(names, slotName(k, g.slots[0]))))
		case s.Null:
		case !s.Known:
			assumed = append(assumed, fmt.Sprintf("%s does not overlap %s: its memory is %s", slotName(k, g.slots[0]), others(names, slotName(k, g.slots[0])), s.What))
		default:
			known = append(known, fmt.Sprintf("%s (%s)", slotName(k, g.slots[0]), s.What))
		}
	}
	if len(known) >= 2 {
		distinct = append(distinct, fmt.Sprintf("%s point to distinct allocations", strings.Join(known, ", ")))
	}
	return distinct, assumed
}

// others lists the names other than one.
func others(names []string, not string) string {
	var out []string
	for _, n := range names {
		if n != not {
			out = append(out, n)
		}
	}
	return strings.Join(out, ", ")
}

// fieldParams maps the slot of each integer field of a struct parameter
// ("1.base") to its name in the kernel's protocol: the protocol's
// parameter declared at the struct parameter's position whose name is the
// field's variable's (cfg.base is cfg_base).
func fieldParams(k infer.Kernel) map[string]string {
	at := map[protocol.Pos]map[string]bool{}
	for _, d := range k.File.Decls {
		if d.Kind != protocol.Param {
			continue
		}
		for _, id := range d.Names {
			if at[id.At] == nil {
				at[id.At] = map[string]bool{}
			}
			at[id.At][id.Name] = true
		}
	}
	out := map[string]string{}
	for _, pv := range k.ParamVars {
		i := strings.IndexByte(pv.Slot, '.')
		if i < 0 {
			continue // a parameter of its own: protocolParams
		}
		n, err := strconv.Atoi(pv.Slot[:i])
		if err != nil || n >= len(k.Params) || !k.Params[n].At.IsValid() {
			continue
		}
		// the variable's name, or that name renamed apart (cfg_base_1):
		// used only when one name at the position is either
		base := protoIdent(pv.Var)
		var found []string
		for name := range at[k.Params[n].At] {
			if rest, ok := strings.CutPrefix(name, base); ok && (rest == "" || rest[0] == '_' && isDigits(rest[1:])) {
				found = append(found, name)
			}
		}
		if len(found) == 1 {
			out[pv.Slot] = found[0]
		}
	}
	return out
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// protoIdent is the protocol's identifier for an IR variable (cfg.base is
// cfg_base), as package symexec makes it.
func protoIdent(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, s)
}

func paramName(k infer.Kernel, i int) string {
	if i < len(k.Params) && k.Params[i].Name != "" {
		return k.Params[i].Name
	}
	return fmt.Sprintf("parameter %d", i+1)
}

// withPre returns a copy of f whose body starts with the assumptions.
func withPre(f *protocol.File, pre []protocol.Cond, at protocol.Pos) *protocol.File {
	g := *f
	var stmts []protocol.Stmt
	for _, c := range pre {
		stmts = append(stmts, &protocol.Assume{At: at, Cond: c})
	}
	g.Body = &protocol.Block{At: f.Body.At, Stmts: append(stmts, f.Body.Stmts...)}
	return &g
}

// largest is the largest size given in each dimension, 0 where one is
// any size or none is given.
func largest(sizes ...*[3]int64) [3]int64 {
	return given(sizes, func(a, b int64) int64 { return max(a, b) })
}

// smallest is the smallest size given in each dimension, 0 where one is
// any size or none is given.
func smallest(sizes ...*[3]int64) [3]int64 {
	return given(sizes, func(a, b int64) int64 { return min(a, b) })
}

func given(sizes []*[3]int64, pick func(a, b int64) int64) [3]int64 {
	var out [3]int64
	seen := false
	for _, s := range sizes {
		if s == nil {
			continue
		}
		for d := range out {
			switch {
			case s[d] == 0 || seen && out[d] == 0:
				out[d] = 0
			case !seen:
				out[d] = s[d]
			default:
				out[d] = pick(out[d], s[d])
			}
		}
		seen = true
	}
	return out
}
