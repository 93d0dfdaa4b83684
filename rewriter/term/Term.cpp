//===- Term.cpp - Immutable shared terms ----------------------------------===//

#include "term/Term.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <functional>
#include <iterator>
#include <new>

namespace l2c {

// Bit 63 marks a computed symbol set (so that 0 means "not yet"); bit 62 is
// ListBit; application heads hash into bits 0-51, identifiers into 52-61.
static constexpr uint64_t ComputedBit = uint64_t(1) << 63;
static constexpr unsigned NameBits = 62;
static constexpr unsigned HeadBits = 52; // application heads; the rest: idents

const std::string Term::NodeData::EmptyString;
const Term Term::NodeData::NullTerm;

static size_t combine(size_t Seed, size_t V) {
  return Seed ^ (V + 0x9e3779b97f4a7c15ULL + (Seed << 6) + (Seed >> 2));
}

template <typename NameT>
Term Term::make(Kind K, NameT &&Name, llvm::MutableArrayRef<Term> Move,
                llvm::ArrayRef<llvm::ArrayRef<Term>> Copy, Term Tail) {
  size_t N = Move.size();
  for (llvm::ArrayRef<Term> Part : Copy)
    N += Part.size();
  void *Mem = ::operator new(NodeData::totalSizeToAlloc<Term>(N));
  auto *Node = new (Mem) NodeData(K, std::forward<NameT>(Name));
  Node->NumArgs = static_cast<uint32_t>(N);
  Term *Args = Node->getTrailingObjects<Term>();
  for (Term &A : Move)
    new (Args++) Term(std::move(A));
  for (llvm::ArrayRef<Term> Part : Copy)
    for (const Term &A : Part)
      new (Args++) Term(A);
  Node->Tail = std::move(Tail);
  return Term(Node);
}

void Term::NodeData::destroy(const NodeData *N) {
  auto *Mut = const_cast<NodeData *>(N);
  Term *Args = Mut->getTrailingObjects<Term>();
  for (uint32_t I = 0; I < N->NumArgs; ++I)
    Args[I].~Term();
  Mut->~NodeData();
  ::operator delete(Mut);
}

Term Term::app(std::string Head, std::vector<Term> Args) {
  return make(App, std::move(Head), Args, {}, Term());
}

Term Term::withArgsTaking(llvm::MutableArrayRef<Term> Args) const {
  assert(Node && Node->K == App);
  Term T = make(App, Node->Name, Args, {}, Term());
  T.Node->OwnBits.store(Node->OwnBits.load(std::memory_order_relaxed),
                        std::memory_order_relaxed);
  return T;
}

Term Term::boolean(bool B) {
  // Conditions produce a boolean for every rule they test: share two nodes
  // rather than allocate one each time.
  static const Term True = ident("true"), False = ident("false");
  return B ? True : False;
}

Term Term::ident(std::string Name) {
  return make(Ident, std::move(Name), {}, {}, Term());
}

Term Term::integer(int64_t Value, std::string Suffix) {
  Term T = make(Int, std::to_string(Value), {}, {}, Term());
  // The node is new and not shared yet: its fields may still be set.
  auto *N = const_cast<NodeData *>(T.Node);
  N->Value = Value;
  N->Suffix = std::move(Suffix);
  return T;
}

Term Term::floating(std::string Spelling) {
  return make(Float, std::move(Spelling), {}, {}, Term());
}

Term Term::string(std::string Text) {
  return make(String, std::move(Text), {}, {}, Term());
}

Term Term::var(std::string Name) {
  return make(Var, std::move(Name), {}, {}, Term());
}

Term Term::list(std::vector<Term> Elements, Term Tail) {
  // Flatten a list tail: [a : [b : T]] is [a, b : T].
  while (Tail && Tail.kind() == List) {
    llvm::ArrayRef<Term> More = Tail.args();
    Elements.insert(Elements.end(), More.begin(), More.end());
    Tail = Term(Tail.tail());
  }
  // [ : T] is T itself (cons semantics: nothing in front of T).
  if (Elements.empty() && Tail)
    return Tail;
  return make(List, std::string(), Elements, {}, std::move(Tail));
}

// The two below are list() without its vector; a list tail (rare: a rule's
// result spliced into a list) takes the general way.
Term Term::listOf(llvm::ArrayRef<Term> Elements, Term Tail) {
  if (Tail.is(List))
    return list(Elements.vec(), std::move(Tail));
  if (Elements.empty() && Tail)
    return Tail;
  return make(List, std::string(), {}, {Elements}, std::move(Tail));
}

Term Term::listJoining(std::initializer_list<llvm::ArrayRef<Term>> Parts,
                       Term Tail) {
  size_t N = 0;
  for (llvm::ArrayRef<Term> Part : Parts)
    N += Part.size();
  if (Tail.is(List) || (N == 0 && Tail)) {
    std::vector<Term> All;
    All.reserve(N);
    for (llvm::ArrayRef<Term> Part : Parts)
      All.insert(All.end(), Part.begin(), Part.end());
    return list(std::move(All), std::move(Tail));
  }
  return make(List, std::string(), {}, Parts, std::move(Tail));
}

Term Term::listTaking(llvm::MutableArrayRef<Term> Elements, Term Tail) {
  if (Tail.is(List))
    return list(std::vector<Term>(std::make_move_iterator(Elements.begin()),
                                  std::make_move_iterator(Elements.end())),
                std::move(Tail));
  if (Elements.empty() && Tail)
    return Tail;
  return make(List, std::string(), Elements, {}, std::move(Tail));
}

size_t Term::hash() const {
  if (!Node)
    return 0;
  size_t Cached = Node->Hash.load(std::memory_order_relaxed);
  if (Cached == 0) {
    size_t H = std::hash<std::string>()(Node->Name);
    H = combine(H, static_cast<size_t>(Node->K));
    H = combine(H, std::hash<std::string>()(Node->Suffix));
    H = combine(H, static_cast<size_t>(Node->Value));
    for (const Term &A : Node->args())
      H = combine(H, A.hash());
    if (Node->Tail)
      H = combine(H, Node->Tail.hash() * 31);
    Cached = H ? H : 1; // 0 means "not computed yet"
    Node->Hash.store(Cached, std::memory_order_relaxed);
  }
  return Cached;
}

size_t Term::size() const {
  if (!Node)
    return 0;
  size_t Cached = Node->Size.load(std::memory_order_relaxed);
  if (Cached == 0) {
    size_t S = 1;
    for (const Term &A : Node->args())
      S += A.size();
    if (Node->Tail)
      S += Node->Tail.size();
    Cached = S;
    Node->Size.store(Cached, std::memory_order_relaxed);
  }
  return Cached;
}

uint64_t Term::symbolBit(Kind K, const std::string &Name) {
  if (K != App && K != Ident)
    return K == List ? ListBit : 0;
  // Heads get bits of their own: a large term names hundreds of variables,
  // which would otherwise set nearly every bit and hide what heads it lacks
  // (patterns name heads far more often than identifiers). A head sets two
  // bits (a Bloom filter): a head missing from a subterm of a dozen heads
  // is then seldom hidden by others that share its bits.
  // FNV-1a and a final mix, inline: cheaper than std::hash for the short
  // names of terms, which every new node hashes once (a node rebuilt by
  // withArgsTaking takes the bits of the one it replaces).
  uint64_t H = 0xCBF29CE484222325ULL;
  for (char C : Name)
    H = (H ^ static_cast<unsigned char>(C)) * 0x100000001B3ULL;
  H ^= H >> 29;
  H *= 0xBF58476D1CE4E5B9ULL;
  H ^= H >> 32;
  if (K == App)
    return uint64_t(1) << (H % HeadBits) | uint64_t(1)
                                               << ((H >> 32) % HeadBits);
  return uint64_t(1) << (HeadBits + H % (NameBits - HeadBits));
}

uint64_t Term::computeSymbols() const {
  if (!Node)
    return 0;
  uint64_t Cached = Node->Symbols.load(std::memory_order_relaxed);
  if (Cached == 0) {
    uint64_t Own = Node->OwnBits.load(std::memory_order_relaxed);
    if (!Own) {
      Own = symbolBit(Node->K, Node->Name) | ComputedBit;
      Node->OwnBits.store(Own, std::memory_order_relaxed);
    }
    uint64_t S = Own & ~ComputedBit;
    for (const Term &A : Node->args())
      S |= A.symbols();
    if (Node->Tail)
      S |= Node->Tail.symbols();
    Cached = S | ComputedBit;
    Node->Symbols.store(Cached, std::memory_order_relaxed);
  }
  return Cached & ~ComputedBit;
}

uint32_t Term::computeHeight() const {
  if (!Node)
    return 0;
  uint32_t Cached = Node->Height.load(std::memory_order_relaxed);
  if (Cached == 0) {
    uint32_t H = 0;
    for (const Term &A : Node->args())
      H = std::max(H, A.height());
    if (Node->Tail)
      H = std::max(H, Node->Tail.height());
    Cached = H + 1;
    Node->Height.store(Cached, std::memory_order_relaxed);
  }
  return Cached;
}

bool Term::operator==(const Term &O) const {
  if (Node == O.Node)
    return true;
  if (!Node || !O.Node)
    return false;
  // Atoms compare their fields: cheaper than hashing a new atom.
  bool Atoms =
      !Node->NumArgs && !O.Node->NumArgs && !Node->Tail && !O.Node->Tail;
  if ((!Atoms && hash() != O.hash()) || Node->K != O.Node->K ||
      Node->Value != O.Node->Value || Node->Name != O.Node->Name ||
      Node->Suffix != O.Node->Suffix || Node->NumArgs != O.Node->NumArgs)
    return false;
  llvm::ArrayRef<Term> A = Node->args(), B = O.Node->args();
  for (size_t I = 0; I < A.size(); ++I)
    if (A[I] != B[I])
      return false;
  return Node->Tail == O.Node->Tail;
}

Term Term::withArgs(std::vector<Term> Args) const {
  assert(Node && (Node->K == App || Node->K == List));
  if (Node->K == App)
    return app(Node->Name, std::move(Args));
  return list(std::move(Args), Node->Tail);
}

std::string cStringLiteral(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      Out += C;
    }
  }
  return Out + "\"";
}

void Term::print(std::string &Out) const {
  if (!Node) {
    Out += "<null>";
    return;
  }
  switch (Node->K) {
  case Ident:
  case Float:
    Out += Node->Name;
    return;
  case Int:
    Out += Node->Name;
    Out += Node->Suffix;
    return;
  case String:
    Out += cStringLiteral(Node->Name);
    return;
  case Var:
    Out += '$';
    Out += Node->Name;
    return;
  case App:
  case List: {
    bool IsApp = Node->K == App;
    if (IsApp)
      Out += Node->Name;
    Out += IsApp ? '(' : '[';
    llvm::ArrayRef<Term> Args = Node->args();
    for (size_t I = 0; I < Args.size(); ++I) {
      if (I)
        Out += ", ";
      Args[I].print(Out);
    }
    if (!IsApp && Node->Tail) {
      Out += Args.empty() ? ": " : " : ";
      Node->Tail.print(Out);
    }
    Out += IsApp ? ')' : ']';
    return;
  }
  }
}

std::string Term::str() const {
  std::string S;
  print(S);
  return S;
}

} // namespace l2c
