//! The control-flow facts genx-simdcf-lower needs: block layout, successors and predecessors, the
//! post-dominator tree (with a virtual exit joining every block that leaves the function), and a grouping
//! (union-find) of blocks.
//!
//! The post-dominator tree is computed with Cooper, Harvey and Kennedy's iterative algorithm ("A Simple, Fast
//! Dominance Algorithm") on the reversed graph, rooted at the virtual exit. A block that cannot reach the exit
//! (an infinite loop) has no post-dominator; callers report it when it matters.

use std::collections::HashMap;

use crate::ir;
use crate::llvm_sys::prelude::*;

/// The successors of a block, in terminator operand order (empty for a block without a terminator).
pub fn successors(block: LLVMBasicBlockRef) -> Vec<LLVMBasicBlockRef> {
    let term = ir::terminator(block);
    if term.is_null() {
        return Vec::new();
    }
    (0..ir::successor_count(term)).map(|i| ir::successor(term, i)).collect()
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
            if x == exit {
                Vec::new()
            } else if cfg.succs[x].is_empty() {
                vec![exit]
            } else {
                cfg.succs[x].clone()
            }
        };
        PostDom { ipdom: idoms(n + 1, exit, rsuccs, rpreds), exit }
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

/// Immediate dominators of a graph of `n` nodes from `root` (Cooper, Harvey, Kennedy): `None` for a node the
/// root does not reach; the root is its own.
fn idoms(
    n: usize,
    root: usize,
    succs: impl Fn(usize) -> Vec<usize>,
    preds: impl Fn(usize) -> Vec<usize>,
) -> Vec<Option<usize>> {
    let mut post = vec![usize::MAX; n];
    let mut order = Vec::with_capacity(n);
    let mut visited = vec![false; n];
    let mut stack: Vec<(usize, Vec<usize>, usize)> = vec![(root, succs(root), 0)];
    visited[root] = true;
    while let Some((node, children, next)) = stack.last_mut() {
        if *next < children.len() {
            let child = children[*next];
            *next += 1;
            if !visited[child] {
                visited[child] = true;
                let grandchildren = succs(child);
                stack.push((child, grandchildren, 0));
            }
        } else {
            post[*node] = order.len();
            order.push(*node);
            stack.pop();
        }
    }
    let mut idom: Vec<Option<usize>> = vec![None; n];
    idom[root] = Some(root);
    let intersect = |idom: &Vec<Option<usize>>, mut a: usize, mut b: usize| -> usize {
        while a != b {
            while post[a] < post[b] {
                a = idom[a].unwrap_or(root);
            }
            while post[b] < post[a] {
                b = idom[b].unwrap_or(root);
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().rev() {
            if b == root {
                continue;
            }
            let mut new: Option<usize> = None;
            for p in preds(b) {
                if idom[p].is_none() {
                    continue;
                }
                new = Some(match new {
                    None => p,
                    Some(q) => intersect(&idom, p, q),
                });
            }
            if new.is_some() && idom[b] != new {
                idom[b] = new;
                changed = true;
            }
        }
    }
    idom
}

/// The dominator tree from the entry block (block 0).
pub struct Dom {
    idom: Vec<Option<usize>>,
}

impl Dom {
    pub fn new(cfg: &Cfg) -> Dom {
        let n = cfg.blocks.len();
        Dom { idom: idoms(n, 0, |x| cfg.succs[x].clone(), |x| cfg.preds[x].clone()) }
    }

    /// The immediate dominator (`None` for the entry and for unreachable blocks).
    pub fn idom(&self, block: usize) -> Option<usize> {
        self.idom[block].filter(|&d| d != block)
    }

    /// Whether `a` dominates `b` (every block dominates itself).
    pub fn dominates(&self, a: usize, b: usize) -> bool {
        let mut x = b;
        loop {
            if x == a {
                return true;
            }
            match self.idom(x) {
                Some(d) => x = d,
                None => return false,
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
