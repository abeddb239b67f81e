//===- glue.cpp - LLVM new-PM glue for the Rust GenX passes ---------------===//
//
// The only C++ in the pass crate. It does three things and nothing else:
//   1. gives every Rust pass of the registry (passes/src/registry.rs) a real
//      new-PM pass class whose name() is the pipeline name, so -print-after,
//      -debug-pass-manager and the pipeline parser all see "genx-verify" and
//      not an anonymous template;
//   2. registers those classes with a PassBuilder (the same function serves
//      the opt-14 plugin entry point and the in-process cmc driver);
//   3. runs a textual pipeline on a module in-process (genx_run_pipeline),
//      which is how `cmc -passes=...` gets opt's exact pipeline syntax;
//   4. the parts of reading untrusted IR that the C API lacks: parsing text
//      without LLVM's aborting debug-info upgrade, verifying one function
//      with the report captured, and LLVM's fatal-error and bad-alloc
//      handlers, which end the process with an `error:` naming the phase
//      instead of an abort (passes/src/input.rs and fatal.rs drive them).
//
// The registry itself lives in Rust: C++ asks for its length, names and kinds.
// The class for slot N is RustPass<N>; kMaxSlots bounds the registry size and
// build.rs checks the registry against it.
//
//===----------------------------------------------------------------------===//

#include "llvm-c/Core.h"
// LLParser.h pulls in ModuleSummaryIndex.h, whose constructor GCC warns about (an LLVM 14 header issue).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#include "llvm/AsmParser/LLParser.h"
#pragma GCC diagnostic pop
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/AutoUpgrade.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/ADT/Any.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/LazyCallGraph.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/UnrollLoop.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/AssemblyAnnotationWriter.h"
#include "llvm/Support/FormattedStream.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Pass.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

using namespace llvm;

// llvm::Any identifies types by the address of Any::TypeId<T>::Id. The pass
// manager templates this file instantiates wrap IR units in Any for the
// instrumentation callbacks (-print-after, -debug-pass-manager), which live in
// libLLVM and compare against libLLVM's TypeId addresses. A copy instantiated
// here would be a different object (rustc's export list makes it local to the
// plugin) and the callbacks would misread the IR unit and crash. Declaring the
// instantiations extern makes this file use libLLVM's.
namespace llvm {
extern template const char Any::TypeId<const Module *>::Id;
extern template const char Any::TypeId<const Function *>::Id;
extern template const char Any::TypeId<const Loop *>::Id;
extern template const char Any::TypeId<const LazyCallGraph::SCC *>::Id;
extern template const char Any::TypeId<PreservedAnalyses>::Id;
} // namespace llvm

extern "C" {
// Implemented in passes/src/plugin.rs.
unsigned genx_registry_len(void);
const char *genx_registry_name(unsigned Slot);
int genx_registry_is_module_pass(unsigned Slot);
// Return values: 0 = nothing changed, 1 = changed, 2 = the pass reported
// errors (already printed to stderr by the Rust side).
// Params is the text between <> of a parametrized pipeline element
// (`genx-target<dg1>`), or "".
int genx_run_module_pass(unsigned Slot, LLVMModuleRef M, const char *Params);
int genx_run_function_pass(unsigned Slot, LLVMValueRef F, const char *Params);
}

