//! Golden tests of SIMD control flow: hand-written kernels in the form CMSimdCFLowering produces (one `<32 x i1>`
//! EM global initialised to all ones, one zeroed RM alloca per join point, `simdcf.goto`/`simdcf.join` feeding
//! `br`, writes predicated by a 16-lane slice of EM), run on many inputs and compared lane by lane with the CM
//! program computed in Rust. After each run the EM global must be all ones again.

use genx_exec::decode::decode_str;
use genx_exec::interp::Machine;
use genx_exec::machine::ThreadIds;
use genx_exec::program::Program;
use genx_exec::value::{Elem, Lanes, Value};

/// `<N x i1>` all true.
fn ones(n: usize) -> String {
    format!("<{}>", vec!["i1 true"; n].join(", "))
}

/// `<16 x i32> <i32 0, ..., i32 15>`, the shuffle mask that slices EM to SIMD16.
fn slice16() -> String {
    format!("<{}>", (0..16).map(|i| format!("i32 {i}")).collect::<Vec<_>>().join(", "))
}

/// Expands `ONES32`, `ONES16` and `SLICE16` in test IR, and adds the shared declarations.
fn module(body: &str) -> String {
    let decls = r#"
@EM = internal global <32 x i1> ONES32

define <32 x i1> @read_em() {
entry:
  %em = load <32 x i1>, <32 x i1>* @EM
  ret <32 x i1> %em
}

declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32>, <16 x i32>, i32, i32, i32, i16, i32, <16 x i1>)
declare i32 @llvm.genx.simdcf.savemask.v32i1(<32 x i1>)
declare <32 x i1> @llvm.genx.simdcf.unmask.v32i1(i32, i32)
declare <32 x i1> @llvm.genx.simdcf.remask.v32i1(<32 x i1>, i32)
"#;
    format!("{decls}\n{body}").replace("ONES32", &ones(32)).replace("ONES16", &ones(16)).replace("SLICE16", &slice16())
}

fn ints(values: &[i32]) -> Value {
    Value::Lanes(Lanes::new(Elem::Int(32), values.iter().map(|&v| v as u32 as u64).collect()))
}

fn to_i32s(value: &Value) -> Vec<i32> {
    let lanes = value.lanes().expect("a vector result");
    assert!(!lanes.any_undef(), "every lane must be written exactly once: {lanes:?}");
    lanes.bits.iter().map(|&b| b as u32 as i32).collect()
}

/// A small deterministic generator (xorshift), so that the inputs cover mixed, all-true and all-false masks.
struct Inputs(u64);

impl Inputs {
    fn vector(&mut self, lo: i32, hi: i32) -> Vec<i32> {
        (0..16)
            .map(|_| {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                lo + (self.0 % (hi - lo + 1) as u64) as i32
            })
            .collect()
    }
}

/// Input vectors: random ones plus the uniform cases (every channel takes the same path).
fn cases(seed: u64, lo: i32, hi: i32) -> Vec<Vec<i32>> {
    let mut inputs = Inputs(seed);
    let mut cases: Vec<Vec<i32>> = (0..40).map(|_| inputs.vector(lo, hi)).collect();
    cases.push(vec![hi; 16]);
    cases.push(vec![lo; 16]);
    cases
}

/// Runs `function` on `args` with one machine per program, checks that EM is restored, and returns the result.
fn run(machine: &mut Machine, program: &Program, function: &str, args: Vec<Value>) -> Vec<i32> {
    let (id, f) = program.function(function).expect("function exists");
    assert!(f.unsupported.is_none(), "{:?}", f.unsupported);
    let result = machine.run(id, args, ThreadIds::single(), None).unwrap_or_else(|trap| panic!("{trap}"));
    let (read_em, _) = program.function("read_em").unwrap();
    let em = machine.run(read_em, vec![], ThreadIds::single(), None).unwrap();
    assert_eq!(em, Value::Lanes(Lanes::new(Elem::Int(1), vec![1; 32])), "EM is all ones after {function}");
    to_i32s(&result)
}

