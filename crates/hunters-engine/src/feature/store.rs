//! [`Features`]: every forest, meadow, river and river system on a board, one arena each,
//! kept up to date as tiles are laid and pieces come and go, and put back after a trial.

use super::arena::{Arena, NONE};
use super::info::{ForestInfo, Info, MAX_PLAYERS, MeadowInfo, RiverInfo, Shared, SystemInfo};
use super::key::{FeatureKey, FeatureKind, PieceAt, PieceError, ZoneId};
use super::own::{Own, TileFeatures};
use crate::board::{Board, Placed, clone_with_room};
use crate::tile::{Dir, Piece, RiverEnd, Side, Tile, ZoneKind, ZoneRef};

/// The nodes of one laid tile.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct TileNodes {
    /// First node of the tile's forests, meadows and rivers in their arenas.
    pub(super) base: [u32; 3],
    pub(super) count: [u8; 3],
    /// First node in the system arena: the rivers, then the lakes.
    pub(super) system: u32,
    /// The piece standing in two or more zones of this tile, if any.
    pub(super) span: Option<Span>,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Span {
    pub(super) kind: ZoneKind,
    /// Bit `i` for zone `i` of `kind`.
    pub(super) zones: u16,
    pub(super) player: u8,
}

/// The arena of the features of `kind` among the forests, meadows and rivers.
pub(super) fn arena_slot(kind: ZoneKind) -> usize {
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
    pub(super) forests: Arena<ForestInfo>,
    pub(super) meadows: Arena<MeadowInfo>,
    pub(super) rivers: Arena<RiverInfo>,
    pub(super) systems: Arena<SystemInfo>,
    pub(super) tiles: Vec<TileNodes>,
    /// For each laid tile, by board direction: the nodes at the parts of that side (a forest
    /// side's forest, a meadow side's meadow, a river side's meadows and river), then the
    /// river system of a river side.
    pub(super) edges: Vec<[[u32; 4]; 4]>,
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

        completed_on(
            &self.forests,
            |f| f.open,
            (t, ZoneKind::Forest, nodes.base[0], tile.forests.len()),
            &mut self.completed_forests,
        );
        completed_on(
            &self.rivers,
            |r| r.open,
            (t, ZoneKind::River, nodes.base[2], tile.rivers.len()),
            &mut self.completed_rivers,
        );
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

/// Into `completed`, one zone of each feature of `kind` that the tile laid as `placed` (its
/// `zones` zones of that kind from node `base`) leaves with no open side (`open`).
fn completed_on<T: Info>(
    arena: &Arena<T>,
    open: impl Fn(&T) -> u16,
    (placed, kind, base, zones): (u16, ZoneKind, u32, usize),
    completed: &mut Vec<ZoneId>,
) {
    completed.clear();
    for i in 0..zones {
        let root = arena.find(base + i as u32);
        // Two zones of the tile in one feature: the first stands for it. Every zone noted is
        // the tile's own, so its node is `base` plus its index.
        if open(&arena.info[root as usize]) == 0
            && !completed
                .iter()
                .any(|c| arena.find(base + u32::from(c.zone.index)) == root)
        {
            completed.push(ZoneId {
                placed,
                zone: ZoneRef {
                    kind,
                    index: i as u8,
                },
            });
        }
    }
}

fn bump(n: &mut u16, add: bool) {
    if add {
        *n += 1;
    } else {
        *n = n.saturating_sub(1);
    }
}