namespace {

constexpr unsigned kMaxSlots = 64;

// In opt a pass error ends the process with a non-zero status, the way a
// failing -verify does. In cmc the driver owns the exit status, so errors are
// only counted here and read back after the pipeline ran.
bool ExitOnPassError = true;
unsigned PassErrorCount = 0;

// The pass running on this thread (a GenX pass or, through the instrumentation callbacks, any pass), for the
// fatal-error handler's message. Pass names are static strings (the registry's, or LLVM's class names).
thread_local StringRef CurrentPass;

// Ends opt after GenX pass errors: a plain message and exit status 1, after
// removing output files registered for removal on failure, like a failing
// -verify (not report_fatal_error, which prints a crash backtrace).
[[noreturn]] void exitAfterPassErrors(StringRef PassName) {
  errs() << "error: " << PassName << " failed; no output written\n";
  errs().flush();
  sys::RunInterruptHandlers();
  std::_Exit(1);
}

// Set when the pass builder has instrumentation callbacks (opt always does):
// then a failing function pass lets the other functions report their errors
// too, and the process ends when the enclosing module-level pass finishes.
bool DeferExitToModuleLevel = false;
std::string FailedPassName;

PreservedAnalyses finish(int Status, StringRef PassName) {
  if (Status == 2) {
    ++PassErrorCount;
    FailedPassName = PassName.str();
    if (ExitOnPassError && !DeferExitToModuleLevel)
      exitAfterPassErrors(PassName);
    // The pass may have changed the IR before it found the error (cmc's pipeline goes on to the next pass):
    // no cached analysis (a dominator tree for sroa, say) can be trusted.
    return PreservedAnalyses::none();
  }
  return Status == 0 ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

template <unsigned Slot> struct RustModulePass : PassInfoMixin<RustModulePass<Slot>> {
  std::string Params;
  static StringRef name() { return genx_registry_name(Slot); }
  static bool isRequired() { return true; }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    CurrentPass = name();
    return finish(genx_run_module_pass(Slot, wrap(&M), Params.c_str()), name());
  }
};

// Numbers the stretches of a pipeline in which no function can be deleted or renamed: bumped before and after
// every pass that does not work on one function (a module, CGSCC or loop pass, the function pass adaptors
// included), and after any pass that reports its IR unit gone. Function passes may not delete or rename other
// functions, so within one generation a function found by a pass is still the same function later.
std::atomic<uint64_t> Generation{1};

// The generation the running function pass may rely on (0: none; see genx_run_generation).
thread_local uint64_t RunGeneration = 0;

template <unsigned Slot> struct RustFunctionPass : PassInfoMixin<RustFunctionPass<Slot>> {
  std::string Params;
  // Whether this pass manager's instrumentation bumps Generation (it does when it has callbacks).
  bool Tracked = false;
  static StringRef name() { return genx_registry_name(Slot); }
  static bool isRequired() { return true; }
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &) {
    if (F.isDeclaration())
      return PreservedAnalyses::all();
    RunGeneration = Tracked ? Generation.load(std::memory_order_relaxed) : 0;
    CurrentPass = name();
    int Status = genx_run_function_pass(Slot, wrap(&F), Params.c_str());
    RunGeneration = 0;
    return finish(Status, name());
  }
};

using AddModulePassFn = void (*)(ModulePassManager &, StringRef);
using AddFunctionPassFn = void (*)(FunctionPassManager &, StringRef, bool);

template <unsigned Slot> void addModulePass(ModulePassManager &MPM, StringRef Params) {
  RustModulePass<Slot> Pass;
  Pass.Params = Params.str();
  MPM.addPass(std::move(Pass));
}
template <unsigned Slot> void addFunctionPass(FunctionPassManager &FPM, StringRef Params, bool Tracked) {
  RustFunctionPass<Slot> Pass;
  Pass.Params = Params.str();
  Pass.Tracked = Tracked;
  FPM.addPass(std::move(Pass));
}

template <unsigned... Slots>
constexpr auto makeModuleTable(std::integer_sequence<unsigned, Slots...>) {
  return std::array<AddModulePassFn, sizeof...(Slots)>{&addModulePass<Slots>...};
}
template <unsigned... Slots>
constexpr auto makeFunctionTable(std::integer_sequence<unsigned, Slots...>) {
  return std::array<AddFunctionPassFn, sizeof...(Slots)>{&addFunctionPass<Slots>...};
}

const auto ModuleTable = makeModuleTable(std::make_integer_sequence<unsigned, kMaxSlots>());
const auto FunctionTable = makeFunctionTable(std::make_integer_sequence<unsigned, kMaxSlots>());

// Looks a pipeline element up in the registry; returns kMaxSlots when absent.
// A parametrized element `name<params>` matches `name` when no registry entry
// is spelled with the brackets (`print<genx-baling>` is a name of its own);
// the text between the brackets goes to Params.
unsigned findSlot(StringRef Name, StringRef &Params) {
  unsigned Len = genx_registry_len();
  if (Len > kMaxSlots)
    report_fatal_error("genx pass registry is larger than the C++ glue's slot table",
                       /*gen_crash_diag=*/false);
  Params = "";
  for (unsigned Slot = 0; Slot < Len; ++Slot)
    if (Name == genx_registry_name(Slot))
      return Slot;
  if (!Name.endswith(">") || !Name.contains('<'))
    return kMaxSlots;
  StringRef Base = Name.take_until([](char C) { return C == '<'; });
  for (unsigned Slot = 0; Slot < Len; ++Slot)
    if (Base == genx_registry_name(Slot)) {
      Params = Name.drop_front(Base.size() + 1).drop_back();
      return Slot;
    }
  return kMaxSlots;
}

