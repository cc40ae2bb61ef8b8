/*
 * dispatch.c - the fast engine's table of kernels and the choice among
 * them: bdi_fast_enumerate runs the kernel chosen at its first call, the
 * first in the table (the widest first) that this library has and this
 * processor runs.
 *
 * The choice is kept in one atomic pointer, set idempotently: it is a pure
 * function of the processor, so threads that make it at once store the
 * same row, and every later call reads it with a single load. (A lock or
 * call_once would need <threads.h>, which not every C library has, for no
 * gain.) The processor's features are asked with __builtin_cpu_supports,
 * compiled only where a kernel other than the base is built (x86-64 with
 * gcc or clang, never under BD_PORTABLE). A new kernel is a file, a row
 * here and its test in tests/CMakeLists.txt.
 */
#include "fast.h"
#include "core/engine.h"

#include <stdatomic.h>

#if defined(BDI_HAVE_FAST_AVX512) && !defined(BD_PORTABLE)
/* Whether the processor and system run avx512.c: the features its compile
 * flags allow (CMakeLists.txt). */
static bool avx512_runs_here(void)
{
    /* a no-op once the run-time library's constructor has run; needed
     * only when called before it (from another constructor) */
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
           && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi")
           && __builtin_cpu_supports("bmi2");
}
#define AVX512_KERNEL {"avx512", bdi_fast_enumerate_avx512, avx512_runs_here}
#else
#define AVX512_KERNEL {"avx512", NULL, NULL}
#endif

const bdi_fast_kernel bdi_fast_kernels[] = {
    AVX512_KERNEL,
    {"base", bdi_fast_enumerate_base, NULL},
    {NULL, NULL, NULL},
};

/* The kernel in use, NULL until the first call chooses it. */
static _Atomic(const bdi_fast_kernel *) kernel_in_use;

/* Whether `kernel` is built into this library and runs here. */
static bool usable(const bdi_fast_kernel *kernel)
{
    return kernel->enumerate && (!kernel->runs_here || kernel->runs_here());
}

const bdi_fast_kernel *bdi_fast_kernel_in_use(void)
{
    const bdi_fast_kernel *kernel = atomic_load_explicit(&kernel_in_use, memory_order_acquire);
    if (kernel)
        return kernel;
    kernel = bdi_fast_kernels;
    while (!usable(kernel))
        kernel++;   /* the base, last, is always usable */
    atomic_store_explicit(&kernel_in_use, kernel, memory_order_release);
    return kernel;
}

/* The contract is in core/engine.h: the kernel in use does the work. */
bool bdi_fast_enumerate(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
                        bd_stats *stats)
{
    return bdi_fast_kernel_in_use()->enumerate(puzzle, options, visitor, stats);
}
