// drfcheck stub of the CUDA samples' helper_functions.h (host code).
#ifndef DRFCHECK_HELPER_FUNCTIONS_H
#define DRFCHECK_HELPER_FUNCTIONS_H
#include "helper_string.h"
#include "helper_timer.h"
bool sdkLoadPGM(const char *file, unsigned char **data, unsigned int *w, unsigned int *h);
bool sdkSavePGM(const char *file, unsigned char *data, unsigned int w, unsigned int h);
bool sdkLoadPPM4ub(const char *file, unsigned char **data, unsigned int *w, unsigned int *h);
bool sdkSavePPM4ub(const char *file, unsigned char *data, unsigned int w, unsigned int h);
bool sdkCompareL2fe(const float *reference, const float *data, const unsigned int len, const float epsilon);
#endif
