// loop2cuda_macros_save.h - the program's macros out of the runtime's way.
//
// Programs are often built with their sizes on the command line (-DN=1000,
// -DM=500, -DW=4096, as PolyBench's and many Makefiles do), and such a
// macro would replace the runtime's own names of one or two capitals (its
// template parameters, locals). loop2cuda_runtime.cuh includes this file
// first: each such name the runtime uses is saved (push_macro) and
// undefined; loop2cuda_macros_restore.h, at the end of loop2cuda_runtime.cuh,
// gives the program its macros back. tests/emulate/user-macros.sh defines
// every such name that the runtime uses and checks that it still builds.
// Include no other header here.
#pragma push_macro("A")
#undef A
#pragma push_macro("A0")
#undef A0
#pragma push_macro("B")
#undef B
#pragma push_macro("B0")
#undef B0
#pragma push_macro("BX")
#undef BX
#pragma push_macro("BY")
#undef BY
#pragma push_macro("BZ")
#undef BZ
#pragma push_macro("C")
#undef C
#pragma push_macro("C0")
#undef C0
#pragma push_macro("C1")
#undef C1
#pragma push_macro("D")
#undef D
#pragma push_macro("E")
#undef E
#pragma push_macro("F")
#undef F
#pragma push_macro("G")
#undef G
#pragma push_macro("H")
#undef H
#pragma push_macro("I")
#undef I
#pragma push_macro("J")
#undef J
#pragma push_macro("K")
#undef K
#pragma push_macro("K0")
#undef K0
#pragma push_macro("L")
#undef L
#pragma push_macro("M")
#undef M
#pragma push_macro("N")
#undef N
#pragma push_macro("NA")
#undef NA
#pragma push_macro("NB")
#undef NB
#pragma push_macro("NV")
#undef NV
#pragma push_macro("O")
#undef O
#pragma push_macro("P")
#undef P
#pragma push_macro("PA")
#undef PA
#pragma push_macro("PB")
#undef PB
#pragma push_macro("Q")
#undef Q
#pragma push_macro("Q2")
#undef Q2
#pragma push_macro("R")
#undef R
#pragma push_macro("R0")
#undef R0
#pragma push_macro("R1")
#undef R1
#pragma push_macro("S")
#undef S
#pragma push_macro("T")
#undef T
#pragma push_macro("T0")
#undef T0
#pragma push_macro("U")
#undef U
#pragma push_macro("V")
#undef V
#pragma push_macro("V0")
#undef V0
#pragma push_macro("VA")
#undef VA
#pragma push_macro("VB")
#undef VB
#pragma push_macro("W")
#undef W
#pragma push_macro("X")
#undef X
#pragma push_macro("X0")
#undef X0
#pragma push_macro("X1")
#undef X1
#pragma push_macro("X2")
#undef X2
#pragma push_macro("X3")
#undef X3
#pragma push_macro("Y")
#undef Y
#pragma push_macro("Z")
#undef Z
