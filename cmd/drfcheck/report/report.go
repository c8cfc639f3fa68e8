// Package report renders the outcome of a run for people and for tools:
// compiler-style text with the source lines of both accesses (the lesson of
// seed 001: name the lines and the threads), JSON with a versioned schema,
// and SARIF 2.1.0 for code-scanning services.
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
}

// File is the outcome for one input file.
type File struct {
	Path string
	Err  error // the file could not be read, parsed or inferred
	// HostOnly is set, instead of Err, for a file of a directory run that
	// has no kernel: a project's host code, not a failure.
	HostOnly bool
	Kernels  []*check.Report // one per kernel (one for a .prot file)
}

// Counts tallies kernel verdicts and files in error.
type Counts struct {
	Files, Kernels, DRF, Racy, Divergent, Unknown, Unchecked, Errors, HostOnly int
}

// Count tallies the run.
func (r *Run) Count() Counts {
	var c Counts
	for _, f := range r.Files {
		c.Files++
		if f.Err != nil {
			c.Errors++
			continue
		}
		if f.HostOnly {
			c.HostOnly++
		}
		for _, k := range f.Kernels {
			c.Kernels++
			switch k.Verdict {
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
// checked, else 3 when some part stayed unknown, else 0.
func (r *Run) ExitCode() int {
	c := r.Count()
	switch {
	case c.Racy+c.Divergent > 0:
		return 1
	case c.Errors > 0:
		return 2
	case c.Unknown > 0:
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