/// CM: `SIMD_IF_BEGIN(x > 0) { r = x * 2; SIMD_UNMASK_BEGIN w = x + 100; SIMD_UNMASK_END } SIMD_ELSE { r = -x; }
/// SIMD_IF_END;` returning `r`, or `w` when `%want_w`. `r` and `w` start undef, so a lane written by no leg shows.
///
/// Layout as CMSimdCFLowering makes it: the `then` leg is fall-through, so the branch is inverted and the goto gets
/// `~~cond`; `then` ends in a goto with an all-false condition parking every channel at `endif` (UIP) and jumping
/// to the `else` join (JIP); the `else` join branches to `endif` when no channel is enabled.
const IF_ELSE: &str = r#"
define <16 x i32> @if_else(<16 x i32> %x, i1 %want_w) {
entry:
  %RM.else = alloca <16 x i1>
  store <16 x i1> zeroinitializer, <16 x i1>* %RM.else
  %RM.endif = alloca <16 x i1>
  store <16 x i1> zeroinitializer, <16 x i1>* %RM.endif
  %r = alloca <16 x i32>
  %w = alloca <16 x i32>
  %saved = alloca i32
  %cond = icmp sgt <16 x i32> %x, zeroinitializer
  %invert = xor <16 x i1> %cond, ONES16
  %invert.not = xor <16 x i1> %invert, ONES16
  %em0 = load <32 x i1>, <32 x i1>* @EM
  %rm0 = load <16 x i1>, <16 x i1>* %RM.else
  %goto = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1(<32 x i1> %em0, <16 x i1> %rm0, <16 x i1> %invert.not)
  %goto.extractem = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto, 0
  store <32 x i1> %goto.extractem, <32 x i1>* @EM
  %goto.extractrm = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto, 1
  store <16 x i1> %goto.extractrm, <16 x i1>* %RM.else
  %goto.extractcond = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto, 2
  br i1 %goto.extractcond, label %else, label %then

then:
  %em1 = load <32 x i1>, <32 x i1>* @EM
  %em1.slice = shufflevector <32 x i1> %em1, <32 x i1> undef, <16 x i32> SLICE16
  %r.then.old = load <16 x i32>, <16 x i32>* %r
  %twice = mul <16 x i32> %x, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %r.then = select <16 x i1> %em1.slice, <16 x i32> %twice, <16 x i32> %r.then.old
  store <16 x i32> %r.then, <16 x i32>* %r
  ; SIMD_UNMASK_BEGIN: every channel writes w.
  %em.before = load <32 x i1>, <32 x i1>* @EM
  %savemask = call i32 @llvm.genx.simdcf.savemask.v32i1(<32 x i1> %em.before)
  store i32 %savemask, i32* %saved
  %unmask = call <32 x i1> @llvm.genx.simdcf.unmask.v32i1(i32 %savemask, i32 -1)
  store <32 x i1> %unmask, <32 x i1>* @EM
  %em.unmasked = load <32 x i1>, <32 x i1>* @EM
  %em.unmasked.slice = shufflevector <32 x i1> %em.unmasked, <32 x i1> undef, <16 x i32> SLICE16
  %w.old = load <16 x i32>, <16 x i32>* %w
  %plus = add <16 x i32> %x, <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>
  %w.new = call <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32> %w.old, <16 x i32> %plus, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %em.unmasked.slice)
  store <16 x i32> %w.new, <16 x i32>* %w
  ; SIMD_UNMASK_END
  %em.inside = load <32 x i1>, <32 x i1>* @EM
  %saved.back = load i32, i32* %saved
  %remask = call <32 x i1> @llvm.genx.simdcf.remask.v32i1(<32 x i1> %em.inside, i32 %saved.back)
  store <32 x i1> %remask, <32 x i1>* @EM
  ; The unconditional SIMD branch to endif: park every enabled channel there, go on at the else join.
  %true.not = xor <16 x i1> ONES16, ONES16
  %em2 = load <32 x i1>, <32 x i1>* @EM
  %rm2 = load <16 x i1>, <16 x i1>* %RM.endif
  %goto1 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1(<32 x i1> %em2, <16 x i1> %rm2, <16 x i1> %true.not)
  %goto1.extractem = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto1, 0
  store <32 x i1> %goto1.extractem, <32 x i1>* @EM
  %goto1.extractrm = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto1, 1
  store <16 x i1> %goto1.extractrm, <16 x i1>* %RM.endif
  %goto1.extractcond = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto1, 2
  br i1 %goto1.extractcond, label %else, label %else

