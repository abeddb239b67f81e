//! genx-visa-emit, a surface or sampler used as data: CM's `SurfaceIndex::get_index()` and
//! `SamplerIndex::get_index()` are the argument's `i32` value, which the emitter holds in a state variable (`T`,
//! `S`). Where such a value is a data operand (`add i32 %buf, %smp`), `movs (M1_NM, 1) V(0,0)<1> T(0)` copies
//! the index the state variable holds into a fresh dword (vISA's MOVS with a general destination), and the
//! operand reads that. IGC's own route knows the indices at compile time (it assigns the binding table) and
//! folds them; here the index is whatever the runtime bound, so it is read.

use genx_visa::{Category, Inst, Message, Origin, Type, VarId};

use super::Lowering;

impl Lowering<'_> {
    /// A dword holding the index of state variable `state` (read now).
    pub(super) fn state_index(&mut self, state: VarId) -> VarId {
        let dst = self.k.add_var(
            Category::General { ty: Type::UD, elems: 1, align: genx_visa::Align::Natural },
            Origin::Declared,
            "",
        );
        self.insts.push(Inst::Message(Message::ReadStateIndex { dst, state }));
        dst
    }
}
