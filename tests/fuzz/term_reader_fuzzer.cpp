//===- term_reader_fuzzer.cpp - libFuzzer target for the term reader -----===//
//
// Feeds arbitrary bytes to the term reader (`--apply-rules --term FILE`,
// .ruletest files) and prints what it reads back, which must read again to
// the same term. Built by tests/fuzz/build.sh.
//
//===----------------------------------------------------------------------===//

#include "term/TermReader.h"

#include "llvm/Support/Error.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace l2c;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<Term> T = parseTerm(Text, "fuzz.term");
  if (!T) {
    llvm::consumeError(T.takeError());
    return 0;
  }
  // What the printer writes, the reader reads back unchanged.
  std::string Printed = T->str();
  llvm::Expected<Term> Again = parseTerm(Printed, "printed.term");
  if (!Again || !(*Again == *T)) {
    if (!Again)
      llvm::consumeError(Again.takeError());
    std::abort();
  }
  return 0;
}
