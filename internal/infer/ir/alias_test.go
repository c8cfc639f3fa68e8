package ir

import (
	"strings"
	"testing"
)

// Pointer parameters that alias at a launch share one base: the accesses
// through the second land at the given byte offset in the first's memory,
// or at an offset that is a parameter of its own when it is not known.
func TestLowerAliases(t *testing.T) {
	src := `__global__ void k(float *out, const float *in, int *other) {
  out[threadIdx.x] = in[threadIdx.x + 1] + other[0];
}
`
	tu := parse(t, "alias.cu", src)
	fn := Kernels(tu)[0]
	for _, tc := range []struct {
		name    string
		opts    Options
		bases   string // the bases of the function, by name
		load    string // the read of in[threadIdx.x + 1]
		offVars []string
	}{
		{"distinct", Options{}, "out in other", "[in + 4 * (threadIdx.x + 1)]", nil},
		{"the same pointer", Options{Aliases: map[string]Alias{"1": {To: "0", Off: 0, Known: true}}}, "out other", "[out + 4 * (threadIdx.x + 1)]", nil},
		{"four bytes on", Options{Aliases: map[string]Alias{"1": {To: "0", Off: 4, Known: true}}}, "out other", "[out + 4 * (threadIdx.x + 1) + 4]", nil},
		{"an unknown offset", Options{Aliases: map[string]Alias{"1": {To: "0"}}}, "out other", "[out + in_off + 4 * (threadIdx.x + 1)]", []string{"in_off"}},
		{"not a parameter: not memory of its own", Options{Aliases: map[string]Alias{"1": {To: "5"}}}, "out other", "unknown", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := LowerWith(tu, fn, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, b := range f.Bases {
				names = append(names, b.Name)
			}
			if got := strings.Join(names, " "); got != tc.bases {
				t.Errorf("bases %q, want %q", got, tc.bases)
			}
			text := Config{}.Print(f)
			if tc.load == "unknown" {
				// an alias whose target is not a slot: the read is not
				// checked, never made a distinct array
				if !strings.Contains(text, "cannot name): in[threadIdx.x + 1]") {
					t.Errorf("the read of in is not unknown:\n%s", text)
				}
			} else if !strings.Contains(text, "t1 = load f32 "+tc.load+"\n") {
				t.Errorf("the read of in is not at %s:\n%s", tc.load, text)
			}
			for _, v := range tc.offVars {
				found := false
				for _, p := range f.Params {
					if p.Name == v {
						found = true
					}
				}
				if !found {
					t.Errorf("no parameter %s for the unknown offset:\n%s", v, text)
				}
			}
		})
	}
}
