// Package report renders the outcome of a run for people and for tools:
// compiler-style text that names the source lines of both accesses and the
// threads that make them, JSON with a versioned schema, SARIF 2.1.0 for
// code-scanning services, and GitHub Actions workflow commands.
package report

import (
	"os"
	"strings"
	"sync"
	"time"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/protocol"
)

// Run is everything a run produced, in input order.
type Run struct {
	Files   []*File
	Elapsed time.Duration
	// FailOn are the outcomes that make the exit status non-zero
	// (--fail-on); nil for all of them.
	FailOn map[Outcome]bool
	// Args is the command line, for SARIF's invocation.
	Args []string
	// Lines reads source lines for fingerprints; nil for the files on disk.
	Lines check.Lines
	// Interrupted: Ctrl-C or SIGTERM gave the run up (exit status 130,
	// whatever was found).
	Interrupted bool
}

// ExitInterrupted is the exit status of an interrupted run: 128 + SIGINT,
// as shells report a process that the signal killed.
const ExitInterrupted = 130

func (r *Run) lines() check.Lines {
	if r.Lines == nil {
		r.Lines = check.FileLines()
	}
	return r.Lines
}

// fingerprints are the fingerprints of a kernel's findings, by rule and
// index.
func fingerprints(k *check.Report, lines check.Lines) map[check.Rule][]string {
	out := map[check.Rule][]string{}
	for _, f := range k.Findings(lines) {
		out[f.Rule] = append(out[f.Rule], f.Fingerprint)
	}
	return out
}

// Outcome is a kind of result that can fail a run (--fail-on).
type Outcome string

// The outcomes of --fail-on.
const (
	FailRace       Outcome = "race"
	FailDivergence Outcome = "divergence"
	FailUnknown    Outcome = "unknown"
	FailError      Outcome = "error"
)

// Outcomes are the outcomes --fail-on accepts, in order.
var Outcomes = []Outcome{FailRace, FailDivergence, FailUnknown, FailError}

func (r *Run) fails(o Outcome) bool { return r.FailOn == nil || r.FailOn[o] }

// File is the outcome for one input file.
type File struct {
	Path string
	Err  error // the file could not be read, parsed or inferred
	// HostOnly is set, instead of Err, for a file of a directory run that
	// has no kernel: a project's host code, not a failure.
	HostOnly bool
	// NoKernel is set for a file of a directory run without the kernel
	// --kernel names: it is left out of the reports.
	NoKernel bool
	Kernels  []*check.Report // one per kernel (one for a .prot file)
	// BadSuppressions are the malformed drfcheck:ignore comments of the
	// file (no rule or no reason): they suppress nothing and count as
	// errors.
	BadSuppressions protocol.ErrorList
}

// Counts tallies kernel verdicts and files in error. A kernel is counted
// by the verdict of its findings not suppressed (check.Report.Effective);
// Suppressed counts those whose findings are all suppressed.
type Counts struct {
	Files, Kernels, DRF, Racy, Divergent, Unknown, Unchecked, Errors, HostOnly, Suppressed int
	// BadSuppressions counts malformed suppression comments.
	BadSuppressions int
}

// Count tallies the run.
func (r *Run) Count() Counts {
	var c Counts
	for _, f := range r.Files {
		if f.NoKernel {
			continue
		}
		c.Files++
		c.BadSuppressions += len(f.BadSuppressions)
		if f.Err != nil {
			c.Errors++
			continue
		}
		if f.HostOnly {
			c.HostOnly++
		}
		for _, k := range f.Kernels {
			c.Kernels++
			v := k.Effective()
			if v == check.DRF && k.Verdict != check.DRF {
				c.Suppressed++
				continue
			}
			switch v {
			case check.DRF:
				c.DRF++
			case check.Racy:
				c.Racy++
			case check.Divergent:
				c.Divergent++
			case check.Unchecked:
				c.Unchecked++
			default:
				c.Unknown++
			}
		}
	}
	return c
}

// ExitCode is the exit status of the run as README documents it: 1 when a
// race or barrier divergence was found, else 2 when some file could not be
// checked (or has a malformed suppression comment), else 3 when some part
// stayed unknown, else 0; suppressed findings do not count, nor do the
// outcomes --fail-on leaves out.
func (r *Run) ExitCode() int {
	c := r.Count()
	switch {
	case r.Interrupted:
		return ExitInterrupted
	case r.fails(FailRace) && c.Racy > 0, r.fails(FailDivergence) && c.Divergent > 0:
		return 1
	case r.fails(FailError) && c.Errors+c.BadSuppressions > 0:
		return 2
	case r.fails(FailUnknown) && c.Unknown > 0:
		return 3
	}
	return 0
}

// sources caches source files for quoting lines.
type sources struct {
	mu    sync.Mutex
	files map[string][]string
}

func (s *sources) line(pos protocol.Pos) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.files == nil {
		s.files = map[string][]string{}
	}
	lines, ok := s.files[pos.File]
	if !ok {
		data, err := os.ReadFile(pos.File)
		if err == nil {
			lines = strings.Split(string(data), "\n")
		}
		s.files[pos.File] = lines
	}
	if pos.Line < 1 || pos.Line > len(lines) {
		return "", false
	}
	return strings.TrimRight(lines[pos.Line-1], "\r"), true
}

// hintText words a race's hint for the command line: the library's words
// (check.Hint.String) name its options, these the flags that set them.
func hintText(h check.Hint) string {
	switch h {
	case check.WarpHint:
		return "the two threads are in one warp, and the threads of a warp do not run in lock-step since Volta (independent thread scheduling): a barrier (__syncwarp() within a warp) must order them; code written for older GPUs, where they do, is checked that way with --warp-sync"
	case check.MultiBlockHint:
		return "the grid size was not given, so any number of blocks was assumed: if this kernel always runs as one block, pass -g 1 or add //--gridDim=1"
	}
	return h.String()
}
