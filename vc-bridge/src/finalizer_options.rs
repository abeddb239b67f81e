//! The vISA finalizer's options: the words `-Qxcm_jit_option` (and cmc's finalizer flags) may hand to IGC.
//!
//! Why: cmc passes finalizer options to IGC as `-options "-vc-codegen -Xfinalizer '<words>'"`; IGC's vector-compute
//! backend appends the words to its own and gives them to vISA's option parser, which prints `-x: unrecognized
//! option` (or `malformed integer`) on a word it does not know, after which IGC aborts ("LLVM ERROR:
//! GenXCisaBuilder: VISA builder creation failed", ocloc killed by SIGABRT) without naming a kernel. `GenX_IR`
//! (the `-backend=visa` route's finalizer) parses the same table. So cmc refuses such words itself, naming the
//! word and the known options closest to it.
//!
//! The facts (read from IGC's tag igc-1.0.12504.6, the installed version): the table of option names and value
//! kinds is `visa/include/VISAOptionsDefs.h` (`DEF_VISA_OPTION`, options without a name left out); the parser is
//! `Options::parseOptions` in `visa/Option.cpp`: a word must be a name of the table (exactly, case-sensitively);
//! a flag (`ET_BOOL`) takes no value; an integer option (`ET_INT32`) takes the next word, decimal or `0x`
//! hexadecimal, all of it digits, at most 2^32 - 1 (`ET_INT64` has no named option in this version); a string
//! option (`ET_CSTR`) takes the next word, whatever it is; `-hashmovs`/`-hashmovs1` (`ET_2xINT32`) take two
//! integers; fewer than 128 words in all (`MAX_ARGC`, an assertion), of which IGC's own `collectFinalizerArgs`
//! (`GenXCisaBuilder.cpp`) adds at most 14. IGC splits the `-Xfinalizer` text GNU-style, so a word holding a quote
//! or a backslash would not reach vISA as written; `'` would also end cmc's own quoting.
//!
//! Algorithm: [`check`] walks the words as the parser does and refuses the first it would refuse; the message for
//! an unknown word lists up to five names within a small edit distance (case-insensitive) or containing the word.
//!
//! Invariant: a list [`check`] accepts is parsed by vISA's option parser without an error.
//!
//! Not handled: what an accepted option does on a platform (IGC decides: `-TotalGRFNum 256` is ignored where the
//! large GRF mode does not exist); string options that name files (`-asmOutput`) write inside the bridge's
//! private directory, which is removed.

/// The most finalizer words cmc passes: vISA refuses 128 words in all, and IGC adds up to 14 of its own.
pub const MAX_WORDS: usize = 100;

