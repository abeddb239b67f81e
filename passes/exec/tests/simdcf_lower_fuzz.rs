//! genx-simdcf-lower on generated programs: random nests of SIMD_IF / SIMD_ELSE and SIMD_DO_WHILE loops with
//! SIMD_BREAK and SIMD_CONTINUE over a few vector variables (in memory form, as clang writes locals, and in SSA
//! form after `sroa`, as the front end's pipeline gives them), each lowered and compared on the CPU executor with
//! the per-lane reference meaning (`genx-simdcf-lower<reference>`) of the same program on random inputs; the
//! SSA form also goes on through the middle-end pipeline. Every output must pass genx-verify and LLVM's verifier.
//! `GENX_SIMDCF_PROGRAMS` sets the number of programs (default 300).

use genx_exec::decode::decode_str;
use genx_exec::validate::{self, Options, Verdict};
use genx_passes::inkwell::context::Context;
use genx_passes::inkwell::memory_buffer::MemoryBuffer;
use genx_passes::pipeline::{self, PipelineOptions};

/// The generator's random numbers (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const VARS: usize = 4;

/// One generated function: `<W x i32> @f(<W x i32> %a, <W x i32> %b, <W x i32>* %out)`.
struct Gen {
    rng: Rng,
    width: u32,
    body: String,
    next: u32,
    /// Loop nesting: (continue target, break target) of the enclosing loops.
    loops: Vec<(String, String)>,
    /// Allocas the statements need besides the variables (loop counters and limits).
    allocas: Vec<String>,
}

impl Gen {
    fn ty(&self) -> String {
        format!("<{} x i32>", self.width)
    }

    fn splat(&self, value: i64) -> String {
        let lanes = vec![format!("i32 {value}"); self.width as usize].join(", ");
        format!("<{lanes}>")
    }

    fn fresh(&mut self, stem: &str) -> String {
        self.next += 1;
        format!("{stem}{}", self.next)
    }

    fn emit(&mut self, line: String) {
        self.body.push_str("  ");
        self.body.push_str(&line);
        self.body.push('\n');
    }

    fn label(&mut self, name: &str) {
        self.body.push_str(&format!("{name}:\n"));
    }

    fn load(&mut self, var: usize) -> String {
        let t = self.ty();
        let v = self.fresh("%l");
        self.emit(format!("{v} = load {t}, {t}* %v{var}"));
        v
    }

    /// `v[dst] = v[a] op (v[b] | constant)`.
    fn assign(&mut self) {
        let t = self.ty();
        let (dst, a) = (self.rng.below(VARS as u64) as usize, self.rng.below(VARS as u64) as usize);
        let x = self.load(a);
        let y = if self.rng.below(2) == 0 {
            let b = self.rng.below(VARS as u64) as usize;
            self.load(b)
        } else {
            let k = self.rng.below(17) as i64 - 8;
            self.splat(k)
        };
        let op = ["add", "sub", "mul", "xor", "and", "or"][self.rng.below(6) as usize];
        let r = self.fresh("%r");
        self.emit(format!("{r} = {op} {t} {x}, {y}"));
        self.emit(format!("store {t} {r}, {t}* %v{dst}"));
    }

    /// A per-lane condition on the variables: `(v[i] & 7) pred k`.
    fn condition(&mut self) -> String {
        let t = self.ty();
        let a = self.rng.below(VARS as u64) as usize;
        let x = self.load(a);
        let m = self.fresh("%m");
        let seven = self.splat(7);
        self.emit(format!("{m} = and {t} {x}, {seven}"));
        let pred = ["slt", "sgt", "eq", "ne"][self.rng.below(4) as usize];
        let k = self.rng.below(8) as i64;
        let k = self.splat(k);
        let c = self.fresh("%c");
        self.emit(format!("{c} = icmp {pred} {t} {m}, {k}"));
        let any = self.fresh("%any");
        self.emit(format!("{any} = call i1 @llvm.genx.simdcf.any.v{w}i1(<{w} x i1> {c})", w = self.width));
        any
    }