void registerGenXPasses(PassBuilder &PB) {
  bool Tracked = false;
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks()) {
    Tracked = true;
    PIC->registerBeforeNonSkippedPassCallback([](StringRef Pass, Any IR) {
      CurrentPass = Pass;
      if (!any_isa<const Function *>(IR))
        Generation.fetch_add(1, std::memory_order_relaxed);
    });
    PIC->registerAfterPassCallback([](StringRef, Any IR, const PreservedAnalyses &) {
      if (!any_isa<const Function *>(IR))
        Generation.fetch_add(1, std::memory_order_relaxed);
    });
    PIC->registerAfterPassInvalidatedCallback(
        [](StringRef, const PreservedAnalyses &) { Generation.fetch_add(1, std::memory_order_relaxed); });
    // name() returns the pipeline name, so class name == pass name.
    for (unsigned Slot = 0, Len = genx_registry_len(); Slot < Len && Slot < kMaxSlots; ++Slot)
      PIC->addClassToPassName(genx_registry_name(Slot), genx_registry_name(Slot));
    DeferExitToModuleLevel = true;
    PIC->registerAfterPassCallback(
        [](StringRef, Any IR, const PreservedAnalyses &) {
          if (ExitOnPassError && PassErrorCount && any_isa<const Module *>(IR))
            exitAfterPassErrors(FailedPassName);
        });
  }
  PB.registerPipelineParsingCallback(
      [Tracked](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        StringRef Params;
        unsigned Slot = findSlot(Name, Params);
        if (Slot == kMaxSlots)
          return false;
        if (genx_registry_is_module_pass(Slot)) {
          ModuleTable[Slot](MPM, Params);
        } else {
          FunctionPassManager FPM;
          FunctionTable[Slot](FPM, Params, Tracked);
          MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
        }
        return true;
      });
  PB.registerPipelineParsingCallback(
      [Tracked](StringRef Name, FunctionPassManager &FPM, ArrayRef<PassBuilder::PipelineElement>) {
        StringRef Params;
        unsigned Slot = findSlot(Name, Params);
        if (Slot == kMaxSlots || genx_registry_is_module_pass(Slot))
          return false;
        FunctionTable[Slot](FPM, Params, Tracked);
        return true;
      });
}

// GenX statistics (see genx_stat_add). Declared before StatsAtExit so that
// they are destroyed after it.
// Counters are never destroyed: LLVM's own statistics registry (enabled by -mllvm -stats) keeps pointers to
// them until its exit-time print, after this file's statics are gone. Passes run on several threads at once
// (one LLVMContext each, e.g. the fuzz tests), so the tables are guarded by StatsLock.
std::mutex StatsLock;
std::set<std::string> &StatGroups = *new std::set<std::string>; // group names the counters point into
std::map<std::pair<std::string, const char *>, TrackingStatistic *> Stats;
bool StatsPrinted = false;

// opt built without LLVM_ENABLE_STATS (Debian's) does not print the table at
// exit, so the plugin prints the GenX counters itself, in LLVM's format.
struct StatsAtExit {
  ~StatsAtExit() {
    if (StatsPrinted || Stats.empty() || !AreStatisticsEnabled())
      return;
    unsigned Width = 0;
    for (auto &Entry : Stats)
      Width = std::max<unsigned>(Width, std::to_string(Entry.second->getValue()).size());
    // Not errs(): this runs during static destruction, and errs()'s stream may already be gone (a process that
    // first used errs() after this object was built destroys the stream first: "pure virtual method called").
    raw_fd_ostream OS(2, /*shouldClose=*/false, /*unbuffered=*/true);
    OS << "===" << std::string(73, '-') << "===\n"
       << "                          ... Statistics Collected ...\n"
       << "===" << std::string(73, '-') << "===\n\n";
    for (auto &Entry : Stats) {
      std::string Value = std::to_string(Entry.second->getValue());
      OS << std::string(Width - Value.size(), ' ') << Value << " " << Entry.second->getDebugType() << " - "
         << Entry.second->getDesc() << "\n";
    }
    OS << "\n";
    OS.flush();
  }
} PrintStatsAtExit;

char *duplicate(const std::string &S) {
  char *Copy = static_cast<char *>(std::malloc(S.size() + 1));
  if (Copy)
    std::memcpy(Copy, S.c_str(), S.size() + 1);
  return Copy;
}

} // namespace

