//! Run-time values of the executor.
//!
//! Every first-class LLVM value is a [`Value`]: a list of lanes (a scalar is one lane) of one [`Elem`] type, each
//! lane held as the raw bits in a `u64` (integers zero-extended to 64 bits and masked to their width, `half` /
//! `float` / `double` as their IEEE bit patterns, pointers as addresses), plus a per-lane `undef` flag; or an
//! aggregate (the `{carry, result}` of addc, the `{EM, RM, i1}` of goto).
//!
//! Invariant: an integer lane's bits above its width are zero. Every constructor and operation keeps it, so
//! equality of defined lanes is equality of bits.

use std::fmt;

/// Element (lane) type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Elem {
    /// Integer of 1 to 64 bits.
    Int(u8),
    Half,
    Float,
    Double,
    /// A pointer in an address space; lanes are 64-bit addresses.
    Ptr(u32),
}

impl Elem {
    /// Size in bytes when stored in memory (i1 takes a byte, as in LLVM's data layout).
    pub fn store_bytes(self) -> usize {
        match self {
            Elem::Int(bits) => (bits as usize).div_ceil(8),
            Elem::Half => 2,
            Elem::Float => 4,
            Elem::Double => 8,
            Elem::Ptr(_) => 8,
        }
    }

    /// Width in bits.
    pub fn bits(self) -> u32 {
        match self {
            Elem::Int(bits) => bits as u32,
            Elem::Half => 16,
            Elem::Float => 32,
            Elem::Double => 64,
            Elem::Ptr(_) => 64,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Elem::Half | Elem::Float | Elem::Double)
    }

    /// The mask of the bits a lane of this type may hold.
    pub fn mask(self) -> u64 {
        let bits = self.bits();
        if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        }
    }
}

impl fmt::Display for Elem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Elem::Int(bits) => write!(f, "i{bits}"),
            Elem::Half => f.write_str("half"),
            Elem::Float => f.write_str("float"),
            Elem::Double => f.write_str("double"),
            Elem::Ptr(0) => f.write_str("ptr"),
            Elem::Ptr(space) => write!(f, "ptr addrspace({space})"),
        }
    }
}

/// Static type of a value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Void,
    Scalar(Elem),
    Vector(Elem, u32),
    /// Literal or named struct, by fields.
    Struct(Vec<Ty>),
    /// Array type (only in memory: allocas, globals, GEPs).
    Array(Box<Ty>, u64),
}

impl Ty {
    /// Lane type and lane count of a scalar or vector type.
    pub fn lanes(&self) -> Option<(Elem, u32)> {
        match self {
            Ty::Scalar(elem) => Some((*elem, 1)),
            Ty::Vector(elem, n) => Some((*elem, *n)),
            _ => None,
        }
    }

    pub fn is_vector(&self) -> bool {
        matches!(self, Ty::Vector(..))
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Void => f.write_str("void"),
            Ty::Scalar(elem) => write!(f, "{elem}"),
            Ty::Vector(elem, n) => write!(f, "<{n} x {elem}>"),
            Ty::Struct(fields) => {
                f.write_str("{ ")?;
                for (i, field) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{field}")?;
                }
                f.write_str(" }")
            }
            Ty::Array(elem, n) => write!(f, "[{n} x {elem}]"),
        }
    }
}

/// Lanes of one element type with per-lane definedness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lanes {
    pub elem: Elem,
    pub bits: Vec<u64>,
    /// `undef[i]` is true when lane `i` holds no defined value.
    pub undef: Vec<bool>,
}

impl Lanes {
    /// All lanes defined.
    pub fn new(elem: Elem, bits: Vec<u64>) -> Self {
        let mask = elem.mask();
        let bits: Vec<u64> = bits.into_iter().map(|b| b & mask).collect();
        let undef = vec![false; bits.len()];
        Lanes { elem, bits, undef }
    }

    pub fn undef(elem: Elem, n: usize) -> Self {
        Lanes { elem, bits: vec![0; n], undef: vec![true; n] }
    }

    pub fn splat(elem: Elem, n: usize, bits: u64) -> Self {
        Lanes::new(elem, vec![bits; n])
    }

