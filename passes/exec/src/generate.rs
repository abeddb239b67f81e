//! A generator of random, valid region programs: the input of the pipeline fuzzer and benchmarks.
//!
//! Each program is one function over vector arguments that chains the constructs the middle end rewrites:
//! rdregion and wrregion (1D and 2D, constant and variable offsets, parent widths, masks), bitcasts across element
//! sizes, sign/zero extension and truncation, insert/extractelement, shufflevector, element-wise arithmetic, and
//! conditions written as numbers (compares, their `sext`/`zext` masks, blends and conditional adds).
//! Every region is valid by construction (inside its vector, element-aligned, no element written twice), and
//! variable offsets come straight from `i16` arguments, so the translation validator draws them in range.
//! The output never depends on the encoding of a NaN made by float arithmetic, which LLVM leaves open (`Val::nan_bits`):
//! such values are not viewed as integers, and a half one is not the result.
//! The same seed always gives the same program.
//!
//! Invariant: the output parses as LLVM 14 IR and passes `genx-verify` (a test checks both).

use std::fmt::Write;

/// Element types the generator uses: (IR name, bytes, is float).
const ELEMENTS: &[(&str, u32, bool)] = &[
    ("i8", 1, false),
    ("i16", 2, false),
    ("i32", 4, false),
    ("i64", 8, false),
    ("half", 2, true),
    ("float", 4, true),
];

/// Shape knobs of a generated program.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Instructions to generate (approximately; some steps emit two).
    pub instructions: usize,
    /// Vector arguments.
    pub vector_args: usize,
    /// Whether to write conditions as numbers too (`Builder::truth_idiom`). Off, the steps are those of the
    /// generator before it had them (the vISA route's bounded fuzz runs both ways; the pipeline fuzzer and
    /// `fuzz_visa_route` run with them).
    pub conditions: bool,
}

impl Default for Shape {
    fn default() -> Self {
        Shape { instructions: 24, vector_args: 3, conditions: true }
    }
}

/// A generated function: its IR text (a whole module) and the function name.
pub struct Generated {
    pub ir: String,
    pub function: String,
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// A value of the function: its name, element type index and lane count.
#[derive(Clone, Debug)]
struct Val {
    name: String,
    elem: usize,
    lanes: u32,
    /// Whether a lane may be a NaN made by float arithmetic, whose sign and payload LLVM leaves open (a pass may
    /// change them: `fsub a, b` done as `a + (-b)` flips a NaN's sign). Such a value is never viewed as integers
    /// (bitcast, truth idioms), so a program's output never depends on a NaN's encoding; read as floats, a NaN
    /// is a NaN at every level.
    nan_bits: bool,
}

impl Val {
    fn ty(&self) -> String {
        vector_type(self.elem, self.lanes)
    }
}

fn vector_type(elem: usize, lanes: u32) -> String {
    format!("<{lanes} x {}>", ELEMENTS[elem].0)
}

fn vector_type_i1(lanes: u32) -> String {
    format!("<{lanes} x i1>")
}

/// Mangling suffix of a vector type (`v8i32`, `v16f16`).
fn mangle(elem: usize, lanes: u32) -> String {
    let e = match ELEMENTS[elem].0 {
        "half" => "f16".to_string(),
        "float" => "f32".to_string(),
        other => other.to_string(),
    };
    format!("v{lanes}{e}")
}

struct Builder {
    rng: Rng,
    body: String,
    declarations: std::collections::BTreeSet<String>,
    values: Vec<Val>,
    /// How many of `values` are the function's vector arguments (the first ones), the only fully defined values.
    arguments: usize,
    offsets: Vec<String>,
    next: usize,
}

impl Builder {
    fn fresh(&mut self, stem: &str) -> String {
        self.next += 1;
        format!("%{stem}{}", self.next)
    }

