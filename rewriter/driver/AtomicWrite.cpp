//===- AtomicWrite.cpp - Writes a file whole or not at all ----------------===//

#include "driver/AtomicWrite.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace l2c {

llvm::Error writeAtomically(const std::string &Path, const std::string &Text) {
  SmallString<256> Tmp;
  int FD;
  if (std::error_code EC =
          sys::fs::createUniqueFile(Path + ".tmp-%%%%%%", FD, Tmp))
    return createStringError(EC, "cannot write '" + Path +
                                     ".tmp': " + EC.message());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      sys::fs::remove(Tmp);
      return createStringError(OS.error(), "cannot write '" + Tmp + "'");
    }
  }
  if (std::error_code EC = sys::fs::rename(Tmp, Path)) {
    sys::fs::remove(Tmp);
    return createStringError(EC,
                             "cannot write '" + Path + "': " + EC.message());
  }
  return Error::success();
}

} // namespace l2c