else:
  %em3 = load <32 x i1>, <32 x i1>* @EM
  %rm3 = load <16 x i1>, <16 x i1>* %RM.else
  %join = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %em3, <16 x i1> %rm3)
  %join.extractem = extractvalue { <32 x i1>, i1 } %join, 0
  store <32 x i1> %join.extractem, <32 x i1>* @EM
  %join.extractcond = extractvalue { <32 x i1>, i1 } %join, 1
  store <16 x i1> zeroinitializer, <16 x i1>* %RM.else
  br i1 %join.extractcond, label %endif, label %else.afterjoin

else.afterjoin:
  %em4 = load <32 x i1>, <32 x i1>* @EM
  %em4.slice = shufflevector <32 x i1> %em4, <32 x i1> undef, <16 x i32> SLICE16
  %r.else.old = load <16 x i32>, <16 x i32>* %r
  %neg = sub <16 x i32> zeroinitializer, %x
  %r.else = call <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32> %r.else.old, <16 x i32> %neg, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %em4.slice)
  store <16 x i32> %r.else, <16 x i32>* %r
  br label %endif

endif:
  %em5 = load <32 x i1>, <32 x i1>* @EM
  %rm5 = load <16 x i1>, <16 x i1>* %RM.endif
  %join1 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %em5, <16 x i1> %rm5)
  %join1.extractem = extractvalue { <32 x i1>, i1 } %join1, 0
  store <32 x i1> %join1.extractem, <32 x i1>* @EM
  store <16 x i1> zeroinitializer, <16 x i1>* %RM.endif
  br label %endif.afterjoin

endif.afterjoin:
  %p = select i1 %want_w, <16 x i32>* %w, <16 x i32>* %r
  %out = load <16 x i32>, <16 x i32>* %p
  ret <16 x i32> %out
}
"#;

#[test]
fn if_else_runs_each_channel_on_its_own_leg() {
    let program = decode_str(&module(IF_ELSE), "if_else.ll").expect("test IR parses");
    let mut machine = Machine::new(&program);
    for x in cases(0x9e37_79b9_7f4a_7c15, -20, 20) {
        let r = run(&mut machine, &program, "if_else", vec![ints(&x), Value::bool(false)]);
        let expected: Vec<i32> = x.iter().map(|&x| if x > 0 { x * 2 } else { -x }).collect();
        assert_eq!(r, expected, "r for x = {x:?}");
    }
}

#[test]
fn unmask_inside_a_simd_if_writes_every_channel() {
    let program = decode_str(&module(IF_ELSE), "if_else.ll").expect("test IR parses");
    let mut machine = Machine::new(&program);
    for x in cases(7, -5, 5) {
        let (id, _) = program.function("if_else").unwrap();
        let result = machine.run(id, vec![ints(&x), Value::bool(true)], ThreadIds::single(), None).unwrap();
        let lanes = result.lanes().unwrap();
        if x.iter().any(|&x| x > 0) {
            // The then leg ran with some channels, and the unmasked write reached all sixteen.
            assert_eq!(to_i32s(&result), x.iter().map(|&x| x + 100).collect::<Vec<_>>(), "w for x = {x:?}");
        } else {
            // No channel took the then leg: the goto jumped over it and w was never written.
            assert!(lanes.undef.iter().all(|&u| u), "w for x = {x:?}: {lanes:?}");
        }
    }
}