    /// A random region of `n` elements over a vector of `len` elements: (vstride, width, stride, first element)
    /// such that every element is inside; `None` when none fits.
    fn region(&mut self, n: u32, len: u32, write: bool) -> Option<(i64, i64, i64, i64)> {
        let divisors: Vec<u32> = (1..=n).filter(|w| n % w == 0).collect();
        for _ in 0..16 {
            let width = *self.rng.pick(&divisors) as i64;
            let rows = n as i64 / width;
            let stride = if write { *self.rng.pick(&[1i64, 1, 2, 3]) } else { *self.rng.pick(&[0i64, 1, 1, 2, 4]) };
            let stride = if width == 1 { 1 } else { stride };
            let vstride = if rows == 1 {
                0
            } else if write {
                width * stride + self.rng.below(4) as i64
            } else {
                *self.rng.pick(&[0i64, width * stride, width * stride + 1, 2 * width])
            };
            let extent = (rows - 1) * vstride + (width - 1) * stride;
            if extent >= len as i64 {
                continue;
            }
            if write {
                // No element written twice.
                let mut seen = std::collections::HashSet::new();
                let unique = (0..rows).all(|r| (0..width).all(|c| seen.insert(r * vstride + c * stride)));
                if !unique {
                    continue;
                }
            }
            let first = self.rng.below((len as i64 - extent) as u64) as i64;
            return Some((vstride, width, stride, first));
        }
        None
    }

    fn declare(&mut self, text: String) {
        self.declarations.insert(text);
    }

    fn rdregion(&mut self, source: &Val) {
        let sizes: Vec<u32> = [1u32, 2, 4, 8, 16].iter().copied().filter(|&s| s <= source.lanes * 2).collect();
        let n = *self.rng.pick(&sizes);
        let Some((vs, w, s, first)) = self.region(n, source.lanes, false) else { return };
        let eb = ELEMENTS[source.elem].1 as i64;
        let kind = if ELEMENTS[source.elem].2 { "f" } else { "i" };
        // A variable offset: an i16 argument (drawn in range by the validator), for 1D regions only.
        let variable = !self.offsets.is_empty() && self.rng.chance(20) && n > 1;
        // Each offset argument feeds one region, so the validator's range for it is exact.
        let (offset, pw) = if variable {
            let i = self.rng.below(self.offsets.len() as u64) as usize;
            (self.offsets.swap_remove(i), "i32 undef".to_string())
        } else {
            (format!("{}", first * eb), "i32 undef".to_string())
        };
        let name = self.fresh("rd");
        let ret = vector_type(source.elem, n);
        let callee = format!("llvm.genx.rdregion{kind}.{}.{}.i16", mangle(source.elem, n), mangle(source.elem, source.lanes));
        self.declare(format!("declare {ret} @{callee}({}, i32, i32, i32, i16, i32)", source.ty()));
        let _ = writeln!(
            self.body,
            "  {name} = call {ret} @{callee}({} {}, i32 {vs}, i32 {w}, i32 {s}, i16 {offset}, {pw})",
            source.ty(),
            source.name
        );
        self.values.push(Val { name, elem: source.elem, lanes: n, nan_bits: source.nan_bits });
    }

    fn wrregion(&mut self, old: &Val) {
        let candidates: Vec<Val> =
            self.values.iter().filter(|v| v.elem == old.elem && v.lanes <= old.lanes).cloned().collect();
        let Some(new) = candidates.get(self.rng.below(candidates.len() as u64) as usize).cloned() else { return };
        let Some((vs, w, s, first)) = self.region(new.lanes, old.lanes, true) else { return };
        let eb = ELEMENTS[old.elem].1 as i64;
        let kind = if ELEMENTS[old.elem].2 { "f" } else { "i" };
        let masked = self.rng.chance(25) && new.lanes > 1;
        let (mask_ty, mask_value, mask_mangle) = if masked {
            let bits: Vec<String> = (0..new.lanes).map(|_| format!("i1 {}", self.rng.below(2))).collect();
            (format!("<{} x i1>", new.lanes), format!("<{}>", bits.join(", ")), format!("v{}i1", new.lanes))
        } else {
            ("i1".to_string(), "true".to_string(), "i1".to_string())
        };
        let name = self.fresh("wr");
        let callee = format!(
            "llvm.genx.wrregion{kind}.{}.{}.i16.{mask_mangle}",
            mangle(old.elem, old.lanes),
            mangle(new.elem, new.lanes)
        );
        self.declare(format!(
            "declare {} @{callee}({}, {}, i32, i32, i32, i16, i32, {mask_ty})",
            old.ty(),
            old.ty(),
            new.ty()
        ));
        let _ = writeln!(
            self.body,
            "  {name} = call {} @{callee}({} {}, {} {}, i32 {vs}, i32 {w}, i32 {s}, i16 {}, i32 undef, {mask_ty} {mask_value})",
            old.ty(),
            old.ty(),
            old.name,
            new.ty(),
            new.name,
            first * eb
        );
        self.values.push(Val { name, elem: old.elem, lanes: old.lanes, nan_bits: old.nan_bits || new.nan_bits });
    }

