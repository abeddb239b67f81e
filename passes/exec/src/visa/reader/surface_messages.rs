//! Reading the typed surface and sampler messages: `gather4_typed`, `scatter4_typed`, `typed_atomic`, `load`;
//! `sample`, `sample_unorm` and `avs` are recognised and refused as unsupported, naming why.
//!
//! Text forms (vISA `GATHER4_TYPED.md`, `SCATTER4_TYPED.md`, `TYPED_ATOMIC.md` "Text"; `load`/`sample` from
//! `8_appendix_visa_assembly_syntax.md` and IGC's own `-mdump_asm` output, which `GenX_IR` assembles):
//! - `[(P)] gather4_typed.<RGBA> (Mk, n) T u v r lod dst` and `scatter4_typed.<RGBA> ... src`;
//! - `[(P)] typed_atomic.<op>[.16] (Mk, n) T u v r lod src0 src1 dst`;
//! - `load.<RGBA> (8|16) T u v r dst` (a SIMD mode, no mask offset).
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
            "load" => {
                let mask = channels(self)?;
                let [simd] = self.numbers("a SIMD mode (8) or (16)", 1)?[..] else { unreachable!() };
                if simd != 8 && simd != 16 {
                    return self.fail(col, format!("load: SIMD mode {simd} is not 8 or 16"));
                }
                let surface = self.surface()?;
                let coords = [self.raw()?, self.raw()?, self.raw()?];
                let dst = self.raw()?;
                Ok((Exec { size: simd, offset: 0, no_mask: false }, Op::SamplerLoad { mask, surface, coords, dst }))
            }
            _ => Err(ReadError {
                line: self.line,
                col,
                message: format!(
                    "instruction '{base}' (filtered sampling) is not supported by the vISA executor: its result depends \
                     on the sampler state (filter, addressing, border colour), which the surface model does not describe"
                ),
                unsupported: true,
            }),
        }
    }
}