    pub fn len(&self) -> usize {
        self.bits.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bits.is_empty()
    }

    /// Sets lane `i` to `bits` (masked), defined.
    pub fn set(&mut self, i: usize, bits: u64) {
        self.bits[i] = bits & self.elem.mask();
        self.undef[i] = false;
    }

    pub fn any_undef(&self) -> bool {
        self.undef.iter().any(|&u| u)
    }
}

/// A run-time value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Lanes(Lanes),
    Agg(Vec<Value>),
    /// The result of a call returning void.
    Void,
}

impl Value {
    pub fn lanes(&self) -> Option<&Lanes> {
        match self {
            Value::Lanes(lanes) => Some(lanes),
            _ => None,
        }
    }

    pub fn scalar(elem: Elem, bits: u64) -> Value {
        Value::Lanes(Lanes::new(elem, vec![bits]))
    }

    pub fn bool(b: bool) -> Value {
        Value::scalar(Elem::Int(1), b as u64)
    }

    /// An all-undef value of a type.
    pub fn undef(ty: &Ty) -> Value {
        match ty {
            Ty::Void => Value::Void,
            Ty::Scalar(elem) => Value::Lanes(Lanes::undef(*elem, 1)),
            Ty::Vector(elem, n) => Value::Lanes(Lanes::undef(*elem, *n as usize)),
            Ty::Struct(fields) => Value::Agg(fields.iter().map(Value::undef).collect()),
            Ty::Array(elem, n) => Value::Agg((0..*n).map(|_| Value::undef(elem)).collect()),
        }
    }

    /// A zero value of a type (`zeroinitializer`).
    pub fn zero(ty: &Ty) -> Value {
        match ty {
            Ty::Void => Value::Void,
            Ty::Scalar(elem) => Value::Lanes(Lanes::new(*elem, vec![0])),
            Ty::Vector(elem, n) => Value::Lanes(Lanes::new(*elem, vec![0; *n as usize])),
            Ty::Struct(fields) => Value::Agg(fields.iter().map(Value::zero).collect()),
            Ty::Array(elem, n) => Value::Agg((0..*n).map(|_| Value::zero(elem)).collect()),
        }
    }

    /// True when every lane (recursively) is defined.
    pub fn is_fully_defined(&self) -> bool {
        match self {
            Value::Lanes(lanes) => !lanes.any_undef(),
            Value::Agg(fields) => fields.iter().all(Value::is_fully_defined),
            Value::Void => true,
        }
    }
}

/// Formats one lane's bits as a readable value of its type (`-3`, `1.5`, `0x1000`, `undef`).
pub fn format_lane(elem: Elem, bits: u64, undef: bool) -> String {
    if undef {
        return "undef".to_string();
    }
    match elem {
        Elem::Int(1) => format!("{}", bits & 1),
        Elem::Int(width) => {
            let signed = sign_extend(bits, width as u32);
            if signed < 0 {
                format!("{signed} (0x{bits:x})")
            } else {
                format!("{bits}")
            }
        }
        Elem::Half => format!("{}", half::f16::from_bits(bits as u16)),
        Elem::Float => format!("{:?}", f32::from_bits(bits as u32)),
        Elem::Double => format!("{:?}", f64::from_bits(bits)),
        Elem::Ptr(_) => format!("0x{bits:x}"),
    }
}

/// Sign-extends the low `width` bits of `bits`.
pub fn sign_extend(bits: u64, width: u32) -> i64 {
    if width >= 64 {
        bits as i64
    } else {
        let shift = 64 - width;
        ((bits << shift) as i64) >> shift
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_lanes_are_masked_to_their_width() {
        let lanes = Lanes::new(Elem::Int(8), vec![0x1ff, 0x80]);
        assert_eq!(lanes.bits, vec![0xff, 0x80]);
        assert_eq!(sign_extend(0x80, 8), -128);
        assert_eq!(format_lane(Elem::Int(8), 0xff, false), "-1 (0xff)");
        assert_eq!(format_lane(Elem::Float, 1.5f32.to_bits() as u64, false), "1.5");
    }
}
