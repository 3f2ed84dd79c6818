#include <malloc.h>
#include "bench_heap.h"

size_t satwatch_bench_heap_in_use(void) {
    return mallinfo2().uordblks;
}
