//! A union-find over the zones of one kind, each feature's counts at its root, and trials:
//! every node a trial changes is saved once, before its first change, so that undoing the
//! trial puts back exactly what was.

use super::info::{Info, Shared};
use crate::board::clone_with_room;

/// No node: the end of no list, or a part of a side that has no zone of its kind.
pub(super) const NONE: u32 = u32::MAX;

/// A union-find over zones of one kind.
#[derive(Debug)]
pub(super) struct Arena<T> {
    /// One node per zone; what a feature counts is kept at its root, in `info`.
    pub(super) nodes: Vec<Node>,
    pub(super) info: Vec<T>,
    /// A trial in progress: nodes below `trial_len` (0 outside a trial, so that one test tells
    /// whether to save) are saved once, before their first change, in `log`; a node's `mark`
    /// is `trial_id` once it is saved. Every mark is at most `trial_id`, copies included.
    trialing: bool,
    trial_len: u32,
    trial_id: u32,
    log: Vec<Saved<T>>,
}

/// One zone in an [`Arena`]: all a merge reads and writes of it, side by side (one write to
/// add a zone, one cache line to look at).
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) parent: u32,
    pub(super) size: u32,
    /// Circular lists of the zones on tiles with two or more zones of this kind; `NONE` for
    /// zones on no list. `head` and `listed` are kept at roots.
    pub(super) next: u32,
    pub(super) head: u32,
    pub(super) listed: u32,
    /// At roots: the first node of the feature (its first zone in laying order).
    pub(super) first: u32,
    /// Laying index of the zone's tile.
    pub(super) tile_of: u16,
    /// At roots: [`Info::claims`] of the feature.
    pub(super) claims: u16,
    /// The trial that saved the node last (see [`Arena::trial_id`]); kept in the node rather
    /// than beside it, a zone is added with one write (and a node is 32 bytes).
    pub(super) mark: u32,
}

/// A node as it was before a trial changed it.
#[derive(Clone, Debug)]
struct Saved<T> {
    node: u32,
    was: Node,
    info: T,
}

// Written out so that `clone_from` reuses the buffers: bots copy a game for every move
// they weigh.
impl<T: Clone> Clone for Arena<T> {
    fn clone(&self) -> Self {
        Arena {
            nodes: clone_with_room(&self.nodes),
            info: clone_with_room(&self.info),
            trialing: false,
            trial_len: 0,
            // The copied nodes carry their marks: the copy's trials go on from the same count.
            trial_id: self.trial_id,
            log: Vec::new(),
        }
    }

    fn clone_from(&mut self, o: &Self) {
        self.trialing = false;
        self.trial_len = 0;
        self.log.clear();
        self.trial_id = o.trial_id;
        self.nodes.clone_from(&o.nodes);
        self.info.clone_from(&o.info);
    }
}

impl<T: Info> Arena<T> {
    pub(super) fn new() -> Self {
        Arena {
            nodes: Vec::new(),
            info: Vec::new(),
            trialing: false,
            trial_len: 0,
            trial_id: 0,
            log: Vec::new(),
        }
    }

    pub(super) fn begin_trial(&mut self) {
        debug_assert!(!self.trialing, "one trial at a time");
        self.trialing = true;
        self.trial_len = self.len();
        self.trial_id = self.trial_id.wrapping_add(1);
        if self.trial_id == 0 {
            // The marks wrapped around: forget them all.
            for node in &mut self.nodes {
                node.mark = 0;
            }
            self.trial_id = 1;
        }
        self.log.clear();
    }

    pub(super) fn undo_trial(&mut self) {
        if !self.trialing {
            return;
        }
        self.trialing = false;
        while let Some(s) = self.log.pop() {
            let n = s.node as usize;
            self.nodes[n] = s.was;
            self.info[n] = s.info;
        }
        let len = self.trial_len as usize;
        self.nodes.truncate(len);
        self.info.truncate(len);
        self.trial_len = 0;
    }

    /// Saves node `n` before a trial changes it (once per trial; nodes made during the trial
    /// are simply dropped).
    // Inlined down to the test: outside a trial, which is most of the time, a call per merge
    // costs more than the test.
    #[inline(always)]
    pub(super) fn save(&mut self, n: u32) {
        if n < self.trial_len {
            self.save_in_trial(n);
        }
    }

    #[inline(never)]
    fn save_in_trial(&mut self, n: u32) {
        let i = n as usize;
        if self.nodes[i].mark == self.trial_id {
            return;
        }
        self.log.push(Saved {
            node: n,
            was: self.nodes[i],
            info: self.info[i].clone(),
        });
        self.nodes[i].mark = self.trial_id;
    }

    pub(super) fn clear(&mut self) {
        self.nodes.clear();
        self.info.clear();
        self.log.clear();
        self.trialing = false;
        self.trial_len = 0;
    }

    pub(super) fn len(&self) -> u32 {
        self.nodes.len() as u32
    }

    pub(super) fn reserve(&mut self, n: usize) {
        self.nodes.reserve(n);
        self.info.reserve(n);
    }

    /// Adds the zones of a tile laid `tile`-th, each a feature of its own (`own`), all on the
    /// list of zones of tiles with several when `listed`; returns the first one's node.
    pub(super) fn push_own(&mut self, own: &[T], tile: u16, listed: bool) -> u32 {
        let first = self.len();
        for n in first..first + own.len() as u32 {
            let list = if listed { n } else { NONE };
            self.nodes.push(Node {
                parent: n,
                size: 1,
                next: list,
                head: list,
                listed: u32::from(listed),
                first: n,
                tile_of: tile,
                // Nobody stands on a tile just laid.
                claims: 0,
                mark: 0,
            });
        }
        self.info.extend_from_slice(own);
        first
    }

