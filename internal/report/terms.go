package report

import (
	"fmt"
	"strings"

	"github.com/drfcheck/drfcheck/check"
	"github.com/drfcheck/drfcheck/protocol"
)

// terms are the words a report uses for the execution model: CUDA's, or
// OpenCL's for an OpenCL kernel (check.Report.OpenCL).
type terms struct {
	thread, threads, block, blocks string
	threadIdx, blockIdx            string // the witness table's rows
	blockDim, gridDim              string // the launch line's
}

var (
	cudaTerms   = terms{"thread", "threads", "block", "blocks", "threadIdx", "blockIdx", "blockDim", "gridDim"}
	openCLTerms = terms{"work-item", "work-items", "work-group", "work-groups", "local id", "group id", "local size", "groups"}
)

func termsOf(k *check.Report) terms {
	if k.OpenCL {
		return openCLTerms
	}
	return cudaTerms
}

// fenceText says why a barrier between two racing accesses does not order
// them: its flags fence the other memory, or none.
func fenceText(r *check.Race) []string {
	var out []string
	for _, s := range r.Unfenced {
		var why string
		switch s.Fence {
		case protocol.FenceShared:
			why = "fences local memory only (CLK_LOCAL_MEM_FENCE): it does not order accesses to global memory; add CLK_GLOBAL_MEM_FENCE to its flags"
		case protocol.FenceGlobal:
			why = "fences global memory only (CLK_GLOBAL_MEM_FENCE): it does not order accesses to local memory; add CLK_LOCAL_MEM_FENCE to its flags"
		default:
			why = "orders none of this memory: its flags name neither CLK_LOCAL_MEM_FENCE nor CLK_GLOBAL_MEM_FENCE, or it is a wait_group_events, or the kernel writes an image and it lacks CLK_IMAGE_MEM_FENCE, which orders images (and, here, global memory with them)"
		}
		out = append(out, fmt.Sprintf("the barrier at %d:%d %s", s.At.Line, s.At.Col, why))
	}
	return out
}

// between says which threads race, in the report's terms.
func (w terms) between(s string) string {
	if w == cudaTerms {
		return s
	}
	return strings.NewReplacer("threads", w.threads, "blocks", w.blocks).Replace(s)
}
