//===- intrinsics.td - the GenX intrinsic table ----------------------------===//
//
// The single source of truth for the `llvm.genx.*` intrinsics this compiler knows: name, result and operand types
// (with LLVM's overloading), operand names and roles, function attributes, family and a one-line meaning.
//
// Consumers
//   * passes/build/intrinsics.rs runs `llvm-tblgen --dump-json` on this file, validates every record and writes
//     the static Rust table behind `genx_passes::intrinsics` (sorted by name).
//   * docs/intrinsics.md is rendered from that table (`intrinsics::render_markdown`); a test keeps it current.
//   * passes/tests/intrinsics_table.rs checks every record against the installed GenXIntrinsicDescription.gen of
//     intel-vc-intrinsics 0.11 (names, arity, decoded IIT types, overloaded positions, attributes).
//
// Conventions
//   * A record `genx_a_b` describes the intrinsic `llvm.genx.a.b`: the name is derived from the record name
//     (every '_' becomes '.'), exactly as vc-intrinsics derives its enum names. Records are defined in family
//     order; the generator sorts them.
//   * Overloaded types are numbered in order of first appearance, the result first (fields of a struct result
//     left to right), then the operands: LLVM's LLVMMatchType numbering. `SameN` means "the same type as
//     overloaded type #N". Mangled names append one `.type` per overloaded type, in that order.
//   * An overloaded type may carry a constraint that the LLVM-level table cannot express (element type, "not
//     i1", number of lanes). Constraints are facts from vc-intrinsics' documentation and IGC's use.
//   * Roles: `Arg` (any value), `ImmArg` (must be a compile-time constant: IGC reads it as an immediate),
//     `ImmOrUndefArg` (a constant or undef). Constness follows vc-intrinsics' documentation and the immediate
//     operand kinds (BYTE/SHORT/INT) in IGC's cisa_gen_intrinsics.json (igc-1.0.12504.6, the installed IGC).
//   * Memory effects map to LLVM attributes as vc-intrinsics does: NoMem = readnone, ReadMem = readonly,
//     WriteMem = writeonly, SideEffects = none of those. Every intrinsic is nounwind. `Convergent` is a flag.
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Type vocabulary
//===----------------------------------------------------------------------===//

class GxType;

// A fixed first-class type, spelled as in LLVM IR.
class GxScalar<string spelling> : GxType { string Spelling = spelling; }
def void : GxScalar<"void">;
def i1   : GxScalar<"i1">;
def i8   : GxScalar<"i8">;
def i16  : GxScalar<"i16">;
def i32  : GxScalar<"i32">;
def i64  : GxScalar<"i64">;
def f16  : GxScalar<"half">;
def f32  : GxScalar<"float">;
def f64  : GxScalar<"double">;

// A fixed vector type.
class GxVector<int lanes, GxScalar elem> : GxType {
  int Lanes = lanes;
  GxScalar Elem = elem;
}
def v4f32 : GxVector<4, f32>;
def v16i8 : GxVector<16, i8>;

// An overloaded type: a new type variable of the given kind.
//   Kind  "int": integer or integer vector; "float": fp or fp vector; "vector": any vector; "ptr": any pointer;
//         "any": any first-class type.
//   Elems if not empty, the scalar (or vector element) type must be one of these.
//   NoI1  the scalar (or element) type must not be i1.
//   Lanes if not 0, the type must be a vector of exactly this many elements.
class GxOverload<string kind, list<GxScalar> elems = [], bit noI1 = 0, int lanes = 0> : GxType {
  string Kind = kind;
  list<GxScalar> Elems = elems;
  bit NoI1 = noI1;
  int Lanes = lanes;
}
def AnyInt        : GxOverload<"int">;
def AnyFloat      : GxOverload<"float">;
def AnyVector     : GxOverload<"vector">;
def AnyPtr        : GxOverload<"ptr">;
def Any           : GxOverload<"any">;
// Region data: any element width of 8/16/32/64 bits, never i1.
def AnyIntData    : GxOverload<"int", [], 1>;
def AnyVectorData : GxOverload<"vector", [], 1>;
// Predicates and masks: i1 or a vector of i1.
def AnyBool       : GxOverload<"int", [i1]>;
def AnyBoolVector : GxOverload<"vector", [i1]>;
def AnyBoolOrVec  : GxOverload<"any", [i1]>;
// Region byte offsets: i16, or one i16 per row.
def AnyOffset     : GxOverload<"int", [i16]>;
// Element offsets and addresses.
def AnyI32        : GxOverload<"int", [i32]>;
def AnyI64        : GxOverload<"int", [i64]>;
def AnyAddress    : GxOverload<"int", [i32, i64]>;
def AnyLscAddress : GxOverload<"any", [i16, i32, i64]>;
def AnyLscAddrVec : GxOverload<"vector", [i16, i32, i64]>;
// The SIMD control-flow execution mask: always <32 x i1>.
def ExecMask      : GxOverload<"vector", [i1], 0, 32>;

// The same type as overloaded type #n (LLVMMatchType<n>).
class GxSame<int n> : GxType { int Index = n; }
def Same0 : GxSame<0>;
def Same1 : GxSame<1>;
def Same2 : GxSame<2>;
def Same3 : GxSame<3>;

// A literal struct result; Names labels the fields in the documentation.
class GxStruct<list<GxType> fields, list<string> names> : GxType {
  list<GxType> Fields = fields;
  list<string> Names = names;
}

// Trailing variadic operands (only as the last operand).
class GxVarArgs : GxType;
def VarArgs : GxVarArgs;

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

class GxRole<string key> { string Key = key; }
def Value      : GxRole<"value">;
def Imm        : GxRole<"imm">;
def ImmOrUndef : GxRole<"imm-or-undef">;

class GxOperand<GxType ty, string name, GxRole role, string doc> {
  GxType Type = ty;
  string Name = name;
  GxRole Role = role;
  string Doc = doc;
}
class Arg<GxType ty, string name, string doc = "">           : GxOperand<ty, name, Value, doc>;
class ImmArg<GxType ty, string name, string doc = "">        : GxOperand<ty, name, Imm, doc>;
class ImmOrUndefArg<GxType ty, string name, string doc = ""> : GxOperand<ty, name, ImmOrUndef, doc>;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

class GxMemory<bit readNone, bit readOnly, bit writeOnly> {
  bit ReadNone = readNone;
  bit ReadOnly = readOnly;
  bit WriteOnly = writeOnly;
}
def NoMem       : GxMemory<1, 0, 0>;
def ReadMem     : GxMemory<0, 1, 0>;
def WriteMem    : GxMemory<0, 0, 1>;
def SideEffects : GxMemory<0, 0, 0>;

class GxFlag<string attr> { string Attribute = attr; }
def Convergent          : GxFlag<"convergent">;
def NoDuplicate         : GxFlag<"noduplicate">;
def NoReturn            : GxFlag<"noreturn">;
def ArgMemOnly          : GxFlag<"argmemonly">;
def InaccessibleMemOnly : GxFlag<"inaccessiblememonly">;

//===----------------------------------------------------------------------===//
// Families (the sections of docs/intrinsics.md, in this order)
//===----------------------------------------------------------------------===//

class GxFamily<int order, string key, string title, string doc> {
  int Order = order;
  string Key = key;
  string Title = title;
  string Doc = doc;
}
def FamRegion    : GxFamily<1, "region", "Regions",
  "Read and write a strided 1D/2D region of a vector; the data movement of nearly every GenX instruction.">;
def FamPredicate : GxFamily<2, "predicate", "Predicate regions and reductions",
  "Slices of i1 vectors, addressed in elements, and their all/any reductions.">;
def FamBackend   : GxFamily<3, "backend", "Constants, register categories and addresses",
  "Markers the GenX backend inserts for itself (constant loading, category conversion, address arithmetic).">;
def FamSimdCF    : GxFamily<4, "simdcf", "SIMD control flow",
  "The execution-mask model of divergent control flow: goto/join, unmask regions and CM front-end markers.">;
def FamModifier  : GxFamily<5, "modifier", "Modifiers and saturation",
  "Source modifiers and destination saturation, kept as intrinsics so that baling can fold them.">;
def FamInt       : GxFamily<6, "int", "Integer arithmetic",
  "Integer ALU operations; in `xy` prefixes the first letter is the result's signedness, the second the operands'.">;
def FamFloat     : GxFamily<7, "float", "Floating-point math",
  "Math unit and ALU floating-point operations.">;
def FamConvert   : GxFamily<8, "convert", "Format conversions",
  "Conversions to and from narrow floating-point formats.">;
def FamDpas      : GxFamily<9, "dpas", "Systolic matrix multiply",
  "DPAS instructions of the matrix engine.">;
def FamBlockMem  : GxFamily<10, "block-memory", "Block memory access",
  "Contiguous loads and stores through a surface, SVM or the media block interface.">;
def FamScattered : GxFamily<11, "scattered-memory", "Gather and scatter",
  "Per-lane addressed reads and writes: scaled, SVM, private and typed-surface forms.">;
def FamAtomic    : GxFamily<12, "atomic", "Atomics",
  "Per-lane atomic read-modify-write on surfaces, typed surfaces and SVM; each returns the old values.">;
def FamLsc       : GxFamily<13, "lsc", "LSC messages",
  "Load/store/atomic messages of the LSC data port (Xe-HPG and later), by address space.">;
def FamRawSend   : GxFamily<14, "raw-send", "Raw sends",
  "Messages to any shared function with explicit descriptors.">;
def FamSampler   : GxFamily<15, "sampler", "Sampler and 3D",
  "Sampler messages and the typed LOAD message.">;
def FamVA        : GxFamily<16, "video-analytics", "Video analytics",
  "Video-analytics sampler functions; the `va.hdc.*` forms write their result to a surface.">;
def FamEnv       : GxFamily<17, "environment", "Thread environment and predefined registers",
  "Thread and group identity, implicit kernel arguments, and reads and writes of predefined vISA registers.">;
def FamSync      : GxFamily<18, "sync", "Synchronization and scheduling",
  "Barriers, fences, waits and scheduling hints.">;
def FamCm        : GxFamily<19, "cm", "CM front-end helpers",
  "Intrinsics the CM front end and the CM passes use before code generation.">;
def FamMarker    : GxFamily<20, "marker", "Enumeration markers",
  "The first and last entries of vc-intrinsics' sorted enumeration; never called.">;

//===----------------------------------------------------------------------===//
// The intrinsic class
//===----------------------------------------------------------------------===//

class GenX<GxFamily family, GxType ret, list<GxOperand> operands, GxMemory memory, string doc> {
  string Name = "llvm." # !subst("_", ".", NAME);
  GxFamily Family = family;
  GxType Result = ret;
  list<GxOperand> Operands = operands;
  GxMemory Memory = memory;
  list<GxFlag> Flags = [];
  string Doc = doc;
  // How the vISA back end (genx-passes' visa_emit) lowers a call: "<form> <vISA name>", empty when it does not
  // (a call of such an intrinsic is a located error there). Forms: `alu-XY` (the operands are the sources in
  // order, the result the destination; X is the result's signedness, Y the operands', `s` or `u`, for integer
  // types), `sat-XY` (the same with `.sat`), `predef` (the result is vISA's predefined variable of that name),
  // and the messages `oword-ld`, `oword-st`, `media-ld`, `media-st`, `svm-ld`, `svm-st` (operands found by their
  // names above; vISA's text form of svm_block_ld has no alignment flag, so both loads share it). Per-lane
  // messages, their operands also found by name (`pred` lane enable, absent = every lane; `old` the result of
  // disabled lanes, absent = undefined; `surface`, `global_offset`, `offsets`, `addresses`, `data`, `src`,
  // `src0`, `src1`, `u`, `v`, `r`, `lod`, `log2_blocks`, `channel_mask`, `scale`): `gather-scaled`,
  // `scatter-scaled`, `gather4-scaled`, `scatter4-scaled`, `gather4-typed`, `scatter4-typed`, `svm-gather`,
  // `svm-scatter` (the name is the vISA opcode), `dword-atomic`, `svm-atomic`, `typed-atomic` (the name is
  // vISA's atomic operation); `barrier`, `sbarrier` (the `signal` operand picks `.signal` or `.wait`), `fence` (the `mask` operand gives the fence's kind and flags); `implicit` (the result
  // is the implicit kernel input of that vISA kind, `.implicit_LOCAL_ID` ...). Sampler messages (operands by
  // name: `channel_mask`, `sampler`, `surface`, `u`, `v`, `r`, `delta_u`, `delta_v`): `sampler` (name `sample` or
  // `load`, vISA's legacy SAMPLE/LOAD, as IGC's VC backend emits them), `sample-unorm` (SAMPLE_UNORM, the output
  // format in bits 4-5 of the channel operand), `avs` (AVS; also `u2d`, `v2d`, `group_id`, `vertical_block`,
  // `output_format`, `exec_mode`, `ief_bypass`). `plane` (name `plane` or `line`): the coefficient operand as a
  // scalar region at a GRF start, the coordinates from a GRF.
  string Visa = "";
}

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

def genx_rdregioni : GenX<FamRegion, AnyIntData,
  [Arg<AnyVectorData, "input", "the vector read from">,
   ImmArg<i32, "vstride", "elements between row starts">,
   ImmArg<i32, "width", "elements per row; not 0, divides the result size">,
   ImmArg<i32, "stride", "elements between neighbours in a row">,
   Arg<AnyOffset, "offset", "byte offset of the region; a vector gives one offset per row">,
   ImmOrUndefArg<i32, "parent_width", "promise that no row crosses a multiple of this many elements">],
  NoMem, "Read a region of integer elements out of a vector (result = scalar or vector of the region size).">;

def genx_rdregionf : GenX<FamRegion, AnyFloat,
  [Arg<AnyVectorData, "input", "the vector read from">,
   ImmArg<i32, "vstride", "elements between row starts">,
   ImmArg<i32, "width", "elements per row; not 0, divides the result size">,
   ImmArg<i32, "stride", "elements between neighbours in a row">,
   Arg<AnyOffset, "offset", "byte offset of the region; a vector gives one offset per row">,
   ImmOrUndefArg<i32, "parent_width", "promise that no row crosses a multiple of this many elements">],
  NoMem, "Read a region of floating-point elements out of a vector.">;

def genx_wrregioni : GenX<FamRegion, AnyVectorData,
  [Arg<Same0, "old", "the vector written into">,
   Arg<AnyIntData, "new", "the values written, scalar or vector of the region size">,
   ImmArg<i32, "vstride", "elements between row starts">,
   ImmArg<i32, "width", "elements per row; not 0, divides the region size">,
   ImmArg<i32, "stride", "elements between neighbours in a row">,
   Arg<AnyOffset, "offset", "byte offset of the region; a vector gives one offset per row">,
   ImmOrUndefArg<i32, "parent_width", "promise that no row crosses a multiple of this many elements">,
   Arg<AnyBool, "mask", "per-element write enable, or i1 1 for an unconditional write">],
  NoMem, "Return `old` with a region of integer elements replaced by `new` where `mask` is set.">;

def genx_wrregionf : GenX<FamRegion, AnyVectorData,
  [Arg<Same0, "old", "the vector written into">,
   Arg<AnyFloat, "new", "the values written, scalar or vector of the region size">,
   ImmArg<i32, "vstride", "elements between row starts">,
   ImmArg<i32, "width", "elements per row; not 0, divides the region size">,
   ImmArg<i32, "stride", "elements between neighbours in a row">,
   Arg<AnyOffset, "offset", "byte offset of the region; a vector gives one offset per row">,
   ImmOrUndefArg<i32, "parent_width", "promise that no row crosses a multiple of this many elements">,
   Arg<AnyBool, "mask", "per-element write enable, or i1 1 for an unconditional write">],
  NoMem, "Return `old` with a region of floating-point elements replaced by `new` where `mask` is set.">;

def genx_wrconstregion : GenX<FamRegion, AnyVector,
  [Arg<Same0, "old", "the vector written into">,
   ImmArg<AnyVector, "new", "the constant written">,
   ImmArg<i32, "vstride", "elements between row starts">,
   ImmArg<i32, "width", "elements per row">,
   ImmArg<i32, "stride", "elements between neighbours in a row">,
   ImmArg<AnyInt, "offset", "constant byte offset">,
   ImmOrUndefArg<i32, "parent_width", "ignored">,
   ImmArg<AnyInt, "mask", "always i1 1">],
  NoMem, "A wrregion that loads part of a constant; never simplified or folded, so the load survives.">;

//===----------------------------------------------------------------------===//
// Predicate regions and reductions
//===----------------------------------------------------------------------===//

def genx_rdpredregion : GenX<FamPredicate, AnyBool,
  [Arg<AnyBool, "input", "the predicate read from">,
   ImmArg<i32, "offset", "first element read, in elements">],
  NoMem, "Read consecutive elements of an i1 vector starting at a constant element offset.">;

def genx_wrpredregion : GenX<FamPredicate, AnyBool,
  [Arg<Same0, "old", "the predicate written into">,
   Arg<AnyBool, "new", "the elements written">,
   ImmArg<i32, "offset", "first element written, in elements">],
  NoMem, "Return `old` with consecutive elements replaced by `new` from a constant element offset.">;

def genx_wrpredpredregion : GenX<FamPredicate, AnyBool,
  [Arg<Same0, "old", "the predicate written into">,
   Arg<AnyBool, "new", "the elements written; must be the result of a compare">,
   ImmArg<i32, "offset", "first element written, in elements">,
   Arg<Same0, "pred", "execution-mask value selecting which elements are written">],
  NoMem, "Like wrpredregion, but writes only elements whose `pred` bit is set (predicated compare).">;

