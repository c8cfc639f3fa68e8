package exec

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// runBatch fills outs for cases: it generates the units, splits them into
// chunks, and lets opt.Jobs workers build and run the chunks.
func (tc *toolchain) runBatch(ctx context.Context, cases []Case, outs []Outcome, opt Options) {
	seen := map[string]int{}
	var units []*unit
	for i, c := range cases {
		if j, dup := seen[c.Name]; dup {
			outs[i].Err = fmt.Errorf("case name %q already used by case %d", c.Name, j)
			continue
		}
		seen[c.Name] = i
		u, err := genUnit(i, c)
		if err != nil {
			outs[i].Err = err
			continue
		}
		units = append(units, u)
	}
	if len(units) == 0 {
		return
	}
	dir, err := os.MkdirTemp("", "drfexec-*")
	if err != nil {
		for _, u := range units {
			outs[u.idx].Err = err
		}
		return
	}
	defer os.RemoveAll(dir)

	// Chunks: at most ChunkSize cases, and at least two per worker when
	// there are enough cases so that compiling and running overlap.
	n := len(units)
	size := (n + 2*opt.Jobs - 1) / (2 * opt.Jobs)
	if size > opt.ChunkSize {
		size = opt.ChunkSize
	}
	if size < 8 {
		size = 8
	}
	var chunks [][]*unit
	for i := 0; i < n; i += size {
		j := i + size
		if j > n {
			j = n
		}
		chunks = append(chunks, units[i:j])
	}

	var mu sync.Mutex // guards outs against workers writing distinct cases at once (and errs maps)
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < opt.Jobs && w < len(chunks); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ci := range work {
				tc.runChunk(ctx, dir, ci, chunks[ci], outs, &mu, opt)
			}
		}()
	}
	for ci := range chunks {
		work <- ci
	}
	close(work)
	wg.Wait()
}

// runChunk builds and runs one chunk and writes its outcomes. A panic (a bug
// of this package) becomes the error of the chunk's cases.
func (tc *toolchain) runChunk(ctx context.Context, dir string, ci int, chunk []*unit, outs []Outcome, mu *sync.Mutex, opt Options) {
	defer func() {
		if r := recover(); r != nil {
			mu.Lock()
			defer mu.Unlock()
			for _, u := range chunk {
				if outs[u.idx].Err == nil && outs[u.idx].Report == "" {
					outs[u.idx].Err = fmt.Errorf("exec: internal error: %v", r)
				}
			}
		}
	}()
	errs := map[int]error{}
	bs := tc.build(ctx, dir, fmt.Sprintf("batch%d", ci), chunk, errs)
	mu.Lock()
	for idx, err := range errs {
		outs[idx].Err = err
	}
	mu.Unlock()
	for _, b := range bs {
		res := tc.runBinary(ctx, b, opt)
		mu.Lock()
		for k, u := range b.units {
			outs[u.idx] = res[k]
		}
		mu.Unlock()
	}
}

// caseRun collects the output of one case while its binary runs.
type caseRun struct {
	text    strings.Builder
	div     bool
	inv     bool // a barrier invariant failed
	inexact bool
	oob     []string
	trap    string
	started bool
	ended   bool
}

// runBinary runs every case of b and returns their outcomes, in the order
// of b.units. A process that crashes or exceeds the time limit of its
// running case is killed; the case gets Err and a new process runs the
// cases after it.
func (tc *toolchain) runBinary(ctx context.Context, b built, opt Options) []Outcome {
	n := len(b.units)
	res := make([]Outcome, n)
	runs := make([]*caseRun, n)
	for i := range runs {
		runs[i] = &caseRun{}
	}
	var lines *lineTable // read when a race needs its lines
	lineTableFor := func() *lineTable {
		if lines == nil {
			lines = readLineTable(b.bin)
		}
		return lines
	}

	next := 0
	for next < n {
		if err := ctx.Err(); err != nil {
			for k := next; k < n; k++ {
				res[k].Err = err
			}
			break
		}
		cur, timedOut, prelude, exitErr := tc.runProcess(ctx, b.bin, next, n, runs, opt)
		if cur < 0 {
			// The process ended between cases.
			k := next
			for k < n && runs[k].ended {
				k++
			}
			if k == next {
				// Not even the first case started: the process is broken
				// (or hangs in a static initializer).
				why := fmt.Sprint(exitErr)
				if timedOut {
					why = fmt.Sprintf("no case started within %v", opt.CaseTimeout)
				}
				for k := next; k < n; k++ {
					res[k].Err = fmt.Errorf("the oracle's process failed before the case started (%s): %s", why, strings.TrimSpace(prelude))
				}
				break
			}
			next = k
			continue
		}
		r := runs[cur]
		switch {
		case ctx.Err() != nil:
			res[cur].Err = ctx.Err()
		case timedOut:
			res[cur].Err = fmt.Errorf("timeout: the case ran for more than %v (an infinite loop or a deadlock)", opt.CaseTimeout)
		case r.trap != "":
			res[cur].Err = fmt.Errorf("the kernel stopped: %s", r.trap)
		default:
			how := "the process ended"
			if exitErr != nil {
				how = exitErr.Error()
			}
			res[cur].Err = fmt.Errorf("the case crashed (%s): %s", how, crashSummary(r.text.String()))
		}
		r.ended = true
		next = cur + 1
	}

	for k, r := range runs {
		res[k].Report = r.text.String()
		if !r.started {
			continue
		}
		res[k].Divergence = r.div
		res[k].Inexact = r.inexact
		// a failed barrier invariant is an error of the kernel as a race
		// is: drfcheck reports it as one (Outcome.Race)
		res[k].Race = r.inv
		races := parseRaces(r.text.String())
		if len(races) > 0 {
			res[k].Race = true
			res[k].Lines = raceLines(races, lineTableFor(), b.units[k].idx)
			var sum strings.Builder
			for _, p := range res[k].Lines {
				fmt.Fprintf(&sum, "data race between line %d and line %d (0: unknown)\n", p[0], p[1])
			}
			res[k].Report += sum.String()
		}
		if res[k].Err == nil && len(r.oob) > 0 {
			res[k].Err = fmt.Errorf("out of bounds: the kernel wrote outside the buffer of %s", strings.Join(r.oob, ", "))
		}
	}
	return res
}