/// CM: `SIMD_DO_WHILE_BEGIN { acc += i; i -= 1; } SIMD_DO_WHILE_END(i > 0)`, returning `acc` (or `i`).
///
/// The back edge is a SIMD branch: CMSimdCFLowering makes it a forward goto to the `exit` join over a
/// `body.backward` block holding the unconditional backward branch; channels whose condition is false are parked
/// in the exit's RM and the thread leaves the loop when none is left.
const DO_WHILE: &str = r#"
define <16 x i32> @do_while(<16 x i32> %start, i1 %want_i) {
entry:
  %RM.exit = alloca <16 x i1>
  store <16 x i1> zeroinitializer, <16 x i1>* %RM.exit
  %acc = alloca <16 x i32>
  %i = alloca <16 x i32>
  store <16 x i32> zeroinitializer, <16 x i32>* %acc
  store <16 x i32> %start, <16 x i32>* %i
  br label %body

body:
  %em = load <32 x i1>, <32 x i1>* @EM
  %em.slice = shufflevector <32 x i1> %em, <32 x i1> undef, <16 x i32> SLICE16
  %acc.old = load <16 x i32>, <16 x i32>* %acc
  %i.old = load <16 x i32>, <16 x i32>* %i
  %acc.add = add <16 x i32> %acc.old, %i.old
  %acc.new = call <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32> %acc.old, <16 x i32> %acc.add, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %em.slice)
  store <16 x i32> %acc.new, <16 x i32>* %acc
  %i.sub = sub <16 x i32> %i.old, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %i.new = select <16 x i1> %em.slice, <16 x i32> %i.sub, <16 x i32> %i.old
  store <16 x i32> %i.new, <16 x i32>* %i
  %cond = icmp sgt <16 x i32> %i.new, zeroinitializer
  %invert = xor <16 x i1> %cond, ONES16
  %invert.not = xor <16 x i1> %invert, ONES16
  %em.goto = load <32 x i1>, <32 x i1>* @EM
  %rm = load <16 x i1>, <16 x i1>* %RM.exit
  %goto = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1(<32 x i1> %em.goto, <16 x i1> %rm, <16 x i1> %invert.not)
  %goto.extractem = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto, 0
  store <32 x i1> %goto.extractem, <32 x i1>* @EM
  %goto.extractrm = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto, 1
  store <16 x i1> %goto.extractrm, <16 x i1>* %RM.exit
  %goto.extractcond = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto, 2
  br i1 %goto.extractcond, label %exit, label %body.backward

body.backward:
  br label %body

exit:
  %em.exit = load <32 x i1>, <32 x i1>* @EM
  %rm.exit = load <16 x i1>, <16 x i1>* %RM.exit
  %join = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %em.exit, <16 x i1> %rm.exit)
  %join.extractem = extractvalue { <32 x i1>, i1 } %join, 0
  store <32 x i1> %join.extractem, <32 x i1>* @EM
  store <16 x i1> zeroinitializer, <16 x i1>* %RM.exit
  br label %exit.afterjoin

exit.afterjoin:
  %p = select i1 %want_i, <16 x i32>* %i, <16 x i32>* %acc
  %out = load <16 x i32>, <16 x i32>* %p
  ret <16 x i32> %out
}
"#;

#[test]
fn do_while_iterates_each_channel_until_its_own_condition_fails() {
    let program = decode_str(&module(DO_WHILE), "do_while.ll").expect("test IR parses");
    let mut machine = Machine::new(&program);
    for start in cases(42, -3, 12) {
        let mut reference_acc = Vec::new();
        let mut reference_i = Vec::new();
        for &s in &start {
            let (mut acc, mut i) = (0, s);
            loop {
                acc += i;
                i -= 1;
                if i <= 0 {
                    break;
                }
            }
            reference_acc.push(acc);
            reference_i.push(i);
        }
        let acc = run(&mut machine, &program, "do_while", vec![ints(&start), Value::bool(false)]);
        assert_eq!(acc, reference_acc, "acc for start = {start:?}");
        let i = run(&mut machine, &program, "do_while", vec![ints(&start), Value::bool(true)]);
        assert_eq!(i, reference_i, "i for start = {start:?}");
    }
}