/// Options without a value (`ET_BOOL`: each one flips its default).
const FLAGS: &[&str] = &[
    "--sdbStats", "-3d", "-abortonspill", "-accSubPostSchedule", "-addKernelID", "-addSWSBInfo",
    "-allowaddrtakenspill", "-ALTMode", "-analyzeMove", "-assignSWSBTokUsingStdSort", "-assumeL1Hit", "-autoLocalId",
    "-avoidR0R1", "-binary", "-boundsChecking", "-cleanBindless", "-cloneEvaluateSampleInst", "-cloneSampleInst",
    "-compilerStats", "-dce", "-debug", "-debug-noDD", "-debugParse", "-disable-noSrcDep-scen1",
    "-disable-noSrcDep-scen2", "-disablecsel", "-disableFlagSpillClean", "-disableHFMath", "-disableHFOpt",
    "-disableIGASyntax", "-disableInstDebugInfo", "-disableMixMode", "-disableRegDistAllDep", "-disableRegDistDep",
    "-disableSrc2AccSub", "-distPropTokenAllocation", "-divergentBB", "-dontUseMultiThreadedLatencies", "-doSplit",
    "-dot", "-dotAll", "-DPASBundleReduction", "-DPASFuseRSWA", "-DPASTokenReduction", "-dstSrcOverlapWA",
    "-dump-noSrcDep", "-dumpAllBCInfo", "-dumpcommonisa", "-dumpDagDot", "-dumpDagTxt", "-dumpDebugConsoleOutput",
    "-dumpgenoffset", "-dumpintf", "-dumpisavarnames", "-dumpLiveness", "-dumplrs", "-dumpPassesAll", "-dumpPayload",
    "-dumpregchart", "-dumpRegInfo", "-dumpRPE", "-dumpSBID", "-dumpSchedule", "-dumpToCurrentDir",
    "-dumpUndefUsesFromLiveness", "-dumpUseInternalName", "-dumpvisa", "-dumpVisaOptions", "-dumpVisaOptionsAll",
    "-earlyGRFRead", "-emitCrossThreadOffR0Reloc", "-emitLocation", "-enable-noDD", "-enable-noSrcDep",
    "-enableAtomicFusion", "-enableBarrierInstCounterBits", "-enableBCR", "-enableBundleCR",
    "-enableCoalesceScalarMoves", "-enableDPASBFHF", "-enableGlobalScopeAnalysis", "-enableHalfLSC",
    "-enableMathDPASWA", "-enablePreemption", "-enableSendFusion", "-enableStructurizer", "-enableSwitch",
    "-enableUnsafeCP_DF", "-enableWriteFusion", "-expandMadwPostSchedule", "-expandMulPostSchedule", "-expandPlane",
    "-fastCompileRA", "-fasterRA", "-fenceCommit", "-finiteMathOnly", "-fiTohfi", "-foldEOT", "-forceBCR",
    "-forceDebugSWSB", "-forceDPASMacro", "-forcefmad", "-forceMixMode", "-forceNoMaskWA", "-forceremat",
    "-forceSamplerHeader", "-forcespills", "-forceSrc0ToQwForQwShlWA", "-fullIRVerify", "-fusedCallUniform",
    "-gatherWithImm", "-generateDebugInfo", "-generateKernelInfo", "-genIsaasmList", "-getfreegrfinfo",
    "-globalSendVarSplit", "-globalTokenAllocation", "-groupScheduleForBC", "-GTPinIndirRef", "-GTPinReRA",
    "-hasDoubleAcc", "-hashatprologue", "-hasInt64Add", "-hasRNEandDenorm", "-hybridRAWithSpill", "-IGAEncoder",
    "-IGASWSB", "-ignoreBFRounding", "-initializePayload", "-InjectEntryFences", "-insertDPASRSDummyMov",
    "-insertDummyCompactInst", "-insertRSDummyMov", "-keepScalarJmp", "-linearScan", "-loadCTCD", "-localizeForACC",
    "-LSCBackupMode", "-lscNonStackSpill", "-lsFirstFit", "-manualEnableRSWA", "-markSamplerMoves", "-mathAccSub",
    "-ncstateless", "-newfailsafera", "-newspillcost", "-no4GRFSplit", "-noAccSub", "-noAccSubBRA",
    "-noalign1ternary", "-noAtomicSend", "-nobxmlencoder", "-nocompaction", "-nocopyprop", "-nodefhoist",
    "-noDPASMacro", "-nodpsendreorder", "-nofailsafera", "-noFFIDProlog", "-noflagopt", "-nofoldaddrimmed",
    "-noFP64bRegion", "-nofuse-typedWrites", "-noifcvt", "-noindirectforcespills", "-noinstcombine", "-noipa",
    "-noLoadPayload", "-nolocalBCR", "-nolocalra", "-nolocalraroundrobin", "-noLocalSplit", "-noloopra", "-nolvn",
    "-nomac", "-nomacopt", "-noMaskWA", "-noMaskWAOnFuncEntry", "-nomergescalar", "-nomsgheaderopt", "-nonALTMode",
    "-nopresched", "-noreassoc", "-noregrenaming", "-noremat", "-normwopt", "-noroundrobin", "-noSamplerHeaderCache",
    "-noScalarJmp", "-noSCF", "-noschedule", "-nosends", "-noSendSrcDstOverlap", "-nospillcleanup",
    "-nospillcompression", "-nosplitGRFalignedscalar", "-noSplitInstructions", "-nosplitllr", "-nosplitonspill",
    "-noSplitVariables", "-nosrc1byte", "-noStitchExternFunc", "-noverifyCISA", "-noWAWSubregHazardAvoidance",
    "-optreport", "-output", "-partialInt64", "-partialMovsProp", "-partitionWithFastHybridRA", "-perfmodel",
    "-presched", "-preSchedForAcc", "-preserver0", "-printasmcount", "-printHexFloatInAsm", "-printregusage",
    "-Q2FInteger", "-quickTokenAllocation", "-ratrace", "-regSharingHeuristics", "-removeFence", "-removeInstrinsics",
    "-replaceIndirectCallWithJmpi", "-rerapostschedule", "-reserveR0", "-roundRobinAccSub", "-rp-aft-sched",
    "-samplerHeaderWA", "-SBIDBundle", "-SBIDDepLoc", "-SBIDL3Hit", "-scheduleFor2xSP", "-scheduleForReadSuppression",
    "-SendTokenReduction", "-setA0toTdrForSendc", "-setstartbp", "-skipFDE", "-skipFenceCommit", "-spillanalysis",
    "-spillCleanup", "-src1Src2OverlapWA", "-stripcomments", "-swapAccSub", "-SWSBBlockFor2xSP", "-SWSBDepReduction",
    "-SWSBStitch", "-symbolreg", "-threeALUPipes", "-timestats", "-trueDepOnly", "-uniqueLabel",
    "-useFriendlyNameInDbg", "-useInlineData", "-useOldSubRoutineAugIntf", "-verifyaugmentation", "-verifyLinearScan",
    "-verifyra", "-verifysplit", "-waClearHDCWrite", "-waClearScratchWrite", "-waLscUgmFence", "-writeCombine",
    "-zeroSomeARF",
];

