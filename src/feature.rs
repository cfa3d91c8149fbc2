//! Features: the forests, meadows, rivers and river systems that tiles build together.
//!
//! Each kind is a union-find over the zones laid so far; the root of a set carries what
//! scoring needs (open sides, tiles, segments, contents, pieces per player), kept up to date as
//! tiles join, so nothing is recomputed from the board during a game. A river system joins
//! rivers through the lakes they run into; a river that ends at a spring (first edition) or in a
//! forest (2020) simply stops there, so springs and forests bound systems without any special
//! case.
//!
//! Counting *distinct* tiles needs care: a tile may show two zones of one kind (two forests,
//! or three rivers into one lake) that are apart at first and joined later. Every zone of such a
//! tile sits on a list kept by its root; when two roots merge, the smaller list is walked and
//! each tile found on both sides is counted once (likewise a lake ending two rivers that
//! become one, and a Scout piece standing in two zones that become one).

use crate::board::{Board, Placed, Placement, clone_with_room};
use crate::tile::{
    Animals, Dir, MeadowSpecial, Piece, Ports, RiverEnd, Side, Tile, ZoneKind, ZoneRef,
};

/// Most players in a game.
pub const MAX_PLAYERS: usize = 5;

const NONE: u32 = u32::MAX;

/// A zone as laid on the board: the tile (by laying order) and the zone on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ZoneId {
    pub placed: u16,
    pub zone: ZoneRef,
}

/// Pieces of each player.
pub type PerPlayer = [u16; MAX_PLAYERS];

/// A forest as it stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ForestInfo {
    /// Forest sides that touch no tile yet; 0 means the forest is complete.
    pub open: u16,
    /// Forest zones (segments) in the forest.
    pub segments: u16,
    /// Distinct tiles the forest lies on.
    pub tiles: u16,
    pub nuggets: u16,
    pub menhirs: u16,
    pub mushrooms: u16,
    pub gatherers: PerPlayer,
}

/// Animals of one meadow, counted without limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Herd {
    pub deer: u16,
    pub aurochs: u16,
    pub mammoths: u16,
    pub tigers: u16,
    pub bears: u16,
}

impl Herd {
    /// A herd without bears (only the Scout bridge shows one).
    pub fn new(deer: u16, aurochs: u16, mammoths: u16, tigers: u16) -> Herd {
        Herd {
            deer,
            aurochs,
            mammoths,
            tigers,
            bears: 0,
        }
    }

    pub fn add(&mut self, o: &Herd) {
        self.deer += o.deer;
        self.aurochs += o.aurochs;
        self.mammoths += o.mammoths;
        self.tigers += o.tigers;
        self.bears += o.bears;
    }

    /// Takes away animals that are part of this herd.
    pub fn remove(&mut self, o: &Herd) {
        self.deer -= o.deer.min(self.deer);
        self.aurochs -= o.aurochs.min(self.aurochs);
        self.mammoths -= o.mammoths.min(self.mammoths);
        self.tigers -= o.tigers.min(self.tigers);
        self.bears -= o.bears.min(self.bears);
    }

    pub fn total(&self) -> u16 {
        self.deer + self.aurochs + self.mammoths + self.tigers + self.bears
    }
}

impl From<&Animals> for Herd {
    fn from(a: &Animals) -> Herd {
        Herd {
            deer: a.deer.into(),
            aurochs: a.aurochs.into(),
            mammoths: a.mammoths.into(),
            tigers: a.tigers.into(),
            bears: a.bears.into(),
        }
    }
}

/// A meadow as it stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MeadowInfo {
    /// Meadow sides and river bank halves that touch no tile yet.
    pub open: u16,
    pub segments: u16,
    pub tiles: u16,
    pub animals: Herd,
    /// How many meadow zones show each [`MeadowSpecial`], by its order in `MeadowSpecial::ALL`.
    pub specials: [u16; 7],
    pub hunters: PerPlayer,
    /// Huts on a farm (Scout Agriculture), which stand in the meadow.
    pub farm_huts: PerPlayer,
}

impl MeadowInfo {
    pub fn count(&self, special: MeadowSpecial) -> u16 {
        self.specials[special as usize]
    }
}

/// A river as it stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RiverInfo {
    /// River sides that touch no tile yet; 0 means both ends are closed or it loops.
    pub open: u16,
    pub segments: u16,
    pub tiles: u16,
    /// Fish drawn on the river itself (2020).
    pub fish: u16,
    /// Distinct lakes at the river's ends.
    pub end_lakes: u16,
    /// Fish in those lakes.
    pub end_lake_fish: u16,
    pub fishers: PerPlayer,
}

/// A river system: rivers joined through lakes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SystemInfo {
    /// River segments in the system.
    pub rivers: u16,
    pub lakes: u16,
    /// Every fish in the system, in lakes and on rivers.
    pub fish: u16,
    pub rafts: u16,
    pub logboats: u16,
    pub huts: PerPlayer,
}

/// Where a piece stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceAt {
    /// In a zone: a gatherer in a forest, a fisher on a river, a hunter in a meadow, a hut on a
    /// river or a lake.
    Zone(ZoneId),
    /// On a special spot of a Scout tile: `spot` indexes the tile's spots.
    Spot { placed: u16, spot: u8 },
}

/// Why a piece cannot stand where it was asked to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PieceError {
    /// The zone or spot does not exist.
    #[error("no such zone or spot on that tile")]
    NoSuchPlace,
    /// The piece does not go in that kind of zone (a hunter on a river…).
    #[error("that piece does not stand in that kind of zone")]
    WrongKind,
    #[error("no such player")]
    PlayerOutOfRange,
}

/// What a merge double-counted, to be taken off the merged root.
#[derive(Default)]
struct Shared {
    tiles: u16,
    lakes: u16,
    lake_fish: u16,
    pieces: PerPlayer,
}

trait Info: Clone + Default {
    fn absorb(&mut self, other: &Self);
    fn unshare(&mut self, s: &Shared);
    /// How many pieces claim the feature against a new one of its kind (kept on the root's
    /// node, where move generation reads it).
    fn claims(&self) -> u16;
    fn close(&mut self, ports: u16);
}

fn add_players(a: &mut PerPlayer, b: &PerPlayer) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

fn sub_players(a: &mut PerPlayer, b: &PerPlayer) {
    for (x, y) in a.iter_mut().zip(b) {
        *x -= y;
    }
}

impl Info for ForestInfo {
    fn absorb(&mut self, o: &Self) {
        self.open += o.open;
        self.segments += o.segments;
        self.tiles += o.tiles;
        self.nuggets += o.nuggets;
        self.menhirs += o.menhirs;
        self.mushrooms += o.mushrooms;
        add_players(&mut self.gatherers, &o.gatherers);
    }
    fn unshare(&mut self, s: &Shared) {
        self.tiles -= s.tiles;
        sub_players(&mut self.gatherers, &s.pieces);
    }
    fn claims(&self) -> u16 {
        self.gatherers.iter().sum()
    }
    fn close(&mut self, ports: u16) {
        self.open -= ports;
    }
}

impl Info for MeadowInfo {
    fn absorb(&mut self, o: &Self) {
        self.open += o.open;
        self.segments += o.segments;
        self.tiles += o.tiles;
        self.animals.add(&o.animals);
        for (x, y) in self.specials.iter_mut().zip(&o.specials) {
            *x += y;
        }
        add_players(&mut self.hunters, &o.hunters);
        add_players(&mut self.farm_huts, &o.farm_huts);
    }
    fn unshare(&mut self, s: &Shared) {
        self.tiles -= s.tiles;
        sub_players(&mut self.hunters, &s.pieces);
    }
    fn claims(&self) -> u16 {
        self.hunters.iter().sum::<u16>() + self.farm_huts.iter().sum::<u16>()
    }
    fn close(&mut self, ports: u16) {
        self.open -= ports;
    }
}

