package version

import (
	"runtime/debug"
	"testing"
)

func TestGet(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	for _, tc := range []struct {
		name                   string
		bi                     *debug.BuildInfo
		override, commit, want string
	}{
		{"no build info", nil, "", "", "drfcheck devel"},
		{"go install @commit", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261126225357-7878e12abcde"}}, "", "",
			"drfcheck v0.0.0-20261126225357-7878e12abcde (commit 7878e12abcde)"},
		{"pseudo-version after a tag", &debug.BuildInfo{Main: debug.Module{Version: "v0.1.1-0.20261126225357-7878e12abcde"}}, "", "",
			"drfcheck v0.1.1-0.20261126225357-7878e12abcde (commit 7878e12abcde)"},
		{"release", &debug.BuildInfo{Main: debug.Module{Version: "v0.1.0"}}, "", "", "drfcheck v0.1.0"},
		{"go build in a clone", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261126225357-7878e12abcde+dirty"},
			Settings: settings("vcs.revision", "7878e12abcde0123456789abcdef012345678901", "vcs.modified", "true")}, "", "",
			"drfcheck v0.0.0-20261126225357-7878e12abcde (commit 7878e12abcde, modified)"},
		{"devel with a revision", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: settings("vcs.revision", "abc")}, "", "",
			"drfcheck devel (commit abc)"},
		{"ldflags", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "v1.2.3", "0123456789abcdef", "drfcheck v1.2.3 (commit 0123456789ab)"},
		{"not a pseudo-version", &debug.BuildInfo{Main: debug.Module{Version: "v1.0.0-rc1"}}, "", "", "drfcheck v1.0.0-rc1"},
	} {
		if got := get(tc.bi, tc.override, tc.commit).String(); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