def genx_all : GenX<FamPredicate, i1, [Arg<AnyBool, "input", "an i1 vector">],
  NoMem, "True when every element of an i1 vector is set.">;

def genx_any : GenX<FamPredicate, i1, [Arg<AnyBool, "input", "an i1 vector">],
  NoMem, "True when at least one element of an i1 vector is set.">;

//===----------------------------------------------------------------------===//
// Constants, register categories and addresses
//===----------------------------------------------------------------------===//

def genx_constanti : GenX<FamBackend, AnyInt, [ImmArg<Same0, "value", "an integer constant, not i1">],
  NoMem, "Identity on an integer constant; marks where it is loaded into a register so CSE keeps it there.">;

def genx_constantf : GenX<FamBackend, AnyFloat, [ImmArg<Same0, "value", "a floating-point constant">],
  NoMem, "Identity on a floating-point constant; marks where it is loaded into a register.">;

def genx_constantpred : GenX<FamBackend, AnyBool, [ImmArg<Same0, "value", "an i1 or <N x i1> constant">],
  NoMem, "Identity on a predicate constant; marks where it is loaded into a flag register.">;

def genx_convert : GenX<FamBackend, AnyInt, [Arg<Same0, "value", "i32 or vector of i32">],
  NoMem, "Copy between register categories (inserted by category conversion and coalescing); no address case.">;

def genx_convert_addr : GenX<FamBackend, AnyOffset,
  [Arg<Same0, "value", "i16 or vector of i16">,
   ImmArg<i16, "offset", "constant added while converting">],
  NoMem, "Convert a general value to the address-register category for use as a variable region index.">;

def genx_add_addr : GenX<FamBackend, AnyInt,
  [Arg<AnyInt, "lhs", "i16 or vector of i16">,
   Arg<Same0, "rhs", "i16 or vector of i16, the result's type">],
  NoMem, "Add an offset to an address register (a constant add feeding a variable region index).">;

//===----------------------------------------------------------------------===//
// SIMD control flow
//===----------------------------------------------------------------------===//

def genx_simdcf_goto : GenX<FamSimdCF,
  GxStruct<[ExecMask, AnyBoolVector, i1], ["new_em", "new_rm", "branch"]>,
  [Arg<Same0, "em", "current execution mask, <32 x i1>">,
   Arg<Same1, "rm", "current resume mask of the goto's UIP join">,
   Arg<Same1, "cond", "channels that leave (are parked in rm)">],
  NoMem, "Goto: park channels with `cond` set in `rm`, clear them in EM; `branch` = no channel remains enabled.">;

def genx_simdcf_join : GenX<FamSimdCF,
  GxStruct<[ExecMask, i1], ["new_em", "branch"]>,
  [Arg<Same0, "em", "current execution mask, <32 x i1>">,
   Arg<AnyBoolVector, "rm", "this join's resume mask">],
  SideEffects, "Join: re-enable the channels of `rm` in EM; `branch` = still no channel enabled.">;

def genx_simdcf_any : GenX<FamSimdCF, i1, [Arg<AnyBoolVector, "cond", "the SIMD condition">],
  SideEffects, "Front-end marker of a SIMD branch condition, lowered by CMSimdCFLowering into goto/join.">;

def genx_simdcf_predicate : GenX<FamSimdCF, AnyVector,
  [Arg<Same0, "value", "the lanes selected where enabled">,
   ImmArg<Same0, "default", "constant for the lanes the SIMD control flow disables">],
  SideEffects, "Front-end marker: `value` in enabled lanes, `default` elsewhere (CM reductions under SIMD CF).">;

def genx_simdcf_savemask : GenX<FamSimdCF, i32, [Arg<ExecMask, "em", "the current execution mask">],
  WriteMem, "Save the execution mask into a scalar at the start of an unmasked region.">;

def genx_simdcf_unmask : GenX<FamSimdCF, ExecMask,
  [Arg<i32, "saved", "the value returned by simdcf.savemask">,
   ImmArg<i32, "all_ones", "constant, all bits set">],
  WriteMem, "Set the execution mask to all channels for an unmasked region.">;

def genx_simdcf_remask : GenX<FamSimdCF, ExecMask,
  [Arg<Same0, "em", "the execution mask inside the region">,
   Arg<i32, "saved", "the value returned by simdcf.savemask">],
  WriteMem, "Restore the execution mask saved by simdcf.savemask at the end of an unmasked region.">;

def genx_simdcf_get_em : GenX<FamSimdCF, ExecMask, [Arg<Same0, "em", "the execution mask">],
  WriteMem, "Copy the current execution mask into a value.">;

def genx_unmask_begin : GenX<FamSimdCF, i32, [],
  WriteMem, "Front-end marker opening an unmasked region: all channels enabled; returns the old mask.">;

def genx_unmask_end : GenX<FamSimdCF, void, [Arg<i32, "saved", "the value returned by unmask.begin">],
  WriteMem, "Front-end marker closing an unmasked region: restores the mask returned by unmask.begin.">;

//===----------------------------------------------------------------------===//
// Modifiers and saturation
//===----------------------------------------------------------------------===//

def genx_absi : GenX<FamModifier, AnyInt, [Arg<Same0, "value">],
  NoMem, "Integer absolute value as a source modifier.">;
def genx_absf : GenX<FamModifier, AnyFloat, [Arg<Same0, "value">],
  NoMem, "Floating-point absolute value as a source modifier.">;
def genx_sat : GenX<FamModifier, AnyFloat, [Arg<Same0, "value">],
  NoMem, "Clamp a floating-point value to [0.0, 1.0] (destination saturation).">;
def genx_fptosi_sat : GenX<FamModifier, AnyInt, [Arg<AnyFloat, "value", "same lane count as the result">],
  NoMem, "Convert floating point to signed integer, saturating to the result's range."> { let Visa = "sat-ss mov"; }
def genx_fptoui_sat : GenX<FamModifier, AnyInt, [Arg<AnyFloat, "value", "same lane count as the result">],
  NoMem, "Convert floating point to unsigned integer, saturating to the result's range."> { let Visa = "sat-us mov"; }

