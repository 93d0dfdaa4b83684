//===- TranslateFile.h - One source file to one .cu file --------*- C++ -*-===//
//
// Parses one source with Clang (OpenMP on), builds the terms of its marked
// loops, runs the rule pipeline over them and writes <out>/<stem>.cu, whole
// or not at all. Each call owns its Clang tool, file system view,
// diagnostics and engine, so that calls may run on several threads at once;
// what they share (the facts, the rule sets) is read only.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_DRIVER_TRANSLATEFILE_H
#define LOOP2CUDA_DRIVER_TRANSLATEFILE_H

#include "driver/FileReport.h"
#include "engine/Engine.h"
#include "frontend/Frontend.h"

#include <string>
#include <vector>

namespace clang::tooling {
struct CompileCommand;
} // namespace clang::tooling

namespace l2c {

struct TranslateOptions {
  const FactRegistry *Facts = nullptr;
  /// The rule sets to run, in order.
  std::vector<const RuleSet *> Pipeline;
  /// Rules and rule sets switched off.
  llvm::StringSet<> Disabled;
  /// Print every rule application (to the file's log).
  bool Trace = false;
  FrontendOptions Frontend;
  std::string OutDir;
  /// Warnings are errors: nothing is written for a file with a warning.
  bool WError = false;
  /// Also write <out>/<kernel>_verify.cu for each kernel.
  bool Verify = false;
  /// A C input: one .cu compiled as C++ (Whole), or its host part as C
  /// plus a .cu (Split, CSplit.h); Auto splits what C++ cannot compile.
  enum class COutputMode { Auto, Whole, Split } COutput = COutputMode::Auto;
};

/// Translates File with the first of Commands (its compile commands, from
/// the compilation database). The report's Log holds all that was printed.
FileReport
translateFile(const TranslateOptions &Opts, const std::string &File,
              llvm::ArrayRef<clang::tooling::CompileCommand> Commands);

} // namespace l2c

#endif