/// Options followed by one unsigned 32-bit integer, decimal or `0x` hexadecimal (`ET_INT32`).
const INTEGER_OPTIONS: &[&str] = &[
    "-abiver", "-abortOnSpill", "-codePatch", "-crossThreadDataAlignment", "-denseMatrixLimit",
    "-dummyRegisterHWRSWA", "-dumpIgaJson", "-dumpPassesSubset", "-failSafeRALimit", "-forceHWThreadNumberPerEU",
    "-fusedCallWA", "-GTPinScratchAreaSize", "-HWThreadNumberPerEU", "-linker", "-localScheduleEndKernel",
    "-localScheduleStartKernel", "-lraFFWindowSize", "-lscEnableImmOffsFor", "-lscSpillLoadCCOverride",
    "-lscSpillStoreCCOverride", "-minreg-rp", "-noDD-lookback", "-numGenBinariesWillBePatched", "-numGeneralAcc",
    "-predicatedfdivsqrt", "-presched-ctrl", "-presched-rp", "-readSuppressionDepth", "-reservedGRFNum", "-sched-end",
    "-sched-start", "-scheduleEndBB", "-schedulerwindow", "-scheduleStartBB", "-scratchAllocForStackInKB", "-setFFID",
    "-setStartReg", "-spilloffset", "-SplitMov64", "-stop-noSrcDep-at", "-SWSBInstStall", "-SWSBInstStallEnd",
    "-SWSBTokenBarrier", "-SWSBTokenNum", "-TotalGRFNum",
];

/// Options followed by one word (`ET_CSTR`: a file name, a platform, a filter).
const STRING_OPTIONS: &[&str] = &[
    "-asmOutput", "-CISAbinary", "-debug-only", "-decodedbg", "-encoderStatisticsFile", "-extraIntfFile",
    "-forceAssignRhysicalReg", "-isaasmNamesOutputFile", "-outputCisaBinaryName", "-platform", "-sdbStatsFile",
    "-shaderDumpFilter", "-stepping", "-stopafter", "-uniqueLabels",
];

/// Options followed by two unsigned 32-bit integers, high and low word (`ET_2xINT32`).
const TWO_INTEGER_OPTIONS: &[&str] = &[
    "-hashmovs", "-hashmovs1",
];
/// What a known option takes after its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Takes {
    Nothing,
    Integer,
    Word,
    TwoIntegers,
}

/// What `name` takes, or `None` when vISA does not know it.
fn takes(name: &str) -> Option<Takes> {
    let tables = [
        (FLAGS, Takes::Nothing),
        (INTEGER_OPTIONS, Takes::Integer),
        (STRING_OPTIONS, Takes::Word),
        (TWO_INTEGER_OPTIONS, Takes::TwoIntegers),
    ];
    tables.iter().find(|(names, _)| names.contains(&name)).map(|&(_, kind)| kind)
}

/// Every option name vISA knows.
fn all_names() -> impl Iterator<Item = &'static str> {
    [FLAGS, INTEGER_OPTIONS, STRING_OPTIONS, TWO_INTEGER_OPTIONS].into_iter().flatten().copied()
}

/// Whether `word` is an integer vISA's parser takes: decimal or `0x` hexadecimal, nothing else, under 2^32.
fn is_u32(word: &str) -> bool {
    let parsed = match word.strip_prefix("0x").or_else(|| word.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16),
        None if word.bytes().all(|b| b.is_ascii_digit()) => word.parse::<u32>(),
        None => return false,
    };
    // `from_str_radix` takes a sign; vISA's `strtoull` would wrap a negative number, so it is refused here.
    parsed.is_ok() && !word.contains(['+', '-'])
}

/// Up to five known names close to `word`: within an edit distance of a third of its length (at least 2),
/// ignoring case, or containing it; nearest first.
pub fn close_names(word: &str) -> Vec<&'static str> {
    let wanted = word.to_ascii_lowercase();
    let bare = wanted.trim_start_matches('-');
    let limit = (wanted.len() / 3).max(2);
    let mut close: Vec<(usize, &'static str)> = all_names()
        .filter_map(|name| {
            let lower = name.to_ascii_lowercase();
            let distance = strsim::levenshtein(&wanted, &lower);
            if distance <= limit {
                Some((distance, name))
            } else if bare.len() >= 4 && lower.contains(bare) {
                Some((limit + 1, name))
            } else {
                None
            }
        })
        .collect();
    close.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.to_ascii_lowercase().cmp(&b.1.to_ascii_lowercase())));
    close.into_iter().take(5).map(|(_, name)| name).collect()
}