impl Info for RiverInfo {
    fn absorb(&mut self, o: &Self) {
        self.open += o.open;
        self.segments += o.segments;
        self.tiles += o.tiles;
        self.fish += o.fish;
        self.end_lakes += o.end_lakes;
        self.end_lake_fish += o.end_lake_fish;
        add_players(&mut self.fishers, &o.fishers);
    }
    fn unshare(&mut self, s: &Shared) {
        self.tiles -= s.tiles;
        self.end_lakes -= s.lakes;
        self.end_lake_fish -= s.lake_fish;
        sub_players(&mut self.fishers, &s.pieces);
    }
    fn claims(&self) -> u16 {
        self.fishers.iter().sum()
    }
    fn close(&mut self, ports: u16) {
        self.open -= ports;
    }
}

impl Info for SystemInfo {
    fn absorb(&mut self, o: &Self) {
        self.rivers += o.rivers;
        self.lakes += o.lakes;
        self.fish += o.fish;
        self.rafts += o.rafts;
        self.logboats += o.logboats;
        add_players(&mut self.huts, &o.huts);
    }
    fn unshare(&mut self, _: &Shared) {}
    fn claims(&self) -> u16 {
        self.huts.iter().sum()
    }
    fn close(&mut self, _: u16) {}
}

/// A union-find over zones of one kind.
#[derive(Debug)]
struct Arena<T> {
    /// One node per zone; what a feature counts is kept at its root, in `info`.
    nodes: Vec<Node>,
    info: Vec<T>,
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
struct Node {
    parent: u32,
    size: u32,
    /// Circular lists of the zones on tiles with two or more zones of this kind; `NONE` for
    /// zones on no list. `head` and `listed` are kept at roots.
    next: u32,
    head: u32,
    listed: u32,
    /// At roots: the first node of the feature (its first zone in laying order).
    first: u32,
    /// Laying index of the zone's tile.
    tile_of: u16,
    /// At roots: [`Info::claims`] of the feature.
    claims: u16,
    /// The trial that saved the node last (see [`Arena::trial_id`]); kept in the node rather
    /// than beside it, a zone is added with one write (and a node is 32 bytes).
    mark: u32,
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
    fn new() -> Self {
        Arena {
            nodes: Vec::new(),
            info: Vec::new(),
            trialing: false,
            trial_len: 0,
            trial_id: 0,
            log: Vec::new(),
        }
    }