/// CM: `r = 0; SIMD_IF_BEGIN(x > 0) { r = 1; SIMD_IF_BEGIN(y > 0) { r = 2; } SIMD_IF_END; r += 10; } SIMD_IF_END;`
///
/// Both gotos jump straight to their own join (UIP = JIP); neither join needs a JIP (each ends its group in
/// CMSimdCFLowering's grouping), so both joins end in an unconditional branch.
const NESTED: &str = r#"
define <16 x i32> @nested(<16 x i32> %x, <16 x i32> %y) {
entry:
  %RM.endif1 = alloca <16 x i1>
  store <16 x i1> zeroinitializer, <16 x i1>* %RM.endif1
  %RM.endif2 = alloca <16 x i1>
  store <16 x i1> zeroinitializer, <16 x i1>* %RM.endif2
  %r = alloca <16 x i32>
  store <16 x i32> zeroinitializer, <16 x i32>* %r
  %c1 = icmp sgt <16 x i32> %x, zeroinitializer
  %c1.invert = xor <16 x i1> %c1, ONES16
  %c1.invert.not = xor <16 x i1> %c1.invert, ONES16
  %em0 = load <32 x i1>, <32 x i1>* @EM
  %rm0 = load <16 x i1>, <16 x i1>* %RM.endif1
  %goto = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1(<32 x i1> %em0, <16 x i1> %rm0, <16 x i1> %c1.invert.not)
  %goto.extractem = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto, 0
  store <32 x i1> %goto.extractem, <32 x i1>* @EM
  %goto.extractrm = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto, 1
  store <16 x i1> %goto.extractrm, <16 x i1>* %RM.endif1
  %goto.extractcond = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto, 2
  br i1 %goto.extractcond, label %endif1, label %then1

then1:
  %em1 = load <32 x i1>, <32 x i1>* @EM
  %em1.slice = shufflevector <32 x i1> %em1, <32 x i1> undef, <16 x i32> SLICE16
  %r1.old = load <16 x i32>, <16 x i32>* %r
  %r1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32> %r1.old, <16 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %em1.slice)
  store <16 x i32> %r1, <16 x i32>* %r
  %c2 = icmp sgt <16 x i32> %y, zeroinitializer
  %c2.invert = xor <16 x i1> %c2, ONES16
  %c2.invert.not = xor <16 x i1> %c2.invert, ONES16
  %em2 = load <32 x i1>, <32 x i1>* @EM
  %rm2 = load <16 x i1>, <16 x i1>* %RM.endif2
  %goto2 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1(<32 x i1> %em2, <16 x i1> %rm2, <16 x i1> %c2.invert.not)
  %goto2.extractem = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto2, 0
  store <32 x i1> %goto2.extractem, <32 x i1>* @EM
  %goto2.extractrm = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto2, 1
  store <16 x i1> %goto2.extractrm, <16 x i1>* %RM.endif2
  %goto2.extractcond = extractvalue { <32 x i1>, <16 x i1>, i1 } %goto2, 2
  br i1 %goto2.extractcond, label %endif2, label %then2

then2:
  %em3 = load <32 x i1>, <32 x i1>* @EM
  %em3.slice = shufflevector <32 x i1> %em3, <32 x i1> undef, <16 x i32> SLICE16
  %r2.old = load <16 x i32>, <16 x i32>* %r
  %r2 = select <16 x i1> %em3.slice, <16 x i32> <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>, <16 x i32> %r2.old
  store <16 x i32> %r2, <16 x i32>* %r
  br label %endif2

endif2:
  %em4 = load <32 x i1>, <32 x i1>* @EM
  %rm4 = load <16 x i1>, <16 x i1>* %RM.endif2
  %join2 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %em4, <16 x i1> %rm4)
  %join2.extractem = extractvalue { <32 x i1>, i1 } %join2, 0
  store <32 x i1> %join2.extractem, <32 x i1>* @EM
  store <16 x i1> zeroinitializer, <16 x i1>* %RM.endif2
  br label %endif2.afterjoin

