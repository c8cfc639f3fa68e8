// Package fig7 writes the synthetic kernels of the scalability experiment
// (Claim 2, Figure 7) of Cogumbreiro, Lange, Liew and Zicarelli, "Checking
// Data-Race Freedom of GPU Kernels, Compositionally" (CAV 2021): five
// patterns, each
// repeated or nested n times, as access memory protocols and as CUDA
// kernels. All of them are data-race free. The benchmarks of packages
// check and cmd/drfcheck share them, so that the .prot and the CUDA
// figures measure the same programs.
package fig7

import (
	"fmt"
	"strings"
)

// Patterns are the five categories of Fig. 7, in the paper's order.
var Patterns = []string{"accesses", "barriers", "conditionals", "unsync-loops", "sync-loops"}

// Prot is pattern repeated or nested n times as a .prot file: the accesses
// rd then wr of A[tid + k * blockDim.x], k = 1..n; n writes each followed
// by a barrier; n conditionals tid == k; n nested loops over 0..N, without
// or with a barrier after the write of each.
func Prot(pattern string, n int) string {
	var b strings.Builder
	b.WriteString("param N;\nshared A;\n")
	switch pattern {
	case "accesses":
		for k := 1; k <= n; k++ {
			fmt.Fprintf(&b, "rd A[tid + %d * blockDim.x];\nwr A[tid + %d * blockDim.x];\n", k, k)
		}
	case "barriers":
		for k := 0; k < n; k++ {
			b.WriteString("wr A[tid];\nsync;\n")
		}
	case "conditionals":
		for k := 0; k < n; k++ {
			fmt.Fprintf(&b, "if tid == %d { wr A[tid]; }\n", k)
		}
	case "unsync-loops", "sync-loops":
		for k := 0; k < n; k++ {
			fmt.Fprintf(&b, "for i%d in 0..N {\nwr A[tid];\n", k)
			if pattern == "sync-loops" {
				b.WriteString("sync;\n")
			}
		}
		b.WriteString(strings.Repeat("}\n", n))
	}
	return b.String()
}

// CUDA is the same pattern as a CUDA kernel of one block (a //--gridDim=1
// header): A is an extern __shared__ array, the accesses are
// A[threadIdx.x + k * blockDim.x] += 1, the barriers __syncthreads().
func CUDA(pattern string, n int) string {
	var b strings.Builder
	b.WriteString("//--gridDim=1\n__global__ void claim2(int N) {\n  extern __shared__ int A[];\n")
	switch pattern {
	case "accesses":
		for k := 1; k <= n; k++ {
			fmt.Fprintf(&b, "  A[threadIdx.x + %d * blockDim.x] += 1;\n", k)
		}
	case "barriers":
		for k := 0; k < n; k++ {
			b.WriteString("  A[threadIdx.x] = 1;\n  __syncthreads();\n")
		}
	case "conditionals":
		for k := 0; k < n; k++ {
			fmt.Fprintf(&b, "  if (threadIdx.x == %d) A[threadIdx.x] = 1;\n", k)
		}
	case "unsync-loops", "sync-loops":
		for k := 0; k < n; k++ {
			fmt.Fprintf(&b, "  for (int i%d = 0; i%d < N; i%d++) {\n  A[threadIdx.x] = 1;\n", k, k, k)
			if pattern == "sync-loops" {
				b.WriteString("  __syncthreads();\n")
			}
		}
		b.WriteString(strings.Repeat("  }\n", n))
	}
	b.WriteString("}\n")
	return b.String()
}
