// Package gpucheck is the GPU cross-check of drfcheck's CUDA oracle
// (DESIGN.md, "Two oracles": NVIDIA's compute-sanitizer is a third
// opinion). It draws kernels with internal/proofs/cudagen (hardware warps of 32
// threads, no grid barrier, a share of them with the CUDA header API:
// halves, warp collectives, scoped atomics), runs drfcheck on each as
// internal/proofs/cuda_test.go does, and writes a folder (.gpu-crosscheck by
// default) that a machine with nvcc and a GPU runs as it is:
//
//   - prog_NN.cu: about 100 cases each, every case in a namespace of its
//     name after #line directives naming it, with a host harness written
//     against the real CUDA runtime API only (gx_harness.h: cudaMalloc,
//     cudaMemset, cudaMemcpy, a launch, cudaStreamQuery with a time limit),
//     which includes cuda_fp16.h, cuda_bf16.h, cuda/atomic and
//     cooperative_groups.h;
//   - smoke.cu: kernels of known outcome, which calibrate the sanitizer's
//     options and show what racecheck and synccheck see on that GPU;
//   - values.cu: the header API's values as the generator's interpreter
//     (and the CPU oracle) compute them, asserted on the GPU (halves'
//     rounding, warp collectives over partial warps and masks);
//   - run.sh: compiles everything with nvcc, runs each binary plain and
//     under compute-sanitizer racecheck and synccheck, within a time
//     budget, and leaves its logs in $OUT;
//   - compare.py and cases.jsonl: reads the logs back and compares them
//     with the interpreter's and drfcheck's verdicts, per class of case
//     and per header construct.
//
// racecheck sees __shared__ memory only: a race on global memory (scoped
// atomics, most halves' and collectives' arrays) that it does not report
// is no disagreement. The command is cmd/gpucheck; TestPrograms checks the
// files with clang's CUDA front end and drfcheck's headers (no CUDA
// headers here), and with nvcc when one is installed.
package gpucheck
