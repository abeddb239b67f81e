//! Reading the typed surface and sampler messages: `gather4_typed`, `scatter4_typed`, `typed_atomic`, `load`,
//! `sample`, `sample_unorm` (the 16-bit full output format; the others are refused when run); `avs` is
//! recognised and refused as unsupported, naming why.
//!
//! Text forms (vISA `GATHER4_TYPED.md`, `SCATTER4_TYPED.md`, `TYPED_ATOMIC.md` "Text"; `load`/`sample` from
//! `8_appendix_visa_assembly_syntax.md` and IGC's own `-mdump_asm` output, which `GenX_IR` assembles):
//! - `[(P)] gather4_typed.<RGBA> (Mk, n) T u v r lod dst` and `scatter4_typed.<RGBA> ... src`;
//! - `[(P)] typed_atomic.<op>[.16] (Mk, n) T u v r lod src0 src1 dst`;
//! - `load.<RGBA> (8|16) T u v r dst` (a SIMD mode, no mask offset), `sample.<RGBA> (8|16) S T u v r dst`;
//! - `sample_unorm.<RGBA>.<format> S T u v delta_u delta_v dst`, the four coordinates scalar operands, the
//!   format `16-full`, `16-downsampled`, `8-full` or `8-downsampled` (SAMPLE_UNORM.md "Text").
//!
//! u, v, r, lod and the data are raw operands; `%null.0` stands for an operand the surface does not use.

use super::*;

impl Cx<'_, '_> {
    pub(super) fn surface_message(&mut self, base: &str, suffixes: &[&str]) -> Result<(Exec, Op)> {
        let col = self.mnemonic.col;
        let channels = |cx: &Self| {
            channel_mask(suffixes.first().copied().unwrap_or("")).ok_or_else(|| ReadError {
                line: cx.line,
                col,
                message: format!("{base} needs channels .R/.RG/.RGBA..., found '{}'", cx.mnemonic.text),
                unsupported: false,
            })
        };
        match base {
            "gather4_typed" | "scatter4_typed" => {
                let mask = channels(self)?;
                let exec = self.exec()?;
                let surface = self.surface()?;
                let coords = [self.raw()?, self.raw()?, self.raw()?, self.raw()?];
                let data = self.raw()?;
                let op = if base == "gather4_typed" {
                    Op::Gather4Typed { mask, surface, coords, dst: data }
                } else {
                    Op::Scatter4Typed { mask, surface, coords, src: data }
                };
                Ok((exec, op))
            }
            "typed_atomic" => {
                let op = self.atomic_op(suffixes)?;
                let bits = if suffixes.contains(&"16") { 16 } else { 32 };
                let exec = self.exec()?;
                let surface = self.surface()?;
                let coords = [self.raw()?, self.raw()?, self.raw()?, self.raw()?];
                let (src0, src1, dst) = (self.raw()?, self.raw()?, self.raw()?);
                Ok((exec, Op::TypedAtomic { op, bits, surface, coords, src0, src1, dst }))
            }
            "load" | "sample" => {
                let mask = channels(self)?;
                let [simd] = self.numbers("a SIMD mode (8) or (16)", 1)?[..] else { unreachable!() };
                if simd != 8 && simd != 16 {
                    return self.fail(col, format!("{base}: SIMD mode {simd} is not 8 or 16"));
                }
                if base == "sample" {
                    self.sampler()?;
                }
                let surface = self.surface()?;
                let coords = [self.raw()?, self.raw()?, self.raw()?];
                let dst = self.raw()?;
                let op = if base == "load" {
                    Op::SamplerLoad { mask, surface, coords, dst }
                } else {
                    Op::Sample { mask, surface, coords, dst }
                };
                Ok((Exec { size: simd, offset: 0, no_mask: false }, op))
            }
            "sample_unorm" => {
                let mask = channels(self)?;
                let formats = crate::intrinsics::mem::sampler::UNORM_FORMATS;
                let Some(format) = suffixes.get(1).and_then(|f| formats.iter().position(|n| n == f)) else {
                    return self.fail(col, format!("sample_unorm needs an output format .{}", formats.join("/.")));
                };
                self.sampler()?;
                let surface = self.surface()?;
                let coords = [self.src()?, self.src()?, self.src()?, self.src()?];
                let dst = self.raw()?;
                Ok((Exec::SCALAR_NM, Op::SampleUnorm { mask, format: format as u32, surface, coords, dst }))
            }
            _ => Err(ReadError {
                line: self.line,
                col,
                message: format!(
                    "instruction '{base}' (filtered sampling) is not supported by the vISA executor: the adaptive video \
                     scaler's filter is sampler state (scaling coefficients) the CPU sampler model does not describe"
                ),
                unsupported: true,
            }),
        }
    }

    /// A sampler variable operand (every sampler is alike in the CPU sampler model, so only its kind is checked).
    fn sampler(&mut self) -> Result<()> {
        let tok = self.take("a sampler")?;
        self.reader.lookup(self.line, tok.col, tok.text, &[VarKind::Sampler]).map(|_| ())
    }
}
