//! End-to-end checks of the interpreter on small hand-written functions: standard instructions, control flow,
//! memory, calls, and the region intrinsics, each against a value computed by hand.

use genx_exec::decode::decode_str;
use genx_exec::interp::Machine;
use genx_exec::machine::ThreadIds;
use genx_exec::memory::Fault;
use genx_exec::value::{Elem, Lanes, Value};

fn run(ir: &str, function: &str, args: Vec<Value>) -> Result<Value, genx_exec::interp::Trap> {
    let program = decode_str(ir, "test.ll").expect("test IR parses");
    let (id, f) = program.function(function).expect("function exists");
    assert!(f.unsupported.is_none(), "{:?}", f.unsupported);
    let mut machine = Machine::new(&program);
    machine.run(id, args, ThreadIds::single(), None)
}

fn ints(bits: u8, values: &[u64]) -> Value {
    Value::Lanes(Lanes::new(Elem::Int(bits), values.to_vec()))
}

#[test]
fn loop_with_phis_sums_one_to_ten() {
    let ir = r#"
define i32 @sum(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %acc.next = add i32 %acc, %i
  %i.next = add i32 %i, 1
  %done = icmp sgt i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %acc.next
}"#;
    assert_eq!(run(ir, "sum", vec![ints(32, &[10])]).unwrap(), ints(32, &[55]));
}

#[test]
fn rdregion_reads_the_langref_example() {
    // <30 x i32> 0..29, vstride 7, width 3, stride 2, byte offset 32 (element 8).
    let ir = r#"
define <9 x i32> @rd(<30 x i32> %v) {
entry:
  %r = call <9 x i32> @llvm.genx.rdregioni.v9i32.v30i32.i16(<30 x i32> %v, i32 7, i32 3, i32 2, i16 32, i32 undef)
  ret <9 x i32> %r
}
declare <9 x i32> @llvm.genx.rdregioni.v9i32.v30i32.i16(<30 x i32>, i32, i32, i32, i16, i32)"#;
    let input: Vec<u64> = (0..30).collect();
    assert_eq!(run(ir, "rd", vec![ints(32, &input)]).unwrap(), ints(32, &[8, 10, 12, 15, 17, 19, 22, 24, 26]));
}

#[test]
fn wrregion_writes_masked_2d_region() {
    // Write <4 x i32> 100..103 into rows 0 and 1 (vstride 4), columns 1..2 of a 4x4 matrix; lane 2 masked off.
    let ir = r#"
define <16 x i32> @wr(<16 x i32> %old, <4 x i32> %new) {
entry:
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %old, <4 x i32> %new, i32 4, i32 2, i32 1, i16 4, i32 undef, <4 x i1> <i1 1, i1 1, i1 0, i1 1>)
  ret <16 x i32> %w
}
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <4 x i1>)"#;
    let old: Vec<u64> = (0..16).collect();
    let result = run(ir, "wr", vec![ints(32, &old), ints(32, &[100, 101, 102, 103])]).unwrap();
    let mut expected = old.clone();
    expected[1] = 100;
    expected[2] = 101;
    expected[6] = 103;
    assert_eq!(result, ints(32, &expected));
}

#[test]
fn region_outside_the_vector_is_undefined_behaviour() {
    let ir = r#"
define <4 x i32> @rd(<8 x i32> %v, i16 %off) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 1, i16 %off, i32 undef)
  ret <4 x i32> %r
}
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)"#;
    let trap = run(ir, "rd", vec![ints(32, &[0; 8]), ints(16, &[20])]).unwrap_err();
    assert!(matches!(trap.fault, Fault::Undefined(_)), "{trap}");
    assert!(trap.to_string().contains("in function 'rd'"), "{trap}");
}

#[test]
fn memory_calls_and_out_of_bounds_reports() {
    let ir = r#"
define i32 @callee(i32* %p, i32 %i) {
entry:
  %q = getelementptr i32, i32* %p, i32 %i
  %v = load i32, i32* %q
  ret i32 %v
}
define i32 @caller(i32 %i) {
entry:
  %a = alloca [4 x i32]
  %p = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 0
  %p2 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 2
  store i32 42, i32* %p2
  %v = call i32 @callee(i32* %p, i32 %i)
  ret i32 %v
}"#;
    assert_eq!(run(ir, "caller", vec![ints(32, &[2])]).unwrap(), ints(32, &[42]));
    // Element 1 was never written: undef.
    let undef = run(ir, "caller", vec![ints(32, &[1])]).unwrap();
    assert!(!undef.is_fully_defined());
    let trap = run(ir, "caller", vec![ints(32, &[4])]).unwrap_err();
    assert!(matches!(trap.fault, Fault::OutOfBounds { write: false, .. }), "{trap}");
    assert!(trap.to_string().contains("callee"), "{trap}");
}

#[test]
fn unsupported_constructs_are_named_at_decode() {
    let ir = r#"
define i32 @f(i32 %x) {
entry:
  %r = call i32 @llvm.genx.no.semantics.i32(i32 %x)
  ret i32 %r
}
declare i32 @llvm.genx.no.semantics.i32(i32)"#;
    let program = decode_str(ir, "t.ll").unwrap();
    let reason = program.function("f").unwrap().1.unsupported.clone().unwrap();
    assert!(reason.contains("llvm.genx.no.semantics.i32"), "{reason}");
}