    fn begin_trial(&mut self) {
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

    fn undo_trial(&mut self) {
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
    fn save(&mut self, n: u32) {
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

    fn clear(&mut self) {
        self.nodes.clear();
        self.info.clear();
        self.log.clear();
        self.trialing = false;
        self.trial_len = 0;
    }

    fn len(&self) -> u32 {
        self.nodes.len() as u32
    }

    fn reserve(&mut self, n: usize) {
        self.nodes.reserve(n);
        self.info.reserve(n);
    }

    /// Adds the zones of a tile laid `tile`-th, each a feature of its own (`own`), all on the
    /// list of zones of tiles with several when `listed`; returns the first one's node.
    fn push_own(&mut self, own: &[T], tile: u16, listed: bool) -> u32 {
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

    fn find(&self, n: u32) -> u32 {
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
    fn roots(&self) -> impl Iterator<Item = &T> {
        self.nodes
            .iter()
            .zip(&self.info)
            .enumerate()
            .filter(|(i, (n, _))| n.parent as usize == *i)
            .map(|(_, (_, info))| info)
    }

    #[inline(always)]
    fn find_mut(&mut self, mut n: u32) -> u32 {
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
    fn link(&mut self, a: u32, b: u32, shared: &Shared) -> u32 {
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
    fn claim(&self, n: u32) -> (u32, u16) {
        let root = self.find(n);
        (root, self.nodes[root as usize].claims)
    }

    /// Whether a piece claims the feature of node `n`.
    fn claimed(&self, n: u32) -> bool {
        self.nodes[self.find(n) as usize].claims > 0
    }

    /// Changes the info at root `r` (saved first during a trial).
    fn change(&mut self, r: u32, f: impl FnOnce(&mut T)) {
        self.save(r);
        f(&mut self.info[r as usize]);
        self.nodes[r as usize].claims = self.info[r as usize].claims();
    }
}

/// The nodes of one laid tile.
#[derive(Clone, Copy, Debug, Default)]
struct TileNodes {
    /// First node of the tile's forests, meadows and rivers in their arenas.
    base: [u32; 3],
    count: [u8; 3],
    /// First node in the system arena: the rivers, then the lakes.
    system: u32,
    /// The piece standing in two or more zones of this tile, if any.
    span: Option<Span>,
}

#[derive(Clone, Copy, Debug)]
struct Span {
    kind: ZoneKind,
    /// Bit `i` for zone `i` of `kind`.
    zones: u16,
    player: u8,
}

fn arena_slot(kind: ZoneKind) -> usize {
    match kind {
        ZoneKind::Forest => 0,
        ZoneKind::Meadow => 1,
        ZoneKind::River => 2,
        ZoneKind::Lake => unreachable!("lakes live in the system arena"),
    }
}

/// Every feature on a board, kept up to date tile by tile.
#[derive(Debug)]
pub struct Features {
    forests: Arena<ForestInfo>,
    meadows: Arena<MeadowInfo>,
    rivers: Arena<RiverInfo>,
    systems: Arena<SystemInfo>,
    tiles: Vec<TileNodes>,
    /// For each laid tile, by board direction: the nodes at the parts of that side (a forest
    /// side's forest, a meadow side's meadow, a river side's meadows and river), then the
    /// river system of a river side.
    edges: Vec<[[u32; 4]; 4]>,
    seen: Vec<u32>,
    stamp: u32,
    completed_forests: Vec<ZoneId>,
    completed_rivers: Vec<ZoneId>,
    /// A trial in progress: the tiles added before it, the completions of the last tile, and
    /// the Scout spans it changed on older tiles.
    trialing: bool,
    trial_tiles: usize,
    trial_completed: (Vec<ZoneId>, Vec<ZoneId>),
    span_log: Vec<(usize, Option<Span>)>,
}

impl Clone for Features {
    fn clone(&self) -> Self {
        Features {
            forests: self.forests.clone(),
            meadows: self.meadows.clone(),
            rivers: self.rivers.clone(),
            systems: self.systems.clone(),
            tiles: clone_with_room(&self.tiles),
            edges: clone_with_room(&self.edges),
            seen: clone_with_room(&self.seen),
            stamp: self.stamp,
            completed_forests: self.completed_forests.clone(),
            completed_rivers: self.completed_rivers.clone(),
            trialing: false,
            trial_tiles: 0,
            trial_completed: (Vec::new(), Vec::new()),
            span_log: Vec::new(),
        }
    }

    fn clone_from(&mut self, o: &Self) {
        self.forests.clone_from(&o.forests);
        self.meadows.clone_from(&o.meadows);
        self.rivers.clone_from(&o.rivers);
        self.systems.clone_from(&o.systems);
        self.tiles.clone_from(&o.tiles);
        self.edges.clone_from(&o.edges);
        self.seen.clone_from(&o.seen);
        self.stamp = o.stamp;
        self.completed_forests.clone_from(&o.completed_forests);
        self.completed_rivers.clone_from(&o.completed_rivers);
        self.trialing = false;
        self.span_log.clear();
    }
}

impl Default for Features {
    fn default() -> Self {
        Features::new()
    }
}

/// Forest `i` of a tile as a feature of its own.
fn local_forest(tile: &Tile, i: usize) -> ForestInfo {
    let f = &tile.forests[i];
    ForestInfo {
        open: side_count(f.ports),
        segments: 1,
        tiles: 1,
        nuggets: f.nuggets.into(),
        menhirs: f.menhirs.into(),
        mushrooms: f.mushrooms.into(),
        gatherers: [0; MAX_PLAYERS],
    }
}

/// Meadow `i` of a tile as a feature of its own.
fn local_meadow(tile: &Tile, i: usize) -> MeadowInfo {
    let m = &tile.meadows[i];
    let mut specials = [0u16; 7];
    for (k, s) in MeadowSpecial::ALL.iter().enumerate() {
        specials[k] = u16::from(m.has(*s));
    }
    MeadowInfo {
        open: m.ports.0.count_ones() as u16 - 2 * side_count(m.ports),
        segments: 1,
        tiles: 1,
        animals: Herd::from(&m.animals),
        specials,
        hunters: [0; MAX_PLAYERS],
        farm_huts: [0; MAX_PLAYERS],
    }
}

/// River `i` of a tile as a feature of its own, with the distinct lakes at its ends.
fn local_river(tile: &Tile, i: usize) -> RiverInfo {
    let r = &tile.rivers[i];
    let mut lakes = 0u16;
    let mut lake_fish = 0u16;
    for (k, end) in r.ends.iter().enumerate() {
        if let RiverEnd::Lake(l) = end
            && !r.ends[..k].contains(end)
        {
            lakes += 1;
            lake_fish += u16::from(tile.lakes[usize::from(*l)].fish);
        }
    }
    RiverInfo {
        open: r.ports.0.count_ones() as u16,
        segments: 1,
        tiles: 1,
        fish: r.fish.into(),
        end_lakes: lakes,
        end_lake_fish: lake_fish,
        fishers: [0; MAX_PLAYERS],
    }
}

/// The river-system part of a tile's river `i`, or of its lake `i - rivers`.
fn local_system(tile: &Tile, i: usize) -> SystemInfo {
    match tile.rivers.get(i) {
        Some(r) => SystemInfo {
            rivers: 1,
            fish: r.fish.into(),
            ..SystemInfo::default()
        },
        None => {
            let l = &tile.lakes[i - tile.rivers.len()];
            SystemInfo {
                lakes: 1,
                fish: l.fish.into(),
                rafts: u16::from(l.has(crate::tile::LakeSpecial::Raft)),
                logboats: u16::from(l.has(crate::tile::LakeSpecial::Logboat)),
                ..SystemInfo::default()
            }
        }
    }
}

/// Each tile of a set as features of its own: its zones before anything joins them, and which
/// of its rivers end in which of its lakes. Worked out once for a set (a game keeps them with
/// its tiles): laying a tile then copies its own instead of working them out again.
#[derive(Clone, Debug, Default)]
pub struct TileFeatures {
    /// Where each tile's own begin in the lists below (forests, meadows, rivers, systems,
    /// lake ends); one more entry closes the last tile's.
    starts: Vec<[u32; 5]>,
    forests: Vec<ForestInfo>,
    meadows: Vec<MeadowInfo>,
    rivers: Vec<RiverInfo>,
    /// A tile's rivers, then its lakes, each as a river system.
    systems: Vec<SystemInfo>,
    /// A river and a lake it ends in, as the tile's system indexes.
    lake_ends: Vec<(u32, u32)>,
}

/// One tile's own features (see [`TileFeatures`]).
#[derive(Clone, Copy)]
struct Own<'a> {
    forests: &'a [ForestInfo],
    meadows: &'a [MeadowInfo],
    rivers: &'a [RiverInfo],
    systems: &'a [SystemInfo],
    lake_ends: &'a [(u32, u32)],
}

impl TileFeatures {
    /// The own features of every tile of `tiles`, by tile index.
    pub fn of(tiles: &[Tile]) -> TileFeatures {
        let mut f = TileFeatures::default();
        for tile in tiles {
            f.push(tile);
        }
        f.starts.push(f.ends());
        f
    }

    /// How many tiles they are of.
    pub fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn ends(&self) -> [u32; 5] {
        [
            self.forests.len(),
            self.meadows.len(),
            self.rivers.len(),
            self.systems.len(),
            self.lake_ends.len(),
        ]
        .map(|n| n as u32)
    }

    fn push(&mut self, tile: &Tile) {
        self.starts.push(self.ends());
        self.forests
            .extend((0..tile.forests.len()).map(|i| local_forest(tile, i)));
        self.meadows
            .extend((0..tile.meadows.len()).map(|i| local_meadow(tile, i)));
        self.rivers
            .extend((0..tile.rivers.len()).map(|i| local_river(tile, i)));
        self.systems
            .extend((0..tile.rivers.len() + tile.lakes.len()).map(|i| local_system(tile, i)));
        for (i, r) in tile.rivers.iter().enumerate() {
            for end in &r.ends {
                if let RiverEnd::Lake(l) = end {
                    let lake = tile.rivers.len() + usize::from(*l);
                    self.lake_ends.push((i as u32, lake as u32));
                }
            }
        }
    }

    /// Makes these the own features of `tile` alone, keeping their memory.
    fn refill(&mut self, tile: &Tile) {
        self.starts.clear();
        self.forests.clear();
        self.meadows.clear();
        self.rivers.clear();
        self.systems.clear();
        self.lake_ends.clear();
        self.push(tile);
        self.starts.push(self.ends());
    }

    /// Each river of tile `t` with a lake it ends in, as the tile's system indexes (its
    /// rivers, then its lakes).
    // Only this list, not all of `own(t)`: asked while counting moves, next to river systems
    // with a hut.
    pub(crate) fn lake_ends(&self, t: usize) -> &[(u32, u32)] {
        &self.lake_ends[self.starts[t][4] as usize..self.starts[t + 1][4] as usize]
    }

    /// The own features of tile `t`.
    #[inline(always)]
    fn own(&self, t: usize) -> Own<'_> {
        let (a, b) = (self.starts[t], self.starts[t + 1]);
        let r = |k: usize| a[k] as usize..b[k] as usize;
        Own {
            forests: &self.forests[r(0)],
            meadows: &self.meadows[r(1)],
            rivers: &self.rivers[r(2)],
            systems: &self.systems[r(3)],
            lake_ends: &self.lake_ends[r(4)],
        }
    }
}

fn side_count(ports: Ports) -> u16 {
    Dir::ALL
        .iter()
        .filter(|&&d| ports.contains(Ports::side(d)))
        .count() as u16
}

impl Features {
    /// Features for a board of about `tiles` tiles, with room for all their zones.
    pub fn with_capacity(tiles: usize) -> Features {
        let mut f = Features::new();
        f.reserve(tiles);
        f
    }

    /// Makes room for the features of `tiles` more tiles.
    pub(crate) fn reserve(&mut self, tiles: usize) {
        // A tile shows about one forest, two meadows and one river, and lakes now and then.
        self.forests.reserve(2 * tiles);
        self.meadows.reserve(3 * tiles);
        self.rivers.reserve(2 * tiles);
        self.systems.reserve(3 * tiles);
        self.tiles.reserve(tiles);
        self.edges.reserve(tiles);
        // A tile completes at most as many forests and rivers as it shows.
        self.completed_forests.reserve(8);
        self.completed_rivers.reserve(8);
        self.seen.reserve(tiles);
    }

    pub fn new() -> Features {
        Features {
            forests: Arena::new(),
            meadows: Arena::new(),
            rivers: Arena::new(),
            systems: Arena::new(),
            tiles: Vec::new(),
            edges: Vec::new(),
            seen: Vec::new(),
            stamp: 0,
            completed_forests: Vec::new(),
            completed_rivers: Vec::new(),
            trialing: false,
            trial_tiles: 0,
            trial_completed: (Vec::new(), Vec::new()),
            span_log: Vec::new(),
        }
    }

    /// Starts a trial: every tile and piece added or taken away from now on is put back by
    /// [`Features::undo_trial`]. One trial at a time. (The scratch marks that
    /// de-duplicate merges only ever grow; they are not part of the features.)
    pub fn begin_trial(&mut self) {
        debug_assert!(!self.trialing, "one trial at a time");
        self.trialing = true;
        self.trial_tiles = self.tiles.len();
        self.trial_completed.0.clone_from(&self.completed_forests);
        self.trial_completed.1.clone_from(&self.completed_rivers);
        self.span_log.clear();
        self.forests.begin_trial();
        self.meadows.begin_trial();
        self.rivers.begin_trial();
        self.systems.begin_trial();
    }

    /// Puts every feature back as it was when the trial began.
    pub fn undo_trial(&mut self) {
        if !self.trialing {
            return;
        }
        self.trialing = false;
        self.forests.undo_trial();
        self.meadows.undo_trial();
        self.rivers.undo_trial();
        self.systems.undo_trial();
        while let Some((p, span)) = self.span_log.pop() {
            self.tiles[p].span = span;
        }
        self.tiles.truncate(self.trial_tiles);
        self.edges.truncate(self.trial_tiles);
        self.seen.truncate(self.trial_tiles);
        std::mem::swap(&mut self.completed_forests, &mut self.trial_completed.0);
        std::mem::swap(&mut self.completed_rivers, &mut self.trial_completed.1);
    }

    /// Forgets every feature, keeping the memory.
    pub fn clear(&mut self) {
        self.forests.clear();
        self.meadows.clear();
        self.rivers.clear();
        self.systems.clear();
        self.tiles.clear();
        self.edges.clear();
        self.seen.clear();
        self.stamp = 0;
        self.completed_forests.clear();
        self.completed_rivers.clear();
        self.trialing = false;
        self.span_log.clear();
    }

    /// Takes in the tile laid last on `board` (it must be laid in order, one at a time), joins
    /// its zones to their neighbours and notes the forests and rivers it completed.
    pub fn add_tile(&mut self, tiles: &[Tile], board: &Board) {
        let placed = self.next_laid(board);
        let own = TileFeatures::of(std::slice::from_ref(&tiles[placed.tile]));
        self.add_own(tiles, placed, own.own(0), board);
    }

    /// [`Features::add_tile`] with the own features of `tiles` worked out beforehand
    /// ([`TileFeatures::of`] the same tiles): what a game does with every tile it lays.
    pub fn add_tile_with(&mut self, tiles: &[Tile], own: &TileFeatures, board: &Board) {
        debug_assert_eq!(own.len(), tiles.len(), "the own features of these tiles");
        let placed = self.next_laid(board);
        self.add_own(tiles, placed, own.own(placed.tile), board);
    }

    /// The tile to add next: the one laid last.
    fn next_laid(&self, board: &Board) -> Placed {
        let index = self.tiles.len();
        assert_eq!(
            index + 1,
            board.len(),
            "add each tile right after laying it"
        );
        board.placed()[index]
    }

    /// Takes in `placed`, the tile [`Features::next_laid`] names, with its own features.
    fn add_own(&mut self, tiles: &[Tile], placed: Placed, own: Own, board: &Board) {
        let tile = &tiles[placed.tile];
        let t = self.tiles.len() as u16;
        self.seen.push(0);

        let nodes = TileNodes {
            base: [
                self.forests
                    .push_own(own.forests, t, own.forests.len() >= 2),
                self.meadows
                    .push_own(own.meadows, t, own.meadows.len() >= 2),
                self.rivers.push_own(own.rivers, t, own.rivers.len() >= 2),
            ],
            count: [
                own.forests.len() as u8,
                own.meadows.len() as u8,
                own.rivers.len() as u8,
            ],
            system: self.systems.push_own(own.systems, t, false),
            span: None,
        };
        self.tiles.push(nodes);
        // Without a branch on each side's kind (a guess the processor mostly loses): a side
        // part's node is its arena's first node of the tile plus the zone's index (lakes never
        // meet a side), and the parts a forest or meadow side lacks are chosen away.
        let bases = [nodes.base[0], nodes.base[1], nodes.base[2], NONE];
        let edges = Dir::ALL.map(|dir| {
            let [a, m, b] = tile.turned[usize::from(placed.rot.0 & 3)][dir.index()];
            let node = |z: ZoneRef| bases[z.kind as usize].wrapping_add(u32::from(z.index));
            let river = tile.side(placed.rot, dir) == Side::River;
            let or_none = |n: u32| if river { n } else { NONE };
            [
                or_none(node(a)),
                node(m),
                or_none(node(b)),
                or_none(nodes.system + u32::from(m.index)),
            ]
        });
        self.edges.push(edges);
        for &(river, lake) in own.lake_ends {
            self.union_system(nodes.system + river, nodes.system + lake);
        }

        for (dir, n) in placed.laid_next_to() {
            let other = board.placed()[n];
            let otile = &tiles[other.tile];
            let back = dir.opposite();
            let here = |part| tile.zone_at(placed.rot, dir, part).index;
            let there = |part| otile.zone_at(other.rot, back, part).index;
            match tile.side(placed.rot, dir) {
                Side::Forest => {
                    let (a, b) = (self.node(t, 0, here(1)), self.node(n as u16, 0, there(1)));
                    self.union_zones(tiles, board, ZoneKind::Forest, a, b);
                }
                Side::Meadow => {
                    let (a, b) = (self.node(t, 1, here(1)), self.node(n as u16, 1, there(1)));
                    self.union_zones(tiles, board, ZoneKind::Meadow, a, b);
                }
                Side::River => {
                    let (a, b) = (self.node(t, 2, here(1)), self.node(n as u16, 2, there(1)));
                    self.union_zones(tiles, board, ZoneKind::River, a, b);
                    let sa = nodes.system + u32::from(here(1));
                    let sb = self.tiles[n].system + u32::from(there(1));
                    self.union_system(sa, sb);
                    for part in [0, 2] {
                        let a = self.node(t, 1, here(part));
                        let b = self.node(n as u16, 1, there(2 - part));
                        self.union_zones(tiles, board, ZoneKind::Meadow, a, b);
                    }
                }
            }
        }

        self.completed_forests.clear();
        self.completed_rivers.clear();
        for i in 0..tile.forests.len() {
            let z = ZoneId {
                placed: t,
                zone: ZoneRef {
                    kind: ZoneKind::Forest,
                    index: i as u8,
                },
            };
            let root = self.forests.find(nodes.base[0] + i as u32);
            if self.forests.info[root as usize].open == 0
                && !self
                    .completed_forests
                    .iter()
                    .any(|c| self.forests.find(self.node_of(*c)) == root)
            {
                self.completed_forests.push(z);
            }
        }
        for i in 0..tile.rivers.len() {
            let z = ZoneId {
                placed: t,
                zone: ZoneRef {
                    kind: ZoneKind::River,
                    index: i as u8,
                },
            };
            let root = self.rivers.find(nodes.base[2] + i as u32);
            if self.rivers.info[root as usize].open == 0
                && !self
                    .completed_rivers
                    .iter()
                    .any(|c| self.rivers.find(self.node_of(*c)) == root)
            {
                self.completed_rivers.push(z);
            }
        }
    }

    fn node(&self, placed: u16, slot: usize, index: u8) -> u32 {
        self.tiles[usize::from(placed)].base[slot] + u32::from(index)
    }

    fn node_of(&self, z: ZoneId) -> u32 {
        let nodes = &self.tiles[usize::from(z.placed)];
        match z.zone.kind {
            ZoneKind::Lake => unreachable!("lakes are looked up through systems"),
            kind => nodes.base[arena_slot(kind)] + u32::from(z.zone.index),
        }
    }

    fn system_node(&self, tiles: &[Tile], board: &Board, z: ZoneId) -> u32 {
        let nodes = &self.tiles[usize::from(z.placed)];
        match z.zone.kind {
            ZoneKind::River => nodes.system + u32::from(z.zone.index),
            ZoneKind::Lake => {
                let tile = &tiles[board.placed()[usize::from(z.placed)].tile];
                nodes.system + tile.rivers.len() as u32 + u32::from(z.zone.index)
            }
            _ => unreachable!("only rivers and lakes belong to river systems"),
        }
    }

    fn union_system(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.systems.find_mut(a), self.systems.find_mut(b));
        if ra != rb {
            self.systems.link(ra, rb, &Shared::default());
        }
    }

    /// Joins two zones that meet across a side, closing one open side of each.
    #[inline(always)]
    fn union_zones(&mut self, tiles: &[Tile], board: &Board, kind: ZoneKind, a: u32, b: u32) {
        match kind {
            ZoneKind::Forest => {
                let (ra, rb) = (self.forests.find_mut(a), self.forests.find_mut(b));
                let s = (ra != rb).then(|| self.shared(tiles, board, kind, ra, rb));
                join(&mut self.forests, ra, rb, s);
            }
            ZoneKind::Meadow => {
                let (ra, rb) = (self.meadows.find_mut(a), self.meadows.find_mut(b));
                let s = (ra != rb).then(|| self.shared(tiles, board, kind, ra, rb));
                join(&mut self.meadows, ra, rb, s);
            }
            ZoneKind::River => {
                let (ra, rb) = (self.rivers.find_mut(a), self.rivers.find_mut(b));
                let s = (ra != rb).then(|| self.shared(tiles, board, kind, ra, rb));
                join(&mut self.rivers, ra, rb, s);
            }
            ZoneKind::Lake => unreachable!("lakes never touch a side"),
        }

        fn join<T: Info>(arena: &mut Arena<T>, ra: u32, rb: u32, shared: Option<Shared>) {
            let root = match shared {
                Some(s) => arena.link(ra, rb, &s),
                None => ra,
            };
            // One side of each zone is now closed.
            arena.save(root);
            arena.info[root as usize].close(2);
        }
    }

    /// Root of node `n` in the arena of `kind` (forest, meadow or river), with the tile the node
    /// lies on and its successor on the multi-zone list.
    fn find_in(&self, kind: ZoneKind, n: u32) -> u32 {
        match kind {
            ZoneKind::Forest => self.forests.find(n),
            ZoneKind::Meadow => self.meadows.find(n),
            _ => self.rivers.find(n),
        }
    }

    fn list_step(&self, kind: ZoneKind, n: u32) -> (u16, u32) {
        let i = n as usize;
        let node = match kind {
            ZoneKind::Forest => &self.forests.nodes[i],
            ZoneKind::Meadow => &self.meadows.nodes[i],
            _ => &self.rivers.nodes[i],
        };
        (node.tile_of, node.next)
    }

    /// What the roots `ra` and `rb` both count: tiles with zones in both, lakes ending rivers
    /// in both, Scout pieces standing in both.
    // Inlined down to the test of the lists: most merges join a feature with no tile of
    // several zones of its kind, and share nothing.
    #[inline(always)]
    fn shared(
        &mut self,
        tiles: &[Tile],
        board: &Board,
        kind: ZoneKind,
        ra: u32,
        rb: u32,
    ) -> Shared {
        let nodes = match kind {
            ZoneKind::Forest => &self.forests.nodes,
            ZoneKind::Meadow => &self.meadows.nodes,
            _ => &self.rivers.nodes,
        };
        let (a, b) = (&nodes[ra as usize], &nodes[rb as usize]);
        if a.head == NONE || b.head == NONE {
            return Shared::default();
        }
        // Walk the shorter list: `mine` is its root, `theirs` the other.
        let (mine, theirs, start) = if a.listed <= b.listed {
            (ra, rb, a.head)
        } else {
            (rb, ra, b.head)
        };
        self.shared_on_lists(tiles, board, kind, (mine, theirs), start)
    }

    /// [`Features::shared`] by walking the list of `mine` from `start`.
    #[inline(never)]
    fn shared_on_lists(
        &mut self,
        tiles: &[Tile],
        board: &Board,
        kind: ZoneKind,
        (mine, theirs): (u32, u32),
        start: u32,
    ) -> Shared {
        let slot = arena_slot(kind);
        let mut s = Shared::default();
        self.stamp += 1;
        let stamp = self.stamp;
        let mut z = start;
        loop {
            let (t, next) = self.list_step(kind, z);
            if self.seen[usize::from(t)] != stamp {
                self.seen[usize::from(t)] = stamp;
                let nodes = self.tiles[usize::from(t)];
                let base = nodes.base[slot];
                let count = u32::from(nodes.count[slot]);
                let root_of = |i: u32| self.find_in(kind, base + i);
                let mut in_mine = 0u16;
                let mut in_theirs = 0u16;
                for i in 0..count {
                    let r = root_of(i);
                    if r == mine {
                        in_mine |= 1 << i;
                    } else if r == theirs {
                        in_theirs |= 1 << i;
                    }
                }
                if in_theirs != 0 {
                    s.tiles += 1;
                    if kind == ZoneKind::River {
                        let tile = &tiles[board.placed()[usize::from(t)].tile];
                        for (l, lake) in tile.lakes.iter().enumerate() {
                            let mut arms = 0u16;
                            for (i, r) in tile.rivers.iter().enumerate() {
                                if r.ends.contains(&RiverEnd::Lake(l as u8)) {
                                    arms |= 1 << i;
                                }
                            }
                            if arms & in_mine != 0 && arms & in_theirs != 0 {
                                s.lakes += 1;
                                s.lake_fish += u16::from(lake.fish);
                            }
                        }
                    }
                    if let Some(span) = nodes.span
                        && span.kind == kind
                        && span.zones & in_mine != 0
                        && span.zones & in_theirs != 0
                    {
                        s.pieces[usize::from(span.player)] += 1;
                    }
                }
            }
            z = next;
            if z == start {
                break;
            }
        }
        s
    }

    /// Forests completed by the tile added last, one zone of each.
    pub fn completed_forests(&self) -> &[ZoneId] {
        &self.completed_forests
    }

    /// Rivers completed by the tile added last, one zone of each.
    pub fn completed_rivers(&self) -> &[ZoneId] {
        &self.completed_rivers
    }

    /// Every forest on the board, once each.
    pub fn all_forests(&self) -> impl Iterator<Item = &ForestInfo> {
        self.forests.roots()
    }

    /// Every river on the board, once each.
    pub fn all_rivers(&self) -> impl Iterator<Item = &RiverInfo> {
        self.rivers.roots()
    }

    /// How many tiles have been added.
    pub fn tile_count(&self) -> usize {
        self.tiles.len()
    }

    pub fn forest(&self, z: ZoneId) -> &ForestInfo {
        debug_assert_eq!(z.zone.kind, ZoneKind::Forest);
        &self.forests.info[self.forests.find(self.node_of(z)) as usize]
    }

    pub fn meadow(&self, z: ZoneId) -> &MeadowInfo {
        debug_assert_eq!(z.zone.kind, ZoneKind::Meadow);
        &self.meadows.info[self.meadows.find(self.node_of(z)) as usize]
    }

    pub fn river(&self, z: ZoneId) -> &RiverInfo {
        debug_assert_eq!(z.zone.kind, ZoneKind::River);
        &self.rivers.info[self.rivers.find(self.node_of(z)) as usize]
    }

    /// The river system of a river or a lake.
    pub fn system(&self, tiles: &[Tile], board: &Board, z: ZoneId) -> &SystemInfo {
        let n = self.system_node(tiles, board, z);
        &self.systems.info[self.systems.find(n) as usize]
    }

    /// A number naming the feature `z` belongs to: equal for two zones exactly when they are
    /// in the same feature of the same kind. Lakes (and rivers, with `system`) name their
    /// river system.
    pub fn key(&self, tiles: &[Tile], board: &Board, z: ZoneId, system: bool) -> FeatureKey {
        let root = match z.zone.kind {
            ZoneKind::Forest => self.forests.find(self.node_of(z)),
            ZoneKind::Meadow => self.meadows.find(self.node_of(z)),
            ZoneKind::River if !system => self.rivers.find(self.node_of(z)),
            ZoneKind::River | ZoneKind::Lake => {
                return FeatureKey {
                    kind: FeatureKind::System,
                    root: self.systems.find(self.system_node(tiles, board, z)),
                };
            }
        };
        let kind = match z.zone.kind {
            ZoneKind::Forest => FeatureKind::Forest,
            ZoneKind::Meadow => FeatureKind::Meadow,
            _ => FeatureKind::River,
        };
        FeatureKey { kind, root }
    }

    /// The feature of forest, meadow or river zone `z`, and how many pieces claim it against
    /// a new meeple of its kind: gatherers; hunters and Agriculture huts; fishers.
    pub(crate) fn claim(&self, z: ZoneId) -> (FeatureKey, u16) {
        self.claim_node(z.zone.kind, self.node_of(z))
    }

    /// [`Features::claim`] of node `n` of the arena of `kind`.
    #[inline(always)]
    fn claim_node(&self, kind: ZoneKind, n: u32) -> (FeatureKey, u16) {
        let ((root, claims), kind) = match kind {
            ZoneKind::Forest => (self.forests.claim(n), FeatureKind::Forest),
            ZoneKind::Meadow => (self.meadows.claim(n), FeatureKind::Meadow),
            _ => (self.rivers.claim(n), FeatureKind::River),
        };
        (FeatureKey { kind, root }, claims)
    }

    /// The feature of `kind` the tile laid `placed`-th shows at `part` of its side toward
    /// `dir`, with the number of pieces claiming it as in [`Features::claim`]. Inlined where
    /// the kind and part are known, so that neither is tested.
    #[inline(always)]
    pub(crate) fn claim_at_edge(
        &self,
        placed: usize,
        dir: Dir,
        kind: ZoneKind,
        part: usize,
    ) -> (FeatureKey, u16) {
        self.claim_node(kind, self.edges[placed][dir.index()][part])
    }

    /// The river system the tile laid `placed`-th shows in the middle of its river side
    /// toward `dir`, and whether a hut stands in it.
    pub(crate) fn system_at_edge(&self, placed: usize, dir: Dir) -> (FeatureKey, bool) {
        let (root, huts) = self.systems.claim(self.edges[placed][dir.index()][3]);
        let key = FeatureKey {
            kind: FeatureKind::System,
            root,
        };
        (key, huts > 0)
    }

    /// Whether a feature the tile laid `placed`-th shows on its side toward `dir` (a `side`
    /// side) is claimed against a new meeple (when `meeples`), or a hut stands in the river
    /// system there (when `huts`): [`Features::claim_at_edge`] of every part of the side and
    /// [`Features::system_at_edge`], answered without building the keys.
    pub(crate) fn taken_at_edge(
        &self,
        placed: usize,
        dir: Dir,
        side: Side,
        (meeples, huts): (bool, bool),
    ) -> bool {
        let edge = &self.edges[placed][dir.index()];
        match side {
            Side::Forest => meeples && self.forests.claimed(edge[1]),
            Side::Meadow => meeples && self.meadows.claimed(edge[1]),
            Side::River => {
                meeples
                    && (self.rivers.claimed(edge[1])
                        || self.meadows.claimed(edge[0])
                        || self.meadows.claimed(edge[2]))
                    || huts && self.systems.claimed(edge[3])
            }
        }
    }

    /// The first zone, in laying order, of the meadow of meadow zone `z`.
    pub(crate) fn first_meadow_zone(&self, z: ZoneId) -> ZoneId {
        let root = self.meadows.find(self.node_of(z));
        let n = self.meadows.nodes[root as usize].first;
        let placed = self.meadows.nodes[n as usize].tile_of;
        let base = self.tiles[usize::from(placed)].base[1];
        ZoneId {
            placed,
            zone: ZoneRef {
                kind: ZoneKind::Meadow,
                index: (n - base) as u8,
            },
        }
    }

    /// Puts a piece of `player`; a spot piece counts once in each distinct feature it touches.
    pub fn add_piece(
        &mut self,
        tiles: &[Tile],
        board: &Board,
        piece: Piece,
        player: usize,
        at: PieceAt,
    ) -> Result<(), PieceError> {
        self.move_piece(tiles, board, piece, player, at, true)
    }

    /// Takes a piece away again (returned to its owner).
    pub fn remove_piece(
        &mut self,
        tiles: &[Tile],
        board: &Board,
        piece: Piece,
        player: usize,
        at: PieceAt,
    ) -> Result<(), PieceError> {
        self.move_piece(tiles, board, piece, player, at, false)
    }

    fn move_piece(
        &mut self,
        tiles: &[Tile],
        board: &Board,
        piece: Piece,
        player: usize,
        at: PieceAt,
        add: bool,
    ) -> Result<(), PieceError> {
        if player >= MAX_PLAYERS {
            return Err(PieceError::PlayerOutOfRange);
        }
        let placed = match at {
            PieceAt::Zone(z) => z.placed,
            PieceAt::Spot { placed, .. } => placed,
        };
        let p = usize::from(placed);
        if p >= self.tiles.len() {
            return Err(PieceError::NoSuchPlace);
        }
        let tile = &tiles[board.placed()[p].tile];
        // The zones the piece counts in, all of one kind.
        let (kind, zones): (ZoneKind, u16) = match at {
            PieceAt::Zone(z) => {
                if usize::from(z.zone.index) >= tile.zone_count(z.zone.kind) {
                    return Err(PieceError::NoSuchPlace);
                }
                if !piece.stands_on(z.zone.kind) {
                    return Err(PieceError::WrongKind);
                }
                (z.zone.kind, 1 << z.zone.index)
            }
            PieceAt::Spot { spot, .. } => {
                let spot = tile
                    .spots
                    .get(usize::from(spot))
                    .ok_or(PieceError::NoSuchPlace)?;
                if spot.piece != piece {
                    return Err(PieceError::WrongKind);
                }
                let mask = spot.zones.iter().fold(0u16, |m, z| m | 1 << z.index);
                (spot.zones[0].kind, mask)
            }
        };
        if piece == Piece::Hut && kind != ZoneKind::Meadow {
            let index = (0..16).find(|i| zones & (1 << i) != 0).unwrap_or(0) as u8;
            let z = ZoneId {
                placed,
                zone: ZoneRef { kind, index },
            };
            let root = self.systems.find(self.system_node(tiles, board, z));
            self.systems
                .change(root, |i| bump(&mut i.huts[player], add));
            return Ok(());
        }
        if zones.count_ones() >= 2 {
            if self.trialing && p < self.trial_tiles {
                self.span_log.push((p, self.tiles[p].span));
            }
            self.tiles[p].span = add.then_some(Span {
                kind,
                zones,
                player: player as u8,
            });
        }
        let slot = arena_slot(kind);
        let base = self.tiles[p].base[slot];
        let mut roots = [NONE; 16];
        for i in 0..16u32 {
            if zones & (1 << i) == 0 {
                continue;
            }
            let root = self.find_in(kind, base + i);
            if roots.contains(&root) {
                continue;
            }
            roots[i as usize] = root;
            match (kind, piece) {
                (ZoneKind::Forest, _) => self
                    .forests
                    .change(root, |i| bump(&mut i.gatherers[player], add)),
                (ZoneKind::Meadow, Piece::Hut) => self
                    .meadows
                    .change(root, |i| bump(&mut i.farm_huts[player], add)),
                (ZoneKind::Meadow, _) => self
                    .meadows
                    .change(root, |i| bump(&mut i.hunters[player], add)),
                _ => self
                    .rivers
                    .change(root, |i| bump(&mut i.fishers[player], add)),
            }
        }
        Ok(())
    }
}

fn bump(n: &mut u16, add: bool) {
    if add {
        *n += 1;
    } else {
        *n = n.saturating_sub(1);
    }
}

/// The kinds of feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FeatureKind {
    Forest,
    Meadow,
    River,
    System,
}

/// Names one feature while the board does not change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureKey {
    pub kind: FeatureKind,
    pub root: u32,
}

/// The features a tile would make if it were laid at a placement, worked out from the features
/// around it without laying it (see [`Features::preview`]).
#[derive(Clone, Debug)]
pub struct Preview {
    /// By zone of the tile: the forest, meadow or river it would belong to.
    pub forests: Vec<ForestInfo>,
    pub meadows: Vec<MeadowInfo>,
    pub rivers: Vec<RiverInfo>,
    /// By river, then by lake of the tile: its river system.
    pub systems: Vec<SystemInfo>,
    /// By forest (river) of the tile: the first of its forests (rivers) in the same forest
    /// (river), so that a feature two zones join is counted once.
    pub forest_same: Vec<u8>,
    pub river_same: Vec<u8>,
    /// Whether the tile would complete a forest or a river.
    pub completes: bool,
    /// Scratch: the tiles a merge has to look at, kept between previews.
    seen: Vec<u16>,
    /// The zones of the tile a bot previews at every placement of a turn, each as a feature
    /// of its own (see [`Preview::prepare`]).
    locals: Locals,
}

/// A tile's own features, and the tile prepared (by address).
#[derive(Clone, Debug, Default)]
struct Locals {
    prepared: Option<usize>,
    own: TileFeatures,
}

impl Locals {
    /// The own features of `tile`: those prepared, if it is the tile prepared; else worked
    /// out now.
    fn of(&mut self, tile: &Tile) -> Own<'_> {
        if self.prepared != Some(tile as *const Tile as usize) {
            self.prepared = None;
            self.own.refill(tile);
        }
        self.own.own(0)
    }
}

impl Preview {
    /// Works out once what every preview of `tile` needs of the tile alone, until the next
    /// call: a bot previews the drawn tile at every placement of a turn. The tile is known
    /// by its address, so prepare again (or with `None`) before previews of another game
    /// whose tiles may lie where these lay; without it each preview works everything out.
    pub fn prepare(&mut self, tile: Option<&Tile>) {
        self.locals.prepared = None;
        if let Some(tile) = tile {
            self.locals.own.refill(tile);
            self.locals.prepared = Some(tile as *const Tile as usize);
        }
    }