    fn bitcast(&mut self, source: &Val) {
        if source.nan_bits {
            return;
        }
        let bits = ELEMENTS[source.elem].1 * 8 * source.lanes;
        let options: Vec<usize> = (0..ELEMENTS.len())
            .filter(|&e| e != source.elem && bits % (ELEMENTS[e].1 * 8) == 0 && bits / (ELEMENTS[e].1 * 8) <= 64)
            .collect();
        if options.is_empty() {
            return;
        }
        let elem = *self.rng.pick(&options);
        let lanes = bits / (ELEMENTS[elem].1 * 8);
        let name = self.fresh("bc");
        let _ = writeln!(self.body, "  {name} = bitcast {} {} to {}", source.ty(), source.name, vector_type(elem, lanes));
        self.values.push(Val { name, elem, lanes, nan_bits: false });
    }

    fn arithmetic(&mut self, a: &Val) {
        let partners: Vec<Val> = self.values.iter().filter(|v| v.elem == a.elem && v.lanes == a.lanes).cloned().collect();
        let b = self.rng.pick(&partners).clone();
        let op = if ELEMENTS[a.elem].2 {
            *self.rng.pick(&["fadd", "fsub", "fmul"])
        } else {
            *self.rng.pick(&["add", "sub", "xor", "and", "or", "mul"])
        };
        let name = self.fresh("op");
        let _ = writeln!(self.body, "  {name} = {op} {} {}, {}", a.ty(), a.name, b.name);
        self.values.push(Val { name, elem: a.elem, lanes: a.lanes, nan_bits: ELEMENTS[a.elem].2 });
    }