/// Refuses the first word of `words` vISA's option parser would refuse (see the module note), as a sentence.
pub fn check(words: &[String]) -> Result<(), String> {
    if words.len() > MAX_WORDS {
        return Err(format!(
            "{} finalizer option words; at most {MAX_WORDS} are passed (IGC's vISA takes fewer than 128 in all, \
             and adds its own)",
            words.len()
        ));
    }
    if let Some(word) = words.iter().find(|w| w.contains(['\'', '"', '\\'])) {
        return Err(format!(
            "finalizer option word '{word}' holds a quote or a backslash, which IGC's -Xfinalizer text cannot carry"
        ));
    }
    let mut rest = words.iter();
    while let Some(word) = rest.next() {
        let Some(kind) = takes(word) else {
            let close = close_names(word);
            let hint = if close.is_empty() {
                "no known option is close to it".to_string()
            } else {
                format!("close names: {}", close.join(", "))
            };
            return Err(format!("'{word}' is not an option of IGC's vISA finalizer (igc-1.0.12504.6); {hint}"));
        };
        let (count, what) = match kind {
            Takes::Nothing => continue,
            Takes::Integer => (1, "an unsigned 32-bit integer"),
            Takes::Word => (1, "a value"),
            Takes::TwoIntegers => (2, "two unsigned 32-bit integers (high and low word)"),
        };
        for _ in 0..count {
            let Some(value) = rest.next() else {
                return Err(format!("finalizer option '{word}' needs {what}"));
            };
            if kind != Takes::Word && !is_u32(value) {
                return Err(format!("finalizer option '{word}' needs {what}, not '{value}'"));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn the_options_cmc_maps_and_igc_adds_are_accepted() {
        // cmc's finalizer flags (compat.rs) and what IGC's collectFinalizerArgs adds itself.
        let known = "-printasmcount -printregusage -noschedule -optreport -stripcomments -presched -presched-ctrl 4 \
                     -presched-rp 0x10 -noScalarJmp -disableIGASyntax -enablePreemption -dumpvisa -enableHalfLSC \
                     -generateDebugInfo -emitCrossThreadOffR0Reloc -debug -addKernelID -setstartbp -dumpcommonisa \
                     -output -binary -noMaskWA -TotalGRFNum 256 -fusedCallWA 1 -abiver 2 -hashmovs 1 2 \
                     -shaderDumpFilter -anything";
        check(&words(known)).unwrap();
        assert_eq!(takes("-TotalGRFNum"), Some(Takes::Integer));
        assert_eq!(takes("-platform"), Some(Takes::Word));
    }

    #[test]
    fn unknown_words_and_bad_values_are_refused_with_close_names() {
        let err = check(&words("-noschedule -nochedule")).unwrap_err();
        assert!(err.starts_with("'-nochedule' is not an option of IGC's vISA finalizer"), "{err}");
        assert!(err.contains("close names: -noschedule"), "{err}");
        let err = check(&words("-totalgrfnum 256")).unwrap_err();
        assert!(err.contains("close names: -TotalGRFNum"), "{err}");
        let err = check(&words("-zzzzzzzzzzzzzzzz")).unwrap_err();
        assert!(err.ends_with("no known option is close to it"), "{err}");
        let err = check(&words("-presched-ctrl")).unwrap_err();
        assert_eq!(err, "finalizer option '-presched-ctrl' needs an unsigned 32-bit integer");
        let err = check(&words("-presched-ctrl -noMaskWA")).unwrap_err();
        assert!(err.ends_with("not '-noMaskWA'"), "{err}");
        for bad in ["4294967296", "-1", "+3", "0x", "12a", ""] {
            assert!(check(&["-TotalGRFNum".to_string(), bad.to_string()]).is_err(), "{bad}");
        }
        assert!(check(&words("-hashmovs 1")).unwrap_err().contains("two unsigned 32-bit integers"));
        assert!(check(&words("-platform it's")).unwrap_err().contains("quote"));
        assert!(check(&vec!["-noschedule".to_string(); MAX_WORDS + 1]).unwrap_err().contains("at most 100"));
    }

    #[test]
    fn option_names_are_unique_and_spelled_as_options() {
        let mut names: Vec<&str> = all_names().collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name is in two tables");
        assert!(names.iter().all(|n| n.starts_with('-') && !n.contains(char::is_whitespace)));
    }
}