    fn clear(&mut self) {
        self.forest_same.clear();
        self.river_same.clear();
        self.forests.clear();
        self.meadows.clear();
        self.rivers.clear();
        self.systems.clear();
        self.completes = false;
    }
}

impl Default for Preview {
    fn default() -> Preview {
        Preview {
            forests: Vec::with_capacity(16),
            meadows: Vec::with_capacity(16),
            rivers: Vec::with_capacity(16),
            systems: Vec::with_capacity(16),
            forest_same: Vec::with_capacity(16),
            river_same: Vec::with_capacity(16),
            completes: false,
            seen: Vec::with_capacity(64),
            locals: Locals::default(),
        }
    }
}

/// A small union-find over the zones of one tile and the feature roots they touch.
struct Groups {
    parent: [u8; 32],
}

impl Groups {
    fn new() -> Groups {
        Groups {
            parent: std::array::from_fn(|i| i as u8),
        }
    }

    fn find(&self, mut i: usize) -> usize {
        while usize::from(self.parent[i]) != i {
            i = usize::from(self.parent[i]);
        }
        i
    }

    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[b] = a as u8;
        }
    }
}

impl Features {
    /// What the features would be if `tile` were laid at `at` on `board` (where it fits),
    /// into `out`: for each of its zones the forest, river and, when asked for, meadow and
    /// river system it would belong to, with every counter as [`Features::add_tile`] would
    /// leave it (pieces are counted as they stand; no piece is added). Nothing changes.
    pub fn preview(
        &self,
        (tiles, board): (&[Tile], &Board),
        tile: &Tile,
        at: Placement,
        (meadows, systems): (bool, bool),
        out: &mut Preview,
    ) {
        out.clear();
        // What each side of the tile touches: (local zone, neighbour's node) per kind, and
        // for the rivers the neighbour's river-system node.
        let mut touch = [[(0u8, 0u32); 12]; 3];
        let mut touches = [0usize; 3];
        let mut river_systems = [0u32; 4];
        // Only a frontier square has neighbours (a placement is always on one).
        let square = board.frontier_at(at.pos);
        for (dir, n, _) in square.into_iter().flat_map(|sq| sq.neighbours()) {
            let edge = &self.edges[n][dir.opposite().index()];
            let parts: &[usize] = match tile.side(at.rot, dir) {
                Side::River => &[0, 1, 2],
                _ => &[1],
            };
            for &part in parts {
                let here = tile.zone_at(at.rot, dir, part);
                let k = arena_slot(here.kind);
                if k == 2 {
                    river_systems[touches[2]] = edge[3];
                }
                touch[k][touches[k]] = (here.index, edge[2 - part]);
                touches[k] += 1;
            }
        }
        let (tf, tm, tr) = (
            &touch[0][..touches[0]],
            &touch[1][..touches[1]],
            &touch[2][..touches[2]],
        );
        let t = (tiles, board);
        let locals = out.locals.of(tile);
        self.merge(
            &self.forests,
            0,
            t,
            tile.forests.len(),
            |i| locals.forests[i],
            tf,
            None,
            (&mut out.forests, Some(&mut out.forest_same), &mut out.seen),
        );
        if meadows {
            self.merge(
                &self.meadows,
                1,
                t,
                tile.meadows.len(),
                |i| locals.meadows[i],
                tm,
                None,
                (&mut out.meadows, None, &mut out.seen),
            );
        }
        self.merge(
            &self.rivers,
            2,
            t,
            tile.rivers.len(),
            |i| locals.rivers[i],
            tr,
            Some(tile),
            (&mut out.rivers, Some(&mut out.river_same), &mut out.seen),
        );
        out.completes =
            out.forests.iter().any(|f| f.open == 0) || out.rivers.iter().any(|r| r.open == 0);
        if !systems {
            return;
        }
        // River systems: rivers and lakes of the tile, joined through its lakes and through
        // the systems next door.
        let nr = tile.rivers.len();
        let n = nr + tile.lakes.len();
        let mut g = Groups::new();
        let mut roots = [0u32; 12];
        let mut nroots = 0;
        for &(river, lake) in locals.lake_ends {
            g.join(river as usize, lake as usize);
        }
        for (&(i, _), &system) in tr.iter().zip(&river_systems) {
            let root = self.systems.find(system);
            let k = index_of(&mut roots, &mut nroots, root);
            g.join(usize::from(i), n + k);
        }
        for i in 0..n {
            let gi = g.find(i);
            if let Some(j) = (0..i).find(|&j| g.find(j) == gi) {
                let same = out.systems[j];
                out.systems.push(same);
                continue;
            }
            let mut info = SystemInfo::default();
            for j in i..n {
                if g.find(j) == gi {
                    info.absorb(&locals.systems[j]);
                }
            }
            for (k, &r) in roots[..nroots].iter().enumerate() {
                if g.find(n + k) == gi {
                    info.absorb(&self.systems.info[r as usize]);
                }
            }
            out.systems.push(info);
        }
    }

