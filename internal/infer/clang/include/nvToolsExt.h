// drfcheck stub of NVTX's nvToolsExt.h (host code).
#ifndef DRFCHECK_NVTOOLSEXT_H
#define DRFCHECK_NVTOOLSEXT_H
#include "drfcheck_prelude.h"
typedef uint64_t nvtxRangeId_t;
extern "C" {
int nvtxRangePushA(const char *message);
int nvtxRangePop(void);
nvtxRangeId_t nvtxRangeStartA(const char *message);
void nvtxRangeEnd(nvtxRangeId_t id);
void nvtxMarkA(const char *message);
}
#define nvtxRangePush nvtxRangePushA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxMark nvtxMarkA
#endif