    fn store_out(&mut self) {
        let t = self.ty();
        let a = self.rng.below(VARS as u64) as usize;
        let x = self.load(a);
        self.emit(format!("store {t} {x}, {t}* %out"));
    }

    fn statements(&mut self, depth: u32) {
        let count = 1 + self.rng.below(3);
        for _ in 0..count {
            match self.rng.below(if depth >= 3 { 2 } else { 7 }) {
                0 => self.assign(),
                1 if self.rng.below(3) == 0 => self.store_out(),
                1 => self.assign(),
                2 | 3 => self.simd_if(depth),
                4 => self.simd_loop(depth),
                5 if !self.loops.is_empty() => self.break_or_continue(),
                _ => self.assign(),
            }
        }
    }

    fn simd_if(&mut self, depth: u32) {
        let any = self.condition();
        let (then, other, end) = (self.fresh("then"), self.fresh("else"), self.fresh("endif"));
        let has_else = self.rng.below(2) == 0;
        let false_leg = if has_else { other.clone() } else { end.clone() };
        self.emit(format!("br i1 {any}, label %{then}, label %{false_leg}"));
        self.label(&then);
        self.statements(depth + 1);
        self.emit(format!("br label %{end}"));
        if has_else {
            self.label(&other);
            self.statements(depth + 1);
            self.emit(format!("br label %{end}"));
        }
        self.label(&end);
    }

    /// `c = 0; do { c += 1; ...; } while (any(c < limit))` with `limit` in 1..=4 per lane.
    fn simd_loop(&mut self, depth: u32) {
        let t = self.ty();
        let counter = self.fresh("%counter");
        let limit = self.fresh("%limit");
        // The counter and the limit live in memory like the variables (allocated in the entry block).
        self.emit(format!("store {t} zeroinitializer, {t}* {counter}"));
        let a = self.rng.below(VARS as u64) as usize;
        let x = self.load(a);
        let (m, l) = (self.fresh("%m"), self.fresh("%lim"));
        let (three, one) = (self.splat(3), self.splat(1));
        self.emit(format!("{m} = and {t} {x}, {three}"));
        self.emit(format!("{l} = add {t} {m}, {one}"));
        self.emit(format!("store {t} {l}, {t}* {limit}"));
        let (body, latch, exit) = (self.fresh("body"), self.fresh("latch"), self.fresh("exit"));
        self.emit(format!("br label %{body}"));
        self.label(&body);
        let c = self.fresh("%cv");
        self.emit(format!("{c} = load {t}, {t}* {counter}"));
        let c1 = self.fresh("%cv");
        self.emit(format!("{c1} = add {t} {c}, {one}"));
        self.emit(format!("store {t} {c1}, {t}* {counter}"));
        self.loops.push((latch.clone(), exit.clone()));
        self.statements(depth + 1);
        self.loops.pop();
        self.emit(format!("br label %{latch}"));
        self.label(&latch);
        let (cv, lv, more, any) = (self.fresh("%cv"), self.fresh("%lv"), self.fresh("%more"), self.fresh("%any"));
        self.emit(format!("{cv} = load {t}, {t}* {counter}"));
        self.emit(format!("{lv} = load {t}, {t}* {limit}"));
        self.emit(format!("{more} = icmp slt {t} {cv}, {lv}"));
        self.emit(format!("{any} = call i1 @llvm.genx.simdcf.any.v{w}i1(<{w} x i1> {more})", w = self.width));
        self.emit(format!("br i1 {any}, label %{body}, label %{exit}"));
        self.label(&exit);
        self.allocas.push(counter);
        self.allocas.push(limit);
    }

    /// `SIMD_IF(cond) SIMD_BREAK;` or `SIMD_CONTINUE;`.
    fn break_or_continue(&mut self) {
        let (cont, brk) = self.loops.last().cloned().expect("inside a loop");
        let target = if self.rng.below(2) == 0 { cont } else { brk };
        let any = self.condition();
        let (jump, rest) = (self.fresh("jump"), self.fresh("rest"));
        self.emit(format!("br i1 {any}, label %{jump}, label %{rest}"));
        self.label(&jump);
        self.emit(format!("br label %{target}"));
        self.label(&rest);
    }
}

