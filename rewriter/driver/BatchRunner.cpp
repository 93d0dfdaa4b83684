//===- BatchRunner.cpp - Runs a job over many files, N at a time ----------===//

#include "driver/BatchRunner.h"

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <future>

namespace l2c {

std::vector<FileReport> runBatch(llvm::ArrayRef<std::string> Files,
                                 unsigned Jobs, const FileJob &Job,
                                 llvm::raw_ostream &OS) {
  std::vector<FileReport> Reports(Files.size());
  auto Print = [&](const FileReport &R) {
    OS << R.Log;
    OS.flush();
  };
  if (Jobs == 1 || Files.size() <= 1) {
    for (size_t I = 0; I < Files.size(); ++I) {
      Reports[I] = Job(Files[I]);
      Print(Reports[I]);
    }
    return Reports;
  }
  llvm::ThreadPoolStrategy Strategy = Jobs == 0
                                          ? llvm::hardware_concurrency()
                                          : llvm::hardware_concurrency(Jobs);
  llvm::DefaultThreadPool Pool(Strategy);
  std::vector<std::shared_future<void>> Done;
  for (size_t I = 0; I < Files.size(); ++I)
    Done.push_back(Pool.async([&, I] { Reports[I] = Job(Files[I]); }));
  for (size_t I = 0; I < Files.size(); ++I) {
    Done[I].wait();
    Print(Reports[I]);
  }
  Pool.wait();
  return Reports;
}

} // namespace l2c
