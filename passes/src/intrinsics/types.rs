//! LLVM-free IR types and LLVM's intrinsic name mangling.
//!
//! [`IrType`] describes the types a GenX call can carry (the verifier converts `LLVMTypeRef`s into it), prints in
//! LLVM IR syntax, and mangles as LLVM 14's `Intrinsic::getName` does (`getMangledTypeStr`): `i32`, `f16`/`f32`/
//! `f64`, `v<N><elem>`, `p<addrspace><pointee>` (typed pointers), `sl_<fields>s` for literal structs and
//! `s_<name>s` for named ones.
//!
//! vc-intrinsics' own `getGenXName` differs only for struct-typed overloads (`s<N><fields>` for literal structs and
//! the bare name for named ones). Struct results are mangled field by field, so only an `Any` operand bound to a
//! struct (e.g. `llvm.genx.alloca` of a struct type) can be spelt differently; IGC finds GenX intrinsics by name
//! prefix, so the spelling of the suffix does not change which intrinsic a call is.

use std::fmt;

use super::IntrinsicDesc;

/// An IR type, without LLVM.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IrType {
    Void,
    Int(u32),
    Half,
    Float,
    Double,
    Vector(u32, Box<IrType>),
    /// A typed pointer (LLVM 14).
    Ptr {
        addrspace: u32,
        pointee: Box<IrType>,
    },
    /// A literal struct.
    Struct(Vec<IrType>),
    /// An identified (named) struct, by name; opaque or not.
    NamedStruct(String),
}

impl IrType {
    /// Shorthand for a vector type.
    pub fn vector(lanes: u32, elem: IrType) -> IrType {
        IrType::Vector(lanes, Box::new(elem))
    }

    /// Shorthand for a typed pointer.
    pub fn ptr(addrspace: u32, pointee: IrType) -> IrType {
        IrType::Ptr { addrspace, pointee: Box::new(pointee) }
    }

    /// Number of lanes and the scalar (element) type: `(1, self)` for scalars.
    pub fn shape(&self) -> (u32, &IrType) {
        match self {
            IrType::Vector(lanes, elem) => (*lanes, elem),
            scalar => (1, scalar),
        }
    }
}

impl fmt::Display for IrType {
    /// LLVM IR syntax: `<4 x i32>`, `i8 addrspace(1)*`, `{ i32, i1 }`, `%name`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IrType::Void => f.write_str("void"),
            IrType::Int(bits) => write!(f, "i{bits}"),
            IrType::Half => f.write_str("half"),
            IrType::Float => f.write_str("float"),
            IrType::Double => f.write_str("double"),
            IrType::Vector(lanes, elem) => write!(f, "<{lanes} x {elem}>"),
            IrType::Ptr { addrspace: 0, pointee } => write!(f, "{pointee}*"),
            IrType::Ptr { addrspace, pointee } => write!(f, "{pointee} addrspace({addrspace})*"),
            IrType::Struct(fields) if fields.is_empty() => f.write_str("{}"),
            IrType::Struct(fields) => write_struct(f, fields),
            IrType::NamedStruct(name) => {
                let plain = !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '$' | '.' | '_'));
                if plain {
                    write!(f, "%{name}")
                } else {
                    write!(f, "%{name:?}")
                }
            }
        }
    }
}

/// LLVM's intrinsic-name mangling of one type, e.g. `v4i32`, `i16`, `f32`, `v8i1`, `p1i8`, `sl_i32i1s`.
pub fn mangle_type(ty: &IrType) -> String {
    let mut out = String::new();
    mangle_into(ty, &mut out);
    out
}

fn mangle_into(ty: &IrType, out: &mut String) {
    match ty {
        IrType::Void => out.push_str("isVoid"),
        IrType::Int(bits) => {
            out.push('i');
            out.push_str(&bits.to_string());
        }
        IrType::Half => out.push_str("f16"),
        IrType::Float => out.push_str("f32"),
        IrType::Double => out.push_str("f64"),
        IrType::Vector(lanes, elem) => {
            out.push('v');
            out.push_str(&lanes.to_string());
            mangle_into(elem, out);
        }
        IrType::Ptr { addrspace, pointee } => {
            out.push('p');
            out.push_str(&addrspace.to_string());
            mangle_into(pointee, out);
        }
        IrType::Struct(fields) => {
            out.push_str("sl_");
            for field in fields {
                mangle_into(field, out);
            }
            out.push('s');
        }
        IrType::NamedStruct(name) => {
            out.push_str("s_");
            out.push_str(name);
            out.push('s');
        }
    }
}

/// The full name of `desc` instantiated with `overload_types` (one per overloaded type, in mangling order):
/// `llvm.genx.rdregioni` with `[<4 x i32>, <8 x i32>, i16]` gives `llvm.genx.rdregioni.v4i32.v8i32.i16`.
pub fn mangled_name(desc: &IntrinsicDesc, overload_types: &[IrType]) -> String {
    let mut name = desc.name.to_string();
    for ty in overload_types {
        name.push('.');
        mangle_into(ty, &mut name);
    }
    name
}

/// A literal struct type as LLVM prints it: `{ a, b }` (the fields printed with their own `Display`).
pub(crate) fn write_struct<T: std::fmt::Display>(f: &mut std::fmt::Formatter<'_>, fields: &[T]) -> std::fmt::Result {
    f.write_str("{ ")?;
    for (index, field) in fields.iter().enumerate() {
        if index > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{field}")?;
    }
    f.write_str(" }")
}
