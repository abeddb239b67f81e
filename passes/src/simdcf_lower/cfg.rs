//! The control-flow facts genx-simdcf-lower needs: block layout, successors and predecessors, the
//! post-dominator tree (with a virtual exit joining every block that leaves the function), and a grouping
//! (union-find) of blocks.
//!
//! The post-dominator tree is computed with Cooper, Harvey and Kennedy's iterative algorithm ("A Simple, Fast
//! Dominance Algorithm") on the reversed graph, rooted at the virtual exit. A block that cannot reach the exit
//! (an infinite loop) has no post-dominator; callers report it when it matters.

use std::collections::HashMap;

use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;

/// The successors of a block, in terminator operand order (empty for a block without a terminator).
pub fn successors(block: LLVMBasicBlockRef) -> Vec<LLVMBasicBlockRef> {
    unsafe {
        let term = LLVMGetBasicBlockTerminator(block);
        if term.is_null() {
            return Vec::new();
        }
        (0..LLVMGetNumSuccessors(term)).map(|i| LLVMGetSuccessor(term, i)).collect()
    }
}

/// The blocks of a function in layout order, with successor and predecessor lists by layout index.
pub struct Cfg {
    pub blocks: Vec<LLVMBasicBlockRef>,
    pub index: HashMap<LLVMBasicBlockRef, usize>,
    pub succs: Vec<Vec<usize>>,
    pub preds: Vec<Vec<usize>>,
}

impl Cfg {
    pub fn new(function: LLVMValueRef) -> Cfg {
        let blocks: Vec<_> = ir::blocks(function).collect();
        let index: HashMap<_, _> = blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let succs: Vec<Vec<usize>> =
            blocks.iter().map(|&b| successors(b).iter().filter_map(|s| index.get(s).copied()).collect()).collect();
        let mut preds = vec![Vec::new(); blocks.len()];
        for (b, list) in succs.iter().enumerate() {
            for &s in list {
                if !preds[s].contains(&b) {
                    preds[s].push(b);
                }
            }
        }
        Cfg { blocks, index, succs, preds }
    }
}

/// The post-dominator tree. Node `n` (the block count) is the virtual exit.
pub struct PostDom {
    ipdom: Vec<Option<usize>>,
    exit: usize,
}

impl PostDom {
    pub fn new(cfg: &Cfg) -> PostDom {
        let n = cfg.blocks.len();
        let exit = n;
        // Reverse-graph successors of x are its CFG predecessors; the exit's are the blocks without successors.
        let rsuccs = |x: usize| -> Vec<usize> {
            if x == exit {
                (0..n).filter(|&b| cfg.succs[b].is_empty()).collect()
            } else {
                cfg.preds[x].clone()
            }
        };
        // Reverse-graph predecessors of x are its CFG successors (the exit for a block without successors).
        let rpreds = |x: usize| -> Vec<usize> {
            if cfg.succs[x].is_empty() {
                vec![exit]
            } else {
                cfg.succs[x].clone()
            }
        };
        // Postorder of the reverse graph from the exit.
        let mut post = vec![usize::MAX; n + 1];
        let mut order = Vec::with_capacity(n + 1);
        let mut visited = vec![false; n + 1];
        let mut stack: Vec<(usize, Vec<usize>, usize)> = vec![(exit, rsuccs(exit), 0)];
        visited[exit] = true;
        while let Some((node, children, next)) = stack.last_mut() {
            if *next < children.len() {
                let child = children[*next];
                *next += 1;
                if !visited[child] {
                    visited[child] = true;
                    let grandchildren = rsuccs(child);
                    stack.push((child, grandchildren, 0));
                }
            } else {
                post[*node] = order.len();
                order.push(*node);
                stack.pop();
            }
        }
        let mut ipdom: Vec<Option<usize>> = vec![None; n + 1];
        ipdom[exit] = Some(exit);
        let intersect = |ipdom: &Vec<Option<usize>>, mut a: usize, mut b: usize| -> usize {
            while a != b {
                while post[a] < post[b] {
                    a = ipdom[a].unwrap_or(exit);
                }
                while post[b] < post[a] {
                    b = ipdom[b].unwrap_or(exit);
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &b in order.iter().rev() {
                if b == exit {
                    continue;
                }
                let mut new: Option<usize> = None;
                for p in rpreds(b) {
                    if ipdom[p].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(q) => intersect(&ipdom, p, q),
                    });
                }
                if new.is_some() && ipdom[b] != new {
                    ipdom[b] = new;
                    changed = true;
                }
            }
        }
        PostDom { ipdom, exit }
    }

    /// Whether `block` reaches the function's exit (has a place in the tree).
    pub fn reaches_exit(&self, block: usize) -> bool {
        self.ipdom[block].is_some()
    }

    /// The immediate post-dominator (`None` at the virtual exit or for a block that never exits).
    pub fn ipdom(&self, block: usize) -> Option<usize> {
        if block == self.exit {
            return None;
        }
        self.ipdom[block]
    }

    pub fn is_exit(&self, node: usize) -> bool {
        node == self.exit
    }

    /// The nearest common post-dominator of two blocks that reach the exit.
    pub fn nearest_common(&self, a: usize, b: usize) -> usize {
        let mut ancestors = vec![a];
        let mut x = a;
        while let Some(p) = self.ipdom(x) {
            ancestors.push(p);
            x = p;
        }
        let mut y = b;
        loop {
            if ancestors.contains(&y) {
                return y;
            }
            match self.ipdom(y) {
                Some(p) => y = p,
                None => return self.exit,
            }
        }
    }
}

/// A partition of `0..n` into groups (union-find with path compression).
pub struct Grouping {
    parent: Vec<usize>,
}

impl Grouping {
    pub fn new(n: usize) -> Grouping {
        Grouping { parent: (0..n).collect() }
    }

    pub fn group(&mut self, mut x: usize) -> usize {
        let mut chain = Vec::new();
        while self.parent[x] != x {
            chain.push(x);
            x = self.parent[x];
        }
        for c in chain {
            self.parent[c] = x;
        }
        x
    }

    pub fn join(&mut self, a: usize, b: usize) {
        let (ga, gb) = (self.group(a), self.group(b));
        if ga != gb {
            self.parent[gb] = ga;
        }
    }
}