// runProcess runs the cases [first, n) of bin until the process ends. It
// returns the case running when the process ended (-1 if none), whether it
// was killed for exceeding the time limit, the output seen outside any case,
// and how the process ended.
func (tc *toolchain) runProcess(ctx context.Context, bin string, first, n int, runs []*caseRun, opt Options) (cur int, timedOut bool, prelude string, exitErr error) {
	args := append(append([]string{}, tc.wrapper...), bin, strconv.Itoa(first), strconv.Itoa(n))
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(), "TSAN_OPTIONS="+tsanOptions)
	cmd.Stdout = io.Discard
	pipe, err := cmd.StderrPipe()
	if err != nil {
		return -1, false, "", err
	}
	if err := cmd.Start(); err != nil {
		return -1, false, "", err
	}
	lines := make(chan string, 256)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(pipe)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		// Drain what a scanner error left, so that the process never blocks.
		io.Copy(io.Discard, pipe)
	}()

	cur = -1
	var pre strings.Builder
	// The timer runs from the start (static initializers of the kernels'
	// globals run before the first case) and restarts at each marker.
	timer := time.NewTimer(opt.CaseTimeout)
	killed := false
	kill := func() {
		if !killed {
			killed = true
			cmd.Process.Kill()
		}
	}
loop:
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				break loop
			}
			if !strings.HasPrefix(l, "@@DRF ") {
				if cur >= 0 {
					runs[cur].text.WriteString(l)
					runs[cur].text.WriteByte('\n')
				} else {
					pre.WriteString(l)
					pre.WriteByte('\n')
				}
				continue
			}
			f := strings.SplitN(strings.TrimPrefix(l, "@@DRF "), " ", 2)
			arg := ""
			if len(f) > 1 {
				arg = f[1]
			}
			switch f[0] {
			case "BEGIN":
				k, err := strconv.Atoi(arg)
				if err != nil || k < 0 || k >= len(runs) {
					continue
				}
				cur = k
				runs[k].started = true
				timer.Reset(opt.CaseTimeout)
			case "END":
				if cur >= 0 {
					runs[cur].ended = true
				}
				cur = -1
				timer.Reset(opt.CaseTimeout)
			case "DIV":
				if cur >= 0 {
					runs[cur].div = true
					runs[cur].text.WriteString("barrier divergence: " + arg + "\n")
				}
			case "INV":
				if cur >= 0 {
					runs[cur].inv = true
					runs[cur].text.WriteString("barrier invariant failed at line " + arg + "\n")
				}
			case "INEXACT":
				if cur >= 0 {
					runs[cur].inexact = true
					runs[cur].text.WriteString("inexact: " + arg + "\n")
				}
			case "OOB":
				if cur >= 0 {
					runs[cur].oob = append(runs[cur].oob, arg)
					runs[cur].text.WriteString("out of bounds write: " + arg + "\n")
				}
			case "TRAP":
				if cur >= 0 {
					g := strings.SplitN(arg, " ", 2)
					msg := arg
					if len(g) == 2 {
						msg = g[1]
						if g[0] != "0" {
							msg += " (line " + g[0] + ")"
						}
					}
					runs[cur].trap = msg
					runs[cur].text.WriteString("trap: " + msg + "\n")
				}
			}
		case <-timer.C:
			timedOut = true
			kill()
		case <-ctx.Done():
			kill()
		}
	}
	timer.Stop()
	exitErr = cmd.Wait()
	return cur, timedOut, pre.String(), exitErr
}

// crashSummary picks the lines that say why a process died.
func crashSummary(text string) string {
	var keep []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, "ERROR:") || strings.Contains(l, "SEGV") || strings.Contains(l, "FATAL") ||
			strings.Contains(l, "Hint:") || strings.Contains(l, "CHECK failed") {
			keep = append(keep, strings.TrimSpace(l))
		}
	}
	if len(keep) == 0 {
		return "no diagnostic (see Report)"
	}
	return strings.Join(keep, "; ")
}