    /// The merged features of one kind (arena `slot`): each of the `n` local zones with the
    /// roots it touches and the local zones joined through them, less what the merges count
    /// twice.
    #[allow(clippy::too_many_arguments)]
    fn merge<T: Info + Copy>(
        &self,
        arena: &Arena<T>,
        slot: usize,
        (tiles, board): (&[Tile], &Board),
        n: usize,
        local: impl Fn(usize) -> T,
        touch: &[(u8, u32)],
        rivers_of: Option<&Tile>,
        (out, same, seen): (&mut Vec<T>, Option<&mut Vec<u8>>, &mut Vec<u16>),
    ) {
        let mut same = same;
        let mut g = Groups::new();
        let mut roots = [0u32; 12];
        let mut nroots = 0;
        let mut joins = [0u16; 16];
        for &(i, node) in touch {
            let root = arena.find(node);
            let k = index_of(&mut roots, &mut nroots, root);
            g.join(usize::from(i), n + k);
            joins[usize::from(i)] += 1;
        }
        for i in 0..n {
            let gi = g.find(i);
            // A zone joined to an earlier one shares its feature.
            let first = (0..i).find(|&j| g.find(j) == gi);
            if let Some(s) = same.as_deref_mut() {
                s.push(first.unwrap_or(i) as u8);
            }
            if let Some(j) = first {
                let shared = out[j];
                out.push(shared);
                continue;
            }
            let mut info = T::default();
            let mut locals = 0u16;
            let mut closed = 0u16;
            let mut lake_arms = [0u16; 16];
            for (j, &joined) in joins.iter().enumerate().take(n).skip(i) {
                if g.find(j) == gi {
                    info.absorb(&local(j));
                    locals += 1;
                    closed += joined;
                    // Lakes of the new tile that end several of its rivers in this feature.
                    if let Some(t) = rivers_of {
                        for l in dedup_lakes(&t.rivers[j].ends) {
                            lake_arms[usize::from(l)] += 1;
                        }
                    }
                }
            }
            let mut in_group = [0u32; 12];
            let mut ng = 0;
            for (k, &r) in roots[..nroots].iter().enumerate() {
                if g.find(n + k) == gi {
                    info.absorb(&arena.info[r as usize]);
                    in_group[ng] = r;
                    ng += 1;
                }
            }
            info.close(2 * closed);
            let mut shared = Shared {
                tiles: locals.saturating_sub(1),
                ..Shared::default()
            };
            if let Some(t) = rivers_of {
                for (l, &arms) in lake_arms.iter().enumerate().take(t.lakes.len()) {
                    if arms > 1 {
                        shared.lakes += arms - 1;
                        shared.lake_fish += (arms - 1) * u16::from(t.lakes[l].fish);
                    }
                }
            }
            if ng > 1 {
                self.shared_among(
                    arena,
                    slot,
                    (tiles, board),
                    &in_group[..ng],
                    rivers_of.is_some(),
                    (&mut shared, &mut *seen),
                );
            }
            info.unshare(&shared);
            out.push(info);
        }
    }