    /// A condition written as a number, the idioms genx-lowering rewrites into selects: a compare of two
    /// arguments, its mask `sext` to `a`'s width (sometimes sign-tested again, as clang's vector `?:` does),
    /// then a blend of `a` and a partner (`or` of two masked values, or the `xor` form), a conditional add or
    /// subtract of the extended compare, or a masked value. Float values blend through their same-width integer
    /// view. The compare reads arguments only: a predicate from undefined lanes is undefined in the vISA
    /// executor, and its per-element definedness makes a predicate moved through a register (genx-legalize's
    /// split predicates) undefined as a whole, which would fail correct programs.
    fn truth_idiom(&mut self, a: &Val) {
        // Not on i64 values: they would only add i64 emulation, which the other steps already reach.
        if ELEMENTS[a.elem].1 > 4 || a.nan_bits {
            return;
        }
        let partners: Vec<Val> =
            self.values.iter().filter(|v| v.elem == a.elem && v.lanes == a.lanes && !v.nan_bits).cloned().collect();
        let b = self.rng.pick(&partners).clone();
        let tested: Vec<Val> = self.values[..self.arguments].iter().filter(|v| v.lanes == a.lanes).cloned().collect();
        if tested.is_empty() {
            return;
        }
        let x = self.rng.pick(&tested).clone();
        let y = self.rng.pick(&tested.iter().filter(|v| v.elem == x.elem).cloned().collect::<Vec<_>>()).clone();
        let float = ELEMENTS[a.elem].2;
        let int_elem = if float { (0..4).find(|&e| ELEMENTS[e].1 == ELEMENTS[a.elem].1).expect("an integer of each float width") } else { a.elem };
        let (ty, ity) = (a.ty(), vector_type(int_elem, a.lanes));
        let cmp = self.fresh("cmp");
        if ELEMENTS[x.elem].2 {
            let pred = *self.rng.pick(&["olt", "oge", "une"]);
            let _ = writeln!(self.body, "  {cmp} = fcmp {pred} {} {}, {}", x.ty(), x.name, y.name);
        } else {
            let pred = *self.rng.pick(&["sgt", "ult", "eq", "ne", "sle"]);
            let _ = writeln!(self.body, "  {cmp} = icmp {pred} {} {}, {}", x.ty(), x.name, y.name);
        }
        let (mut ai, mut bi) = (a.name.clone(), b.name.clone());
        if float {
            ai = self.fresh("ai");
            bi = self.fresh("bi");
            let _ = writeln!(self.body, "  {ai} = bitcast {ty} {} to {ity}", a.name);
            let _ = writeln!(self.body, "  {bi} = bitcast {ty} {} to {ity}", b.name);
        }
        let lanes_of = |v: &str| vec![v.to_string(); a.lanes as usize].join(", ");
        let scalar = ELEMENTS[int_elem].0;
        let all_ones = format!("<{}>", lanes_of(&format!("{scalar} -1")));
        let mut mask = self.fresh("mask");
        let _ = writeln!(self.body, "  {mask} = sext {} {cmp} to {ity}", vector_type_i1(a.lanes));
        if self.rng.chance(50) {
            let msb = self.fresh("msb");
            let again = self.fresh("mask");
            let _ = writeln!(self.body, "  {msb} = icmp slt {ity} {mask}, zeroinitializer");
            let _ = writeln!(self.body, "  {again} = sext {} {msb} to {ity}", vector_type_i1(a.lanes));
            mask = again;
        }
        let result = self.fresh("truth");
        match if float { self.rng.below(2) } else { self.rng.below(4) } {
            0 => {
                let (not, keep, take) = (self.fresh("not"), self.fresh("keep"), self.fresh("take"));
                let _ = writeln!(self.body, "  {not} = xor {ity} {mask}, {all_ones}");
                let _ = writeln!(self.body, "  {keep} = and {ity} {bi}, {not}");
                let _ = writeln!(self.body, "  {take} = and {ity} {mask}, {ai}");
                let _ = writeln!(self.body, "  {result} = or {ity} {keep}, {take}");
            }
            1 => {
                let (diff, pick) = (self.fresh("diff"), self.fresh("pick"));
                let _ = writeln!(self.body, "  {diff} = xor {ity} {ai}, {bi}");
                let _ = writeln!(self.body, "  {pick} = and {ity} {diff}, {mask}");
                let _ = writeln!(self.body, "  {result} = xor {ity} {bi}, {pick}");
            }
            2 => {
                let ext = self.fresh("ext");
                let _ = writeln!(self.body, "  {ext} = zext {} {cmp} to {ity}", vector_type_i1(a.lanes));
                let _ = writeln!(self.body, "  {result} = add {ity} {ai}, {ext}");
            }
            _ => {
                let op = *self.rng.pick(&["sub", "and"]);
                let _ = writeln!(self.body, "  {result} = {op} {ity} {ai}, {mask}");
            }
        }
        let name = if float {
            let back = self.fresh("tv");
            let _ = writeln!(self.body, "  {back} = bitcast {ity} {result} to {ty}");
            back
        } else {
            result
        };
        self.values.push(Val { name, elem: a.elem, lanes: a.lanes, nan_bits: false });
    }

    fn extend_or_truncate(&mut self, a: &Val) {
        if ELEMENTS[a.elem].2 {
            return;
        }
        let ints: Vec<usize> = (0..4).filter(|&e| e != a.elem).collect();
        let to = *self.rng.pick(&ints);
        let op = if ELEMENTS[to].1 < ELEMENTS[a.elem].1 {
            "trunc"
        } else if self.rng.chance(50) {
            "sext"
        } else {
            "zext"
        };
        let name = self.fresh("cv");
        let _ = writeln!(self.body, "  {name} = {op} {} {} to {}", a.ty(), a.name, vector_type(to, a.lanes));
        self.values.push(Val { name, elem: to, lanes: a.lanes, nan_bits: false });
    }

    fn element_access(&mut self, a: &Val) {
        let index = self.rng.below(a.lanes as u64);
        let scalar = ELEMENTS[a.elem].0;
        let x = self.fresh("ex");
        let _ = writeln!(self.body, "  {x} = extractelement {} {}, i32 {index}", a.ty(), a.name);
        let target = self.rng.below(a.lanes as u64);
        let name = self.fresh("in");
        let _ = writeln!(self.body, "  {name} = insertelement {} {}, {scalar} {x}, i32 {target}", a.ty(), a.name);
        self.values.push(Val { name, elem: a.elem, lanes: a.lanes, nan_bits: a.nan_bits });
    }

