//! Shared helpers of the executor's golden tests: one intrinsic call run through real IR.

use genx_exec::decode::decode_str;
use genx_exec::interp::{Machine, Trap};
use genx_exec::machine::ThreadIds;
use genx_exec::value::Value;

/// Runs `%r = call <ret> @<name>(<args>)` in a one-call function and returns `%r`, so the mangled name resolves
/// as it does in a compiled kernel.
pub fn call(name: &str, ret: &str, args: &[(&str, Value)]) -> Result<Value, Trap> {
    let params: Vec<String> = args.iter().enumerate().map(|(i, (ty, _))| format!("{ty} %a{i}")).collect();
    let types: Vec<&str> = args.iter().map(|(ty, _)| *ty).collect();
    let (params, types) = (params.join(", "), types.join(", "));
    let ir = format!(
        "define {ret} @f({params}) {{\nentry:\n  %r = call {ret} @{name}({params})\n  ret {ret} %r\n}}\n\
         declare {ret} @{name}({types})\n"
    );
    let program = decode_str(&ir, "call.ll").unwrap_or_else(|e| panic!("{e:?}\n{ir}"));
    let (id, f) = program.function("f").expect("function f");
    assert!(f.unsupported.is_none(), "{:?}", f.unsupported);
    let mut machine = Machine::new(&program);
    machine.run(id, args.iter().map(|(_, v)| v.clone()).collect(), ThreadIds::single(), None)
}

/// [`call`], which must succeed.
pub fn ok(name: &str, ret: &str, args: &[(&str, Value)]) -> Value {
    call(name, ret, args).unwrap_or_else(|trap| panic!("{name}: {trap}"))
}
