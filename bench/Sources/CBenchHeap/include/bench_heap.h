#ifndef SATWATCH_BENCH_HEAP_H
#define SATWATCH_BENCH_HEAP_H

#include <stddef.h>

/// Bytes malloc has handed out and not taken back (glibc `mallinfo2().uordblks`): the heap a
/// data structure costs, measured as the difference around building it. Swift's Glibc module
/// does not export <malloc.h>, hence this one function in C.
size_t satwatch_bench_heap_in_use(void);

#endif
