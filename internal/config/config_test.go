package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGlob(t *testing.T) {
	for _, tc := range []struct {
		glob, path string
		want       bool
	}{
		{"*.cu", "a.cu", true},
		{"*.cu", "src/a.cu", false},
		{"src/*.cu", "src/a.cu", true},
		{"src/*.cu", "src/sub/a.cu", false},
		{"src/**/*.cu", "src/a.cu", true},
		{"src/**/*.cu", "src/sub/deep/a.cu", true},
		{"**/*_host.cu", "x/y_host.cu", true},
		{"**/*_host.cu", "y_host.cu", true},
		{"third_party/", "third_party/lib/k.cu", true},
		{"third_party/", "third_party_not/k.cu", false},
		{"third_party/**", "third_party/k.cu", true},
		{"k?.cu", "k1.cu", true},
		{"k?.cu", "k10.cu", false},
		{"a.b.cu", "aXb.cu", false},
	} {
		re, err := globRE(tc.glob)
		if err != nil {
			t.Errorf("%s: %v", tc.glob, err)
			continue
		}
		if got := re.MatchString(tc.path); got != tc.want {
			t.Errorf("%s matches %s: %v, want %v", tc.glob, tc.path, got, tc.want)
		}
	}
	if _, err := globRE("k[12].cu"); err == nil {
		t.Errorf("a character class is accepted")
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "src", "sub")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(text string) string {
		p := filepath.Join(dir, Name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := write("flags: [--quiet]\nexclude: [third/]\nlaunch:\n  - path: src/**/*.cu\n    blockDim: 32\n  - path: src/sub/a.cu\n    kernel: j\n    params: {n: 4}\n")
	if got, err := Find(filepath.Join(sub, "a.cu")); err != nil || got != p {
		t.Errorf("Find from a file below: %q, %v; want %q", got, err, p)
	}
	if got, err := Find(sub); err != nil || got != p {
		t.Errorf("Find from a directory below: %q, %v", got, err)
	}
	f, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Flags) != 1 || !f.Excluded(filepath.Join(dir, "third", "k.cu")) || f.Excluded(filepath.Join(sub, "a.cu")) {
		t.Errorf("flags %v, exclusions wrong", f.Flags)
	}
	ls := f.LaunchesFor(filepath.Join(sub, "a.cu"))
	if len(ls) != 2 || ls[0].BlockDim != "32" || ls[1].Kernel != "j" || ls[1].Params["n"] != 4 || ls[1].Line != 6 {
		t.Errorf("launches %+v", ls)
	}
	if ls := f.LaunchesFor(filepath.Join(dir, "other.cu")); len(ls) != 0 {
		t.Errorf("launches of a file no glob matches: %+v", ls)
	}
	for _, tc := range []struct{ text, msg string }{
		{"flag: [--quiet]\n", "line 1: field flag not found"},
		{"launch:\n  - path: a.cu\n    blockdim: 32\n", "line 3: field blockdim not found"},
		{"exclude: [\"k[12].cu\"]\n", "character classes"},
		{"flags: --quiet: x\n", "mapping values are not allowed"},
	} {
		_, err := Load(write(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.msg) || !strings.HasPrefix(err.Error(), p) {
			t.Errorf("%q: error %v, want one naming %s with %q", tc.text, err, p, tc.msg)
		}
	}
	if f, err := Load(write("")); err != nil || len(f.Launch) != 0 {
		t.Errorf("an empty file: %v", err)
	}
}