extern "C" {

// Called by the Rust-exported llvmGetPassPluginInfo (passes/src/plugin.rs):
// the cdylib's export list is Rust's, so the entry point itself is Rust.
void genx_register_pass_builder_callbacks(PassBuilder &PB) { registerGenXPasses(PB); }

void *genx_pass_builder_callbacks_address(void) {
  return reinterpret_cast<void *>(&genx_register_pass_builder_callbacks);
}

// Runs `Pipeline` (opt's -passes syntax) on M in-process.
// Returns 0 on success, 1 when the pipeline text does not parse (message in
// *ErrorMessage, to be freed with genx_free_message), 2 when a GenX pass
// reported errors.
int genx_run_pipeline(LLVMModuleRef M, const char *Pipeline, int VerifyEach,
                      int DebugPassManager, int TimePasses, char **ErrorMessage) {
  *ErrorMessage = nullptr;
  // -ftime-report: LLVM's pass timers, keyed by the passes' names (the registry's).
  TimePassesIsEnabled = TimePasses != 0;
  ExitOnPassError = false;
  PassErrorCount = 0;

  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassInstrumentationCallbacks PIC;
  StandardInstrumentations SI(DebugPassManager != 0, VerifyEach != 0);
  SI.registerCallbacks(PIC, &FAM);

  PassBuilder PB(nullptr, PipelineTuningOptions(), None, &PIC);
  registerGenXPasses(PB);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

  ModulePassManager MPM;
  if (Error Err = PB.parsePassPipeline(MPM, Pipeline)) {
    *ErrorMessage = duplicate(toString(std::move(Err)));
    return 1;
  }
  MPM.run(*unwrap(M), MAM);
  return PassErrorCount ? 2 : 0;
}

void genx_free_message(char *Message) { std::free(Message); }

// genx-cm-lower: the Itanium demangling of Mangled (free with genx_free_message),
// or null when it does not demangle.
char *genx_demangle(const char *Mangled) {
  int Status = 0;
  char *Text = llvm::itaniumDemangle(Mangled, nullptr, nullptr, &Status);
  return Status == 0 ? Text : nullptr;
}

// genx-cm-lower: removes the constant expressions that use Global and are
// themselves unused (so an unused global can be deleted).
void genx_remove_dead_constant_users(LLVMValueRef Global) {
  if (auto *C = llvm::dyn_cast<llvm::Constant>(llvm::unwrap(Global)))
    C->removeDeadConstantUsers();
}

// genx-cm-lower: a string attribute on a global variable (the C API has none).
void genx_global_add_attribute(LLVMValueRef Global, const char *Kind, const char *Value) {
  if (auto *GV = llvm::dyn_cast<llvm::GlobalVariable>(llvm::unwrap(Global)))
    GV->addAttribute(Kind, Value);
}

// genx-visa-emit: the value of the string attribute Kind of a global variable
// (its length in *Len), or null when the global has none.
const char *genx_global_get_attribute(LLVMValueRef Global, const char *Kind, unsigned *Len) {
  auto *GV = llvm::dyn_cast<llvm::GlobalVariable>(llvm::unwrap(Global));
  if (!GV || !GV->hasAttribute(Kind))
    return nullptr;
  llvm::StringRef Value = GV->getAttribute(Kind).getValueAsString();
  *Len = Value.size();
  return Value.data();
}

// Adds N to the statistic Name of group Group (a pass name). The statistics
// are LLVM's TrackingStatistic objects, so -stats prints them in LLVM's table.
// Name and Desc are static strings of the Rust side; Group is interned here.
void genx_stat_add(const char *Group, const char *Name, const char *Desc, uint64_t N) {
  std::lock_guard<std::mutex> Guard(StatsLock);
  const char *InternedGroup = StatGroups.insert(Group).first->c_str();
  auto &Stat = Stats[{InternedGroup, Name}];
  if (!Stat)
    Stat = new TrackingStatistic(InternedGroup, Name, Desc);
  *Stat += N;
}

// Moves Old's name to New (LLVM's takeName: within one function the symbol-table entry is moved, with no
// lookup and no re-uniquing; the C API can only clear one name and set the other).
void genx_take_name(LLVMValueRef New, LLVMValueRef Old) { unwrap(New)->takeName(unwrap(Old)); }

// The pipeline generation the running GenX function pass may rely on: while it stays the same, no function has
// been deleted or renamed (see Generation). 0 outside a function pass, or when the pipeline is not tracked.
uint64_t genx_run_generation(void) { return RunGeneration; }

// Emits an optimization remark from pass Pass about instruction Inst through
// LLVM's diagnostics, so -pass-remarks=<regex> (Kind 0: something was done),
// -pass-remarks-missed (Kind 1: something was refused, with the reason) and
// -pass-remarks-analysis (Kind 2) select them, as for LLVM's own passes.
void genx_emit_remark(int Kind, const char *Pass, const char *Name, LLVMValueRef Inst, const char *Message) {
  auto *I = cast<Instruction>(unwrap(Inst));
  LLVMContext &Ctx = I->getContext();
  switch (Kind) {
  case 0: {
    OptimizationRemark R(Pass, Name, I);
    R << Message;
    Ctx.diagnose(R);
    break;
  }
  case 1: {
    OptimizationRemarkMissed R(Pass, Name, I);
    R << Message;
    Ctx.diagnose(R);
    break;
  }
  default: {
    OptimizationRemarkAnalysis R(Pass, Name, I);
    R << Message;
    Ctx.diagnose(R);
    break;
  }
  }
}

// Whether any remark of pass Pass would be shown (saves formatting messages).
int genx_remarks_enabled(LLVMValueRef Inst, const char *Pass) {
  auto *I = cast<Instruction>(unwrap(Inst));
  const DiagnosticHandler *Handler = I->getContext().getDiagHandlerPtr();
  return Handler && (Handler->isPassedOptRemarkEnabled(Pass) || Handler->isMissedOptRemarkEnabled(Pass) ||
                     Handler->isAnalysisRemarkEnabled(Pass));
}

// Prints the statistics table now (cmc -stats).
void genx_print_statistics(void) {
  StatsPrinted = true;
  PrintStatistics(errs());
}

// Hands options to LLVM's command-line parser (what clang's -mllvm does).
// Returns 0 on success; on failure LLVM's message is in *ErrorMessage.
int genx_parse_llvm_options(int Argc, const char *const *Argv, char **ErrorMessage) {
  *ErrorMessage = nullptr;
  std::string Errors;
  raw_string_ostream Stream(Errors);
  if (cl::ParseCommandLineOptions(Argc, Argv, "", &Stream))
    return 0;
  Stream.flush();
  *ErrorMessage = duplicate(Errors);
  return 1;
}

// ---- Reading untrusted IR (passes/src/input.rs) ------------------------------------------------------------

// Parses Len bytes at Data (textual IR or bitcode) into a new module of Ctx. Text is parsed without the
// debug-info upgrade: that step runs LLVM's verifier and ends the process ("Broken module found") on any invalid
// module that carries "Debug Info Version"; genx_verify_function and genx_verify_module_rest take its place.
// Bitcode is read with LLVM's reader, which still upgrades (the fatal-error handler reports what it aborts on).
// Returns 0 and the module in *Out, or 1 with LLVM's located message in *ErrorMessage.
int genx_parse_ir(LLVMContextRef Ctx, const char *Data, size_t Len, const char *Name, LLVMModuleRef *Out,
                  char **ErrorMessage) {
  *Out = nullptr;
  *ErrorMessage = nullptr;
  StringRef Bytes(Data, Len);
  LLVMContext &Context = *unwrap(Ctx);
  if (isBitcode(reinterpret_cast<const unsigned char *>(Data), reinterpret_cast<const unsigned char *>(Data) + Len)) {
    Expected<std::unique_ptr<Module>> M = parseBitcodeFile(MemoryBufferRef(Bytes, Name), Context);
    if (!M) {
      *ErrorMessage = duplicate(std::string(Name) + ": error: " + toString(M.takeError()));
      return 1;
    }
    *Out = wrap(M->release());
    return 0;
  }
  // The lexer reads up to a NUL terminator: a copy has one.
  std::unique_ptr<MemoryBuffer> Text = MemoryBuffer::getMemBufferCopy(Bytes, Name);
  StringRef TextRef = Text->getBuffer();
  SourceMgr Sources;
  Sources.AddNewSourceBuffer(std::move(Text), SMLoc());
  SMDiagnostic Diagnostic;
  auto M = std::make_unique<Module>(Name, Context);
  if (LLParser(TextRef, Sources, Diagnostic, M.get(), nullptr, Context).Run(/*UpgradeDebugInfo=*/false)) {
    std::string Text;
    raw_string_ostream OS(Text);
    Diagnostic.print(nullptr, OS, /*ShowColors=*/false);
    OS.flush();
    *ErrorMessage = duplicate(Text);
    return 1;
  }
  *Out = wrap(M.release());
  return 0;
}

// LLVM's verifier on one function, which reports instead of aborting: returns 1 and the report in *Report (free
// with genx_free_message) when F is invalid, 0 when it is valid.
int genx_verify_function(LLVMValueRef F, char **Report) {
  *Report = nullptr;
  std::string Text;
  raw_string_ostream OS(Text);
  if (!verifyFunction(*cast<Function>(unwrap(F)), &OS))
    return 0;
  OS.flush();
  *Report = duplicate(Text);
  return 1;
}

// LLVM's verifier on the whole module, reporting instead of aborting: returns 1 with the report in *Report when
// the module is invalid apart from its debug info. Otherwise does what the text parser's upgrade would have
// done (LLVM's UpgradeDebugInfo: drop invalid or outdated debug info, with a warning) and returns 0.
int genx_verify_module(LLVMModuleRef M, char **Report) {
  *Report = nullptr;
  std::string Text;
  raw_string_ostream OS(Text);
  bool BrokenDebugInfo = false;
  Module &Mod = *unwrap(M);
  if (verifyModule(Mod, &OS, &BrokenDebugInfo)) {
    OS.flush();
    *Report = duplicate(Text);
    return 1;
  }
  // UpgradeDebugInfo verifies again; only ask it when it has something to do (the module is valid now, so it
  // cannot fail).
  if (BrokenDebugInfo || getDebugMetadataVersionFromModule(Mod) != DEBUG_METADATA_VERSION)
    UpgradeDebugInfo(Mod);
  return 0;
}

// Whether Pattern is a regular expression LLVM accepts (-pass-remarks=<regex> ends the process otherwise);
// 1 when it is, else 0 with the reason in *ErrorMessage.
int genx_regex_is_valid(const char *Pattern, char **ErrorMessage) {
  *ErrorMessage = nullptr;
  std::string Error;
  if (Regex(Pattern).isValid(Error))
    return 1;
  *ErrorMessage = duplicate(Error);
  return 0;
}

// ---- Fatal errors (passes/src/fatal.rs) --------------------------------------------------------------------

// Implemented in passes/src/fatal.rs: the tool's name and current phase ("cmc", "reading input IR 'k.ll'"), and
// the removal of the temporary files registered there.
const char *genx_fatal_tool(void);
const char *genx_fatal_phase(void);
void genx_fatal_cleanup(void);

static void reportFatal(const char *What, const char *Reason) {
  // Not errs(): the error may have come from inside a stream, or during static destruction.
  raw_fd_ostream OS(2, /*shouldClose=*/false, /*unbuffered=*/true);
  OS << genx_fatal_tool() << ": error: " << What;
  const char *Phase = genx_fatal_phase();
  if (Phase && *Phase)
    OS << " while " << Phase;
  if (!CurrentPass.empty())
    OS << " (in pass '" << CurrentPass << "')";
  OS << ": " << (Reason ? Reason : "no reason given") << "\n";
}

// LLVM calls this instead of printing "LLVM ERROR:" and aborting. It must not return (report_fatal_error
// aborts when a handler returns): it reports, removes our temporary files and the files LLVM registered for
// removal (opt's output), and exits with status 1.
[[noreturn]] static void onFatalError(void *, const char *Reason, bool) {
  reportFatal("LLVM fatal error", Reason);
  genx_fatal_cleanup();
  sys::RunInterruptHandlers();
  std::_Exit(1);
}

[[noreturn]] static void onBadAlloc(void *, const char *Reason, bool) {
  reportFatal("out of memory", Reason);
  genx_fatal_cleanup();
  sys::RunInterruptHandlers();
  std::_Exit(1);
}

// Installs both handlers (idempotent: a second call replaces nothing).
void genx_install_fatal_error_handlers(void) {
  static std::once_flag Once;
  std::call_once(Once, [] {
    install_fatal_error_handler(onFatalError, nullptr);
    install_bad_alloc_error_handler(onBadAlloc, nullptr);
  });
}

// ---- Probing bitcode in a child process (passes/src/input.rs) ----------------------------------------------

// LLVM 14's bitcode reader trusts its input: damaged metadata records crash it (SIGSEGV in the MetadataLoader), a
// damaged attribute count makes it allocate without end, a damaged string that the verifier lets through crashes
// the printer. So bitcode is first read (then checked, verified and printed) by a forked child, which has the same
// code and input: the parent reads it only when the child came through (with a module or an error).
// The child reports a fatal error through a pipe, runs under a CPU and address-space limit, and is killed when
// it overruns the wall-clock limit.
static int ProbeFd = -1;

// Implemented in passes/src/input.rs: whether the module passes its structure check (nesting, vector lanes).
int genx_probe_structure_ok(LLVMModuleRef M);

[[noreturn]] static void onProbeFatal(void *, const char *Reason, bool) {
  std::string Text = Reason ? Reason : "no reason given";
  if (ProbeFd >= 0) {
    ssize_t Written = ::write(ProbeFd, Text.data(), Text.size());
    (void)Written;
  }
  std::_Exit(3);
}

// Returns 0 when the child's reader returned (or no child could be started: the caller reads in-process, as
// without the probe), 1 with *Message (free with genx_free_message) when it crashed, stopped on a fatal error or
// overran its limits.
int genx_probe_bitcode(const char *Data, size_t Len, unsigned Seconds, char **Message) {
  *Message = nullptr;
  int Pipe[2];
  if (::pipe(Pipe) != 0)
    return 0;
  pid_t Pid = ::fork();
  if (Pid < 0) {
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    return 0;
  }
  if (Pid == 0) {
    ::close(Pipe[0]);
    ProbeFd = Pipe[1];
    int Null = ::open("/dev/null", O_WRONLY);
    if (Null >= 0)
      ::dup2(Null, 2);
    struct rlimit Cpu = {Seconds, Seconds + 1};
    ::setrlimit(RLIMIT_CPU, &Cpu);
    // What the process has mapped already, plus 4 GiB for the reader.
    unsigned long Pages = 0;
    if (FILE *Statm = std::fopen("/proc/self/statm", "r")) {
      if (std::fscanf(Statm, "%lu", &Pages) != 1)
        Pages = 0;
      std::fclose(Statm);
    }
    if (Pages) {
      rlim_t Bytes = (rlim_t)Pages * (rlim_t)::sysconf(_SC_PAGESIZE) + ((rlim_t)4 << 30);
      struct rlimit Memory = {Bytes, Bytes};
      ::setrlimit(RLIMIT_AS, &Memory);
    }
    remove_fatal_error_handler();
    install_fatal_error_handler(onProbeFatal, nullptr);
    remove_bad_alloc_error_handler();
    install_bad_alloc_error_handler(onProbeFatal, nullptr);
    {
      LLVMContext Context;
      Expected<std::unique_ptr<Module>> M = parseBitcodeFile(MemoryBufferRef(StringRef(Data, Len), "probe"), Context);
      if (!M) {
        consumeError(M.takeError());
        std::_Exit(0);
      }
      // What the parent does next with a module it read: our structure check, LLVM's verifier, and printing
      // (a damaged string or metadata record that the reader and the verifier let through can crash the
      // printer). A module the check or the verifier refuses is the parent's to report.
      if (genx_probe_structure_ok(wrap(M->get())) && !verifyModule(**M, nullptr)) {
        raw_null_ostream Null;
        (*M)->print(Null, nullptr);
      }
    }
    std::_Exit(0);
  }
  ::close(Pipe[1]);
  int Status = 0;
  bool Done = false, Killed = false;
  // Poll every 5 ms until the wall-clock limit (the CPU limit normally ends an endless reader first).
  for (unsigned long Waited = 0; Waited <= (Seconds + 5) * 1000UL; Waited += 5) {
    pid_t Got = ::waitpid(Pid, &Status, WNOHANG);
    if (Got == Pid || Got < 0) {
      Done = Got == Pid;
      break;
    }
    ::usleep(5000);
  }
  if (!Done) {
    ::kill(Pid, SIGKILL);
    ::waitpid(Pid, &Status, 0);
    Killed = true;
  }
  std::string Reason;
  char Buffer[4096];
  ssize_t Got;
  while ((Got = ::read(Pipe[0], Buffer, sizeof Buffer)) > 0 && Reason.size() < 65536)
    Reason.append(Buffer, (size_t)Got);
  ::close(Pipe[0]);
  std::string Text;
  if (Killed || (WIFSIGNALED(Status) && WTERMSIG(Status) == SIGXCPU))
    Text = "LLVM's bitcode reader did not finish within " + std::to_string(Seconds) + " s";
  else if (WIFSIGNALED(Status))
    Text = "LLVM crashed reading or printing it (signal " + std::to_string(WTERMSIG(Status)) + ", " +
           strsignal(WTERMSIG(Status)) + ")";
  else if (WIFEXITED(Status) && WEXITSTATUS(Status) == 3)
    Text = "LLVM's bitcode reader stopped on it: " + Reason;
  else if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
    return 0;
  else
    Text = "LLVM's bitcode reader ended with status " + std::to_string(WIFEXITED(Status) ? WEXITSTATUS(Status) : -1);
  *Message = duplicate(Text);
  return 1;
}

// Clears the current pass (a phase outside any pipeline begins).
void genx_clear_current_pass(void) { CurrentPass = StringRef(); }

// ---- Printing many instructions (passes/src/ir.rs, InstructionPrinter) -------------------------------------

// LLVMPrintValueToString costs a walk over the whole module per value (numbering, and the writer's scan of every
// global object), so printing each instruction of a module is quadratic in its size (200,000 empty functions:
// minutes). The module is printed once instead, and an annotation writer records where each instruction's text
// starts and ends; the text is exactly what printing the instruction alone gives.
class InstructionSpans : public AssemblyAnnotationWriter {
public:
  std::vector<std::pair<const Instruction *, std::pair<uint64_t, uint64_t>>> Spans;
  uint64_t Start = 0;
  void emitInstructionAnnot(const Instruction *, formatted_raw_ostream &OS) override { Start = OS.tell(); }
  void printInfoComment(const Value &V, formatted_raw_ostream &OS) override {
    if (auto *I = dyn_cast<Instruction>(&V))
      Spans.push_back({I, {Start, OS.tell()}});
  }
};

// Calls Emit(Ctx, I, Text, Len) for every instruction of M, with its text (valid during the call only).
void genx_module_instruction_texts(LLVMModuleRef M, void *Ctx,
                                   void (*Emit)(void *Ctx, LLVMValueRef I, const char *Text, size_t Len)) {
  std::string Text;
  raw_string_ostream OS(Text);
  InstructionSpans Recorder;
  unwrap(M)->print(OS, &Recorder);
  OS.flush();
  for (auto &Span : Recorder.Spans) {
    uint64_t Begin = std::min<uint64_t>(Span.second.first, Text.size());
    uint64_t End = std::min<uint64_t>(std::max(Span.second.second, Begin), Text.size());
    Emit(Ctx, wrap(Span.first), Text.data() + Begin, End - Begin);
  }
}

// genx-region-unroll: fully unrolls the loop headed by Header with LLVM's UnrollLoop, when scalar evolution
// agrees that its body runs exactly Trips times and it exits from its header only (so the header runs Trips + 1
// times: scalar evolution's trip count, and the number of copies UnrollLoop makes, the last one the header's
// final test alone). Returns 1 when the loop is gone, 0 when nothing changed, -1 when the loop only gained the
// loop-simplify and LCSSA forms (not unrolled). Only this loop is touched (and blocks no longer reached from the
// entry deleted): it is put in loop-simplify and LCSSA form, its invariant arithmetic is hoisted, and it is
// unrolled; then the copies' constant tests are folded, the blocks no longer reached deleted,
// and each block merged with its one predecessor (LCSSA's single-entry phis fold then), so that what remains is
// as if the body had been written Trips times.
int genx_unroll_loop_fully(LLVMBasicBlockRef HeaderRef, unsigned Trips) {
  BasicBlock *Header = unwrap(HeaderRef);
  Function &F = *Header->getParent();
  DominatorTree DT(F);
  LoopInfo LI(DT);
  Loop *L = LI.getLoopFor(Header);
  if (!L || L->getHeader() != Header || !L->isInnermost() || L->getExitingBlock() != Header)
    return 0;
  BasicBlock *Exit = L->getExitBlock();
  if (!Exit || !L->getLoopLatch() || !L->isSafeToClone())
    return 0;
  TargetLibraryInfoImpl TLII(Triple(F.getParent()->getTargetTriple()));
  TargetLibraryInfo TLI(TLII, &F);
  AssumptionCache AC(F);
  ScalarEvolution SE(F, TLI, AC, DT, LI);
  unsigned HeaderRuns = Trips + 1;
  if (Trips == 0 || SE.getSmallConstantTripCount(L) != HeaderRuns)
    return 0;
  simplifyLoop(L, &DT, &LI, &SE, &AC, nullptr, /*PreserveLCSSA=*/false);
  formLCSSA(*L, DT, &LI, &SE);
  BasicBlock *Preheader = L->getLoopPreheader();
  Exit = L->getExitBlock();
  if (!Preheader || !Exit || SE.getSmallConstantTripCount(L) != HeaderRuns)
    return -1;
  // The body's loop-invariant instructions that can run unconditionally (arithmetic on values from outside the
  // loop, as LLVM's makeLoopInvariant decides: no memory, no call that is not speculatable) move to the
  // preheader; copied Trips times, each copy would compute them again (typed blend's `1 - alpha`).
  for (BasicBlock *Block : L->blocks())
    for (Instruction &I : make_early_inc_range(*Block)) {
      bool Hoisted = false;
      L->makeLoopInvariant(&I, Hoisted, Preheader->getTerminator());
    }
  TargetTransformInfo TTI(F.getParent()->getDataLayout());
  OptimizationRemarkEmitter ORE(&F);
  UnrollLoopOptions Options{HeaderRuns, /*Force=*/true, /*Runtime=*/false, /*AllowExpensiveTripCount=*/false,
                            /*UnrollRemainder=*/false, /*ForgetAllSCEV=*/false};
  LoopUnrollResult Result = UnrollLoop(L, Options, &LI, &SE, &DT, &AC, &TTI, &ORE, /*PreserveLCSSA=*/true);
  if (Result != LoopUnrollResult::FullyUnrolled) {
    // UnrollLoop checks its preconditions before changing anything; a partial unroll is ruled out by the
    // trip-count check above (the unroll count is the whole trip count).
    return -1;
  }
  // The copies' tests are constants now: fold them, delete the blocks they no longer reach (the last copy's
  // body, ending in `unreachable`), then merge each block of the region with its one predecessor when that
  // predecessor branches to it alone, so that straight-line copies are one block.
  auto Region = [&]() {
    std::vector<BasicBlock *> Blocks{Preheader};
    std::set<BasicBlock *> Seen{Preheader};
    for (size_t N = 0; N < Blocks.size(); ++N) {
      if (Blocks[N] == Exit)
        continue;
      for (BasicBlock *Next : successors(Blocks[N]))
        if (Seen.insert(Next).second)
          Blocks.push_back(Next);
    }
    return Blocks;
  };
  for (BasicBlock *Block : Region())
    ConstantFoldTerminator(Block, /*DeleteDeadConditions=*/true);
  EliminateUnreachableBlocks(F);
  for (BasicBlock *Block : Region())
    if (Block != Preheader && Block->getSinglePredecessor() && !Block->hasAddressTaken())
      MergeBlockIntoPredecessor(Block);
  return 1;
}

} // extern "C"
