package proofs

import (
	"testing"

	"github.com/drfcheck/drfcheck/internal/proofs/cudagen"
)

// reportHeader logs how execution and drfcheck compare on the constructs
// of the CUDA header API (cudagen's genheader.go), each on its own arrays:
// halves "hf", warp results "wv", scoped atomics "sa", "ca", counters "sc"
// and their slots "ss"; integer intrinsics and bit fields rewrite the
// indices of any array.
func (d *differential) reportHeader(t *testing.T, cases []*cudagen.Case) {
	for _, c := range []struct {
		construct, what string
		prefixes        []string
	}{
		{"half array", "__half arrays", []string{"hf"}},
		{"bfloat16 array", "__nv_bfloat16 arrays", []string{"hf"}},
		{"half2 array", "__half2 arrays", []string{"hf"}},
		{"half arithmetic", "half arithmetic (__hadd, __hmul, __hfma, operators)", []string{"hf"}},
		{"half accumulate", "fp16 accumulation (acc[i] += h)", []string{"hf"}},
		{"half index", "indices from rounded halves", []string{"hf"}},
		{"warp reduce", "warp reductions (__reduce_*_sync)", []string{"wv"}},
		{"warp vote", "warp votes (__all_sync, __any_sync, __ballot_sync)", []string{"wv"}},
		{"warp match", "warp matches (__match_any_sync, __match_all_sync)", []string{"wv"}},
		{"warp shuffle", "warp shuffles (__shfl*_sync)", []string{"wv"}},
		{"__activemask", "__activemask()", []string{"wv"}},
		{"collective, partial warp", "warp collectives with a partial last warp", []string{"wv"}},
		{"collective, group mask", "warp collectives with masks of half a warp", []string{"wv"}},
		{"collective result decides", "warp collectives choosing the writer or the cell", []string{"wv"}},
		{"atomic _block", "atomicX_block", []string{"sa", "sc", "ss"}},
		{"atomic _system", "atomicX_system", []string{"sa"}},
		{"atomic_ref", "cuda::atomic_ref", []string{"sa", "sc", "ss"}},
		{"cuda::atomic", "cuda::atomic objects", []string{"ca"}},
		{"atomic load", "atomic loads", []string{"sa", "ca"}},
		{"block scope, several blocks", "block-scoped atomics on global memory with several blocks", []string{"sa", "ca", "sc", "ss"}},
		{"scoped counter", "block-scoped counters indexing slots", []string{"sc", "ss"}},
		{"integer intrinsic", "integer intrinsics (__ffs, __clz, __popc, __brev) in indices", nil},
		{"bit fields", "indices split into bit fields and joined again with | or ^", nil},
	} {
		d.reportConstruct(t, cases, c.construct, c.what, c.prefixes...)
	}
}