endif2.afterjoin:
  %em5 = load <32 x i1>, <32 x i1>* @EM
  %em5.slice = shufflevector <32 x i1> %em5, <32 x i1> undef, <16 x i32> SLICE16
  %r3.old = load <16 x i32>, <16 x i32>* %r
  %r3.add = add <16 x i32> %r3.old, <i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10, i32 10>
  %r3 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32> %r3.old, <16 x i32> %r3.add, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %em5.slice)
  store <16 x i32> %r3, <16 x i32>* %r
  br label %endif1

endif1:
  %em6 = load <32 x i1>, <32 x i1>* @EM
  %rm6 = load <16 x i1>, <16 x i1>* %RM.endif1
  %join1 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %em6, <16 x i1> %rm6)
  %join1.extractem = extractvalue { <32 x i1>, i1 } %join1, 0
  store <32 x i1> %join1.extractem, <32 x i1>* @EM
  store <16 x i1> zeroinitializer, <16 x i1>* %RM.endif1
  br label %endif1.afterjoin

endif1.afterjoin:
  %out = load <16 x i32>, <16 x i32>* %r
  ret <16 x i32> %out
}
"#;

#[test]
fn nested_ifs_resume_channels_at_their_own_joins() {
    let program = decode_str(&module(NESTED), "nested.ll").expect("test IR parses");
    let mut machine = Machine::new(&program);
    let xs = cases(3, -4, 4);
    let ys = cases(11, -4, 4);
    for x in &xs {
        for y in ys.iter().step_by(7) {
            let r = run(&mut machine, &program, "nested", vec![ints(x), ints(y)]);
            let expected: Vec<i32> = x
                .iter()
                .zip(y)
                .map(|(&x, &y)| match (x > 0, y > 0) {
                    (true, true) => 12,
                    (true, false) => 11,
                    (false, _) => 0,
                })
                .collect();
            assert_eq!(r, expected, "r for x = {x:?}, y = {y:?}");
        }
    }
}

#[test]
fn simdcf_any_and_predicate_in_unlowered_code() {
    // Clang's form before CMSimdCFLowering: `br (simdcf.any(cond))`, and cm_sum's input gated by
    // simdcf.predicate. Run as scalar control flow with every channel enabled.
    let ir = r#"
define i32 @unlowered(<4 x i32> %x) {
entry:
  %cond = icmp sgt <4 x i32> %x, zeroinitializer
  %any = call i1 @llvm.genx.simdcf.any.v4i1(<4 x i1> %cond)
  br i1 %any, label %then, label %done
then:
  %p = call <4 x i32> @llvm.genx.simdcf.predicate.v4i32(<4 x i32> %x, <4 x i32> zeroinitializer)
  %a = extractelement <4 x i32> %p, i32 0
  %b = extractelement <4 x i32> %p, i32 3
  %s = add i32 %a, %b
  %old = call i32 @llvm.genx.unmask.begin()
  call void @llvm.genx.unmask.end(i32 %old)
  %s2 = add i32 %s, %old
  ret i32 %s2
done:
  ret i32 -7
}
declare i1 @llvm.genx.simdcf.any.v4i1(<4 x i1>)
declare <4 x i32> @llvm.genx.simdcf.predicate.v4i32(<4 x i32>, <4 x i32>)
declare i32 @llvm.genx.unmask.begin()
declare void @llvm.genx.unmask.end(i32)
"#;
    let program = decode_str(ir, "unlowered.ll").unwrap();
    let (id, f) = program.function("unlowered").unwrap();
    assert!(f.unsupported.is_none(), "{:?}", f.unsupported);
    let mut machine = Machine::new(&program);
    let mut call = |x: [i32; 4]| machine.run(id, vec![ints(&x)], ThreadIds::single(), None).unwrap();
    // unmask.begin returns the all-ones mask (-1), so the sum is x0 + x3 - 1.
    assert_eq!(call([5, -1, -2, 3]), Value::scalar(Elem::Int(32), 7));
    assert_eq!(call([-5, -1, -2, -3]), Value::scalar(Elem::Int(32), (-7i32) as u32 as u64));
}
