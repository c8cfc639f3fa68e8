// Package version says which build of drfcheck is running: the module
// version and the commit that Go stamps into every binary it builds
// (runtime/debug.ReadBuildInfo), or what the linker sets with -ldflags -X.
//
// A binary installed with "go install github.com/drfcheck/drfcheck/cmd/drfcheck@COMMIT"
// carries the pseudo-version of that commit (v0.0.0-20261126225357-7878e12abcde),
// whose last part names it; one built with "go build" in a clone carries the
// revision of the checkout (vcs.revision), and "+dirty" when the tree was
// modified.
package version

import (
	"runtime/debug"
	"strings"
)

// Override, when set at link time, replaces the version Go stamped:
//
//	go build -ldflags "-X github.com/drfcheck/drfcheck/internal/version.Override=v1.2.3" ./cmd/drfcheck
var Override string

// CommitOverride, when set at link time, replaces the commit.
var CommitOverride string

// Info names a build.
type Info struct {
	Version string // v0.1.0, a pseudo-version, or "devel"
	Commit  string // the commit's first 12 hex digits, or "" when not known
	Dirty   bool   // built from a tree with changes not committed
}

// String is the line --version prints: "drfcheck v0.1.0 (commit 0123456789ab)".
func (i Info) String() string {
	s := "drfcheck " + i.Version
	if i.Commit != "" {
		s += " (commit " + i.Commit
		if i.Dirty {
			s += ", modified"
		}
		s += ")"
	}
	return s
}

// Get reads the build's version.
func Get() Info {
	bi, _ := debug.ReadBuildInfo()
	return get(bi, Override, CommitOverride)
}

func get(bi *debug.BuildInfo, override, commitOverride string) Info {
	i := Info{Version: "devel"}
	if bi != nil {
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			i.Version = strings.TrimSuffix(v, "+dirty")
		}
		i.Commit = pseudoCommit(i.Version)
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				i.Commit = short(s.Value)
			case "vcs.modified":
				i.Dirty = s.Value == "true"
			}
		}
	}
	if override != "" {
		i.Version = override
	}
	if commitOverride != "" {
		i.Commit = short(commitOverride)
	}
	return i
}

// pseudoCommit is the commit a pseudo-version names
// (vX.Y.Z-yyyymmddhhmmss-abcdefabcdef, or with a pre-release before the
// time stamp), or "" for a release version.
func pseudoCommit(v string) string {
	v, _, _ = strings.Cut(v, "+")
	i := strings.LastIndexByte(v, '-')
	if i < 0 {
		return ""
	}
	rev, rest := v[i+1:], v[:i]
	if len(rev) != 12 || strings.Trim(rev, "0123456789abcdef") != "" {
		return ""
	}
	stamp := rest[max(strings.LastIndexAny(rest, "-."), 0)+1:]
	if len(stamp) != 14 || strings.Trim(stamp, "0123456789") != "" {
		return ""
	}
	return rev
}

func short(rev string) string {
	if len(rev) > 12 {
		return rev[:12]
	}
	return rev
}