    /// What the roots `group` count more than once between them, into `shared`: tiles with
    /// zones in several of them, and (rivers) lakes ending rivers in several of them. `seen`
    /// is a buffer.
    fn shared_among<T: Info>(
        &self,
        arena: &Arena<T>,
        slot: usize,
        (tiles, board): (&[Tile], &Board),
        group: &[u32],
        rivers: bool,
        (shared, seen): (&mut Shared, &mut Vec<u16>),
    ) {
        // Every tile on the multi-zone lists of the roots, once.
        seen.clear();
        for &r in group {
            let start = arena.nodes[r as usize].head;
            if start == NONE {
                continue;
            }
            let mut z = start;
            loop {
                let node = &arena.nodes[z as usize];
                if !seen.contains(&node.tile_of) {
                    seen.push(node.tile_of);
                }
                z = node.next;
                if z == start {
                    break;
                }
            }
        }
        for &t in seen.iter() {
            let nodes = self.tiles[usize::from(t)];
            let base = nodes.base[slot];
            let root_of = |i: u32| arena.find(base + i);
            let distinct = group_roots_among(group, (0..u32::from(nodes.count[slot])).map(root_of));
            if distinct > 1 {
                shared.tiles += distinct - 1;
            }
            // A Scout piece standing in zones of several of the roots counts once.
            if let Some(span) = nodes.span
                && span.kind != ZoneKind::Lake
                && arena_slot(span.kind) == slot
            {
                let zones = (0..16u32).filter(|i| span.zones & (1 << i) != 0);
                let parts = group_roots_among(group, zones.map(root_of));
                if parts > 1 {
                    shared.pieces[usize::from(span.player)] += parts - 1;
                }
            }
            if rivers && distinct > 1 {
                let tile = &tiles[board.placed()[usize::from(t)].tile];
                for (l, lake) in tile.lakes.iter().enumerate() {
                    let ending = tile
                        .rivers
                        .iter()
                        .enumerate()
                        .filter(|(_, r)| r.ends.contains(&RiverEnd::Lake(l as u8)))
                        .map(|(i, _)| root_of(i as u32));
                    let arms = group_roots_among(group, ending);
                    if arms > 1 {
                        shared.lakes += arms - 1;
                        shared.lake_fish += (arms - 1) * u16::from(lake.fish);
                    }
                }
            }
        }
    }
}

/// How many roots of `group` are among `roots`.
fn group_roots_among(group: &[u32], roots: impl Iterator<Item = u32>) -> u16 {
    let found = roots.fold(0u16, |m, r| {
        m | group.iter().position(|&g| g == r).map_or(0, |k| 1 << k)
    });
    found.count_ones() as u16
}

/// The position of `root` among the first `n` of `roots`, adding it if new.
fn index_of(roots: &mut [u32; 12], n: &mut usize, root: u32) -> usize {
    match roots[..*n].iter().position(|&r| r == root) {
        Some(k) => k,
        None => {
            roots[*n] = root;
            *n += 1;
            *n - 1
        }
    }
}

/// The lakes at a river's ends, each once.
fn dedup_lakes(ends: &[RiverEnd]) -> impl Iterator<Item = u8> + '_ {
    ends.iter().enumerate().filter_map(move |(k, e)| match e {
        RiverEnd::Lake(l) if !ends[..k].contains(e) => Some(*l),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