// `kind`, `op`: the vISA lowering ("sat", "add" gives `Visa = "sat-XY add"` to each XY variant); none when empty.
// A saturating multiply is vISA `mul.sat`, exact only when the product fits the 32-bit intermediate: the emitter
// takes it with sources of at most 16 bits (a baled extension reads the narrow value) and refuses it otherwise
// (IGC widens those to 64 bits first, GenXLowering). A saturating shift is `shl.sat`, whose vISA meaning
// (undefined beyond 33 bits) is the intrinsic's.
multiclass GxSignVariants<GxFamily family, GxType ret, list<GxOperand> operands, string doc, string kind = "",
                          string op = ""> {
  def genx_ss # NAME : GenX<family, ret, operands, NoMem, doc # " Signed result, signed operands."> {
    let Visa = !if(!eq(op, ""), "", kind # "-ss " # op); }
  def genx_su # NAME : GenX<family, ret, operands, NoMem, doc # " Signed result, unsigned operands."> {
    let Visa = !if(!eq(op, ""), "", kind # "-su " # op); }
  def genx_us # NAME : GenX<family, ret, operands, NoMem, doc # " Unsigned result, signed operands."> {
    let Visa = !if(!eq(op, ""), "", kind # "-us " # op); }
  def genx_uu # NAME : GenX<family, ret, operands, NoMem, doc # " Unsigned result, unsigned operands."> {
    let Visa = !if(!eq(op, ""), "", kind # "-uu " # op); }
}

// For the non-saturating multiplies the two letters give the signedness of the two operands (IGC's
// getGenXMulIID and the CISA table agree); the result type only receives the full product.
multiclass GxOperandSignVariants<GxFamily family, GxType ret, list<GxOperand> operands, string doc> {
  def genx_ss # NAME : GenX<family, ret, operands, NoMem, doc # " Signed first operand, signed second operand.">;
  def genx_su # NAME : GenX<family, ret, operands, NoMem, doc # " Signed first operand, unsigned second operand.">;
  def genx_us # NAME : GenX<family, ret, operands, NoMem, doc # " Unsigned first operand, signed second operand.">;
  def genx_uu # NAME : GenX<family, ret, operands, NoMem, doc # " Unsigned first operand, unsigned second operand.">;
}

defm trunc_sat : GxSignVariants<FamModifier, AnyInt, [Arg<AnyInt, "value", "same lane count as the result">],
  "Truncate an integer to a narrower type, saturating.", "sat", "mov">;

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

defm add_sat : GxSignVariants<FamInt, AnyInt, [Arg<AnyInt, "a">, Arg<Same1, "b">],
  "Saturating add.", "sat", "add">;
defm add3_sat : GxSignVariants<FamInt, AnyInt, [Arg<AnyInt, "a", "i16 or i32 elements">, Arg<Same1, "b">,
                                               Arg<Same1, "c">],
  "Saturating three-input add.">;
defm mul : GxOperandSignVariants<FamInt, AnyInt, [Arg<AnyInt, "a", "not i64">, Arg<Same1, "b">],
  "Multiply into the result type (which may be wider than the operands).">;
defm mul_sat : GxSignVariants<FamInt, AnyInt, [Arg<AnyInt, "a", "not i64">, Arg<Same1, "b">],
  "Saturating multiply.", "sat", "mul">;
defm mad : GxOperandSignVariants<FamInt, AnyInt, [Arg<AnyInt, "a", "not i64">, Arg<Same1, "b">,
                                          Arg<Same0, "c", "the addend, the result's type">],
  "Multiply-add `a * b + c`.">;
defm mad_sat : GxSignVariants<FamInt, AnyInt, [Arg<AnyInt, "a", "not i64">, Arg<Same1, "b">,
                                              Arg<Same0, "c", "the addend, the result's type">],
  "Saturating multiply-add `a * b + c`.">;
defm avg : GxSignVariants<FamInt, AnyInt, [Arg<AnyInt, "a", "not i64">, Arg<Same1, "b">],
  "Average `(a + b + 1) >> 1` without intermediate overflow.", "alu", "avg">;
defm avg_sat : GxSignVariants<FamInt, AnyInt, [Arg<AnyInt, "a", "not i64">, Arg<Same1, "b">],
  "Saturating average.", "sat", "avg">;
defm shl : GxSignVariants<FamInt, AnyInt, [Arg<AnyInt, "a">, Arg<Same1, "shift">],
  "Shift left into the result type.", "alu", "shl">;
defm shl_sat : GxSignVariants<FamInt, AnyInt, [Arg<AnyInt, "a">, Arg<Same1, "shift">],
  "Saturating shift left.", "sat", "shl">;
defm dp4a : GxSignVariants<FamInt, AnyVector,
  [Arg<AnyVector, "acc", "accumulator">, Arg<AnyVector, "a", "four packed bytes per dword">,
   Arg<AnyVector, "b", "four packed bytes per dword">],
  "Dot product of four byte pairs per dword lane, added to `acc`.", "alu", "dp4a">;
defm dp4a_sat : GxSignVariants<FamInt, AnyVector,
  [Arg<AnyVector, "acc", "accumulator">, Arg<AnyVector, "a", "four packed bytes per dword">,
   Arg<AnyVector, "b", "four packed bytes per dword">],
  "Saturating dot product of four byte pairs per dword lane, added to `acc`.", "sat", "dp4a">;
defm sad2add : GxSignVariants<FamInt, AnyInt,
  [Arg<AnyInt, "a", "vector of i8, even width">, Arg<Same1, "b">,
   Arg<Same0, "acc", "vector of i16, half the width of a">],
  "Sum of absolute differences of byte pairs, added to a 16-bit accumulator.">;
defm sad2add_sat : GxSignVariants<FamInt, AnyInt,
  [Arg<AnyInt, "a", "vector of i8, even width">, Arg<Same1, "b">,
   Arg<Same0, "acc", "vector of i16, half the width of a">],
  "Saturating sum of absolute differences of byte pairs, added to a 16-bit accumulator.">;

def genx_ssad2 : GenX<FamInt, AnyInt, [Arg<AnyInt, "a", "vector of i8, even width">, Arg<Same1, "b">],
  NoMem, "Sum of absolute differences of adjacent byte pairs into i16 lanes; signed.">;
def genx_usad2 : GenX<FamInt, AnyInt, [Arg<AnyInt, "a", "vector of i8, even width">, Arg<Same1, "b">],
  NoMem, "Sum of absolute differences of adjacent byte pairs into i16 lanes; unsigned.">;

def genx_smulh : GenX<FamInt, AnyInt, [Arg<AnyInt, "a", "i32 elements">, Arg<Same1, "b">],
  NoMem, "High half of the full signed product."> { let Visa = "alu-ss mulh"; }
def genx_umulh : GenX<FamInt, AnyInt, [Arg<AnyInt, "a", "i32 elements">, Arg<Same1, "b">],
  NoMem, "High half of the full unsigned product."> { let Visa = "alu-uu mulh"; }
def genx_smadw : GenX<FamInt, AnyInt, [Arg<AnyInt, "a", "i32 elements">, Arg<Same1, "b">, Arg<Same1, "c">],
  NoMem, "Signed 32x32+32 multiply-add giving 64-bit results: low halves, then high halves, in the result.">;
def genx_umadw : GenX<FamInt, AnyInt, [Arg<AnyInt, "a", "i32 elements">, Arg<Same1, "b">, Arg<Same1, "c">],
  NoMem, "Unsigned 32x32+32 multiply-add giving 64-bit results: low halves, then high halves, in the result.">;

def genx_smax : GenX<FamInt, AnyInt, [Arg<AnyInt, "a">, Arg<Same1, "b">],
  NoMem, "Signed maximum."> { let Visa = "alu-ss max"; }
def genx_umax : GenX<FamInt, AnyInt, [Arg<AnyInt, "a">, Arg<Same1, "b">],
  NoMem, "Unsigned maximum."> { let Visa = "alu-uu max"; }
def genx_smin : GenX<FamInt, AnyInt, [Arg<AnyInt, "a">, Arg<Same1, "b">],
  NoMem, "Signed minimum."> { let Visa = "alu-ss min"; }
def genx_umin : GenX<FamInt, AnyInt, [Arg<AnyInt, "a">, Arg<Same1, "b">],
  NoMem, "Unsigned minimum."> { let Visa = "alu-uu min"; }

def genx_rol : GenX<FamInt, AnyInt, [Arg<AnyInt, "a">, Arg<Same1, "amount">],
  NoMem, "Rotate left."> { let Visa = "alu-uu rol"; }
def genx_ror : GenX<FamInt, AnyInt, [Arg<AnyInt, "a">, Arg<Same1, "amount">],
  NoMem, "Rotate right."> { let Visa = "alu-uu ror"; }

def genx_add3 : GenX<FamInt, AnyInt, [Arg<AnyInt, "a", "i16 or i32 elements">, Arg<Same1, "b">, Arg<Same1, "c">],
  NoMem, "Three-input add.">;
def genx_bfn : GenX<FamInt, AnyInt,
  [Arg<AnyInt, "a", "i16 or i32 elements">, Arg<Same1, "b">, Arg<Same1, "c">,
   ImmArg<i8, "function", "truth table of the boolean function of (a, b, c)">],
  NoMem, "Arbitrary bitwise boolean function of three inputs, given as an 8-bit truth table.">;

def genx_bfrev : GenX<FamInt, AnyInt, [Arg<Same0, "value", "i32 elements">],
  NoMem, "Reverse the bits of each element."> { let Visa = "alu-uu bfrev"; }
def genx_cbit : GenX<FamInt, AnyInt, [Arg<AnyInt, "value", "same lane count as the result">],
  NoMem, "Count set bits of each element (result has i32 elements)."> { let Visa = "alu-uu cbit"; }
def genx_fbl : GenX<FamInt, AnyInt, [Arg<Same0, "value", "i32 elements">],
  NoMem, "Bit index of the lowest set bit (all ones when none)."> { let Visa = "alu-uu fbl"; }
def genx_sfbh : GenX<FamInt, AnyInt, [Arg<Same0, "value", "i32 elements">],
  NoMem, "Bit index of the highest bit that differs from the sign bit, counted from the top."> { let Visa = "alu-ss fbh"; }
def genx_ufbh : GenX<FamInt, AnyInt, [Arg<Same0, "value", "i32 elements">],
  NoMem, "Bit index of the highest set bit, counted from the top."> { let Visa = "alu-uu fbh"; }
def genx_lzd : GenX<FamInt, AnyInt, [Arg<Same0, "value", "i32 elements">],
  NoMem, "Count leading zeros."> { let Visa = "alu-uu lzd"; }
def genx_bfi : GenX<FamInt, AnyInt,
  [Arg<Same0, "width", "field width in bits">, Arg<Same0, "offset", "field offset in bits">,
   Arg<Same0, "insert", "value whose low bits are inserted">, Arg<Same0, "base", "value inserted into">],
  NoMem, "Bit-field insert."> { let Visa = "alu-uu bfi"; }
def genx_sbfe : GenX<FamInt, AnyInt,
  [Arg<Same0, "width", "field width in bits">, Arg<Same0, "offset", "field offset in bits">,
   Arg<Same0, "value", "value extracted from">],
  NoMem, "Signed bit-field extract."> { let Visa = "alu-ss bfe"; }
def genx_ubfe : GenX<FamInt, AnyInt,
  [Arg<Same0, "width", "field width in bits">, Arg<Same0, "offset", "field offset in bits">,
   Arg<Same0, "value", "value extracted from">],
  NoMem, "Unsigned bit-field extract."> { let Visa = "alu-uu bfe"; }

def genx_addc : GenX<FamInt, GxStruct<[AnyInt, AnyInt], ["carry", "sum"]>,
  [Arg<Same0, "a", "i32 elements">, Arg<Same0, "b">],
  NoMem, "Unsigned add returning {carry, sum}; the carry is field 0."> { let Visa = "carry addc"; }
def genx_subb : GenX<FamInt, GxStruct<[AnyInt, AnyInt], ["borrow", "difference"]>,
  [Arg<Same0, "a", "i32 elements">, Arg<Same0, "b">],
  NoMem, "Unsigned subtract returning {borrow, difference}; the borrow is field 0."> { let Visa = "carry subb"; }
// vc-intrinsics 0.11 declares a second struct field `intvector` that encodes to nothing, so the installed table
// decodes to this 3-operand signature (the documented one); see the test for the details.
def genx_add3c : GenX<FamInt, GxStruct<[AnyInt, AnyInt], ["carry", "sum"]>,
  [Arg<Same1, "a", "i32 elements">, Arg<Same1, "b">, Arg<Same1, "c">],
  NoMem, "Three-input add returning {carry, sum}.">;
def genx_simad : GenX<FamInt, GxStruct<[AnyInt, AnyInt], ["high", "low"]>,
  [Arg<Same0, "a", "i32 elements">, Arg<Same0, "b">, Arg<Same0, "c">],
  NoMem, "Signed 32x32+32 multiply-add returning the 64-bit result as {high, low} halves.">;
def genx_uimad : GenX<FamInt, GxStruct<[AnyInt, AnyInt], ["high", "low"]>,
  [Arg<Same0, "a", "i32 elements">, Arg<Same0, "b">, Arg<Same0, "c">],
  NoMem, "Unsigned 32x32+32 multiply-add returning the 64-bit result as {high, low} halves.">;

//===----------------------------------------------------------------------===//
// Floating-point math
//===----------------------------------------------------------------------===//

def genx_fmax : GenX<FamFloat, AnyFloat, [Arg<AnyFloat, "a">, Arg<Same1, "b">],
  NoMem, "Floating-point maximum (a NaN operand yields the other operand)."> { let Visa = "alu-ss max"; }
def genx_fmin : GenX<FamFloat, AnyFloat, [Arg<AnyFloat, "a">, Arg<Same1, "b">],
  NoMem, "Floating-point minimum (a NaN operand yields the other operand)."> { let Visa = "alu-ss min"; }
def genx_frc : GenX<FamFloat, AnyFloat, [Arg<Same0, "value", "float elements">],
  NoMem, "Fractional part, `x - floor(x)`."> { let Visa = "alu-ss frc"; }
def genx_rndd : GenX<FamFloat, AnyFloat, [Arg<Same0, "value", "float elements">],
  NoMem, "Round toward negative infinity."> { let Visa = "alu-ss rndd"; }
def genx_rndu : GenX<FamFloat, AnyFloat, [Arg<Same0, "value", "float elements">],
  NoMem, "Round toward positive infinity."> { let Visa = "alu-ss rndu"; }
def genx_rnde : GenX<FamFloat, AnyFloat, [Arg<Same0, "value", "float elements">],
  NoMem, "Round to nearest, ties to even."> { let Visa = "alu-ss rnde"; }
def genx_rndz : GenX<FamFloat, AnyFloat, [Arg<Same0, "value", "float elements">],
  NoMem, "Round toward zero."> { let Visa = "alu-ss rndz"; }
def genx_inv : GenX<FamFloat, AnyFloat, [Arg<Same0, "value", "half or float elements">],
  NoMem, "Reciprocal (math unit precision)."> { let Visa = "alu-ss inv"; }
def genx_log : GenX<FamFloat, AnyFloat, [Arg<Same0, "value", "half or float elements">],
  NoMem, "Base-2 logarithm (math unit precision)."> { let Visa = "alu-ss log"; }
def genx_exp : GenX<FamFloat, AnyFloat, [Arg<Same0, "value", "half or float elements">],
  NoMem, "Base-2 exponential (math unit precision)."> { let Visa = "alu-ss exp"; }
def genx_pow : GenX<FamFloat, AnyFloat, [Arg<Same0, "base", "half or float elements">, Arg<Same0, "exponent">],
  NoMem, "Power `base ^ exponent` (math unit precision)."> { let Visa = "alu-ss pow"; }
def genx_sqrt : GenX<FamFloat, AnyFloat, [Arg<Same0, "value", "half or float elements">],
  NoMem, "Square root (math unit precision)."> { let Visa = "alu-ss sqrt"; }
def genx_rsqrt : GenX<FamFloat, AnyFloat, [Arg<Same0, "value", "half or float elements">],
  NoMem, "Reciprocal square root (math unit precision)."> { let Visa = "alu-ss rsqrt"; }
def genx_sin : GenX<FamFloat, AnyFloat, [Arg<Same0, "value", "half or float elements">],
  NoMem, "Sine (math unit precision)."> { let Visa = "alu-ss sin"; }
def genx_cos : GenX<FamFloat, AnyFloat, [Arg<Same0, "value", "half or float elements">],
  NoMem, "Cosine (math unit precision)."> { let Visa = "alu-ss cos"; }
def genx_ieee_div : GenX<FamFloat, AnyFloat, [Arg<Same0, "a", "float or double elements">, Arg<Same0, "b">],
  NoMem, "Correctly rounded IEEE division.">;
def genx_ieee_sqrt : GenX<FamFloat, AnyFloat, [Arg<Same0, "value", "float or double elements">],
  NoMem, "Correctly rounded IEEE square root.">;
def genx_lrp : GenX<FamFloat, AnyFloat,
  [Arg<Same0, "u", "float vector, multiple of 4 lanes">, Arg<Same0, "v">, Arg<Same0, "w">],
  NoMem, "Linear interpolation `u * v + (1 - u) * w`."> { let Visa = "alu-ss lrp"; }
def genx_line : GenX<FamFloat, AnyFloat,
  [Arg<v4f32, "coefficients", "p and q of p * x + q (lanes 0 and 3)">,
   Arg<Same0, "value", "float vector, multiple of 4 lanes">],
  NoMem, "Line equation `p * x + q` with coefficients from a 4-vector."> { let Visa = "plane line"; }
def genx_pln : GenX<FamFloat, AnyFloat,
  [Arg<v4f32, "coefficients", "plane equation coefficients">,
   Arg<AnyFloat, "coords", "float vector, multiple of 16 lanes; twice the result's width">],
  NoMem, "Plane equation evaluated at pairs of coordinates."> { let Visa = "plane plane"; }
def genx_dp2 : GenX<FamFloat, AnyFloat, [Arg<Same0, "a", "float vector, multiple of 4 lanes">, Arg<Same0, "b">],
  NoMem, "Two-element dot product per group of 4 lanes, replicated across the group."> { let Visa = "alu-ss dp2"; }
def genx_dp3 : GenX<FamFloat, AnyFloat, [Arg<Same0, "a", "float vector, multiple of 4 lanes">, Arg<Same0, "b">],
  NoMem, "Three-element dot product per group of 4 lanes, replicated across the group."> { let Visa = "alu-ss dp3"; }
def genx_dp4 : GenX<FamFloat, AnyFloat, [Arg<Same0, "a", "float vector, multiple of 4 lanes">, Arg<Same0, "b">],
  NoMem, "Four-element dot product per group of 4 lanes, replicated across the group."> { let Visa = "alu-ss dp4"; }
def genx_dph : GenX<FamFloat, AnyFloat, [Arg<Same0, "a", "float vector, multiple of 4 lanes">, Arg<Same0, "b">],
  NoMem, "Homogeneous dot product (a.xyz . b.xyz + b.w) per group of 4 lanes."> { let Visa = "alu-ss dph"; }

//===----------------------------------------------------------------------===//
// Format conversions
//===----------------------------------------------------------------------===//

def genx_bf_cvt : GenX<FamConvert, AnyFloat, [Arg<AnyFloat, "value", "bfloat16 held in half, or float">],
  NoMem, "Convert between float and bfloat16 (carried in half-typed values).">;
def genx_qf_cvt : GenX<FamConvert, AnyVector, [Arg<AnyVector, "value", "i8 or half elements">],
  NoMem, "Convert between half and the 8-bit quarter-float format (carried in i8 values).">;
def genx_tf32_cvt : GenX<FamConvert, AnyVector, [Arg<AnyVector, "value", "float or half elements">],
  NoMem, "Convert to TensorFloat-32, returned as unsigned dwords.">;
def genx_srnd : GenX<FamConvert, AnyVector,
  [Arg<AnyVector, "value", "float or half vector">, Arg<AnyVector, "random", "random bits, same shape">],
  NoMem, "Stochastic rounding to the next narrower format (float to half, half to 8-bit).">;

//===----------------------------------------------------------------------===//
// Systolic matrix multiply
//===----------------------------------------------------------------------===//

def genx_dpas : GenX<FamDpas, AnyVector,
  [Arg<Same0, "acc", "accumulator, the result's type">, Arg<AnyVector, "src1", "B matrix (weights)">,
   Arg<AnyVector, "src2", "A matrix (activations)">,
   ImmArg<i32, "info", "packed precisions, systolic depth and repeat count">],
  NoMem, "Systolic dot-product-accumulate: acc + A x B.">;
def genx_dpas_nosrc0 : GenX<FamDpas, AnyVector,
  [Arg<AnyVector, "src1", "B matrix (weights)">, Arg<AnyVector, "src2", "A matrix (activations)">,
   ImmArg<i32, "info", "packed precisions, systolic depth and repeat count">],
  NoMem, "Systolic dot product without accumulator: A x B.">;
def genx_dpas2 : GenX<FamDpas, AnyVector,
  [Arg<AnyVector, "acc", "accumulator">, Arg<AnyVector, "src1", "B matrix (weights)">,
   Arg<AnyVector, "src2", "A matrix (activations)">,
   ImmArg<i32, "src1_precision">, ImmArg<i32, "src2_precision">, ImmArg<i32, "systolic_depth">,
   ImmArg<i32, "repeat_count">, ImmArg<i32, "dst_signed", "1 if the result is signed">,
   ImmArg<i32, "acc_signed", "1 if the accumulator is signed">],
  NoMem, "Systolic dot-product-accumulate with every parameter as a separate constant.">;
def genx_dpasw : GenX<FamDpas, AnyVector,
  [Arg<Same0, "acc", "accumulator, the result's type">, Arg<AnyVector, "src1", "B matrix (weights)">,
   Arg<AnyVector, "src2", "A matrix (activations)">,
   ImmArg<i32, "info", "packed precisions, systolic depth and repeat count">],
  NoMem, "Wide systolic dot-product-accumulate shared between paired threads.">;
def genx_dpasw_nosrc0 : GenX<FamDpas, AnyVector,
  [Arg<AnyVector, "src1", "B matrix (weights)">, Arg<AnyVector, "src2", "A matrix (activations)">,
   ImmArg<i32, "info", "packed precisions, systolic depth and repeat count">],
  NoMem, "Wide systolic dot product without accumulator.">;

//===----------------------------------------------------------------------===//
// Block memory access
//===----------------------------------------------------------------------===//

def genx_oword_ld : GenX<FamBlockMem, AnyVector,
  [ImmArg<i32, "is_modified", "1 to read the surface's modified (in-flight) copy">,
   Arg<i32, "surface", "binding table index">, Arg<i32, "offset", "in owords (16 bytes)">],
  ReadMem, "Oword-aligned block load of 16, 32, 64 or 128 bytes (size from the result type)."> { let Visa = "oword-ld oword_ld"; }
def genx_oword_ld_unaligned : GenX<FamBlockMem, AnyVector,
  [ImmArg<i32, "is_modified", "1 to read the surface's modified (in-flight) copy">,
   Arg<i32, "surface", "binding table index">, Arg<i32, "offset", "in bytes, dword aligned">],
  ReadMem, "Dword-aligned block load of 16, 32, 64 or 128 bytes."> { let Visa = "oword-ld oword_ld_unaligned"; }
def genx_oword_ld_predef_surface : GenX<FamBlockMem, AnyVector,
  [ImmArg<i32, "is_modified">, Arg<AnyPtr, "surface", "global variable naming a predefined surface">,
   Arg<i32, "offset", "in owords (16 bytes)">],
  ReadMem, "oword.ld on a predefined surface (backend internal).">;
def genx_oword_ld_unaligned_predef_surface : GenX<FamBlockMem, AnyVector,
  [ImmArg<i32, "is_modified">, Arg<AnyPtr, "surface", "global variable naming a predefined surface">,
   Arg<i32, "offset", "in bytes, dword aligned">],
  ReadMem, "oword.ld.unaligned on a predefined surface (backend internal).">;
def genx_oword_st : GenX<FamBlockMem, void,
  [Arg<i32, "surface", "binding table index">, Arg<i32, "offset", "in owords (16 bytes)">,
   Arg<AnyVector, "data", "16, 32, 64 or 128 bytes">],
  SideEffects, "Oword-aligned block store."> { let Visa = "oword-st oword_st"; }
def genx_oword_st_predef_surface : GenX<FamBlockMem, void,
  [Arg<AnyPtr, "surface", "global variable naming a predefined surface">,
   Arg<i32, "offset", "in owords (16 bytes)">, Arg<AnyVector, "data">],
  SideEffects, "oword.st on a predefined surface (backend internal).">;
def genx_svm_block_ld : GenX<FamBlockMem, AnyVector, [Arg<AnyAddress, "address", "oword aligned">],
  ReadMem, "Oword-aligned block load from a shared-virtual-memory address (16 to 128 bytes)."> { let Visa = "svm-ld svm_block_ld"; }
def genx_svm_block_ld_unaligned : GenX<FamBlockMem, AnyVector, [Arg<AnyAddress, "address", "dword aligned">],
  ReadMem, "Dword-aligned block load from a shared-virtual-memory address (16 to 128 bytes)."> { let Visa = "svm-ld svm_block_ld"; }
def genx_svm_block_st : GenX<FamBlockMem, void,
  [Arg<AnyAddress, "address", "oword aligned">, Arg<AnyVector, "data", "16 to 128 bytes">],
  SideEffects, "Oword-aligned block store to a shared-virtual-memory address."> { let Visa = "svm-st svm_block_st"; }
def genx_media_ld : GenX<FamBlockMem, AnyVector,
  [ImmArg<i32, "modifiers", "media block read modifiers">, Arg<i32, "surface", "binding table index">,
   ImmArg<i32, "plane", "surface plane">, ImmArg<i32, "width", "block width in bytes">,
   Arg<i32, "x", "x offset in bytes">, Arg<i32, "y", "y offset in rows">],
  ReadMem, "Read a 2D block of a media surface (height from the result size)."> { let Visa = "media-ld media_ld"; }
def genx_media_st : GenX<FamBlockMem, void,
  [ImmArg<i32, "modifiers", "media block write modifiers">, Arg<i32, "surface", "binding table index">,
   ImmArg<i32, "plane", "surface plane">, ImmArg<i32, "width", "block width in bytes">,
   Arg<i32, "x", "x offset in bytes">, Arg<i32, "y", "y offset in rows">, Arg<AnyVector, "data">],
  SideEffects, "Write a 2D block of a media surface."> { let Visa = "media-st media_st"; }
def genx_transpose_ld : GenX<FamBlockMem, AnyVector,
  [Arg<i32, "surface", "binding table index">, ImmArg<i32, "log2_width", "log2 of the block width in dwords, 0-3">,
   Arg<i32, "x", "x offset">, Arg<i32, "y", "y offset">],
  ReadMem, "Read a 2D block of a surface transposed.">;

//===----------------------------------------------------------------------===//
// Gather and scatter
//===----------------------------------------------------------------------===//

def genx_gather_scaled : GenX<FamScattered, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable; width = number of lanes">,
   ImmArg<i32, "log2_blocks", "0, 1 or 2 for 1, 2 or 4 blocks per lane">, ImmArg<i16, "scale", "offset scale">,
   Arg<i32, "surface", "binding table index">, Arg<i32, "global_offset", "bytes added to every lane">,
   Arg<AnyI32, "offsets", "per-lane byte offsets">, Arg<Same0, "old", "result in disabled lanes">],
  ReadMem, "Gather 1, 2 or 4 byte blocks per lane from a surface, merging into `old`."> { let Visa = "gather-scaled gather_scaled"; }
def genx_gather_scaled2 : GenX<FamScattered, AnyVector,
  [ImmArg<i32, "log2_blocks", "0, 1 or 2 for 1, 2 or 4 blocks per lane">, ImmArg<i16, "scale", "offset scale">,
   Arg<i32, "surface", "binding table index">, Arg<i32, "global_offset", "bytes added to every lane">,
   Arg<AnyI32, "offsets", "per-lane byte offsets">],
  ReadMem, "Unpredicated scaled gather from a surface."> { let Visa = "gather-scaled gather_scaled"; }
def genx_gather_masked_scaled2 : GenX<FamScattered, AnyVector,
  [ImmArg<i32, "log2_blocks", "0, 1 or 2 for 1, 2 or 4 blocks per lane">, ImmArg<i16, "scale", "offset scale">,
   Arg<i32, "surface", "binding table index">, Arg<i32, "global_offset", "bytes added to every lane">,
   Arg<AnyI32, "offsets", "per-lane byte offsets">, Arg<AnyBoolVector, "pred", "lane enable">],
  ReadMem, "Predicated scaled gather from a surface; disabled lanes are undefined."> { let Visa = "gather-scaled gather_scaled"; }
def genx_gather_masked_scaled2_predef_surface : GenX<FamScattered, AnyVector,
  [ImmArg<i32, "log2_blocks">, ImmArg<i16, "scale">,
   Arg<AnyPtr, "surface", "global variable naming a predefined surface">, Arg<i32, "global_offset">,
   Arg<AnyI32, "offsets">, Arg<AnyBoolVector, "pred">],
  ReadMem, "gather.masked.scaled2 on a predefined surface (backend internal).">;
def genx_gather4_scaled : GenX<FamScattered, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, ImmArg<i32, "channel_mask", "enabled RGBA channels">,
   ImmArg<i16, "scale", "offset scale">, Arg<i32, "surface", "binding table index">,
   Arg<i32, "global_offset", "bytes added to every lane">, Arg<AnyI32, "offsets", "per-lane byte offsets">,
   Arg<Same0, "old", "result in disabled lanes">],
  ReadMem, "Gather up to four dword channels per lane from a surface, merging into `old`."> { let Visa = "gather4-scaled gather4_scaled"; }
def genx_gather4_scaled2 : GenX<FamScattered, AnyVector,
  [ImmArg<i32, "channel_mask", "enabled RGBA channels">, ImmArg<i16, "scale", "offset scale">,
   Arg<i32, "surface", "binding table index">, Arg<i32, "global_offset", "bytes added to every lane">,
   Arg<AnyI32, "offsets", "per-lane byte offsets">],
  ReadMem, "Unpredicated four-channel gather from a surface."> { let Visa = "gather4-scaled gather4_scaled"; }
def genx_gather4_masked_scaled2 : GenX<FamScattered, AnyVector,
  [ImmArg<i32, "channel_mask", "enabled RGBA channels">, ImmArg<i16, "scale", "offset scale">,
   Arg<i32, "surface", "binding table index">, Arg<i32, "global_offset", "bytes added to every lane">,
   Arg<AnyI32, "offsets", "per-lane byte offsets">, Arg<AnyBoolVector, "pred", "lane enable">],
  ReadMem, "Predicated four-channel gather from a surface."> { let Visa = "gather4-scaled gather4_scaled"; }
def genx_gather4_masked_scaled2_predef_surface : GenX<FamScattered, AnyVector,
  [ImmArg<i32, "channel_mask">, ImmArg<i16, "scale">,
   Arg<AnyPtr, "surface", "global variable naming a predefined surface">, Arg<i32, "global_offset">,
   Arg<AnyI32, "offsets">, Arg<AnyBoolVector, "pred">],
  ReadMem, "gather4.masked.scaled2 on a predefined surface (backend internal).">;
def genx_scatter_scaled : GenX<FamScattered, void,
  [Arg<AnyBoolVector, "pred", "lane enable">,
   ImmArg<i32, "log2_blocks", "0, 1 or 2 for 1, 2 or 4 blocks per lane">, ImmArg<i16, "scale", "offset scale">,
   Arg<i32, "surface", "binding table index">, Arg<i32, "global_offset", "bytes added to every lane">,
   Arg<AnyI32, "offsets", "per-lane byte offsets">, Arg<AnyVector, "data">],
  SideEffects, "Scatter 1, 2 or 4 blocks per lane to a surface."> { let Visa = "scatter-scaled scatter_scaled"; }
def genx_scatter_scaled_predef_surface : GenX<FamScattered, void,
  [Arg<AnyBoolVector, "pred">, ImmArg<i32, "log2_blocks">, ImmArg<i16, "scale">,
   Arg<AnyPtr, "surface", "global variable naming a predefined surface">, Arg<i32, "global_offset">,
   Arg<AnyI32, "offsets">, Arg<AnyVector, "data">],
  SideEffects, "scatter.scaled on a predefined surface (backend internal).">;
def genx_scatter4_scaled : GenX<FamScattered, void,
  [Arg<AnyBoolVector, "pred", "lane enable">, ImmArg<i32, "channel_mask", "enabled RGBA channels">,
   ImmArg<i16, "scale", "offset scale">, Arg<i32, "surface", "binding table index">,
   Arg<i32, "global_offset", "bytes added to every lane">, Arg<AnyI32, "offsets", "per-lane byte offsets">,
   Arg<AnyVector, "data">],
  SideEffects, "Scatter up to four dword channels per lane to a surface."> { let Visa = "scatter4-scaled scatter4_scaled"; }
def genx_scatter4_scaled_predef_surface : GenX<FamScattered, void,
  [Arg<AnyBoolVector, "pred">, ImmArg<i32, "channel_mask">, ImmArg<i16, "scale">,
   Arg<AnyPtr, "surface", "global variable naming a predefined surface">, Arg<i32, "global_offset">,
   Arg<AnyI32, "offsets">, Arg<AnyVector, "data">],
  SideEffects, "scatter4.scaled on a predefined surface (backend internal).">;
def genx_svm_gather : GenX<FamScattered, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable; width = number of lanes">,
   ImmArg<i32, "log2_blocks", "0-3 for 1, 2, 4 or 8 blocks per lane">,
   Arg<AnyI64, "addresses", "per-lane addresses, 8 or 16 lanes">, Arg<Same0, "old", "result in disabled lanes">],
  ReadMem, "Gather blocks from per-lane shared-virtual-memory addresses."> { let Visa = "svm-gather svm_gather"; }
def genx_svm_scatter : GenX<FamScattered, void,
  [Arg<AnyBoolVector, "pred", "lane enable">,
   ImmArg<i32, "log2_blocks", "0-3 for 1, 2, 4 or 8 blocks per lane">,
   Arg<AnyI64, "addresses", "per-lane addresses, 8 or 16 lanes">, Arg<AnyVector, "data">],
  SideEffects, "Scatter blocks to per-lane shared-virtual-memory addresses."> { let Visa = "svm-scatter svm_scatter"; }
def genx_svm_gather4_scaled : GenX<FamScattered, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, ImmArg<i32, "channel_mask", "enabled RGBA channels">,
   ImmArg<i16, "scale", "offset scale">, Arg<i64, "base", "address added to every lane">,
   Arg<AnyI64, "offsets", "per-lane byte offsets">, Arg<Same0, "old", "result in disabled lanes">],
  ReadMem, "Gather up to four dword channels per lane from shared virtual memory.">;
