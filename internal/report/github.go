package report

import (
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/protocol"
)

// GitHub Actions workflow commands
// (https://docs.github.com/actions/reference/workflow-commands-for-github-actions):
// one ::error or ::warning line per finding not suppressed, which the
// runner shows as an annotation on the line of the pull request's diff.

var sarifLink = regexp.MustCompile(`\[at line (\d+)\]\(1\)`)

// WriteGitHub writes the run as workflow-command annotations.
func WriteGitHub(w io.Writer, r *Run) error {
	for _, f := range r.Files {
		if f.NoKernel {
			continue
		}
		for _, e := range f.BadSuppressions {
			annotate(w, "error", "drfcheck: bad suppression", e.At, e.Msg)
		}
		if f.Err != nil {
			for _, e := range positioned(f) {
				annotate(w, "error", "drfcheck: input error", e.At, e.Msg)
			}
			continue
		}
		for _, k := range f.Kernels {
			for i, race := range k.Races {
				if k.Suppressed(check.RuleRace, i) == nil {
					// SARIF's link to the related location, as plain text
					msg := sarifLink.ReplaceAllString(raceText(k, race), "at line $1")
					annotate(w, "error", "drfcheck: data race", race.Witness.Threads[0].Access.At, msg)
				}
			}
			for i, d := range k.Divergences {
				if k.Suppressed(check.RuleDivergence, i) == nil {
					annotate(w, "error", "drfcheck: barrier divergence", d.Witness.Check.At, divergenceText(k, d))
				}
			}
			for i, u := range k.Unknowns {
				if k.Suppressed(check.RuleUnknown, i) == nil {
					annotate(w, "warning", "drfcheck: not checked", u.At, fmt.Sprintf("%s: cannot check: %s", k.Name, u.Reason))
				}
			}
		}
	}
	c := r.Count()
	_, err := fmt.Fprintf(w, "drfcheck: %d kernels: %d data-race free, %d racy, %d divergent, %d unknown, %d suppressed; %d files in error\n",
		c.Kernels, c.DRF, c.Racy, c.Divergent, c.Unknown, c.Suppressed, c.Errors)
	return err
}

// annotate writes one workflow command, its properties and message escaped
// as the runner unescapes them.
func annotate(w io.Writer, level, title string, at protocol.Pos, msg string) {
	props := []string{"file=" + escapeProperty(filepath.ToSlash(at.File))}
	if at.Line > 0 {
		props = append(props, fmt.Sprintf("line=%d", at.Line))
	}
	if at.Col > 0 {
		props = append(props, fmt.Sprintf("col=%d", at.Col))
	}
	props = append(props, "title="+escapeProperty(title))
	fmt.Fprintf(w, "::%s %s::%s\n", level, strings.Join(props, ","), escapeData(msg))
}

func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
