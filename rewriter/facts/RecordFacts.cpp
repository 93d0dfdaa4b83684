//===- RecordFacts.cpp - Facts of extents from the record of allocations
//---===//
//
// An array that reaches a loop from another file, with subscripts that give
// no count, takes the heap block it starts as its extent, looked up at run
// time in the record of the program's allocations (front end Arrays.cpp,
// runtime/loop2cuda_allocs.h). Its launch is guarded (rule set
// host-fallback): when one of those arrays starts no recorded block, the loop
// runs on the host, as written. These facts name the arrays and spell the
// guard.
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"

#include "llvm/ADT/STLExtras.h"

namespace l2c {

void registerRecordFacts(FactRegistry &R) {
  // Answered per file from the front end (driver/TranslateFile.cpp).
  R.add(
      "recordedExtents", 1,
      "recordedExtents($id): the arrays (a list of names) of the loop with "
      "id $id whose extent the record of allocations gives at run time; no "
      "answer when there are none",
      [](llvm::ArrayRef<Term>) -> std::optional<Term> { return std::nullopt; });
  R.add(
      "recordedCheck", 4,
      "recordedCheck($where, $arrays, $names, $apart): "
      "Raw(\"l2c::recordedOrHost(where, \\\"pointers\\\", {ranges of $names}, "
      "{ranges of all})\"), and'ed with the apartOrHost check of the arrays "
      "when $apart is true (runtime/loop2cuda_hostrun.cuh)",
      [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
        const Term &Names = A[2];
        if (!A[0].is(Term::String) || !A[1].is(Term::List) || A[1].tail() ||
            !Names.is(Term::List) || Names.args().empty())
          return std::nullopt;
        std::vector<Term> Of;
        std::string Listed;
        // Listed by their host names (m->col, not the kernel's m_col).
        for (const Term &X : A[1].args())
          if (X.isApp("Array", 6) && X[2].is(Term::String) &&
              llvm::is_contained(Names.args(), X[0])) {
            Of.push_back(X);
            Listed += (Listed.empty() ? "" : ", ") + X[2].name();
          }
        // Every name must be an array of the launch: a guard over fewer
        // would let an unknown extent through.
        if (Of.size() != Names.args().size())
          return std::nullopt;
        auto Recorded = hostRangeList(Term::list(std::move(Of)));
        auto All = hostRangeList(A[1]);
        if (!Recorded || !All)
          return std::nullopt;
        std::string Where = cStringLiteral(A[0].name());
        std::string Text = "l2c::recordedOrHost(" + Where + ", " +
                           cStringLiteral(Listed) + ", {" + *Recorded + "}, {" +
                           *All + "})";
        if (A[3].isIdent("true"))
          Text += " && " + apartOrHostText(Where, *All);
        return Term::app("Raw", {Term::string(Text)});
      });
}

} // namespace l2c