def genx_svm_scatter4_scaled : GenX<FamScattered, void,
  [Arg<AnyBoolVector, "pred", "lane enable">, ImmArg<i32, "channel_mask", "enabled RGBA channels">,
   ImmArg<i16, "scale", "offset scale">, Arg<i64, "base", "address added to every lane">,
   Arg<AnyI64, "offsets", "per-lane byte offsets">, Arg<AnyVector, "data">],
  SideEffects, "Scatter up to four dword channels per lane to shared virtual memory.">;
def genx_gather_private : GenX<FamScattered, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<AnyPtr, "base", "private (stack) base pointer">,
   Arg<AnyI32, "offsets", "per-lane offsets in elements">, Arg<Same0, "old", "result in disabled lanes">],
  ReadMem, "Gather elements of thread-private memory (CM front end; lowered before code generation).">;
def genx_scatter_private : GenX<FamScattered, void,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<AnyPtr, "base", "private (stack) base pointer">,
   Arg<AnyI32, "offsets", "per-lane offsets in elements">,
   Arg<AnyVector, "data", "the first (number of lanes) elements are written">],
  SideEffects, "Scatter elements to thread-private memory (CM front end; lowered before code generation).">;
def genx_gather4_typed : GenX<FamScattered, AnyVector,
  [ImmArg<i32, "channel_mask", "enabled RGBA channels">, Arg<AnyBoolVector, "pred", "lane enable">,
   Arg<i32, "surface", "binding table index">, Arg<AnyVector, "u", "per-lane x coordinates">,
   Arg<Same2, "v", "per-lane y coordinates">, Arg<Same2, "r", "per-lane z coordinates">,
   Arg<Same0, "old", "result in disabled lanes">],
  ReadMem, "Read up to four channels per lane from a typed surface at integer coordinates."> { let Visa = "gather4-typed gather4_typed"; }
def genx_scatter4_typed : GenX<FamScattered, void,
  [ImmArg<i32, "channel_mask", "enabled RGBA channels">, Arg<AnyBoolVector, "pred", "lane enable">,
   Arg<i32, "surface", "binding table index">, Arg<AnyVector, "u", "per-lane x coordinates">,
   Arg<Same1, "v", "per-lane y coordinates">, Arg<Same1, "r", "per-lane z coordinates">,
   Arg<AnyVector, "data">],
  SideEffects, "Write up to four channels per lane to a typed surface at integer coordinates."> { let Visa = "scatter4-typed scatter4_typed"; }

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

defvar IntAtomicOps = ["add", "sub", "min", "max", "xchg", "and", "or", "xor", "imin", "imax"];
defvar FloatAtomicOps = ["fadd", "fsub", "fmin", "fmax"];
defvar IncDec = ["inc", "dec"];

// vISA's spelling of a GenX atomic operation (`imin`/`imax` are vISA's `minsint`/`maxsint`; the rest are equal).
class VisaAtomicOp<string op> {
  string Name = !cond(!eq(op, "imin") : "minsint", !eq(op, "imax") : "maxsint", true : op);
}

// dword.atomic.*: surface atomics with an explicit old value (two-address form).
foreach op = !listconcat(IntAtomicOps, FloatAtomicOps) in
def genx_dword_atomic_ # op : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable; 1, 8 or 16 lanes">, Arg<i32, "surface", "binding table index">,
   Arg<AnyI32, "offsets", "per-lane byte offsets">, Arg<Same0, "src", "operand">,
   Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "Surface dword atomic `" # op # "`; returns the previous values."> { let Visa = "dword-atomic " # VisaAtomicOp<op>.Name; }
foreach op = IncDec in
def genx_dword_atomic_ # op : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable; 1, 8 or 16 lanes">, Arg<i32, "surface", "binding table index">,
   Arg<Same0, "offsets", "per-lane byte offsets">, Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "Surface dword atomic `" # op # "`; returns the previous values."> { let Visa = "dword-atomic " # VisaAtomicOp<op>.Name; }
def genx_dword_atomic_cmpxchg : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable; 1, 8 or 16 lanes">, Arg<i32, "surface", "binding table index">,
   Arg<Same0, "offsets", "per-lane byte offsets">, Arg<Same0, "src0", "first source operand">,
   Arg<Same0, "src1", "second source operand">, Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "Surface dword compare-and-exchange; returns the previous values."> { let Visa = "dword-atomic cmpxchg"; }
def genx_dword_atomic_fcmpwr : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable; 1, 8 or 16 lanes">, Arg<i32, "surface", "binding table index">,
   Arg<AnyI32, "offsets", "per-lane byte offsets">, Arg<Same0, "src0", "first source operand">,
   Arg<Same0, "src1", "second source operand">, Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "Surface float compare-and-write; returns the previous values."> { let Visa = "dword-atomic fcmpwr"; }

// dword.atomic2.*: the same without the old value (disabled lanes are undefined).
foreach op = !listconcat(IntAtomicOps, FloatAtomicOps) in
def genx_dword_atomic2_ # op : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable; 1, 8 or 16 lanes">, Arg<i32, "surface", "binding table index">,
   Arg<AnyI32, "offsets", "per-lane byte offsets">, Arg<Same0, "src", "operand">],
  SideEffects, "Surface dword atomic `" # op # "` without merge value; returns the previous values."> { let Visa = "dword-atomic " # VisaAtomicOp<op>.Name; }
foreach op = IncDec in
def genx_dword_atomic2_ # op : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable; 1, 8 or 16 lanes">, Arg<i32, "surface", "binding table index">,
   Arg<Same0, "offsets", "per-lane byte offsets">],
  SideEffects, "Surface dword atomic `" # op # "` without merge value; returns the previous values."> { let Visa = "dword-atomic " # VisaAtomicOp<op>.Name; }
def genx_dword_atomic2_cmpxchg : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable; 1, 8 or 16 lanes">, Arg<i32, "surface", "binding table index">,
   Arg<Same0, "offsets", "per-lane byte offsets">, Arg<Same0, "src0", "first source operand">,
   Arg<Same0, "src1", "second source operand">],
  SideEffects, "Surface dword compare-and-exchange without merge value."> { let Visa = "dword-atomic cmpxchg"; }
def genx_dword_atomic2_fcmpwr : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable; 1, 8 or 16 lanes">, Arg<i32, "surface", "binding table index">,
   Arg<AnyI32, "offsets", "per-lane byte offsets">, Arg<Same0, "src0", "first source operand">,
   Arg<Same0, "src1", "second source operand">],
  SideEffects, "Surface float compare-and-write without merge value."> { let Visa = "dword-atomic fcmpwr"; }

// dword.atomic2.*.predef.surface: backend-internal forms on a predefined surface (e.g. the stack surface).
foreach op = !listconcat(IntAtomicOps, FloatAtomicOps) in
def genx_dword_atomic2_ # op # _predef_surface : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<AnyPtr, "surface", "global variable naming a predefined surface">,
   Arg<AnyI32, "offsets", "per-lane byte offsets">, Arg<Same0, "src", "operand">],
  SideEffects, "dword.atomic2." # op # " on a predefined surface (backend internal).">;
foreach op = IncDec in
def genx_dword_atomic2_ # op # _predef_surface : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<AnyPtr, "surface", "global variable naming a predefined surface">,
   Arg<AnyI32, "offsets", "per-lane byte offsets">],
  SideEffects, "dword.atomic2." # op # " on a predefined surface (backend internal).">;
foreach op = ["cmpxchg", "fcmpwr"] in
def genx_dword_atomic2_ # op # _predef_surface : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<AnyPtr, "surface", "global variable naming a predefined surface">,
   Arg<AnyI32, "offsets", "per-lane byte offsets">, Arg<Same0, "src0", "first source operand">,
   Arg<Same0, "src1", "second source operand">],
  SideEffects, "dword.atomic2." # op # " on a predefined surface (backend internal).">;

// svm.atomic.*: atomics on per-lane shared-virtual-memory addresses (no fadd/fsub in this version).
foreach op = !listconcat(IntAtomicOps, ["fmin", "fmax"]) in
def genx_svm_atomic_ # op : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<AnyI64, "addresses", "per-lane addresses">,
   Arg<Same0, "src", "operand, 32 or 64 bits">, Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "SVM atomic `" # op # "`; returns the previous values."> { let Visa = "svm-atomic " # VisaAtomicOp<op>.Name; }
foreach op = IncDec in
def genx_svm_atomic_ # op : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<AnyI64, "addresses", "per-lane addresses">,
   Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "SVM atomic `" # op # "`; returns the previous values."> { let Visa = "svm-atomic " # VisaAtomicOp<op>.Name; }
foreach op = ["cmpxchg", "fcmpwr"] in
def genx_svm_atomic_ # op : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<AnyI64, "addresses", "per-lane addresses">,
   Arg<Same0, "src0", "first source operand">, Arg<Same0, "src1", "second source operand">,
   Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "SVM atomic `" # op # "`; returns the previous values."> { let Visa = "svm-atomic " # VisaAtomicOp<op>.Name; }

// typed.atomic.*: atomics on a typed surface at (u, v, r, lod); v, r and lod may be constant 0 (unused).
foreach op = !listconcat(IntAtomicOps, FloatAtomicOps) in
def genx_typed_atomic_ # op : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<i32, "surface", "binding table index">,
   Arg<Same0, "src", "operand">, Arg<AnyInt, "u", "per-lane x coordinates">, Arg<Same2, "v">,
   Arg<Same2, "r">, Arg<Same2, "lod">],
  SideEffects, "Typed-surface atomic `" # op # "`; returns the previous values."> { let Visa = "typed-atomic " # VisaAtomicOp<op>.Name; }
foreach op = IncDec in
def genx_typed_atomic_ # op : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<i32, "surface", "binding table index">,
   Arg<AnyInt, "u", "per-lane x coordinates">, Arg<Same2, "v">, Arg<Same2, "r">, Arg<Same2, "lod">],
  SideEffects, "Typed-surface atomic `" # op # "`; returns the previous values."> { let Visa = "typed-atomic " # VisaAtomicOp<op>.Name; }
foreach op = ["cmpxchg", "fcmpwr"] in
def genx_typed_atomic_ # op : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<i32, "surface", "binding table index">,
   Arg<Same0, "src0", "first source operand">, Arg<Same0, "src1", "second source operand">,
   Arg<AnyInt, "u", "per-lane x coordinates">, Arg<Same2, "v">, Arg<Same2, "r">, Arg<Same2, "lod">],
  SideEffects, "Typed-surface atomic `" # op # "`; returns the previous values."> { let Visa = "typed-atomic " # VisaAtomicOp<op>.Name; }

// untyped.atomic.*: the older dword-indexed surface atomics (integer only).
foreach op = IntAtomicOps in
def genx_untyped_atomic_ # op : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<i32, "surface", "binding table index">,
   Arg<i32, "global_offset", "in dwords">, Arg<Same0, "offsets", "per-lane offsets in dwords">,
   Arg<Same0, "src", "operand">, Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "Untyped surface atomic `" # op # "`; returns the previous values.">;
foreach op = IncDec in
def genx_untyped_atomic_ # op : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<i32, "surface", "binding table index">,
   Arg<i32, "global_offset", "in dwords">, Arg<Same0, "offsets", "per-lane offsets in dwords">,
   Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "Untyped surface atomic `" # op # "`; returns the previous values.">;
