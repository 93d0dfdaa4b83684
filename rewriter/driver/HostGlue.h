//===- HostGlue.h - The runtime calls between host statements ---*- C++ -*-===//
//
// Glue: the terms that rule sets place between host statements (copies,
// releases, holds, updates) and print as one l2c:: call each.
//
//===----------------------------------------------------------------------===//

#ifndef LOOP2CUDA_DRIVER_HOSTGLUE_H
#define LOOP2CUDA_DRIVER_HOSTGLUE_H

#include "term/Term.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>

namespace l2c {

/// Whether T is glue: InitDevice, CopyIn, CopyOut, Free, Hold, Unhold,
/// UnholdUnread, HeldToHost, HeldToDevice, HeldToHostBox, HeldToDeviceBox.
bool isGlue(const Term &T);

/// The statement that glue G prints as; Where names the source file in
/// the runtime's messages. Names maps the stand-ins that the holds and
/// updates name to their host expressions (w_a -> w->a), where given.
llvm::Expected<std::string>
hostGlueText(const Term &G, const std::string &Where,
             const std::map<std::string, std::string> *Names = nullptr);

/// Host(id, rd, wr) of a data directive that rule set entered-data
/// translated: its read set names Entered, Exited or Updated arrays.
bool isTranslatedDirective(const Term &I);

} // namespace l2c

#endif
