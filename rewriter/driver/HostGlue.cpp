//===- HostGlue.cpp - The runtime calls between host statements -----------===//

#include "driver/HostGlue.h"
#include "driver/BoxArguments.h"

namespace l2c {

llvm::Expected<std::string>
hostGlueText(const Term &G, const std::string &Where,
             const std::map<std::string, std::string> *Names) {
  if (G.isIdent("InitDevice"))
    return std::string("l2c::initDevice();");
  // The array's name in the code of holds and updates (w->a for the
  // kernels' stand-in w_a, w.data() for a vector), and in messages (w->a,
  // w). Copies and releases carry their pointer's text themselves.
  std::string Code, Shown;
  if (G.arity() > 0 && G[0].is(Term::Ident)) {
    Code = Shown = G[0].name();
    if (Names)
      if (auto It = Names->find(Code); It != Names->end()) {
        Code = It->second;
        llvm::StringRef S(Code);
        Shown = S.drop_back(S.ends_with(".data()") ? 7 : 0).str();
      }
  }
  if (G.isApp("CopyIn", 4)) {
    // A copy that leaves out the box its first kernel overwrites.
    bool Rows = false;
    std::string Box = boxArguments(G[3], &Rows);
    return (Box.empty() ? "l2c::toDevice("
            : Rows      ? "l2c::toDeviceOutsideRows("
                        : "l2c::toDeviceOutside(") +
           G[1].name() + ", " + G[2].name() + Box + ", " +
           cStringLiteral(Where + ": copy of '" + Shown + "' to the device") +
           ");";
  }
  if (G.isApp("CopyOut", 4))
    return "l2c::toHost(" + G[1].name() + ", " + G[2].name() + ", " +
           cStringLiteral(Where + ": copy of '" + Shown + "' to the host") +
           ");";
  if (G.isApp("Free", 3))
    return "l2c::release(" + G[1].name() + ", " +
           cStringLiteral(Where + ": release of '" + Shown + "'") + ");";
  if (G.isApp("UnholdUnread", 1) && G[0].is(Term::Ident))
    return "l2c::unholdUnread(" + Code + ", " +
           cStringLiteral(Where + ": unhold of '" + Shown +
                          "', whose host copy is not read again") +
           ");";
  if ((G.isApp("Hold", 1) || G.isApp("Unhold", 1)) && G[0].is(Term::Ident))
    return std::string(G.isApp("Hold") ? "l2c::hold(" : "l2c::unhold(") +
           Code + ", " +
           cStringLiteral(Where + ": " + (G.isApp("Hold") ? "hold" : "unhold") +
                          " of '" + Shown + "'") +
           ");";
  if ((G.isApp("HeldToHost", 3) || G.isApp("HeldToDevice", 3)) &&
      G[0].is(Term::Ident)) {
    bool ToHost = G.isApp("HeldToHost");
    return std::string(ToHost ? "l2c::updateHost(" : "l2c::updateDevice(") +
           Code + ", " + G[1].name() + ", " + G[2].name() + ", " +
           cStringLiteral(Where + ": update of '" + Shown +
                          (ToHost ? "' on the host" : "' on the device")) +
           ");";
  }
  if ((G.isApp("HeldToHostBox", 2) || G.isApp("HeldToDeviceBox", 2)) &&
      G[0].is(Term::Ident) && G[1].isApp("Box") &&
      (G[1].arity() == 2 || G[1].arity() == 4)) {
    bool ToHost = G.isApp("HeldToHostBox");
    std::string Out =
        std::string(ToHost ? "l2c::updateHostBox(" : "l2c::updateDeviceBox(") +
        Code;
    for (const Term &B : G[1].args())
      Out += ", " + B.name();
    return Out + ", " +
           cStringLiteral(Where + ": elements of '" + Shown +
                          (ToHost ? "' the host statement below touches"
                                  : "' the host statement above wrote")) +
           ");";
  }
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "cannot print the host code: unknown host "
                                 "term " +
                                     G.str());
}

bool isGlue(const Term &T) {
  return T.isIdent("InitDevice") || T.isApp("CopyIn") || T.isApp("CopyOut") ||
         T.isApp("Free") || T.isApp("Hold") || T.isApp("Unhold") ||
         T.isApp("UnholdUnread") || T.isApp("HeldToHost") ||
         T.isApp("HeldToDevice") || T.isApp("HeldToHostBox") ||
         T.isApp("HeldToDeviceBox");
}

bool isTranslatedDirective(const Term &I) {
  if (!I.isApp("Host", 3) || !I[1].is(Term::List))
    return false;
  for (const Term &R : I[1].args())
    if (R.isApp("Entered", 1) || R.isApp("Exited", 1) || R.isApp("Updated", 1))
      return true;
  return false;
}

} // namespace l2c