    fn shuffle(&mut self, a: &Val) {
        let partners: Vec<Val> = self.values.iter().filter(|v| v.elem == a.elem && v.lanes == a.lanes).cloned().collect();
        let b = self.rng.pick(&partners).clone();
        let n = *self.rng.pick(&[2u32, 4, 8, 16]);
        let mask: Vec<String> = (0..n)
            .map(|i| match self.rng.below(4) {
                0 => format!("i32 {}", self.rng.below(2 * a.lanes as u64)),
                1 => "i32 undef".to_string(),
                _ => format!("i32 {}", (i * 2) % (2 * a.lanes)),
            })
            .collect();
        let name = self.fresh("sh");
        let _ = writeln!(
            self.body,
            "  {name} = shufflevector {} {}, {} {}, <{n} x i32> <{}>",
            a.ty(),
            a.name,
            b.ty(),
            b.name,
            mask.join(", ")
        );
        self.values.push(Val { name, elem: a.elem, lanes: n, nan_bits: a.nan_bits || b.nan_bits });
    }
}

/// Generates program number `seed` of the given shape.
pub fn program(seed: u64, shape: Shape) -> Generated {
    let mut b = Builder {
        rng: Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1),
        body: String::new(),
        declarations: Default::default(),
        values: Vec::new(),
        arguments: shape.vector_args.max(1),
        offsets: Vec::new(),
        next: 0,
    };
    let mut params = Vec::new();
    for i in 0..shape.vector_args.max(1) {
        let elem = b.rng.below(ELEMENTS.len() as u64) as usize;
        let lanes = *b.rng.pick(&[8u32, 16, 32]);
        let name = format!("%v{i}");
        params.push(format!("{} {name}", vector_type(elem, lanes)));
        b.values.push(Val { name, elem, lanes, nan_bits: false });
    }
    for i in 0..2 {
        let name = format!("%off{i}");
        params.push(format!("i16 {name}"));
        b.offsets.push(name);
    }
    while b.body.lines().count() < shape.instructions {
        let source = b.rng.pick(&b.values.clone()).clone();
        match b.rng.below(if shape.conditions { 11 } else { 10 }) {
            0..=2 => b.rdregion(&source),
            3..=4 => b.wrregion(&source),
            5 => b.bitcast(&source),
            6 => b.arithmetic(&source),
            7 => b.extend_or_truncate(&source),
            8 => b.element_access(&source),
            9 if shape.conditions => b.truth_idiom(&source),
            _ => b.shuffle(&source),
        }
    }
    // The result's bytes are compared dword by dword, a NaN agreeing with a NaN only as a whole float dword:
    // not a half that may be a NaN of open encoding.
    let result = b
        .values
        .iter()
        .rev()
        .find(|v| !(v.nan_bits && ELEMENTS[v.elem].1 == 2))
        .cloned()
        .expect("arguments are values");
    let function = format!("fuzz{seed}");
    let mut ir = String::new();
    let _ = writeln!(ir, "define {} @{function}({}) {{\nentry:", result.ty(), params.join(", "));
    ir.push_str(&b.body);
    let _ = writeln!(ir, "  ret {} {}\n}}\n", result.ty(), result.name);
    for declaration in &b.declarations {
        let _ = writeln!(ir, "{declaration}");
    }
    Generated { ir, function }
}

/// A module of many generated functions, about `instructions` instructions in all (benchmarks).
pub fn module(seed: u64, instructions: usize) -> String {
    let mut functions = Vec::new();
    let mut declarations = std::collections::BTreeSet::new();
    let mut count = 0;
    let mut i = 0;
    while count < instructions {
        let generated = program(seed + i, Shape { instructions: 200, vector_args: 4, conditions: false });
        for line in generated.ir.lines() {
            if line.starts_with("declare") {
                declarations.insert(line.to_string());
            } else {
                functions.push(line.to_string());
                if line.starts_with("  ") {
                    count += 1;
                }
            }
        }
        i += 1;
    }
    let mut ir = functions.join("\n");
    ir.push('\n');
    for declaration in declarations {
        ir.push_str(&declaration);
        ir.push('\n');
    }
    ir
}