def genx_untyped_atomic_cmpxchg : GenX<FamAtomic, AnyVector,
  [Arg<AnyBoolVector, "pred", "lane enable">, Arg<i32, "surface", "binding table index">,
   Arg<i32, "global_offset", "in dwords">, Arg<Same0, "offsets", "per-lane offsets in dwords">,
   Arg<Same0, "src0", "first source operand">, Arg<Same0, "src1", "second source operand">,
   Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "Untyped surface compare-and-exchange; returns the previous values.">;

//===----------------------------------------------------------------------===//
// LSC messages
//===----------------------------------------------------------------------===//

// The control operands every untyped LSC message carries, all constants (operands 1-9).
defvar LscControls = [
  ImmArg<i8, "subopcode", "atomic operation; 0 otherwise">,
  ImmArg<i8, "l1_cache", "L1 cache control">,
  ImmArg<i8, "l3_cache", "L3 cache control">,
  ImmArg<i16, "addr_scale", "address scale">,
  ImmArg<i32, "imm_offset", "byte offset added to every address">,
  ImmArg<i8, "data_size", "element size code">,
  ImmArg<i8, "vector_size", "elements per address code">,
  ImmArg<i8, "transposed", "1 for a block (transposed) access">,
  ImmArg<i8, "channel_mask", "enabled channels of the quad forms; ignored otherwise">];
defvar LscPred = Arg<AnyBoolOrVec, "pred", "lane enable, 1 to 32 lanes">;
defvar LscSurface = Arg<i32, "surface", "surface, binding table index or base, by address space">;

foreach space = ["bindless", "bti", "slm", "stateless"] in {
  foreach quad = ["", "quad_"] in {
    def genx_lsc_load_ # quad # space : GenX<FamLsc, AnyVector,
      !listconcat([LscPred], LscControls,
                  [Arg<AnyLscAddress, "addresses", "per-lane offsets or addresses">, LscSurface]),
      ReadMem, "LSC load (" # space # " addressing" # !if(!eq(quad, ""), "", ", quad channels") # ").">;
    def genx_lsc_load_merge_ # quad # space : GenX<FamLsc, AnyVector,
      !listconcat([LscPred], LscControls,
                  [Arg<AnyLscAddress, "addresses", "per-lane offsets or addresses">, LscSurface,
                   Arg<Same0, "merge", "result in disabled lanes">]),
      ReadMem, "LSC load merged into a value (" # space # " addressing" #
               !if(!eq(quad, ""), "", ", quad channels") # ").">;
    def genx_lsc_store_ # quad # space : GenX<FamLsc, void,
      !listconcat([LscPred], LscControls,
                  [Arg<AnyLscAddress, "addresses", "per-lane offsets or addresses">,
                   Arg<AnyVector, "data", "the values written">, LscSurface]),
      SideEffects, "LSC store (" # space # " addressing" # !if(!eq(quad, ""), "", ", quad channels") # ").">;
  }
  def genx_lsc_prefetch_ # space : GenX<FamLsc, void,
    !listconcat([LscPred], LscControls,
                [Arg<AnyLscAddress, "addresses", "per-lane offsets or addresses">, LscSurface]),
    SideEffects, "LSC prefetch into the caches (" # space # " addressing).">;
  def genx_lsc_atomic_ # space : GenX<FamLsc, Any,
    !listconcat([LscPred], LscControls,
                [Arg<i32, "surface", "surface, binding table index or base, by address space">,
                 Arg<AnyLscAddrVec, "addresses", "per-lane offsets or addresses">,
                 Arg<Same0, "src0", "first operand, or undef">, Arg<Same0, "src1", "second operand, or undef">,
                 Arg<Same0, "old", "now always undef">]),
    SideEffects, "LSC atomic (" # space # " addressing), surface before addresses; returns the previous values.">;
  def genx_lsc_xatomic_ # space : GenX<FamLsc, Any,
    !listconcat([LscPred], LscControls,
                [Arg<AnyLscAddrVec, "addresses", "per-lane offsets or addresses">,
                 Arg<Same0, "src0", "first operand, or undef">, Arg<Same0, "src1", "second operand, or undef">,
                 LscSurface, Arg<Same0, "old", "now always undef">]),
    SideEffects, "LSC atomic (" # space # " addressing), addresses before surface; returns the previous values.">;
}

defvar Lsc2dControls = [
  ImmArg<i8, "l1_cache", "L1 cache control">,
  ImmArg<i8, "l3_cache", "L3 cache control">,
  ImmArg<i8, "data_size", "element size code">,
  ImmArg<i8, "transposed", "1 to transpose the block">,
  ImmArg<i8, "num_blocks", "blocks side by side">,
  ImmArg<i16, "block_width", "in elements">,
  ImmArg<i16, "block_height", "in rows">,
  ImmArg<i8, "vnni", "1 to apply the VNNI transform">,
  Arg<AnyAddress, "base", "surface base address">,
  Arg<i32, "width", "surface width in bytes, minus 1">,
  Arg<i32, "height", "surface height in rows, minus 1">,
  Arg<i32, "pitch", "surface pitch in bytes, minus 1">,
  Arg<i32, "x", "block start column, in elements">,
  Arg<i32, "y", "block start row">];

def genx_lsc_load2d_stateless : GenX<FamLsc, AnyVector,
  !listconcat([Arg<AnyBoolVector, "pred", "lane enable">], Lsc2dControls),
  ReadMem, "LSC 2D block load from a stateless surface.">;
def genx_lsc_prefetch2d_stateless : GenX<FamLsc, void,
  !listconcat([Arg<AnyBoolVector, "pred", "lane enable">], Lsc2dControls),
  SideEffects, "LSC 2D block prefetch from a stateless surface.">;
def genx_lsc_store2d_stateless : GenX<FamLsc, void,
  !listconcat([Arg<AnyBoolVector, "pred", "lane enable">], Lsc2dControls,
              [Arg<AnyVector, "data", "the block written">]),
  SideEffects, "LSC 2D block store to a stateless surface.">;

def genx_lsc_fence : GenX<FamLsc, void,
  [Arg<AnyBoolVector, "pred", "lane enable">, ImmArg<i8, "sfid", "shared function (data port) fenced">,
   ImmArg<i8, "operation", "cache flush/invalidate operation">, ImmArg<i8, "scope", "fence scope">],
  SideEffects, "LSC memory fence.">;

//===----------------------------------------------------------------------===//
// Raw sends
//===----------------------------------------------------------------------===//

def genx_raw_send : GenX<FamRawSend, AnyVector,
  [ImmArg<i32, "modifier", "1 for sendc">, Arg<AnyBool, "pred", "lane enable (i1 or vector)">,
   ImmArg<i32, "ex_desc", "extended message descriptor">, Arg<i32, "desc", "message descriptor">,
   Arg<AnyVector, "src", "payload">, Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "Send a message with one payload and a response.">;
def genx_raw_send_noresult : GenX<FamRawSend, void,
  [ImmArg<i32, "modifier", "1 for sendc">, Arg<AnyBool, "pred", "lane enable (i1 or vector)">,
   ImmArg<i32, "ex_desc", "extended message descriptor">, Arg<i32, "desc", "message descriptor">,
   Arg<AnyVector, "src", "payload">],
  SideEffects, "Send a message with one payload and no response.">;
def genx_raw_sends : GenX<FamRawSend, AnyVector,
  [ImmArg<i32, "modifier", "1 for sendc">, Arg<AnyBool, "pred", "lane enable (i1 or vector)">,
   ImmArg<i8, "sfid", "shared function id">, Arg<i32, "ex_desc", "extended message descriptor">,
   Arg<i32, "desc", "message descriptor">, Arg<AnyVector, "src0", "first payload">,
   Arg<AnyVector, "src1", "second payload">, Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "Split send: two payloads and a response.">;
def genx_raw_sends_noresult : GenX<FamRawSend, void,
  [ImmArg<i32, "modifier", "1 for sendc">, Arg<AnyBool, "pred", "lane enable (i1 or vector)">,
   ImmArg<i8, "sfid", "shared function id">, Arg<i32, "ex_desc", "extended message descriptor">,
   Arg<i32, "desc", "message descriptor">, Arg<AnyVector, "src0", "first payload">,
   Arg<AnyVector, "src1", "second payload">],
  SideEffects, "Split send: two payloads and no response.">;
def genx_raw_send2 : GenX<FamRawSend, AnyVector,
  [ImmArg<i8, "modifier", "bit 0 sendc, bit 1 end of thread">, ImmArg<i8, "exec_size", "execution size code">,
   Arg<AnyBoolVector, "pred", "lane enable">, ImmArg<i8, "num_src0", "payload registers">,
   ImmArg<i8, "num_dst", "response registers">, ImmArg<i8, "sfid", "shared function id">,
   Arg<i32, "ex_desc", "extended message descriptor">, Arg<i32, "desc", "message descriptor">,
   Arg<AnyVector, "src", "payload">, Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "Send with explicit sizes: one payload and a response.">;
def genx_raw_send2_noresult : GenX<FamRawSend, void,
  [ImmArg<i8, "modifier", "bit 0 sendc, bit 1 end of thread">, ImmArg<i8, "exec_size", "execution size code">,
   Arg<AnyBoolVector, "pred", "lane enable">, ImmArg<i8, "num_src0", "payload registers">,
   ImmArg<i8, "sfid", "shared function id">, Arg<i32, "ex_desc", "extended message descriptor">,
   Arg<i32, "desc", "message descriptor">, Arg<AnyVector, "src", "payload">],
  SideEffects, "Send with explicit sizes: one payload and no response.">;
def genx_raw_sends2 : GenX<FamRawSend, AnyVector,
  [ImmArg<i8, "modifier", "bit 0 sendc, bit 1 end of thread">, ImmArg<i8, "exec_size", "execution size code">,
   Arg<AnyBoolVector, "pred", "lane enable">, ImmArg<i8, "num_src0", "first payload registers">,
   ImmArg<i8, "num_src1", "second payload registers">, ImmArg<i8, "num_dst", "response registers">,
   ImmArg<i8, "sfid", "shared function id">, Arg<i32, "ex_desc", "extended message descriptor">,
   Arg<i32, "desc", "message descriptor">, Arg<AnyVector, "src0", "first payload">,
   Arg<AnyVector, "src1", "second payload">, Arg<Same0, "old", "result in disabled lanes">],
  SideEffects, "Split send with explicit sizes: two payloads and a response.">;
def genx_raw_sends2_noresult : GenX<FamRawSend, void,
  [ImmArg<i8, "modifier", "bit 0 sendc, bit 1 end of thread">, ImmArg<i8, "exec_size", "execution size code">,
   Arg<AnyBoolVector, "pred", "lane enable">, ImmArg<i8, "num_src0", "first payload registers">,
   ImmArg<i8, "num_src1", "second payload registers">, ImmArg<i8, "sfid", "shared function id">,
   Arg<i32, "ex_desc", "extended message descriptor">, Arg<i32, "desc", "message descriptor">,
   Arg<AnyVector, "src0", "first payload">, Arg<AnyVector, "src1", "second payload">],
  SideEffects, "Split send with explicit sizes: two payloads and no response.">;

//===----------------------------------------------------------------------===//
// Sampler and 3D
//===----------------------------------------------------------------------===//

def genx_sample : GenX<FamSampler, AnyVector,
  [ImmArg<i32, "channel_mask", "enabled channels; SIMD mode from the coordinate width">,
   Arg<i32, "sampler", "sampler index">, Arg<i32, "surface", "binding table index">,
   Arg<AnyFloat, "u", "per-lane normalized x">, Arg<Same1, "v", "per-lane normalized y">,
   Arg<Same1, "r", "per-lane normalized z">],
  ReadMem, "Sample a surface at normalized coordinates."> { let Visa = "sampler sample"; }
def genx_sample_unorm : GenX<FamSampler, AnyVector,
  [ImmArg<i32, "channel_mask", "enabled channels">, Arg<i32, "sampler", "sampler index">,
   Arg<i32, "surface", "binding table index">, Arg<f32, "u", "block origin x">, Arg<f32, "v", "block origin y">,
   Arg<f32, "delta_u", "x step">, Arg<f32, "delta_v", "y step">],
  ReadMem, "Sample a block of pixels as 16-bit unorm values (result <N x i16>)."> { let Visa = "sample-unorm sample_unorm"; }
def genx_load : GenX<FamSampler, AnyVector,
  [ImmArg<i32, "channel_mask", "enabled channels; SIMD mode from the coordinate width">,
   Arg<i32, "surface", "binding table index">, Arg<AnyInt, "u", "per-lane x">, Arg<Same1, "v", "per-lane y">,
   Arg<Same1, "r", "per-lane z">],
  ReadMem, "Read texels at integer coordinates through the sampler (LOAD message)."> { let Visa = "sampler load"; }
def genx_3d_load : GenX<FamSampler, AnyVector,
  [ImmArg<i32, "opcode", "3D load operation">, Arg<AnyBoolVector, "pred", "lane enable; execution size">,
   ImmArg<i32, "channel_mask", "enabled channels">, Arg<i16, "aoffimmi", "packed texel offsets">,
   Arg<i32, "surface", "binding table index">,
   Arg<AnyVector, "payload0">, Arg<AnyVector, "payload1">, Arg<AnyVector, "payload2">,
   Arg<AnyVector, "payload3">, Arg<AnyVector, "payload4">, Arg<AnyVector, "payload5">,
   Arg<AnyVector, "payload6">, Arg<AnyVector, "payload7">, Arg<AnyVector, "payload8">,
   Arg<AnyVector, "payload9">, Arg<AnyVector, "payload10">, Arg<AnyVector, "payload11">,
   Arg<AnyVector, "payload12">, Arg<AnyVector, "payload13">, Arg<AnyVector, "payload14">],
  ReadMem, "3D sampler load; payload operands are float or half vectors (unused ones undef).">;
def genx_3d_sample : GenX<FamSampler, AnyVector,
  [ImmArg<i32, "opcode", "3D sample operation">, Arg<AnyBoolVector, "pred", "lane enable; execution size">,
   ImmArg<i32, "channel_mask", "enabled channels">, Arg<i16, "aoffimmi", "packed texel offsets">,
   Arg<i32, "sampler", "sampler index">, Arg<i32, "surface", "binding table index">,
   Arg<AnyVector, "payload0">, Arg<AnyVector, "payload1">, Arg<AnyVector, "payload2">,
   Arg<AnyVector, "payload3">, Arg<AnyVector, "payload4">, Arg<AnyVector, "payload5">,
   Arg<AnyVector, "payload6">, Arg<AnyVector, "payload7">, Arg<AnyVector, "payload8">,
   Arg<AnyVector, "payload9">, Arg<AnyVector, "payload10">, Arg<AnyVector, "payload11">,
   Arg<AnyVector, "payload12">, Arg<AnyVector, "payload13">, Arg<AnyVector, "payload14">],
  ReadMem, "3D sampler sample; payload operands are float or half vectors (unused ones undef).">;
def genx_avs : GenX<FamSampler, AnyVector,
  [ImmArg<i32, "channel_mask", "enabled channels">, Arg<i32, "sampler", "sampler index">,
   Arg<i32, "surface", "binding table index">, Arg<f32, "u", "u offset">, Arg<f32, "v", "v offset">,
   Arg<f32, "delta_u">, Arg<f32, "delta_v">, Arg<f32, "u2d", "u second derivative">,
   Arg<i32, "group_id">, Arg<i32, "vertical_block", "vertical block number">,
   ImmArg<i32, "output_format", "output format control">, Arg<f32, "v2d", "v second derivative">,
   ImmArg<i32, "exec_mode", "execution mode">, Arg<i8, "ief_bypass", "image enhancement bypass">],
  ReadMem, "Adaptive video scaler sampling."> { let Visa = "avs avs"; }

//===----------------------------------------------------------------------===//
// Video analytics
//===----------------------------------------------------------------------===//

defvar VaSamplerXY = [Arg<i32, "sampler", "sampler index">, Arg<i32, "surface", "binding table index">,
                      Arg<f32, "x", "normalized x">, Arg<f32, "y", "normalized y">];
defvar VaSurfaceXY = [Arg<i32, "surface", "binding table index">, Arg<f32, "x", "normalized x">,
                      Arg<f32, "y", "normalized y">];
defvar VaDestination = [Arg<i32, "dst_surface", "binding table index written">,
                        Arg<i16, "dst_x", "x offset in the destination">,
                        Arg<i16, "dst_y", "y offset in the destination">];

def genx_va_convolve2d : GenX<FamVA, AnyInt,
  !listconcat(VaSamplerXY, [ImmArg<i32, "properties", "output format and input region size">]),
  ReadMem, "2D convolution (result <16 x i16> or <64 x i16> by properties).">;
def genx_va_erode : GenX<FamVA, AnyInt,
  !listconcat(VaSamplerXY, [ImmArg<i32, "properties", "output format">]),
  ReadMem, "Erode (binary morphology) filter.">;
def genx_va_dilate : GenX<FamVA, AnyInt,
  !listconcat(VaSamplerXY, [ImmArg<i32, "properties", "output format">]),
  ReadMem, "Dilate (binary morphology) filter.">;
def genx_va_minmax : GenX<FamVA, AnyInt,
  !listconcat(VaSurfaceXY, [Arg<i32, "enable", "which of min/max to compute">]),
  ReadMem, "Minimum and maximum over a block.">;
def genx_va_minmax_filter : GenX<FamVA, AnyInt,
  !listconcat(VaSamplerXY, [ImmArg<i32, "output_size">, ImmArg<i32, "output_format">,
                            Arg<i32, "enable", "which of min/max to compute">]),
  ReadMem, "Min/max filter.">;
def genx_va_centroid : GenX<FamVA, AnyInt,
  !listconcat(VaSurfaceXY, [Arg<i8, "v_size", "vertical size">]),
  ReadMem, "Centroid of a block (result <32 x i32>).">;
def genx_va_bool_centroid : GenX<FamVA, AnyInt,
  !listconcat(VaSurfaceXY, [Arg<i8, "v_size", "vertical size">, Arg<i8, "h_size", "horizontal size">]),
  ReadMem, "Centroid of a boolean (1 bit per pixel) block.">;
def genx_va_1d_convolve_horizontal : GenX<FamVA, AnyInt,
  !listconcat(VaSamplerXY, [ImmArg<i32, "mode", "output mode">]),
  ReadMem, "Horizontal 1D convolution.">;
def genx_va_1d_convolve_vertical : GenX<FamVA, AnyInt,
  !listconcat(VaSamplerXY, [ImmArg<i32, "mode", "output mode">]),
  ReadMem, "Vertical 1D convolution.">;
def genx_va_1pixel_convolve : GenX<FamVA, AnyInt,
  !listconcat(VaSamplerXY, [ImmArg<i32, "mode", "output mode">, Arg<AnyInt, "offsets", "<32 x i16> pixel offsets">]),
  ReadMem, "Convolution of single pixels at given offsets.">;
def genx_va_1pixel_convolve_1x1mode : GenX<FamVA, AnyInt, VaSamplerXY,
  ReadMem, "Single-pixel convolution in 1x1 mode.">;
def genx_va_lbp_creation : GenX<FamVA, AnyInt,
  !listconcat(VaSurfaceXY, [ImmArg<i32, "mode", "output mode">]),
  ReadMem, "Local binary pattern creation.">;
def genx_va_lbp_correlation : GenX<FamVA, AnyInt,
  !listconcat(VaSurfaceXY, [Arg<i16, "disparity", "horizontal disparity">]),
  ReadMem, "Local binary pattern correlation.">;
def genx_va_flood_fill : GenX<FamVA, AnyInt,
  [ImmArg<i8, "eight_connect", "1 for 8-connectivity, 0 for 4">,
   Arg<AnyInt, "h_mask", "<10 x i16> horizontal pixel mask">, Arg<i16, "v_mask_left">,
   Arg<i16, "v_mask_right">, Arg<i16, "loop_count">],
  ReadMem, "Flood fill (result <8 x i16>).">;
def genx_va_correlation_search : GenX<FamVA, AnyInt,
  !listconcat(VaSurfaceXY, [Arg<f32, "v_origin", "normalized vertical origin">,
                            Arg<f32, "h_origin", "normalized horizontal origin">, Arg<i8, "x_size">,
                            Arg<i8, "y_size">, Arg<i8, "x_search">, Arg<i8, "y_search">]),
  ReadMem, "Correlation search.">;
def genx_va_hdc_convolve2d : GenX<FamVA, void,
  !listconcat(VaSamplerXY, [ImmArg<i32, "properties", "output format and input region size">], VaDestination),
  SideEffects, "2D convolution written to a surface.">;
def genx_va_hdc_erode : GenX<FamVA, void, !listconcat(VaSamplerXY, VaDestination),
  SideEffects, "Erode filter written to a surface.">;
def genx_va_hdc_dilate : GenX<FamVA, void, !listconcat(VaSamplerXY, VaDestination),
  SideEffects, "Dilate filter written to a surface.">;
def genx_va_hdc_minmax_filter : GenX<FamVA, void,
  !listconcat(VaSamplerXY, [ImmArg<i32, "output_format">, ImmArg<i32, "enable", "which of min/max to compute">],
              VaDestination),
  SideEffects, "Min/max filter written to a surface.">;
def genx_va_hdc_lbp_creation : GenX<FamVA, void,
  !listconcat(VaSurfaceXY, [ImmArg<i32, "mode", "output mode">], VaDestination),
  SideEffects, "Local binary pattern creation written to a surface.">;
def genx_va_hdc_lbp_correlation : GenX<FamVA, void,
  !listconcat(VaSurfaceXY, [Arg<i16, "disparity", "horizontal disparity">], VaDestination),
  SideEffects, "Local binary pattern correlation written to a surface.">;
def genx_va_hdc_1d_convolve_horizontal : GenX<FamVA, void,
  !listconcat(VaSamplerXY, [ImmArg<i32, "pixel_size">], VaDestination),
  SideEffects, "Horizontal 1D convolution written to a surface.">;
def genx_va_hdc_1d_convolve_vertical : GenX<FamVA, void,
  !listconcat(VaSamplerXY, [ImmArg<i32, "pixel_size">], VaDestination),
  SideEffects, "Vertical 1D convolution written to a surface.">;
def genx_va_hdc_1pixel_convolve : GenX<FamVA, void,
  !listconcat(VaSamplerXY, [ImmArg<i32, "pixel_size">, Arg<AnyInt, "offsets", "<32 x i16> pixel offsets">],
              VaDestination),
  SideEffects, "Single-pixel convolution written to a surface.">;

//===----------------------------------------------------------------------===//
// Thread environment and predefined registers
//===----------------------------------------------------------------------===//

def genx_group_id_x : GenX<FamEnv, i32, [], NoMem, "Work-group id, x dimension."> { let Visa = "predef %group_id_x"; }
def genx_group_id_y : GenX<FamEnv, i32, [], NoMem, "Work-group id, y dimension."> { let Visa = "predef %group_id_y"; }
def genx_group_id_z : GenX<FamEnv, i32, [], NoMem, "Work-group id, z dimension."> { let Visa = "predef %group_id_z"; }
def genx_local_id : GenX<FamEnv, GxOverload<"vector", [i32], 0, 3>, [],
  NoMem, "Local (in-group) thread id as <3 x i32> (x, y, z); lowered by CMImpParam."> { let Visa = "implicit LOCAL_ID"; }
def genx_local_id16 : GenX<FamEnv, GxOverload<"vector", [i16], 0, 3>, [],
  NoMem, "Local (in-group) thread id as <3 x i16> (x, y, z); lowered by CMImpParam."> { let Visa = "implicit LOCAL_ID"; }
def genx_local_size : GenX<FamEnv, GxOverload<"vector", [i32], 0, 3>, [],
  NoMem, "Work-group size as <3 x i32> (x, y, z); lowered by CMImpParam."> { let Visa = "implicit LOCAL_SIZE"; }
def genx_group_count : GenX<FamEnv, GxOverload<"vector", [i32], 0, 3>, [],
  NoMem, "Number of work-groups as <3 x i32> (x, y, z); lowered by CMImpParam."> { let Visa = "implicit GROUP_COUNT"; }
def genx_thread_x : GenX<FamEnv, i16, [], NoMem, "Thread x position in the dispatch (media walker)."> { let Visa = "predef %thread_x"; }
def genx_thread_y : GenX<FamEnv, i16, [], NoMem, "Thread y position in the dispatch (media walker)."> { let Visa = "predef %thread_y"; }
def genx_lane_id : GenX<FamEnv, i32, [], NoMem, "Lane id inside a SIMD-fork region.">;
def genx_get_color : GenX<FamEnv, i16, [], NoMem, "Color of the thread's dispatch origin."> { let Visa = "predef %color"; }
def genx_get_hwid : GenX<FamEnv, i32, [], NoMem, "Hardware thread id."> { let Visa = "predef %hw_id"; }
def genx_get_scoreboard_bti : GenX<FamEnv, i32, [], NoMem, "Binding table index of the scoreboard surface.">;
def genx_get_scoreboard_deltas : GenX<FamEnv, v16i8, [], NoMem,
  "Scoreboard dependency deltas: 8 x then 8 y values.">;
def genx_get_scoreboard_depcnt : GenX<FamEnv, i32, [], NoMem, "Scoreboard dependency count.">;
def genx_r0 : GenX<FamEnv, AnyI32, [],
  ReadMem, "Read the thread payload register r0 (i32 or <N x i32>, N a power of two up to 8)."> { let Visa = "predef %r0"; }
def genx_sr0 : GenX<FamEnv, AnyI32, [], ReadMem, "Read the state register sr0 (<4 x i32>).">;
def genx_ce0 : GenX<FamEnv, i32, [], ReadMem, "Read the channel-enable register ce0.">;
def genx_timestamp : GenX<FamEnv, AnyI32, [],
  SideEffects, "Read the timestamp register (<N x i32>, N a power of two up to 4)."> { let Visa = "predef %tsc"; }
def genx_predefined_surface : GenX<FamEnv, i32, [ImmArg<i32, "id", "which predefined surface">],
  NoMem, "Surface index of a predefined surface (front-end generated).">;
def genx_read_predef_reg : GenX<FamEnv, Any,
  [ImmArg<i32, "id", "predefined vISA register id">,
   Arg<Any, "dependency", "a value the read must follow (e.g. a stack call), or undef">],
  ReadMem, "Read a predefined vISA register; baled with the rdregion that uses it.">;
def genx_write_predef_reg : GenX<FamEnv, Any,
  [ImmArg<i32, "id", "predefined vISA register id">, Arg<Any, "value", "the value written">],
  WriteMem, "Write a predefined vISA register; baled with the wrregion producing the value; returns it.">;
def genx_write_predef_surface : GenX<FamEnv, void,
  [Arg<AnyPtr, "surface", "global variable naming a predefined surface">, Arg<i32, "value">],
  WriteMem, "Set a predefined surface variable (vISA MOVS).">;
def genx_set_sr0_2 : GenX<FamEnv, void, [Arg<i32, "value">], SideEffects, "Write dword 2 of sr0.">;
def genx_print_buffer : GenX<FamEnv, i64, [],
  SideEffects, "Address of the printf buffer (an implicit argument, lowered by CMImpParam).">;
def genx_print_format_index : GenX<FamEnv, i32, [Arg<AnyPtr, "format", "the format string">],
  NoMem, "Index of a printf format string in the module's string table.">;

//===----------------------------------------------------------------------===//
// Synchronization and scheduling
//===----------------------------------------------------------------------===//

let Flags = [Convergent] in {
def genx_barrier : GenX<FamSync, void, [], SideEffects, "Thread-group barrier: signal and wait."> { let Visa = "barrier barrier"; }
def genx_sbarrier : GenX<FamSync, void, [ImmArg<i8, "signal", "1 to signal, 0 to wait">],
  SideEffects, "Split thread-group barrier: signal or wait."> { let Visa = "sbarrier sbarrier"; }
def genx_nbarrier : GenX<FamSync, void,
  [ImmArg<i8, "signal", "signal flag">, Arg<i8, "id", "named barrier id">, Arg<i8, "threads", "participating threads">],
  SideEffects, "Named barrier signal/wait.">;
}
def genx_fence : GenX<FamSync, void, [ImmArg<i8, "mask", "fence flags (commit, flush, SLM, ...)">],
  SideEffects, "Memory fence."> { let Visa = "fence fence"; }
def genx_wait : GenX<FamSync, void, [Arg<i8, "mask", "thread dependency mask">],
  SideEffects, "Wait on thread dependencies (vISA WAIT).">;
def genx_yield : GenX<FamSync, void, [], SideEffects, "Yield the EU to another thread.">;
def genx_cache_flush : GenX<FamSync, void, [], SideEffects, "Flush the data caches.">;
def genx_dummy_mov : GenX<FamSync, void, [Arg<i16, "value", "a word of the payload to depend on">],
  SideEffects, "Move a value to the null register to force a scoreboard dependency.">;
def genx_set_pause : GenX<FamSync, void, [Arg<i16, "length", "pause length; bits 0-4 must be 0">],
  SideEffects, "Pause instruction issue for a number of 32-clock units.">;
def genx_slm_init : GenX<FamSync, void, [Arg<i32, "size", "shared local memory size in bytes">],
  SideEffects, "Declare the kernel's shared local memory size.">;

//===----------------------------------------------------------------------===//
// CM front-end helpers
//===----------------------------------------------------------------------===//

def genx_vload : GenX<FamCm, AnyVector, [Arg<AnyPtr, "ptr", "the memory read">],
  SideEffects, "Load a vector; like `load`, but not optimized away (pass-by-reference arguments).">;
def genx_vstore : GenX<FamCm, void, [Arg<AnyVector, "value">, Arg<AnyPtr, "ptr", "the memory written">],
  SideEffects, "Store a vector; like `store`, but not optimized away (pass-by-reference arguments).">;
def genx_alloca : GenX<FamCm, AnyInt, [Arg<Any, "type", "a value of the type allocated (usually undef)">],
  SideEffects, "Allocate thread-private (stack) memory for a type; returns the offset in the stack surface.">;
def genx_faddr : GenX<FamCm, i64, [Arg<Any, "function", "the function taken">],
  NoMem, "Address of a function, for vISA indirect calls.">;
def genx_gaddr : GenX<FamCm, AnyInt, [Arg<AnyPtr, "global", "a global variable">],
  NoMem, "Address of a global variable (like ptrtoint; only globals).">;
def genx_address_convert : GenX<FamCm, AnyInt, [Arg<AnyPtr, "arg", "a pointer-typed kernel argument">],
  NoMem, "Pointer kernel argument to its integer form (surface index or address) for SPIR-V translation.">;
def genx_jump_table : GenX<FamCm, AnyPtr,
  [Arg<AnyInt, "index", "index of the destination">, Arg<VarArgs, "labels", "every destination's address">],
  NoMem, "Select a switch destination by index (lowered to vISA SWITCHJMP).">;
def genx_output : GenX<FamCm, void, [Arg<VarArgs, "values", "the output arguments">],
  SideEffects, "Keep output arguments live to the end of the kernel; emits no code.">;
def genx_output_1 : GenX<FamCm, void, [Arg<Any, "value", "an output argument">],
  SideEffects, "Keep one output argument live to the end of the kernel (non-variadic form for SPIR-V).">;

//===----------------------------------------------------------------------===//
// Enumeration markers
//===----------------------------------------------------------------------===//

def genx_aaaabegin : GenX<FamMarker, AnyVector, [], SideEffects, "First value of the GenX intrinsic enumeration.">;
def genx_zzzzend : GenX<FamMarker, AnyVector, [], SideEffects, "Last value of the GenX intrinsic enumeration.">;

//===----------------------------------------------------------------------===//
// Operand facts for baling and legalization
//===----------------------------------------------------------------------===//
//
// What each operand of an intrinsic (and of `llvm.fma`, which GenX code generation treats the same way) accepts
// and where its execution size comes from: the facts IGC igc-1.0.12504.6 records for the vISA instruction the
// intrinsic becomes (cisa_gen_intrinsics.json). genx-passes' baling decides from them which operands may be
// baled (regions, modifiers, saturation) and genx-legalize which widths are legal. passes/build/intrinsics.rs
// validates them and generates the Rust table behind `baling::arg_info` from them.
//
//   Op<operand, kind, flags>: operand -1 is the result, n >= 0 call operand n. Kind: "general" (a register
//     region), "raw" (a message payload: whole GRFs), "two_addr" (the result shares this operand's register),
//     "predication" (the lane-enable operand). Flags (as IGC names the restrictions): "signed", "unsigned" (how
//     the operand is read), "owaligned", "grfaligned", "noimm", "direct_only", "null_allowed", the region
//     restrictions "fixed4", "contiguous", "scalar_or_contiguous", "twice_width", "stride1",
//     "only_legal_region", the modifiers allowed "arith" (negate, abs), "logic" (not), "ext_only" (extension),
//     and saturation "saturated", "no_sat", "int_sat".
//   ExecSize: "none" (a message whose size is implied), "any", "at-least-2", "at-least-4", "at-least-8",
//     "not-2", "no-mask", "from-arg N" (the width of call operand N), "from-byte N" (constant operand N).
//   ImplicitPred: the instruction can be predicated; Elementwise: lane i of the result depends on lane i of the
//     operands only.

class Op<int operand, string kind, list<string> flags = []> {
  int Operand = operand;
  string Kind = kind;
  list<string> Flags = flags;
}

class GxOperandFacts<string intrinsic, string execSize, bit implicitPred, bit elementwise, list<Op> operands> {
  string Intrinsic = intrinsic;
  string ExecSize = execSize;
  bit ImplicitPred = implicitPred;
  bit Elementwise = elementwise;
  list<Op> Operands = operands;
}

def : GxOperandFacts<"llvm.fma", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general", ["arith"]>, Op<1, "general", ["arith"]>, Op<2, "general", ["arith"]>]>;
def : GxOperandFacts<"llvm.genx.3d.load", "from-arg 1", 0, 0,
  [Op<1, "predication">, Op<3, "general", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.3d.sample", "from-arg 1", 0, 0,
  [Op<1, "predication">, Op<3, "general", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.add.addr", "any", 0, 0,
  [Op<1, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.add3", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general", ["arith"]>, Op<1, "general", ["arith"]>, Op<2, "general", ["arith"]>]>;
def : GxOperandFacts<"llvm.genx.addc", "any", 1, 0,
  [Op<0, "general", ["unsigned", "arith"]>, Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.avs", "none", 0, 0,
  [Op<3, "general">, Op<4, "general">, Op<5, "general">, Op<6, "general">, Op<7, "general">,
   Op<8, "general", ["unsigned"]>, Op<9, "general", ["unsigned"]>, Op<11, "general">,
   Op<13, "general", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.barrier", "none", 0, 0,
  []>;
def : GxOperandFacts<"llvm.genx.bf.cvt", "any", 1, 1,
  [Op<-1, "general", ["direct_only"]>, Op<0, "general", ["contiguous", "direct_only", "noimm"]>]>;
def : GxOperandFacts<"llvm.genx.bfi", "not-2", 1, 1,
  [Op<-1, "general", ["owaligned"]>, Op<0, "general", ["owaligned", "unsigned"]>,
   Op<1, "general", ["owaligned", "unsigned"]>, Op<2, "general", ["owaligned", "unsigned"]>,
   Op<3, "general", ["owaligned", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.bfn", "any", 1, 0,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned"]>, Op<1, "general", ["unsigned"]>,
   Op<2, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.bfrev", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.cache.flush", "none", 0, 0,
  []>;
def : GxOperandFacts<"llvm.genx.cbit", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.ce0", "no-mask", 1, 0,
  [Op<-1, "general">]>;
def : GxOperandFacts<"llvm.genx.constantf", "any", 1, 0,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.constanti", "any", 1, 0,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.constantpred", "any", 0, 0,
  []>;
def : GxOperandFacts<"llvm.genx.cos", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.dp2", "at-least-4", 1, 0,
  [Op<-1, "general", ["stride1", "owaligned"]>, Op<0, "general", ["stride1", "owaligned"]>,
   Op<1, "general", ["stride1", "owaligned"]>]>;
def : GxOperandFacts<"llvm.genx.dp3", "at-least-4", 1, 0,
  [Op<-1, "general", ["stride1", "owaligned"]>, Op<0, "general", ["stride1", "owaligned"]>,
   Op<1, "general", ["stride1", "owaligned"]>]>;
def : GxOperandFacts<"llvm.genx.dp4", "at-least-4", 1, 0,
  [Op<-1, "general", ["stride1", "owaligned"]>, Op<0, "general", ["stride1", "owaligned"]>,
   Op<1, "general", ["stride1", "owaligned"]>]>;
def : GxOperandFacts<"llvm.genx.dpas", "at-least-4", 0, 0,
  [Op<-1, "raw">, Op<0, "raw">, Op<1, "raw">, Op<2, "general", ["contiguous", "owaligned"]>]>;
def : GxOperandFacts<"llvm.genx.dpas.nosrc0", "at-least-4", 0, 0,
  [Op<-1, "raw">, Op<0, "raw">, Op<1, "general", ["contiguous", "owaligned"]>]>;
def : GxOperandFacts<"llvm.genx.dpas2", "at-least-4", 0, 0,
  [Op<-1, "raw">, Op<0, "raw">, Op<1, "raw">, Op<2, "general", ["contiguous", "owaligned"]>]>;
def : GxOperandFacts<"llvm.genx.dpasw", "at-least-4", 0, 0,
  [Op<-1, "raw">, Op<0, "raw">, Op<1, "raw">, Op<2, "general", ["contiguous", "owaligned"]>]>;
def : GxOperandFacts<"llvm.genx.dpasw.nosrc0", "at-least-4", 0, 0,
  [Op<-1, "raw">, Op<0, "raw">, Op<1, "general", ["contiguous", "owaligned"]>]>;
def : GxOperandFacts<"llvm.genx.dph", "at-least-4", 1, 0,
  [Op<-1, "general", ["stride1", "owaligned"]>, Op<0, "general", ["stride1", "owaligned"]>,
   Op<1, "general", ["stride1", "owaligned"]>]>;
def : GxOperandFacts<"llvm.genx.dummy.mov", "any", 1, 0,
  [Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.add", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>, Op<4, "two_addr">,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.and", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>, Op<4, "two_addr">,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.cmpxchg", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["unsigned"]>,
   Op<5, "two_addr">, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.dec", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "two_addr">, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.fadd", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw">, Op<4, "two_addr">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.fcmpwr", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<4, "raw">, Op<3, "raw">, Op<5, "two_addr">,
   Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.fmax", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw">, Op<4, "two_addr">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.fmin", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw">, Op<4, "two_addr">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.fsub", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw">, Op<4, "two_addr">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.imax", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["signed"]>, Op<4, "two_addr">,
   Op<-1, "raw", ["null_allowed", "signed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.imin", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["signed"]>, Op<4, "two_addr">,
   Op<-1, "raw", ["null_allowed", "signed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.inc", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "two_addr">, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.max", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>, Op<4, "two_addr">,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.min", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>, Op<4, "two_addr">,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.or", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>, Op<4, "two_addr">,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.sub", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>, Op<4, "two_addr">,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.xchg", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>, Op<4, "two_addr">,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic.xor", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>, Op<4, "two_addr">,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.add", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.add.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.and", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.and.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.cmpxchg", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.cmpxchg.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.dec", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.dec.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.fadd", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.fadd.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.fcmpwr", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<4, "raw">, Op<3, "raw">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.fcmpwr.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<4, "raw">, Op<3, "raw">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.fmax", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.fmax.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.fmin", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.fmin.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.fsub", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.fsub.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw">, Op<-1, "raw", ["null_allowed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.imax", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["signed"]>,
   Op<-1, "raw", ["null_allowed", "signed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.imax.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["signed"]>,
   Op<-1, "raw", ["null_allowed", "signed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.imin", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["signed"]>,
   Op<-1, "raw", ["null_allowed", "signed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.imin.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["signed"]>,
   Op<-1, "raw", ["null_allowed", "signed"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.inc", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.inc.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.max", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.max.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.min", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.min.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.or", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.or.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.sub", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.sub.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.xchg", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.xchg.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.xor", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.dword.atomic2.xor.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.exp", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.fbl", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.fence", "none", 0, 0,
  []>;
def : GxOperandFacts<"llvm.genx.fmax", "any", 0, 1,
  [Op<-1, "general">, Op<0, "general", ["arith"]>, Op<1, "general", ["arith"]>]>;
def : GxOperandFacts<"llvm.genx.fmin", "any", 0, 1,
  [Op<-1, "general">, Op<0, "general", ["arith"]>, Op<1, "general", ["arith"]>]>;
def : GxOperandFacts<"llvm.genx.fptosi.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["arith"]>]>;
def : GxOperandFacts<"llvm.genx.fptoui.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["arith"]>]>;
def : GxOperandFacts<"llvm.genx.frc", "any", 1, 1,
  [Op<-1, "general", ["no_sat"]>, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.gather.masked.scaled2", "from-arg 5", 0, 0,
  [Op<5, "predication">, Op<3, "general", ["unsigned"]>, Op<4, "raw", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.gather.masked.scaled2.predef.surface", "from-arg 5", 0, 0,
  [Op<5, "predication">, Op<3, "general", ["unsigned"]>, Op<4, "raw", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.gather.scaled", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<4, "general", ["unsigned"]>, Op<5, "raw", ["unsigned"]>, Op<6, "two_addr">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.gather.scaled2", "any", 1, 0,
  [Op<3, "general", ["unsigned"]>, Op<4, "raw", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.gather4.masked.scaled2", "from-arg 5", 0, 0,
  [Op<5, "predication">, Op<3, "general", ["unsigned"]>, Op<4, "raw", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.gather4.masked.scaled2.predef.surface", "from-arg 5", 0, 0,
  [Op<5, "predication">, Op<3, "general", ["unsigned"]>, Op<4, "raw", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.gather4.scaled", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<4, "general", ["unsigned"]>, Op<5, "raw", ["unsigned"]>, Op<6, "two_addr">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.gather4.scaled2", "any", 1, 0,
  [Op<3, "general", ["unsigned"]>, Op<4, "raw", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.gather4.typed", "from-arg 1", 0, 0,
  [Op<1, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "two_addr">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.get.color", "any", 1, 0,
  [Op<-1, "general">]>;
def : GxOperandFacts<"llvm.genx.group.id.x", "any", 1, 0,
  [Op<-1, "general">]>;
def : GxOperandFacts<"llvm.genx.group.id.y", "any", 1, 0,
  [Op<-1, "general">]>;
def : GxOperandFacts<"llvm.genx.group.id.z", "any", 1, 0,
  [Op<-1, "general">]>;
def : GxOperandFacts<"llvm.genx.ieee.div", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">, Op<1, "general">]>;
def : GxOperandFacts<"llvm.genx.ieee.sqrt", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.inv", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.line", "at-least-4", 1, 0,
  [Op<-1, "general">, Op<0, "general", ["fixed4", "noimm"]>, Op<1, "general">]>;
def : GxOperandFacts<"llvm.genx.load", "none", 0, 0,
  [Op<2, "raw">, Op<3, "raw">, Op<4, "raw">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.log", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.lrp", "at-least-4", 1, 0,
  [Op<-1, "general", ["owaligned", "contiguous"]>, Op<0, "general", ["owaligned", "scalar_or_contiguous", "noimm"]>,
   Op<1, "general", ["owaligned", "scalar_or_contiguous", "noimm"]>,
   Op<2, "general", ["owaligned", "scalar_or_contiguous", "noimm"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.atomic.bindless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<10, "general", ["unsigned"]>, Op<-1, "raw", ["null_allowed"]>,
   Op<11, "raw", ["unsigned"]>, Op<12, "raw", ["null_allowed"]>, Op<13, "raw", ["null_allowed"]>, Op<14, "two_addr">]>;
def : GxOperandFacts<"llvm.genx.lsc.atomic.bti", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<10, "general", ["unsigned"]>, Op<-1, "raw", ["null_allowed"]>,
   Op<11, "raw", ["unsigned"]>, Op<12, "raw", ["null_allowed"]>, Op<13, "raw", ["null_allowed"]>, Op<14, "two_addr">]>;
def : GxOperandFacts<"llvm.genx.lsc.atomic.slm", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<10, "general", ["unsigned"]>, Op<-1, "raw", ["null_allowed"]>,
   Op<11, "raw", ["unsigned"]>, Op<12, "raw", ["null_allowed"]>, Op<13, "raw", ["null_allowed"]>, Op<14, "two_addr">]>;
def : GxOperandFacts<"llvm.genx.lsc.atomic.stateless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<10, "general", ["unsigned"]>, Op<-1, "raw", ["null_allowed"]>,
   Op<11, "raw", ["unsigned"]>, Op<12, "raw", ["null_allowed"]>, Op<13, "raw", ["null_allowed"]>, Op<14, "two_addr">]>;
def : GxOperandFacts<"llvm.genx.lsc.fence", "from-arg 0", 0, 0,
  [Op<0, "predication">]>;
def : GxOperandFacts<"llvm.genx.lsc.load.bindless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.bti", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.merge.bindless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.merge.bti", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.merge.quad.bindless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.merge.quad.bti", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.merge.quad.slm", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.merge.quad.stateless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.merge.slm", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.merge.stateless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.quad.bindless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.quad.bti", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.quad.slm", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.quad.stateless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.slm", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load.stateless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.load2d.stateless", "any", 0, 0,
  [Op<0, "predication">, Op<9, "general", ["unsigned"]>, Op<10, "general", ["unsigned"]>,
   Op<11, "general", ["unsigned"]>, Op<12, "general", ["unsigned"]>, Op<-1, "raw">, Op<13, "general", ["signed"]>,
   Op<14, "general", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.prefetch.bindless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.prefetch.bti", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.prefetch.stateless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<11, "general", ["unsigned"]>, Op<-1, "raw">, Op<10, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.prefetch2d.stateless", "any", 0, 0,
  [Op<0, "predication">, Op<9, "general", ["unsigned"]>, Op<10, "general", ["unsigned"]>,
   Op<11, "general", ["unsigned"]>, Op<12, "general", ["unsigned"]>, Op<13, "general", ["signed"]>,
   Op<14, "general", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.lsc.store.bindless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<12, "general", ["unsigned"]>, Op<10, "raw", ["unsigned"]>, Op<11, "raw">]>;
def : GxOperandFacts<"llvm.genx.lsc.store.bti", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<12, "general", ["unsigned"]>, Op<10, "raw", ["unsigned"]>, Op<11, "raw">]>;
def : GxOperandFacts<"llvm.genx.lsc.store.quad.bindless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<12, "general", ["unsigned"]>, Op<10, "raw", ["unsigned"]>, Op<11, "raw">]>;
def : GxOperandFacts<"llvm.genx.lsc.store.quad.bti", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<12, "general", ["unsigned"]>, Op<10, "raw", ["unsigned"]>, Op<11, "raw">]>;
def : GxOperandFacts<"llvm.genx.lsc.store.quad.slm", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<12, "general", ["unsigned"]>, Op<10, "raw", ["unsigned"]>, Op<11, "raw">]>;
def : GxOperandFacts<"llvm.genx.lsc.store.quad.stateless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<12, "general", ["unsigned"]>, Op<10, "raw", ["unsigned"]>, Op<11, "raw">]>;
def : GxOperandFacts<"llvm.genx.lsc.store.slm", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<12, "general", ["unsigned"]>, Op<10, "raw", ["unsigned"]>, Op<11, "raw">]>;
def : GxOperandFacts<"llvm.genx.lsc.store.stateless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<12, "general", ["unsigned"]>, Op<10, "raw", ["unsigned"]>, Op<11, "raw">]>;
def : GxOperandFacts<"llvm.genx.lsc.store2d.stateless", "any", 0, 0,
  [Op<0, "predication">, Op<9, "general", ["unsigned"]>, Op<10, "general", ["unsigned"]>,
   Op<11, "general", ["unsigned"]>, Op<12, "general", ["unsigned"]>, Op<13, "general", ["signed"]>,
   Op<14, "general", ["signed"]>, Op<15, "raw">]>;
def : GxOperandFacts<"llvm.genx.lsc.xatomic.bindless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<10, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed"]>,
   Op<11, "raw", ["null_allowed"]>, Op<12, "raw", ["null_allowed"]>, Op<13, "general", ["unsigned"]>,
   Op<14, "two_addr">]>;
def : GxOperandFacts<"llvm.genx.lsc.xatomic.bti", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<10, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed"]>,
   Op<11, "raw", ["null_allowed"]>, Op<12, "raw", ["null_allowed"]>, Op<13, "general", ["unsigned"]>,
   Op<14, "two_addr">]>;
def : GxOperandFacts<"llvm.genx.lsc.xatomic.slm", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<10, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed"]>,
   Op<11, "raw", ["null_allowed"]>, Op<12, "raw", ["null_allowed"]>, Op<13, "general", ["unsigned"]>,
   Op<14, "two_addr">]>;
def : GxOperandFacts<"llvm.genx.lsc.xatomic.stateless", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<10, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed"]>,
   Op<11, "raw", ["null_allowed"]>, Op<12, "raw", ["null_allowed"]>, Op<13, "general", ["unsigned"]>,
   Op<14, "two_addr">]>;
def : GxOperandFacts<"llvm.genx.lzd", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.media.ld", "none", 0, 0,
  [Op<4, "general", ["unsigned"]>, Op<5, "general", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.media.st", "none", 0, 0,
  [Op<4, "general", ["unsigned"]>, Op<5, "general", ["unsigned"]>, Op<6, "raw">]>;
def : GxOperandFacts<"llvm.genx.nbarrier", "none", 0, 0,
  [Op<1, "general">, Op<2, "general">]>;
def : GxOperandFacts<"llvm.genx.oword.ld", "none", 0, 0,
  [Op<2, "general", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.oword.ld.predef.surface", "none", 0, 0,
  [Op<2, "general", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.oword.ld.unaligned", "none", 0, 0,
  [Op<2, "general", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.oword.ld.unaligned.predef.surface", "none", 0, 0,
  [Op<2, "general", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.oword.st", "none", 0, 0,
  [Op<1, "general", ["unsigned"]>, Op<2, "raw">]>;
def : GxOperandFacts<"llvm.genx.oword.st.predef.surface", "none", 0, 0,
  [Op<1, "general", ["unsigned"]>, Op<2, "raw">]>;
def : GxOperandFacts<"llvm.genx.pln", "at-least-8", 1, 0,
  [Op<-1, "general">, Op<0, "general", ["owaligned", "fixed4", "noimm"]>,
   Op<1, "general", ["grfaligned", "twice_width", "noimm"]>]>;
def : GxOperandFacts<"llvm.genx.pow", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">, Op<1, "general">]>;
def : GxOperandFacts<"llvm.genx.r0", "any", 1, 0,
  [Op<-1, "general">]>;
def : GxOperandFacts<"llvm.genx.raw.send", "from-arg 1", 0, 0,
  [Op<1, "predication">, Op<3, "general", ["unsigned"]>, Op<4, "raw">, Op<5, "two_addr">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.raw.send.noresult", "from-arg 1", 0, 0,
  [Op<1, "predication">, Op<3, "general", ["unsigned"]>, Op<4, "raw">]>;
def : GxOperandFacts<"llvm.genx.raw.send2", "from-byte 1", 0, 0,
  [Op<2, "predication">, Op<6, "general", ["unsigned"]>, Op<7, "general", ["unsigned"]>, Op<8, "raw">,
   Op<9, "two_addr">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.raw.send2.noresult", "from-byte 1", 0, 0,
  [Op<2, "predication">, Op<5, "general", ["unsigned"]>, Op<6, "general", ["unsigned"]>, Op<7, "raw">]>;
def : GxOperandFacts<"llvm.genx.raw.sends", "from-arg 1", 0, 0,
  [Op<1, "predication">, Op<3, "general", ["unsigned"]>, Op<4, "general", ["unsigned"]>, Op<5, "raw">, Op<6, "raw">,
   Op<7, "two_addr">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.raw.sends.noresult", "from-arg 1", 0, 0,
  [Op<1, "predication">, Op<3, "general", ["unsigned"]>, Op<4, "general", ["unsigned"]>, Op<5, "raw">, Op<6, "raw">]>;
def : GxOperandFacts<"llvm.genx.raw.sends2", "from-byte 1", 0, 0,
  [Op<2, "predication">, Op<7, "general", ["unsigned"]>, Op<8, "general", ["unsigned"]>, Op<9, "raw">, Op<10, "raw">,
   Op<11, "two_addr">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.raw.sends2.noresult", "from-byte 1", 0, 0,
  [Op<2, "predication">, Op<6, "general", ["unsigned"]>, Op<7, "general", ["unsigned"]>, Op<8, "raw">, Op<9, "raw">]>;
def : GxOperandFacts<"llvm.genx.rndd", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.rnde", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.rndu", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.rndz", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.rol", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned"]>, Op<1, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.ror", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned"]>, Op<1, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.rsqrt", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.sample", "none", 0, 0,
  [Op<3, "raw">, Op<4, "raw">, Op<5, "raw">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.sample.unorm", "none", 0, 0,
  [Op<3, "general">, Op<4, "general">, Op<5, "general">, Op<6, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.sat", "any", 1, 1,
  [Op<-1, "general", ["saturated"]>, Op<0, "general", ["arith"]>]>;
def : GxOperandFacts<"llvm.genx.sbarrier", "none", 0, 0,
  []>;
def : GxOperandFacts<"llvm.genx.sbfe", "not-2", 1, 1,
  [Op<-1, "general", ["owaligned", "signed"]>, Op<0, "general", ["owaligned", "signed"]>,
   Op<1, "general", ["owaligned", "signed"]>, Op<2, "general", ["owaligned", "signed"]>]>;
def : GxOperandFacts<"llvm.genx.scatter.scaled", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<4, "general", ["unsigned"]>, Op<5, "raw", ["unsigned"]>, Op<6, "raw">]>;
def : GxOperandFacts<"llvm.genx.scatter.scaled.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<4, "general", ["unsigned"]>, Op<5, "raw", ["unsigned"]>, Op<6, "raw">]>;
def : GxOperandFacts<"llvm.genx.scatter4.scaled", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<4, "general", ["unsigned"]>, Op<5, "raw", ["unsigned"]>, Op<6, "raw">]>;
def : GxOperandFacts<"llvm.genx.scatter4.scaled.predef.surface", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<4, "general", ["unsigned"]>, Op<5, "raw", ["unsigned"]>, Op<6, "raw">]>;
def : GxOperandFacts<"llvm.genx.scatter4.typed", "from-arg 1", 0, 0,
  [Op<1, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw">]>;
def : GxOperandFacts<"llvm.genx.set.pause", "any", 1, 0,
  [Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.set.sr0.2", "no-mask", 1, 0,
  [Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.sfbh", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.simdcf.get.em", "from-arg 0", 0, 0,
  []>;
def : GxOperandFacts<"llvm.genx.sin", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.smadw", "from-arg 0", 1, 0,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["signed", "arith", "only_legal_region"]>,
   Op<1, "general", ["signed", "arith", "only_legal_region"]>,
   Op<2, "general", ["signed", "arith", "only_legal_region"]>]>;
def : GxOperandFacts<"llvm.genx.smax", "any", 0, 1,
  [Op<-1, "general", ["signed", "int_sat"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.smin", "any", 0, 1,
  [Op<-1, "general", ["signed", "int_sat"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.smulh", "any", 1, 1,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["signed", "arith"]>, Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.sqrt", "any", 1, 1,
  [Op<-1, "general">, Op<0, "general">]>;
def : GxOperandFacts<"llvm.genx.sr0", "any", 1, 0,
  [Op<-1, "general">]>;
def : GxOperandFacts<"llvm.genx.srnd", "no-mask", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general">, Op<1, "general">]>;
def : GxOperandFacts<"llvm.genx.ssad2", "at-least-2", 1, 0,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["signed"]>, Op<1, "general", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.ssadd.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.ssadd3.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["signed", "arith"]>, Op<2, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.ssavg", "any", 1, 1,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["signed", "arith"]>, Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.ssavg.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.ssdp4a", "any", 1, 1,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["signed"]>, Op<1, "general", ["signed"]>,
   Op<2, "general", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.ssdp4a.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["signed"]>, Op<1, "general", ["signed"]>,
   Op<2, "general", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.ssmad", "any", 1, 1,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["signed", "arith"]>, Op<1, "general", ["signed", "arith"]>,
   Op<2, "general", ["signed", "contiguous"]>]>;
def : GxOperandFacts<"llvm.genx.ssmad.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["signed", "arith"]>, Op<2, "general", ["signed", "contiguous"]>]>;
def : GxOperandFacts<"llvm.genx.ssmul", "any", 1, 1,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["signed", "arith"]>, Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.ssmul.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.sssad2add", "at-least-2", 1, 0,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["signed"]>, Op<1, "general", ["signed"]>,
   Op<2, "general", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.sssad2add.sat", "at-least-2", 1, 0,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["signed"]>, Op<1, "general", ["signed"]>,
   Op<2, "general", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.ssshl", "any", 1, 1,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["signed", "arith"]>, Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.ssshl.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.sstrunc.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.suadd.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.suadd3.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>, Op<2, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.suavg", "any", 1, 1,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["unsigned", "arith"]>, Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.suavg.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.subb", "any", 1, 0,
  [Op<0, "general", ["unsigned", "arith"]>, Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.sudp4a", "any", 1, 1,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["unsigned"]>, Op<1, "general", ["unsigned"]>,
   Op<2, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.sudp4a.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["unsigned"]>, Op<1, "general", ["unsigned"]>,
   Op<2, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.sumad", "any", 1, 1,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["signed", "arith"]>, Op<1, "general", ["unsigned", "arith"]>,
   Op<2, "general", ["unsigned", "contiguous"]>]>;
def : GxOperandFacts<"llvm.genx.sumad.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>, Op<2, "general", ["unsigned", "contiguous"]>]>;
def : GxOperandFacts<"llvm.genx.sumul", "any", 1, 1,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["signed", "arith"]>, Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.sumul.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.susad2add", "at-least-2", 1, 0,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["unsigned"]>, Op<1, "general", ["unsigned"]>,
   Op<2, "general", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.susad2add.sat", "at-least-2", 1, 0,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["unsigned"]>, Op<1, "general", ["unsigned"]>,
   Op<2, "general", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.sushl", "any", 1, 1,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["unsigned", "arith"]>, Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.sushl.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.sutrunc.sat", "any", 1, 1,
  [Op<-1, "general", ["signed", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.svm.atomic.add", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<1, "raw", ["unsigned"]>, Op<2, "raw", ["unsigned"]>, Op<3, "two_addr">,
   Op<-1, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.svm.atomic.and", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<1, "raw", ["unsigned"]>, Op<2, "raw", ["unsigned"]>, Op<3, "two_addr">,
   Op<-1, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.svm.atomic.cmpxchg", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<1, "raw", ["unsigned"]>, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>,
   Op<4, "two_addr">, Op<-1, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.svm.atomic.dec", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<1, "raw", ["unsigned"]>, Op<2, "two_addr">, Op<-1, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.svm.atomic.imax", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<1, "raw", ["unsigned"]>, Op<2, "raw", ["signed"]>, Op<3, "two_addr">,
   Op<-1, "raw", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.svm.atomic.imin", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<1, "raw", ["unsigned"]>, Op<2, "raw", ["signed"]>, Op<3, "two_addr">,
   Op<-1, "raw", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.svm.atomic.inc", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<1, "raw", ["unsigned"]>, Op<2, "two_addr">, Op<-1, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.svm.atomic.max", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<1, "raw", ["unsigned"]>, Op<2, "raw", ["unsigned"]>, Op<3, "two_addr">,
   Op<-1, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.svm.atomic.min", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<1, "raw", ["unsigned"]>, Op<2, "raw", ["unsigned"]>, Op<3, "two_addr">,
   Op<-1, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.svm.atomic.or", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<1, "raw", ["unsigned"]>, Op<2, "raw", ["unsigned"]>, Op<3, "two_addr">,
   Op<-1, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.svm.atomic.sub", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<1, "raw", ["unsigned"]>, Op<2, "raw", ["unsigned"]>, Op<3, "two_addr">,
   Op<-1, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.svm.atomic.xchg", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<1, "raw", ["unsigned"]>, Op<2, "raw", ["unsigned"]>, Op<3, "two_addr">,
   Op<-1, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.svm.atomic.xor", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<1, "raw", ["unsigned"]>, Op<2, "raw", ["unsigned"]>, Op<3, "two_addr">,
   Op<-1, "raw", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.svm.block.ld", "none", 0, 0,
  [Op<0, "general", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.svm.block.ld.unaligned", "none", 0, 0,
  [Op<0, "general", ["unsigned"]>, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.svm.block.st", "none", 0, 0,
  [Op<0, "general", ["unsigned"]>, Op<1, "raw">]>;
def : GxOperandFacts<"llvm.genx.svm.gather", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "two_addr">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.svm.gather4.scaled", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "general", ["unsigned"]>, Op<4, "raw", ["unsigned"]>, Op<5, "two_addr">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.svm.scatter", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw">]>;
def : GxOperandFacts<"llvm.genx.svm.scatter4.scaled", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "general", ["unsigned"]>, Op<4, "raw", ["unsigned"]>, Op<5, "raw">]>;
def : GxOperandFacts<"llvm.genx.tf32.cvt", "any", 0, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned", "noimm"]>]>;
def : GxOperandFacts<"llvm.genx.thread.x", "any", 1, 0,
  [Op<-1, "general">]>;
def : GxOperandFacts<"llvm.genx.thread.y", "any", 1, 0,
  [Op<-1, "general">]>;
def : GxOperandFacts<"llvm.genx.timestamp", "any", 1, 0,
  [Op<-1, "general">]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.add", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.and", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.cmpxchg", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<4, "raw", ["unsigned"]>, Op<5, "raw", ["null_allowed", "unsigned"]>,
   Op<6, "raw", ["null_allowed", "unsigned"]>, Op<7, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.dec", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["null_allowed", "unsigned"]>,
   Op<4, "raw", ["null_allowed", "unsigned"]>, Op<5, "raw", ["null_allowed", "unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.fadd", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.fcmpwr", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<4, "raw", ["unsigned"]>, Op<5, "raw", ["null_allowed", "unsigned"]>,
   Op<6, "raw", ["null_allowed", "unsigned"]>, Op<7, "raw", ["null_allowed", "unsigned"]>,
   Op<3, "raw", ["unsigned"]>, Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.fmax", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.fmin", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.fsub", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.imax", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.imin", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.inc", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<2, "raw", ["unsigned"]>, Op<3, "raw", ["null_allowed", "unsigned"]>,
   Op<4, "raw", ["null_allowed", "unsigned"]>, Op<5, "raw", ["null_allowed", "unsigned"]>,
   Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.max", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.min", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.or", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.sub", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.xchg", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.typed.atomic.xor", "from-arg 0", 0, 0,
  [Op<0, "predication">, Op<3, "raw", ["unsigned"]>, Op<4, "raw", ["null_allowed", "unsigned"]>,
   Op<5, "raw", ["null_allowed", "unsigned"]>, Op<6, "raw", ["null_allowed", "unsigned"]>,
   Op<2, "raw", ["unsigned"]>, Op<-1, "raw", ["null_allowed", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.ubfe", "not-2", 1, 1,
  [Op<-1, "general", ["owaligned", "unsigned"]>, Op<0, "general", ["owaligned", "unsigned"]>,
   Op<1, "general", ["owaligned", "unsigned"]>, Op<2, "general", ["owaligned", "unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.ufbh", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.umadw", "from-arg 0", 1, 0,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned", "arith", "only_legal_region"]>,
   Op<1, "general", ["unsigned", "arith", "only_legal_region"]>,
   Op<2, "general", ["unsigned", "arith", "only_legal_region"]>]>;
def : GxOperandFacts<"llvm.genx.umax", "any", 0, 1,
  [Op<-1, "general", ["unsigned", "int_sat"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.umin", "any", 0, 1,
  [Op<-1, "general", ["unsigned", "int_sat"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.umulh", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned", "arith"]>, Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.usad2", "at-least-2", 1, 0,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned"]>, Op<1, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.usadd.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.usadd3.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["signed", "arith"]>, Op<2, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.usavg", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["signed", "arith"]>, Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.usavg.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.usdp4a", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["signed"]>, Op<1, "general", ["signed"]>,
   Op<2, "general", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.usdp4a.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["signed"]>, Op<1, "general", ["signed"]>,
   Op<2, "general", ["signed"]>]>;
def : GxOperandFacts<"llvm.genx.usmad", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned", "arith"]>, Op<1, "general", ["signed", "arith"]>,
   Op<2, "general", ["signed", "contiguous"]>]>;
def : GxOperandFacts<"llvm.genx.usmad.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["signed", "arith"]>, Op<2, "general", ["signed", "contiguous"]>]>;
def : GxOperandFacts<"llvm.genx.usmul", "any", 1, 1,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["unsigned", "arith"]>, Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.usmul.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.ussad2add", "at-least-2", 1, 0,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["signed"]>, Op<1, "general", ["signed"]>,
   Op<2, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.ussad2add.sat", "at-least-2", 1, 0,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["signed"]>, Op<1, "general", ["signed"]>,
   Op<2, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.usshl", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["signed", "arith"]>, Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.usshl.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["signed", "arith"]>,
   Op<1, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.ustrunc.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["signed", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.uuadd.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.uuadd3.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>, Op<2, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.uuavg", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned", "arith"]>, Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.uuavg.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.uudp4a", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned"]>, Op<1, "general", ["unsigned"]>,
   Op<2, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.uudp4a.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["unsigned"]>, Op<1, "general", ["unsigned"]>,
   Op<2, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.uumad", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned", "arith"]>, Op<1, "general", ["unsigned", "arith"]>,
   Op<2, "general", ["unsigned", "contiguous"]>]>;
def : GxOperandFacts<"llvm.genx.uumad.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>, Op<2, "general", ["unsigned", "contiguous"]>]>;
def : GxOperandFacts<"llvm.genx.uumul", "any", 1, 1,
  [Op<-1, "general", ["signed"]>, Op<0, "general", ["unsigned", "arith"]>, Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.uumul.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.uusad2add", "at-least-2", 1, 0,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned"]>, Op<1, "general", ["unsigned"]>,
   Op<2, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.uusad2add.sat", "at-least-2", 1, 0,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["unsigned"]>, Op<1, "general", ["unsigned"]>,
   Op<2, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.uushl", "any", 1, 1,
  [Op<-1, "general", ["unsigned"]>, Op<0, "general", ["unsigned", "arith"]>, Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.uushl.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>,
   Op<1, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.uutrunc.sat", "any", 1, 1,
  [Op<-1, "general", ["unsigned", "saturated"]>, Op<0, "general", ["unsigned", "arith"]>]>;
def : GxOperandFacts<"llvm.genx.va.1d.convolve.horizontal", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.1d.convolve.vertical", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.1pixel.convolve", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<5, "raw">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.1pixel.convolve.1x1mode", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.bool.centroid", "none", 0, 0,
  [Op<1, "general">, Op<2, "general">, Op<3, "general">, Op<4, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.centroid", "none", 0, 0,
  [Op<1, "general">, Op<2, "general">, Op<3, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.convolve2d", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.correlation.search", "none", 0, 0,
  [Op<1, "general">, Op<2, "general">, Op<3, "general">, Op<4, "general">, Op<5, "general">, Op<6, "general">,
   Op<7, "general">, Op<8, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.dilate", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.erode", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.flood.fill", "none", 0, 0,
  [Op<1, "raw">, Op<2, "general">, Op<3, "general">, Op<4, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.hdc.1d.convolve.horizontal", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<6, "general">, Op<7, "general">]>;
def : GxOperandFacts<"llvm.genx.va.hdc.1d.convolve.vertical", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<6, "general">, Op<7, "general">]>;
def : GxOperandFacts<"llvm.genx.va.hdc.1pixel.convolve", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<5, "raw">, Op<7, "general">, Op<8, "general">]>;
def : GxOperandFacts<"llvm.genx.va.hdc.convolve2d", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<6, "general">, Op<7, "general">]>;
def : GxOperandFacts<"llvm.genx.va.hdc.dilate", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<5, "general">, Op<6, "general">]>;
def : GxOperandFacts<"llvm.genx.va.hdc.erode", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<5, "general">, Op<6, "general">]>;
def : GxOperandFacts<"llvm.genx.va.hdc.lbp.correlation", "none", 0, 0,
  [Op<1, "general">, Op<2, "general">, Op<3, "general">, Op<5, "general">, Op<6, "general">]>;
def : GxOperandFacts<"llvm.genx.va.hdc.lbp.creation", "none", 0, 0,
  [Op<1, "general">, Op<2, "general">, Op<5, "general">, Op<6, "general">]>;
def : GxOperandFacts<"llvm.genx.va.hdc.minmax.filter", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<7, "general">, Op<8, "general">]>;
def : GxOperandFacts<"llvm.genx.va.lbp.correlation", "none", 0, 0,
  [Op<1, "general">, Op<2, "general">, Op<3, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.lbp.creation", "none", 0, 0,
  [Op<1, "general">, Op<2, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.minmax", "none", 0, 0,
  [Op<1, "general">, Op<2, "general">, Op<3, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.va.minmax.filter", "none", 0, 0,
  [Op<2, "general">, Op<3, "general">, Op<6, "general">, Op<-1, "raw">]>;
def : GxOperandFacts<"llvm.genx.wait", "none", 0, 0,
  [Op<0, "general", ["unsigned"]>]>;
def : GxOperandFacts<"llvm.genx.yield", "none", 0, 0,
  []>;
