package check_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/drfcheck/drfcheck/check"
)

// Checking a protocol and a CUDA file from code: load each file into
// inputs (one per kernel and launch configuration), then check each.
func Example() {
	c := check.New(check.Options{Jobs: 1})

	// Thread t reads A[t + 1], which thread t + 1 writes: a race.
	prot := []byte("shared A;\nwr A[tid];\nrd A[tid + 1];\n")
	ins, err := check.LoadProtocol("shift.prot", prot, check.LoadOptions{Block: &[3]int64{64, 1, 1}})
	if err != nil {
		log.Fatal(err)
	}
	for _, in := range ins {
		r := c.Check(in)
		fmt.Println(r.Name, r.Verdict, len(r.Races))
	}

	// Each thread scales its own element: data-race free for any launch.
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "scale.cu")
	cu := []byte(`__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 2 * a[i];
}
`)
	if err := os.WriteFile(path, cu, 0o644); err != nil {
		log.Fatal(err)
	}
	ins, err = check.LoadCUDA(path, cu, check.LoadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	for _, in := range ins {
		r := c.Check(in)
		fmt.Println(r.Name, r.Verdict)
	}
	// Output:
	// shift.prot racy 1
	// scale drf
}
