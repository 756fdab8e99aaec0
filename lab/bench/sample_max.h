/*
 * sample_max.h - the benchmarks' sample of the longest masked stretch in a
 * statement: the probe's running maximum `probe_max` is cleared for `stmt`,
 * its value then is the sample (`out`, also kept in `whole_max`), and the
 * larger of the two survives for the stretches outside any sample.
 */
#ifndef EBB_BENCH_SAMPLE_MAX_H
#define EBB_BENCH_SAMPLE_MAX_H

#include <stdint.h>

#define BENCH_SAMPLE_MAX(probe_max, whole_max, out, stmt)                      \
    do {                                                                       \
        uint32_t keep_ = (probe_max);                                          \
        (probe_max) = 0;                                                       \
        stmt;                                                                  \
        (out) = (probe_max);                                                   \
        if (keep_ > (probe_max)) {                                             \
            (probe_max) = keep_;                                               \
        }                                                                      \
        if ((out) > (whole_max)) {                                             \
            (whole_max) = (out);                                               \
        }                                                                      \
    } while (0)

#endif