/// A generated program in memory form.
fn program(seed: u64) -> String {
    let mut rng = Rng(seed);
    let width = [8u32, 16, 32][rng.below(3) as usize];
    let mut g = Gen { rng, width, body: String::new(), next: 0, loops: Vec::new(), allocas: Vec::new() };
    g.statements(0);
    let t = g.ty();
    let mut sum = g.load(0);
    for var in 1..VARS {
        let x = g.load(var);
        let s = g.fresh("%sum");
        g.emit(format!("{s} = add {t} {sum}, {x}"));
        sum = s;
    }
    g.emit(format!("ret {t} {sum}"));
    let mut entry = String::new();
    for var in 0..VARS {
        entry.push_str(&format!("  %v{var} = alloca {t}\n"));
    }
    for a in &g.allocas {
        entry.push_str(&format!("  {a} = alloca {t}\n"));
    }
    entry.push_str(&format!("  store {t} %a, {t}* %v0\n  store {t} %b, {t}* %v1\n"));
    entry.push_str(&format!("  %ab = xor {t} %a, %b\n  store {t} %ab, {t}* %v2\n"));
    entry.push_str(&format!("  %ba = sub {t} %b, %a\n  store {t} %ba, {t}* %v3\n"));
    format!(
        "define {t} @f({t} %a, {t} %b, {t}* %out) {{\nentry:\n{entry}{body}}}\n\ndeclare i1 @llvm.genx.simdcf.any.v{w}i1(<{w} x i1>)\n",
        body = g.body,
        w = width
    )
}

/// Runs `passes` on `ir` in-process; the printed result.
fn run(ir: &str, passes: &str) -> Result<String, String> {
    let context = Context::create();
    let buffer = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "generated.ll");
    let module = context.create_module_from_ir(buffer).map_err(|m| format!("parse: {m}"))?;
    pipeline::run(&module, passes, PipelineOptions::default()).map_err(|e| format!("{passes}: {e}"))?;
    module.verify().map_err(|m| format!("{passes}: LLVM verifier: {m}"))?;
    Ok(module.print_to_string().to_string())
}

#[test]
fn generated_simd_control_flow_agrees_with_the_per_lane_reference() {
    let count: u64 = std::env::var("GENX_SIMDCF_PROGRAMS").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    let options = Options { trials: 16, ..Options::default() };
    let (mut trials, mut discarded, mut checks) = (0u64, 0u64, 0u64);
    for seed in 1..=count {
        let ir = program(seed);
        let reference = run(&ir, "genx-simdcf-lower<reference>").unwrap_or_else(|e| panic!("{e}\n{ir}"));
        let reference = decode_str(&reference, "reference.ll").unwrap_or_else(|e| panic!("{e}\n{ir}"));
        for passes in [
            "genx-simdcf-lower,genx-verify",
            "function(sroa),genx-simdcf-lower,function(sroa,early-cse),genx-verify",
            // and on through the middle end, which must keep the goto/join program's meaning
            "function(sroa),genx-simdcf-lower,function(sroa,early-cse),genx-lowering,genx-region-collapse,\
             genx-const-fold,genx-dead-vector,genx-verify",
        ] {
            let lowered = run(&ir, passes).unwrap_or_else(|e| panic!("program {seed}: {e}\n{ir}"));
            let after = decode_str(&lowered, "lowered.ll").unwrap_or_else(|e| panic!("{e}\n{lowered}"));
            match validate::validate(&reference, &after, options) {
                Verdict::Agree { trials: t, discarded: d, .. } => {
                    trials += t;
                    discarded += d;
                    checks += 1;
                }
                Verdict::Mismatch(m) => panic!("program {seed} through {passes}: {m}\n{ir}\n{lowered}"),
                Verdict::CannotValidate { function, reason } => {
                    panic!("program {seed}: cannot validate '{function}': {reason}\n{ir}")
                }
            }
        }
    }
    println!(
        "simdcf-lower fuzz: {count} programs, {checks} lowerings validated against the per-lane reference on {trials} \
         trials ({discarded} discarded), 0 mismatches"
    );
}