    pub(super) fn find(&self, n: u32) -> u32 {
        // A root and a node right under it take the same path: which of the two a node is
        // would be a branch the processor cannot guess.
        let p = self.nodes[n as usize].parent;
        let mut g = self.nodes[p as usize].parent;
        if g == p {
            return p;
        }
        loop {
            let up = self.nodes[g as usize].parent;
            if up == g {
                return g;
            }
            g = up;
        }
    }

    /// What each feature counts (one entry per feature, at its root).
    pub(super) fn roots(&self) -> impl Iterator<Item = &T> {
        self.nodes
            .iter()
            .zip(&self.info)
            .enumerate()
            .filter(|(i, (n, _))| n.parent as usize == *i)
            .map(|(_, (_, info))| info)
    }

    #[inline(always)]
    pub(super) fn find_mut(&mut self, mut n: u32) -> u32 {
        // A trial leaves paths as they are, so that undoing it has less to put back.
        if self.trialing {
            return self.find(n);
        }
        while self.nodes[n as usize].parent != n {
            let grand = self.nodes[self.nodes[n as usize].parent as usize].parent;
            self.nodes[n as usize].parent = grand;
            n = grand;
        }
        n
    }

    /// Links two distinct roots, taking `shared` off the merged counts; returns the new root.
    pub(super) fn link(&mut self, a: u32, b: u32, shared: &Shared) -> u32 {
        let (big, small) = if self.nodes[a as usize].size >= self.nodes[b as usize].size {
            (a, b)
        } else {
            (b, a)
        };
        self.save(big);
        self.save(small);
        let (hb, hs) = (
            self.nodes[big as usize].head,
            self.nodes[small as usize].head,
        );
        if hb != NONE && hs != NONE {
            self.save(hb);
            self.save(hs);
        }
        let s = self.nodes[small as usize];
        let root = &mut self.nodes[big as usize];
        root.size += s.size;
        root.first = root.first.min(s.first);
        if hs != NONE {
            if hb == NONE {
                root.head = hs;
            }
            root.listed += s.listed;
        }
        self.nodes[small as usize].parent = big;
        if hs != NONE && hb != NONE {
            // Splice two circular lists by swapping one successor of each.
            let (nb, ns) = (self.nodes[hb as usize].next, self.nodes[hs as usize].next);
            self.nodes[hb as usize].next = ns;
            self.nodes[hs as usize].next = nb;
        }
        let moved = std::mem::take(&mut self.info[small as usize]);
        let root = &mut self.info[big as usize];
        root.absorb(&moved);
        root.unshare(shared);
        self.nodes[big as usize].claims = root.claims();
        big
    }

    /// The root of node `n` and how many pieces claim its feature.
    pub(super) fn claim(&self, n: u32) -> (u32, u16) {
        let root = self.find(n);
        (root, self.nodes[root as usize].claims)
    }

    /// Whether a piece claims the feature of node `n`.
    pub(super) fn claimed(&self, n: u32) -> bool {
        self.nodes[self.find(n) as usize].claims > 0
    }

    /// Changes the info at root `r` (saved first during a trial).
    pub(super) fn change(&mut self, r: u32, f: impl FnOnce(&mut T)) {
        self.save(r);
        f(&mut self.info[r as usize]);
        self.nodes[r as usize].claims = self.info[r as usize].claims();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feature::ForestInfo;

    /// Four forest zones of one tile, each a feature of its own.
    fn arena() -> Arena<ForestInfo> {
        let mut a = Arena::new();
        let zone = ForestInfo {
            open: 2,
            segments: 1,
            tiles: 1,
            ..ForestInfo::default()
        };
        a.push_own(&[zone; 4], 0, false);
        a
    }

    fn state(a: &Arena<ForestInfo>) -> String {
        format!("{:?} {:?}", a.nodes, a.info)
    }

    fn join(a: &mut Arena<ForestInfo>, x: u32, y: u32) {
        let (rx, ry) = (a.find(x), a.find(y));
        a.link(rx, ry, &Shared::default());
    }

    #[test]
    fn a_trial_is_undone_whatever_its_number() {
        let mut a = arena();
        let before = state(&a);
        // Through the wrap of the trial numbers.
        a.trial_id = u32::MAX - 2;
        for _ in 0..5 {
            a.begin_trial();
            join(&mut a, 0, 1);
            join(&mut a, 2, 3);
            join(&mut a, 1, 3);
            assert_ne!(state(&a), before);
            a.undo_trial();
            assert_eq!(state(&a), before);
        }
    }

    #[test]
    fn a_copy_made_during_a_trial_undoes_its_own_trials() {
        let mut a = arena();
        a.begin_trial();
        // Nodes 0 and 1 now carry the mark of this trial.
        join(&mut a, 0, 1);
        let mut copies = vec![a.clone(), arena()];
        copies[1].clone_from(&a);
        for c in &mut copies {
            let at_copy = state(c);
            c.begin_trial();
            join(c, 1, 2);
            join(c, 0, 3);
            assert_ne!(state(c), at_copy);
            c.undo_trial();
            assert_eq!(state(c), at_copy);
        }
    }
}
