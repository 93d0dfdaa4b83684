//===- DomainFacts.cpp - One table of the domain facts --------------------===//
//
// Each entry registers the facts of one file of this folder; the driver
// calls registerDomainFacts once, after the engine's standard facts.
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"

namespace l2c {

namespace {

/// The files of rewriter/facts and what their facts serve.
const struct {
  const char *What;
  void (*Register)(FactRegistry &);
} Table[] = {
    {"read and write sets of host terms", registerHostAccessFacts},
    {"whole-arrays: extents", registerExtentFacts},
    {"bitonic-shared, histograms: tiles, substitute", registerTileFacts},
    {"tile-matmul", registerMatmulFacts},
    {"vectorize-map", registerMapFacts},
    {"hold-calls, hold-loops", registerHoldFacts},
    {"histogram rule sets", registerHistogramFacts},
    {"restrict-arrays, host-fallback, spread-blocks, inline-calls",
     registerKernelFacts},
    {"probe-loops, probe-accesses, host-fallback", registerProbeFacts},
    {"host-fallback: extents from the record of allocations",
     registerRecordFacts},
    {"host-fallback: the run-time guard on a launch's work",
     registerWorkFacts},
    {"register-accumulator", registerAccumulatorFacts},
    {"warp-rows", registerWarpRowFacts},
    {"extract-kernel, move-copies: overwritten boxes", registerOverwriteFacts},
};

} // namespace

void registerDomainFacts(FactRegistry &R) {
  for (const auto &Entry : Table)
    Entry.Register(R);
}

} // namespace l2c
