//! Reading the typed surface and sampler messages: `gather4_typed`, `scatter4_typed`, `typed_atomic`, `load`,
//! `sample`, `sample_unorm`, `avs` (every output format and the two modes the text names; the executor refuses
//! avs's downsampled formats when run).
//!
//! Text forms (vISA `GATHER4_TYPED.md`, `SCATTER4_TYPED.md`, `TYPED_ATOMIC.md` "Text"; `load`/`sample` from
//! `8_appendix_visa_assembly_syntax.md` and IGC's own `-mdump_asm` output, which `GenX_IR` assembles):
//! - `[(P)] gather4_typed.<RGBA> (Mk, n) T u v r lod dst` and `scatter4_typed.<RGBA> ... src`;
//! - `[(P)] typed_atomic.<op>[.16] (Mk, n) T u v r lod src0 src1 dst`;
//! - `load.<RGBA> (8|16) T u v r dst` (a SIMD mode, no mask offset), `sample.<RGBA> (8|16) S T u v r dst`;
//! - `sample_unorm.<RGBA>.<format> S T u v delta_u delta_v dst`, the four coordinates scalar operands, the
//!   format `16-full`, `16-downsampled`, `8-full` or `8-downsampled` (SAMPLE_UNORM.md "Text");
//! - `avs.<RGBA> T S u v delta_u delta_v u2d group_id vertical_block <format> v2d <mode> ief_bypass dst`, the
//!   surface before the sampler as IGC's VC backend prints it (AVS.md's "Text" line puts the sampler first: both
//!   orders are read, each operand by its kind), every operand but dst a scalar, the format `AVS_16_FULL`,
//!   `AVS_16_DOWN_SAMPLE`, `AVS_8_FULL` or `AVS_8_DOWN_SAMPLE`, the mode `AVS_16x4` or `AVS_16x8` (the text form
//!   names no other mode).
//!
//! u, v, r, lod and the data are raw operands; `%null.0` stands for an operand the surface does not use.

use super::*;

/// `avs`'s output formats as the text form names them, with their codes (AVS.md's cntrl).
const AVS_TEXT_FORMATS: [(&str, u32); 4] =
    [("AVS_16_FULL", 0), ("AVS_16_DOWN_SAMPLE", 1), ("AVS_8_FULL", 2), ("AVS_8_DOWN_SAMPLE", 3)];

/// `avs`'s modes the text form names, with their codes (AVS.md's execMode: 0 16x4, 2 16x8).
const AVS_TEXT_MODES: [(&str, u32); 2] = [("AVS_16x4", 0), ("AVS_16x8", 2)];

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
                let sampler = if base == "sample" { Some(self.sampler()?) } else { None };
                let surface = self.surface()?;
                let coords = [self.raw()?, self.raw()?, self.raw()?];
                let dst = self.raw()?;
                let op = match sampler {
                    None => Op::SamplerLoad { mask, surface, coords, dst },
                    Some(sampler) => Op::Sample { mask, sampler, surface, coords, dst },
                };
                Ok((Exec { size: simd, offset: 0, no_mask: false }, op))
            }
            "sample_unorm" => {
                let mask = channels(self)?;
                let formats = crate::intrinsics::mem::sampler::UNORM_FORMATS;
                let Some(format) = suffixes.get(1).and_then(|f| formats.iter().position(|n| n == f)) else {
                    return self.fail(col, format!("sample_unorm needs an output format .{}", formats.join("/.")));
                };
                let sampler = self.sampler()?;
                let surface = self.surface()?;
                let coords = [self.src()?, self.src()?, self.src()?, self.src()?];
                let dst = self.raw()?;
                Ok((Exec::SCALAR_NM, Op::SampleUnorm { mask, format: format as u32, sampler, surface, coords, dst }))
            }
            "avs" => {
                // The surface and the sampler, in either order (module note).
                let mask = channels(self)?;
                let (mut surface, mut sampler) = (None, None);
                for _ in 0..2 {
                    let tok = self.take("a surface or sampler")?;
                    let var = self.reader.lookup(self.line, tok.col, tok.text, &[VarKind::Surface, VarKind::Sampler])?;
                    let slot = if self.reader.vars[var as usize].kind == VarKind::Surface { &mut surface } else { &mut sampler };
                    if slot.replace(var).is_some() {
                        return self.fail(tok.col, "avs takes one surface and one sampler");
                    }
                }
                let (Some(surface), Some(sampler)) = (surface, sampler) else { unreachable!("two distinct kinds were read") };
                let (u, v, du, dv, u2d) = (self.src()?, self.src()?, self.src()?, self.src()?, self.src()?);
                let (_group, vblock) = (self.src()?, self.src()?);
                let format = self.name_of("an avs output format", &AVS_TEXT_FORMATS)?;
                let v2d = self.src()?;
                let mode = self.name_of("an avs mode", &AVS_TEXT_MODES)?;
                let _ief_bypass = self.src()?;
                let dst = self.raw()?;
                let scalars = [u, v, du, dv, u2d, vblock, v2d];
                Ok((Exec::SCALAR_NM, Op::Avs { mask, format, mode, sampler, surface, scalars, dst }))
            }
            other => self.fail(col, format!("'{other}' is not a typed surface or sampler message")),
        }
    }

    /// A sampler variable operand.
    fn sampler(&mut self) -> Result<VarId> {
        let tok = self.take("a sampler")?;
        self.reader.lookup(self.line, tok.col, tok.text, &[VarKind::Sampler])
    }

    /// The code of the name the next token spells among `names` ((name, code) pairs).
    fn name_of(&mut self, what: &str, names: &[(&str, u32)]) -> Result<u32> {
        let tok = self.take(what)?;
        match names.iter().find(|(name, _)| *name == tok.text) {
            Some(&(_, code)) => Ok(code),
            None => {
                let known: Vec<&str> = names.iter().map(|(name, _)| *name).collect();
                self.fail(tok.col, format!("expected {what} ({}), found '{}'", known.join(", "), tok.text))
            }
        }
    }
}
