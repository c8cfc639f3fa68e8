package exec

import (
	"context"
	"testing"
)

// TestOpenCLShim runs OpenCL C kernels through the shim (Case.OpenCL):
// local memory is the block's, barrier() orders it, atomics are atomic,
// and a barrier some work-items skip is divergence.
func TestOpenCLShim(t *testing.T) {
	need(t)
	ocl := func(name, src string, params []Param) Case {
		return Case{Name: name, Kernel: "k", Block: Dim3{8, 2, 1}, Grid: Dim3{2, 1, 1}, Params: params, Source: src, OpenCL: true}
	}
	gout := []Param{{Name: "out", Type: "int *", Pointer: true, Len: 64}}
	tests := []struct {
		c    Case
		want want
	}{
		// every work-item of a group writes s[0]: a race in local memory
		{ocl("cl_local_race", `
__kernel void k(__global int *out) {
  __local int s[4];
  int t = (int)get_local_id(1) * (int)get_local_size(0) + (int)get_local_id(0);
  s[0] = t;
  out[get_global_id(0) + 16 * get_local_id(1)] = 1;
}`, gout), want{race: true}},
		// a neighbour's cell of local memory after a barrier: ordered
		{ocl("cl_local_barrier", `
__kernel void k(__global int *out) {
  __local int s[16];
  uint t = (uint)get_local_id(1) * (uint)get_local_size(0) + (uint)get_local_id(0);
  s[t] = (int)t;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0) * 16 + t] = s[(t + 1) % 16];
}`, gout), want{}},
		// the same without the barrier
		{ocl("cl_local_nobarrier", `
__kernel void k(__global int *out) {
  __local int s[16];
  uint t = (uint)get_local_id(1) * (uint)get_local_size(0) + (uint)get_local_id(0);
  s[t] = (int)t;
  out[get_group_id(0) * 16 + t] = s[(t + 1) % 16];
}`, gout), want{race: true}},
		// atomics on global and local memory, through a function taking
		// a __local pointer
		{ocl("cl_atomics", `
typedef struct cl_atomics_P { int a; int b; } cl_atomics_P;
int bump(__local int *p, cl_atomics_P q) { return atomic_add(p, q.a) + atomic_inc(p); }
__kernel void k(__global int *out, cl_atomics_P q) {
  __local int c;
  __local int *pc = &c;
  if (get_local_id(0) == 0 && get_local_id(1) == 0) c = 0;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  atomic_max(&out[0], bump(pc, q) + atomic_cmpxchg(&out[1], 0, 1));
}`, []Param{gout[0], {Name: "q", Type: "cl_atomics_P", Value: "cl_atomics_P{1, 2}"}}), want{}},
		// a barrier under a condition some work-items of a group fail
		{ocl("cl_divergence", `
__kernel void k(__global int *out) {
  if (get_local_id(0) < 3) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0) + 16 * get_local_id(1)] = 1;
}`, gout), want{div: true}},
	}
	var cases []Case
	for _, tc := range tests {
		cases = append(cases, tc.c)
	}
	outs := Run(context.Background(), cases)
	for i, tc := range tests {
		o := outs[i]
		if o.Err != nil || o.Race != tc.want.race || o.Divergence != tc.want.div {
			t.Errorf("%s: race %v, divergence %v, err %v; want race %v, divergence %v\n%s", tc.c.Name, o.Race, o.Divergence, o.Err,
				tc.want.race, tc.want.div, o.Report)
		}
	}
	if got := openCLSource("  __local int s[4];\n  __local int *p = s;\n__local Pair ps[2][3];"); got != "  __shared__ int s[4];\n  __local int *p = s;\n__shared__ Pair ps[2][3];" {
		t.Errorf("openCLSource: %q", got)
	}
}
