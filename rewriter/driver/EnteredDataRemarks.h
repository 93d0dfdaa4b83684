//===- EnteredDataRemarks.h - What became of enter/exit data ----*- C++ -*-===//

#ifndef LOOP2CUDA_DRIVER_ENTEREDDATAREMARKS_H
#define LOOP2CUDA_DRIVER_ENTEREDDATAREMARKS_H

#include "term/Term.h"

#include "clang/Basic/SourceLocation.h"

#include <map>
#include <string>

namespace clang {
class DiagnosticsEngine;
} // namespace clang

namespace l2c {

/// A remark at each standalone `target enter data`, `exit data` and
/// `update` of Final, the translation unit after the rules: what rule set
/// entered-data made of it, or that it has no effect where the set did not
/// run (the front end, EnteredData.cpp, remarks on those it cannot follow).
/// Shown gives the stand-ins of members as the source spells them.
void remarkDataDirectives(const Term &Final,
                          const std::map<int64_t, clang::SourceRange> &Ranges,
                          const std::map<std::string, std::string> &Shown,
                          clang::DiagnosticsEngine &Diags);

} // namespace l2c

#endif
