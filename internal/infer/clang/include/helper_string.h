// drfcheck stub of the CUDA samples' helper_string.h (host code).
#ifndef DRFCHECK_HELPER_STRING_H
#define DRFCHECK_HELPER_STRING_H
#include "drfcheck_prelude.h"
#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif
bool checkCmdLineFlag(const int argc, const char **argv, const char *string_ref);
int getCmdLineArgumentInt(const int argc, const char **argv, const char *string_ref);
float getCmdLineArgumentFloat(const int argc, const char **argv, const char *string_ref);
bool getCmdLineArgumentString(const int argc, const char **argv, const char *string_ref, char **string_retval);
char *sdkFindFilePath(const char *filename, const char *executable_path);
int stringRemoveDelimiter(char delimiter, const char *string);
#endif
