#ifndef SATWATCH_CZLIB_SHIM_H
#define SATWATCH_CZLIB_SHIM_H
// zlib: deflate streams and the CRC-32 and Adler-32 checksums. libcurl already loads it into the
// process, so linking it adds no library.
#include <zlib.h>
#endif
