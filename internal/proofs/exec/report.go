package exec

import (
	"debug/dwarf"
	"debug/elf"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// race is one ThreadSanitizer data race report: the stack of each access,
// as (module, offset) frames, innermost first.
type race struct {
	stacks [2][]frame
}

type frame struct {
	module string
	off    uint64
}

var (
	frameRE  = regexp.MustCompile(`^\s+#\d+ .*\(([^()]+)\+0x([0-9a-fA-F]+)\)`)
	accessRE = regexp.MustCompile(`^  (Previous )?(atomic )?(Atomic )?(read|write|Read|Write) of size`)
)

// parseRaces extracts the data race reports of one case's output.
func parseRaces(text string) []race {
	var races []race
	var r *race
	section := -1
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "WARNING: ThreadSanitizer: data race"):
			races = append(races, race{})
			r = &races[len(races)-1]
			section = -1
		case r == nil:
		case strings.HasPrefix(l, "SUMMARY: ") || strings.HasPrefix(l, "=================="):
			r = nil
		case accessRE.MatchString(l):
			if section < 1 {
				section++
			}
		case strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "    "):
			section = 2 // location, thread, mutex: not an access
		default:
			if section < 0 || section > 1 {
				continue
			}
			if m := frameRE.FindStringSubmatch(l); m != nil {
				off, err := strconv.ParseUint(m[2], 16, 64)
				if err == nil {
					r.stacks[section] = append(r.stacks[section], frame{module: m[1], off: off})
				}
			}
		}
	}
	return races
}

// lineTable maps addresses of a batch binary to the case source lines.
type lineTable struct {
	module string // base name of the binary, as TSan prints it
	rows   []lineRow
}

type lineRow struct {
	addr uint64
	cas  int // case index in the batch, -1 for other files and ends of sequences
	gen  bool
	line int
}

var caseFileRE = regexp.MustCompile(`^drfcase_(\d+)\.(cu|gen)$`)

// readLineTable reads the DWARF line table of the generated translation unit
// of bin. It returns an empty table when that fails: lines then stay 0.
func readLineTable(bin string) *lineTable {
	t := &lineTable{module: filepath.Base(bin)}
	f, err := elf.Open(bin)
	if err != nil {
		return t
	}
	defer f.Close()
	d, err := f.DWARF()
	if err != nil {
		return t
	}
	rd := d.Reader()
	for {
		e, err := rd.Next()
		if err != nil || e == nil {
			break
		}
		if e.Tag != dwarf.TagCompileUnit {
			rd.SkipChildren()
			continue
		}
		name, _ := e.Val(dwarf.AttrName).(string)
		rd.SkipChildren()
		if !strings.HasSuffix(name, ".cc") || strings.HasSuffix(name, "drf_rt.cc") {
			continue
		}
		lr, err := d.LineReader(e)
		if err != nil || lr == nil {
			continue
		}
		var le dwarf.LineEntry
		for lr.Next(&le) == nil {
			row := lineRow{addr: le.Address, cas: -1}
			if !le.EndSequence && le.File != nil {
				if m := caseFileRE.FindStringSubmatch(filepath.Base(le.File.Name)); m != nil {
					row.cas, _ = strconv.Atoi(m[1])
					row.gen = m[2] == "gen"
					row.line = le.Line
				}
			}
			t.rows = append(t.rows, row)
		}
	}
	sort.SliceStable(t.rows, func(i, j int) bool { return t.rows[i].addr < t.rows[j].addr })
	return t
}

// lookup returns the row covering addr.
func (t *lineTable) lookup(addr uint64) (lineRow, bool) {
	i := sort.Search(len(t.rows), func(i int) bool { return t.rows[i].addr > addr }) - 1
	if i < 0 {
		return lineRow{}, false
	}
	return t.rows[i], true
}

// lineOfStack is the line in case idx's source of the innermost frame that
// lies in that source, or 0.
func (t *lineTable) lineOfStack(st []frame, idx int) int {
	for _, fr := range st {
		if fr.module != t.module {
			continue
		}
		row, ok := t.lookup(fr.off)
		if ok && row.cas == idx && !row.gen && row.line > 0 {
			return row.line
		}
	}
	return 0
}

// raceLines maps each race to its two source lines, without repeating a
// pair.
func raceLines(races []race, t *lineTable, idx int) [][2]int {
	var out [][2]int
	seen := map[[2]int]bool{}
	for _, r := range races {
		p := [2]int{t.lineOfStack(r.stacks[0], idx), t.lineOfStack(r.stacks[1], idx)}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}
