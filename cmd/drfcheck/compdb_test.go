package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"nvcc -c a.cu", []string{"nvcc", "-c", "a.cu"}},
		{`nvcc -DNAME="a b" -I'x y' a\ b.cu`, []string{"nvcc", "-DNAME=a b", "-Ix y", "a b.cu"}},
		{`cc "-D\"q\""  -o  out`, []string{"cc", `-D"q"`, "-o", "out"}},
		{"", nil},
	}
	for _, tc := range tests {
		if got := splitCommand(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("splitCommand(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParserFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"joined and apart", []string{"nvcc", "-Iinc", "-I", "/abs", "-DX=1", "-D", "Y", "-UZ", "-c", "k.cu"},
			[]string{"-I", "/build/inc", "-I", "/abs", "-DX=1", "-DY", "-UZ"}},
		{"system and forced includes, std", []string{"clang++", "-isystem", "sys", "-include", "pre.h", "-std=c++17", "-O2", "-arch=sm_80"},
			[]string{"-isystem", "/build/sys", "-include", "/build/pre.h", "-std=c++17"}},
		// as gcc reads them: -Dangling defines angling, -Include adds nclude
		{"dropped: outputs, warnings", []string{"cc", "-o", "k.o", "-Wall", "-Dangling", "-Include"},
			[]string{"-Dangling", "-I", "/build/nclude"}},
		{"a flag without its value", []string{"cc", "-I"}, nil},
	}
	for _, tc := range tests {
		if got := parserFlags("/build", tc.args); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestCompDB checks a file with a macro and an include directory that only
// the compilation database gives: without it the file does not compile,
// with it the kernel is checked (and is racy, by the macro's value).
func TestCompDB(t *testing.T) {
	dir := t.TempDir()
	inc := filepath.Join(dir, "include")
	if err := os.Mkdir(inc, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// SHIFT 1 makes thread t write out[t + 1], which thread t + 1 reads
	write(filepath.Join(inc, "shift.h"), "#define STEP SHIFT\n")
	kernel := filepath.Join(dir, "k.cu")
	write(kernel, "//--blockDim=64 --gridDim=1\n#include \"shift.h\"\n__global__ void k(int *out) {\n  int v = out[threadIdx.x];\n  out[threadIdx.x + STEP] = v;\n}\n")
	write(filepath.Join(dir, "compile_commands.json"), `[{"directory": "`+dir+`", "file": "k.cu", "command": "nvcc -Iinclude -DSHIFT=1 -c k.cu -o k.o"}]`)
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{kernel}, 3}, // shift.h not found: the kernel, which needs STEP, is unknown
		{[]string{"--compile-commands", dir, kernel}, 1},
		{[]string{"--compile-commands", filepath.Join(dir, "compile_commands.json"), kernel}, 1},
		{[]string{"--compile-commands", filepath.Join(dir, "none"), kernel}, 2},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, &stdout, &stderr); code != tc.code {
			t.Errorf("%q: exit %d, want %d\n%s%s", tc.args, code, tc.code, stdout.String(), stderr.String())
		}
	}
}
