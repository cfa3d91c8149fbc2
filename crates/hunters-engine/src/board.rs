//! The board: where tiles lie, which empty squares touch them, and where a tile may go.
//!
//! The board is unbounded for every game it can hold: a board made for `n` tiles reaches
//! `n + 1` squares from the start tile in every direction, further than any `n` tiles can
//! stretch. The squares live in one dense grid, so looking a square up is an index; the empty
//! squares next to a tile (the *frontier*) are kept in a list with the sides each must match,
//! so finding the legal placements of a tile costs one lookup in the tile's table of fits per
//! frontier square, with no allocation and no scan of the board.

use std::fmt;

use crate::tile::{Dir, Rotation, Side, SideCode, Tile, each_bit, neighbours_mask};

/// A square of the board. The start tile is at (0, 0); x grows to the east, y to the south.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const ORIGIN: Pos = Pos { x: 0, y: 0 };

    pub fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    /// The neighbouring square across side `dir`.
    pub fn step(self, dir: Dir) -> Pos {
        match dir {
            Dir::N => Pos::new(self.x, self.y - 1),
            Dir::E => Pos::new(self.x + 1, self.y),
            Dir::S => Pos::new(self.x, self.y + 1),
            Dir::W => Pos::new(self.x - 1, self.y),
        }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A tile laid on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Index of the tile in its tile set.
    pub tile: usize,
    pub pos: Pos,
    pub rot: Rotation,
    code: SideCode,
    /// By direction, the laying index plus one of the tiles next to it when it was laid
    /// (0: none): the features join it to these.
    before: [u16; 4],
}

impl Placed {
    /// The tiles that lay next to this one when it was laid: each direction with one, and
    /// its laying index. Only those directions are visited (a test per side would be a
    /// branch the processor cannot guess).
    pub(crate) fn laid_next_to(&self) -> impl Iterator<Item = (Dir, usize)> + '_ {
        let dirs = (0..4).fold(0, |m, d| m | u64::from(self.before[d] != 0) << d);
        each_bit(dirs).map(|d| (Dir::from_index(d), usize::from(self.before[d]) - 1))
    }
}

/// Where a tile may go: a square and a rotation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    pub pos: Pos,
    pub rot: Rotation,
}

/// Why a tile may not go where it was asked to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    /// The square already holds a tile.
    #[error("the square already holds a tile")]
    Occupied,
    /// The square touches no tile (corners do not count).
    #[error("the square touches no tile by a side")]
    NotAdjacent,
    /// A side does not continue the side it touches: the tile's side toward `dir` shows
    /// `tile`, the neighbour there shows `neighbour`.
    #[error(
        "its {} side is {} but the tile to the {} shows {} there; the sides that touch \
         must continue each other (forest to forest, meadow to meadow, river to river)",
        dir.word(),
        tile.with_article(),
        dir.word(),
        neighbour.with_article()
    )]
    Mismatch {
        dir: Dir,
        tile: Side,
        neighbour: Side,
    },
    /// The board was made for fewer tiles.
    #[error("the board holds as many tiles as it was made for")]
    Full,
    /// The tile looks exactly the same at a smaller rotation, `same_as`; a placement is written
    /// with the smallest, so that one placement has one name.
    #[error(
        "the tile looks the same at the smaller rotation r{}; write r{}",
        same_as.degrees(),
        same_as.degrees()
    )]
    RepeatsRotation { same_as: Rotation },
}

/// An empty square next to a tile.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FrontierSquare {
    pub(crate) pos: Pos,
    /// The side each neighbour shows toward this square, two bits per direction; 0 where
    /// there is no neighbour.
    pub(crate) need: SideCode,
    /// By direction, the laying index of the neighbour plus one, or 0: move generation looks
    /// at the features next door without looking squares up.
    next_to: [u16; 4],
}

impl FrontierSquare {
    /// The tiles next to the square: each direction with a neighbour, the neighbour's
    /// laying index and the side it shows. Only the directions with one are visited (the
    /// side code says which), so no test per empty side.
    pub(crate) fn neighbours(&self) -> impl Iterator<Item = (Dir, usize, Side)> + '_ {
        // The low bit of each direction's two that is set where either is: the side code
        // is 0 only where there is no neighbour.
        let code = u32::from(self.need);
        each_bit(u64::from((code | code >> 1) & 0x55)).map(move |bit| {
            let d = bit / 2;
            let side = Side::from_code((code >> bit) as SideCode);
            (Dir::from_index(d), usize::from(self.next_to[d]) - 1, side)
        })
    }
}

const EMPTY: u16 = 0;
const FRONTIER: u16 = 0x8000;

/// The tiles laid so far and the empty squares beside them.
#[derive(Debug)]
pub struct Board {
    /// Most tiles this board takes.
    capacity: usize,
    /// The grid covers `-radius < x, y < radius`; it grows as the landscape nears its edge.
    radius: i32,
    width: usize,
    /// `EMPTY`, `index + 1` of a placed tile, or `FRONTIER | index` into `frontier`.
    cells: Vec<u16>,
    placed: Vec<Placed>,
    frontier: Vec<FrontierSquare>,
    needs: Needs,
    /// Whether a trial is in progress, and what to put back on [`Board::undo_trial`]; the
    /// buffers stay for the next trial.
    trialing: bool,
    trial: BoardTrial,
}

/// What a trial changed on the board, to be put back.
#[derive(Clone, Debug, Default)]
struct BoardTrial {
    placed: usize,
    frontier: Vec<FrontierSquare>,
    /// Cell writes in order, as (cell, old value); a grid that grew keeps its old cells.
    writes: Vec<Write>,
}

#[derive(Clone, Debug)]
enum Write {
    Cell(u32, u16),
    /// A frontier square asking for a side code came (true) or went.
    Need(SideCode, bool),
    Grid {
        radius: i32,
        width: usize,
        cells: Vec<u16>,
    },
}

/// How many frontier squares ask for each side code, and which codes some square asks for
/// (bits). How many placements a tile has is then a sum over the few dozen codes asked for
/// rather than over every square, and whether it fits anywhere a look at those codes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Needs {
    count: [u16; 256],
    asked: [u64; 4],
}

impl Needs {
    const NONE: Needs = Needs {
        count: [0; 256],
        asked: [0; 4],
    };

    fn add(&mut self, code: SideCode) {
        let c = usize::from(code);
        self.count[c] += 1;
        self.asked[c / 64] |= 1 << (c % 64);
    }

    fn remove(&mut self, code: SideCode) {
        let c = usize::from(code);
        self.count[c] -= 1;
        // Without a branch: whether the last square asking for the code went is a guess.
        self.asked[c / 64] &= !(u64::from(self.count[c] == 0) << (c % 64));
    }

    /// The codes asked for, with how many squares ask for each.
    fn asked(&self) -> impl Iterator<Item = (usize, u16)> + '_ {
        (0..4).flat_map(move |w| {
            each_bit(self.asked[w]).map(move |b| {
                let c = 64 * w + b;
                (c, self.count[c])
            })
        })
    }
}

/// A copy of `v` with as much room as `v` has: a bot's copy of a game then lays the tiles
/// of its trials without allocating.
pub(crate) fn clone_with_room<T: Clone>(v: &Vec<T>) -> Vec<T> {
    let mut c = Vec::with_capacity(v.capacity());
    c.extend_from_slice(v);
    c
}

// Written out so that `clone_from` reuses the grid's buffer.
impl Clone for Board {
    fn clone(&self) -> Self {
        Board {
            capacity: self.capacity,
            radius: self.radius,
            width: self.width,
            cells: self.cells.clone(),
            placed: clone_with_room(&self.placed),
            frontier: clone_with_room(&self.frontier),
            needs: self.needs.clone(),
            trialing: false,
            trial: BoardTrial::default(),
        }
    }

    fn clone_from(&mut self, o: &Self) {
        self.capacity = o.capacity;
        self.radius = o.radius;
        self.width = o.width;
        self.cells.clone_from(&o.cells);
        self.placed.clone_from(&o.placed);
        self.frontier.clone_from(&o.frontier);
        self.needs.clone_from(&o.needs);
        self.trialing = false;
        self.trial.writes.clear();
    }
}

impl Board {
    /// A board for at most `capacity` tiles.
    pub fn new(capacity: usize) -> Board {
        // Tile sets hold at most a thousand or so tiles; the clamp keeps the grid small for any input.
        let capacity = capacity.clamp(1, 4096);
        // Wide enough for most games (a bot's trial that widens the grid copies it), small
        // enough to copy cheaply; it grows when needed.
        let radius = (capacity as i32 + 1).min(16);
        let width = 2 * radius as usize + 1;
        Board {
            capacity,
            radius,
            width,
            cells: vec![EMPTY; width * width],
            placed: Vec::with_capacity(capacity),
            frontier: Vec::with_capacity(2 * capacity + 4),
            needs: Needs::NONE,
            trialing: false,
            trial: BoardTrial::default(),
        }
    }

    /// Starts a trial: everything laid from now on is taken back by [`Board::undo_trial`].
    /// One trial at a time.
    pub fn begin_trial(&mut self) {
        debug_assert!(!self.trialing, "one trial at a time");
        self.trialing = true;
        self.trial.placed = self.placed.len();
        self.trial.frontier.clone_from(&self.frontier);
        self.trial.writes.clear();
    }

    /// Puts the board back as it was when the trial began.
    pub fn undo_trial(&mut self) {
        if !self.trialing {
            return;
        }
        self.trialing = false;
        while let Some(w) = self.trial.writes.pop() {
            match w {
                Write::Cell(c, old) => self.cells[c as usize] = old,
                Write::Need(code, true) => self.needs.remove(code),
                Write::Need(code, false) => self.needs.add(code),
                Write::Grid {
                    radius,
                    width,
                    cells,
                } => {
                    self.radius = radius;
                    self.width = width;
                    self.cells = cells;
                }
            }
        }
        self.placed.truncate(self.trial.placed);
        std::mem::swap(&mut self.frontier, &mut self.trial.frontier);
    }

    /// A frontier square asks for `code`: it is new, or asks for more than before.
    fn need_added(&mut self, code: SideCode) {
        if self.trialing {
            self.trial.writes.push(Write::Need(code, true));
        }
        self.needs.add(code);
    }

    /// A frontier square no longer asks for `code`.
    fn need_gone(&mut self, code: SideCode) {
        if self.trialing {
            self.trial.writes.push(Write::Need(code, false));
        }
        self.needs.remove(code);
    }

    fn set_cell(&mut self, c: usize, v: u16) {
        if self.trialing {
            self.trial.writes.push(Write::Cell(c as u32, self.cells[c]));
        }
        self.cells[c] = v;
    }

    /// How many tiles the board was made for.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Widens the grid until the squares around `pos` lie inside it, and those around every
    /// frontier square next to it: a bot that tries a tile on the frontier and takes it back
    /// then never grows the grid only to shrink it again. Cells hold no coordinates, so they
    /// are copied as they are.
    fn make_room(&mut self, pos: Pos) {
        let needed = pos.x.abs().max(pos.y.abs()) + 3;
        if needed <= self.radius {
            return;
        }
        let old = std::mem::take(&mut self.cells);
        let (old_radius, old_width) = (self.radius, self.width);
        if self.trialing {
            self.trial.writes.push(Write::Grid {
                radius: old_radius,
                width: old_width,
                cells: old.clone(),
            });
        }
        self.radius = needed.max(2 * old_radius);
        self.width = 2 * self.radius as usize + 1;
        self.cells = vec![EMPTY; self.width * self.width];
        for (row, line) in old.chunks(old_width).enumerate() {
            let y = row as i32 - old_radius;
            let start = self.cell(Pos::new(-old_radius, y));
            self.cells[start..start + old_width].copy_from_slice(line);
        }
    }

    /// Makes this an empty board for at most `capacity` tiles, as [`Board::new`] would,
    /// keeping its memory when it was made for as many.
    pub fn reset(&mut self, capacity: usize) {
        if capacity.clamp(1, 4096) == self.capacity {
            self.clear();
        } else {
            *self = Board::new(capacity);
        }
    }

    /// Empties the board, keeping its memory. Costs as much as the squares in use.
    pub fn clear(&mut self) {
        for i in 0..self.placed.len() {
            let c = self.cell(self.placed[i].pos);
            self.cells[c] = EMPTY;
        }
        for i in 0..self.frontier.len() {
            let c = self.cell(self.frontier[i].pos);
            self.cells[c] = EMPTY;
            self.needs.count[usize::from(self.frontier[i].need)] = 0;
        }
        self.needs.asked = [0; 4];
        self.placed.clear();
        self.frontier.clear();
        self.trialing = false;
        self.trial.writes.clear();
    }

    fn in_range(&self, pos: Pos) -> bool {
        pos.x.abs() < self.radius && pos.y.abs() < self.radius
    }

    fn cell(&self, pos: Pos) -> usize {
        (pos.y + self.radius) as usize * self.width + (pos.x + self.radius) as usize
    }

    /// The tiles in the order they were laid.
    pub fn placed(&self) -> &[Placed] {
        &self.placed
    }

    pub fn len(&self) -> usize {
        self.placed.len()
    }

    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
    }

    /// The index (in laying order) of the tile at `pos`.
    pub fn index_at(&self, pos: Pos) -> Option<usize> {
        if !self.in_range(pos) {
            return None;
        }
        match self.cells[self.cell(pos)] {
            v if v != EMPTY && v & FRONTIER == 0 => Some(usize::from(v) - 1),
            _ => None,
        }
    }

    pub fn at(&self, pos: Pos) -> Option<&Placed> {
        self.index_at(pos).map(|i| &self.placed[i])
    }

    /// The empty squares that touch a tile by a side.
    pub fn frontier(&self) -> impl Iterator<Item = Pos> + '_ {
        self.frontier.iter().map(|f| f.pos)
    }

    /// Lays the first tile, at the origin.
    pub fn place_start(&mut self, tile: &Tile, tile_index: usize, rot: Rotation) -> usize {
        assert!(self.placed.is_empty(), "the start tile is laid first");
        self.put(
            tile,
            tile_index,
            Placement {
                pos: Pos::ORIGIN,
                rot,
            },
        )
    }

    /// Why the tile may not go there, if it may not.
    pub fn check(&self, tile: &Tile, at: Placement) -> Result<(), PlaceError> {
        if !self.in_range(at.pos) {
            return Err(PlaceError::NotAdjacent);
        }
        let v = self.cells[self.cell(at.pos)];
        if v == EMPTY {
            return Err(PlaceError::NotAdjacent);
        }
        if v & FRONTIER == 0 {
            return Err(PlaceError::Occupied);
        }
        if self.placed.len() >= self.capacity() {
            return Err(PlaceError::Full);
        }
        if !tile.is_distinct_rotation(at.rot) {
            // The turns of a tile that look alike repeat with a period of 1, 2 or 4 quarter
            // turns, and the distinct rotations are those below the period.
            let period = Rotation::ALL
                .iter()
                .filter(|&&r| tile.is_distinct_rotation(r))
                .count() as u8;
            return Err(PlaceError::RepeatsRotation {
                same_as: Rotation((at.rot.0 & 3) % period.max(1)),
            });
        }
        let sq = &self.frontier[usize::from(v & !FRONTIER)];
        let diff = (tile.side_code(at.rot) ^ sq.need) & neighbours_mask(sq.need);
        if diff == 0 {
            return Ok(());
        }
        let dir = Dir::from_index(diff.trailing_zeros() as usize / 2);
        let shift = dir.index() * 2;
        let side = |code: SideCode| Side::from_code((code >> shift) & 3);
        Err(PlaceError::Mismatch {
            dir,
            tile: side(tile.side_code(at.rot)),
            neighbour: side(sq.need),
        })
    }

    /// Lays a tile where [`Board::check`] allows it; returns its index in laying order.
    pub fn place(
        &mut self,
        tile: &Tile,
        tile_index: usize,
        at: Placement,
    ) -> Result<usize, PlaceError> {
        self.check(tile, at)?;
        Ok(self.put(tile, tile_index, at))
    }

    /// [`Board::place`] for a placement already known to be legal (a move from the legal
    /// list, a placement just checked): it is not checked again outside debug builds.
    pub(crate) fn place_legal(&mut self, tile: &Tile, tile_index: usize, at: Placement) -> usize {
        debug_assert_eq!(self.check(tile, at), Ok(()), "a legal placement");
        self.put(tile, tile_index, at)
    }

    fn put(&mut self, tile: &Tile, tile_index: usize, at: Placement) -> usize {
        self.make_room(at.pos);
        let code = tile.side_code(at.rot);
        let c = self.cell(at.pos);
        let v = self.cells[c];
        let mut before = [0; 4];
        if v & FRONTIER != 0 {
            let i = usize::from(v & !FRONTIER);
            before = self.frontier[i].next_to;
            self.need_gone(self.frontier[i].need);
            self.frontier.swap_remove(i);
            if let Some(moved) = self.frontier.get(i) {
                let mc = self.cell(moved.pos);
                self.set_cell(mc, FRONTIER | i as u16);
            }
        }
        let index = self.placed.len();
        self.placed.push(Placed {
            tile: tile_index,
            pos: at.pos,
            rot: at.rot,
            code,
            before,
        });
        self.set_cell(c, index as u16 + 1);
        // The grid has room around the square (make_room): its neighbours' cells are a row
        // up and down, a cell left and right.
        let w = self.width;
        let next_cells = [c - w, c + 1, c + w, c - 1];
        for dir in Dir::ALL {
            let npos = at.pos.step(dir);
            let nc = next_cells[dir.index()];
            debug_assert_eq!(nc, self.cell(npos));
            let back = dir.opposite().index() * 2;
            let shows = (code >> (dir.index() * 2)) & 3;
            match self.cells[nc] {
                EMPTY => {
                    self.set_cell(nc, FRONTIER | self.frontier.len() as u16);
                    // Made whole rather than written at one index: a write at a varying place
                    // followed by reading the whole array stalls the processor.
                    let back_index = dir.opposite().index();
                    let next_to =
                        [0, 1, 2, 3].map(|d| if d == back_index { index as u16 + 1 } else { 0 });
                    self.frontier.push(FrontierSquare {
                        pos: npos,
                        need: shows << back,
                        next_to,
                    });
                    self.need_added(shows << back);
                }
                v if v & FRONTIER != 0 => {
                    let sq = &mut self.frontier[usize::from(v & !FRONTIER)];
                    let was = sq.need;
                    sq.need |= shows << back;
                    sq.next_to[dir.opposite().index()] = index as u16 + 1;
                    let now = sq.need;
                    self.need_gone(was);
                    self.need_added(now);
                }
                _ => {}
            }
        }
        index
    }

    /// The tile next to tile `index` across side `dir`.
    pub fn neighbour(&self, index: usize, dir: Dir) -> Option<usize> {
        self.index_at(self.placed[index].pos.step(dir))
    }

    /// Every legal placement of `tile`, one per distinct rotation, into `out` (cleared first).
    pub fn legal_placements(&self, tile: &Tile, out: &mut Vec<Placement>) {
        out.clear();
        out.extend(self.placements(tile));
    }

    /// Every legal placement of `tile`, one per distinct rotation, in the order of
    /// [`Board::legal_placements`], without collecting them.
    pub fn placements<'a>(&'a self, tile: &'a Tile) -> impl Iterator<Item = Placement> + 'a {
        self.fitting(tile).flat_map(|(pos, rots)| {
            (0..4u8)
                .filter(move |r| rots & (1 << r) != 0)
                .map(move |r| Placement {
                    pos,
                    rot: Rotation(r),
                })
        })
    }

    /// The frontier squares where `tile` fits, with what is next to them, in frontier order,
    /// each with the distinct rotations that fit there as bits.
    pub(crate) fn fitting_squares<'a>(
        &'a self,
        tile: &'a Tile,
    ) -> impl Iterator<Item = (&'a FrontierSquare, u8)> + 'a {
        let fits = self.fits(tile);
        self.frontier.iter().filter_map(move |sq| {
            let rots = fits(sq);
            (rots != 0).then_some((sq, rots))
        })
    }

    /// The frontier squares where `tile` fits, in frontier order, each with the distinct
    /// rotations that fit there as bits (bit `r` for `Rotation(r)`).
    pub fn fitting<'a>(&'a self, tile: &'a Tile) -> impl Iterator<Item = (Pos, u8)> + 'a {
        self.fitting_squares(tile).map(|(sq, rots)| (sq.pos, rots))
    }

    /// The frontier squares where `tile` fits, in frontier order, with the rotations that fit
    /// as in [`Board::fitting`], into `out` (which then holds only these); returns how many placements
    /// they make. Move generation walks the list twice: to count the moves, then to find the
    /// one drawn.
    pub(crate) fn fitting_into(&self, tile: &Tile, out: &mut Fitting) -> usize {
        // Every square is written and only those that fit are kept: no branch per square,
        // whether a tile fits a square being anybody's guess. The buffer only grows.
        if out.all.len() < self.frontier.len() {
            out.all.resize(self.frontier.len(), (0, 0));
        }
        let fits = self.fits(tile);
        let (mut len, mut count) = (0, 0);
        for (i, sq) in self.frontier.iter().enumerate() {
            let rots = fits(sq);
            out.all[len] = (i as u16, rots);
            len += usize::from(rots != 0);
            count += usize::from(rotations_in(rots));
        }
        out.len = len;
        count
    }

    /// The frontier square at `pos`, if it is one.
    pub(crate) fn frontier_at(&self, pos: Pos) -> Option<&FrontierSquare> {
        if !self.in_range(pos) {
            return None;
        }
        let v = self.cells[self.cell(pos)];
        (v & FRONTIER != 0).then(|| &self.frontier[usize::from(v & !FRONTIER)])
    }

    /// Frontier square `i`, as [`Board::fitting_into`] numbers them.
    pub(crate) fn frontier_square(&self, i: u16) -> &FrontierSquare {
        &self.frontier[usize::from(i)]
    }

    /// The distinct rotations of `tile` that fit a frontier square, as bits; none on a full
    /// board. The tile's table holds them for every combination of neighbouring sides.
    fn fits<'a>(&self, tile: &'a Tile) -> impl Fn(&FrontierSquare) -> u8 + 'a {
        let table = self.fit_table(tile);
        move |sq| table[usize::from(sq.need)]
    }

    /// By side code asked for, the distinct rotations of `tile` that fit: the tile's table,
    /// or none on a full board.
    fn fit_table<'a>(&self, tile: &'a Tile) -> &'a [u8; 256] {
        static NOWHERE: [u8; 256] = [0; 256];
        if self.placed.len() >= self.capacity() {
            &NOWHERE
        } else {
            &tile.fits
        }
    }

    /// Whether `tile` fits anywhere.
    pub fn can_place(&self, tile: &Tile) -> bool {
        let table = self.fit_table(tile);
        self.needs.asked().any(|(code, _)| table[code] != 0)
    }

    /// How many placements `tile` has (as many as [`Board::placements`] lists), counted by
    /// the side codes the frontier asks for.
    pub(crate) fn placement_count(&self, tile: &Tile) -> usize {
        let table = self.fit_table(tile);
        self.needs
            .asked()
            .map(|(code, n)| usize::from(n) * usize::from(rotations_in(table[code])))
            .sum()
    }

    /// Placement `k` (from 0) in the order of [`Board::placements`], if there are as many.
    pub(crate) fn nth_placement(&self, tile: &Tile, mut k: usize) -> Option<Placement> {
        let fits = self.fits(tile);
        for sq in &self.frontier {
            let rots = fits(sq);
            let n = usize::from(rotations_in(rots));
            if k < n {
                return Some(Placement {
                    pos: sq.pos,
                    rot: nth_rotation(rots, k),
                });
            }
            k -= n;
        }
        None
    }
}

/// How many rotations a set of rotation bits holds (a table: the build targets processors
/// without a population-count instruction).
pub(crate) fn rotations_in(rots: u8) -> u8 {
    const IN: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
    IN[usize::from(rots & 15)]
}

/// The frontier squares where a tile fits, each with the rotations that fit there as bits
/// (see [`Board::fitting_into`]); a buffer kept from one turn to the next.
#[derive(Clone, Debug, Default)]
pub(crate) struct Fitting {
    all: Vec<(u16, u8)>,
    len: usize,
}

impl Fitting {
    /// The squares (by frontier index) and rotations, in frontier order.
    pub(crate) fn squares(&self) -> &[(u16, u8)] {
        &self.all[..self.len]
    }
}

/// Rotation `k` (from 0) of a set of rotation bits.
pub(crate) fn nth_rotation(rots: u8, k: usize) -> Rotation {
    let mut rots = rots;
    for _ in 0..k {
        rots &= rots - 1;
    }
    Rotation(rots.trailing_zeros() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{below, stream};
    use crate::tileset::TileSet;

    /// The counts by side code, worked out from the frontier as it stands.
    fn recount(board: &Board) -> Needs {
        let mut needs = Needs::NONE;
        for sq in &board.frontier {
            needs.add(sq.need);
        }
        needs
    }

    /// What the counts by side code answer, against the placements listed one by one.
    fn check(set: &TileSet, board: &Board, when: &str) {
        assert_eq!(board.needs, recount(board), "{when}");
        for tile in &set.tiles {
            let listed: Vec<Placement> = board.placements(tile).collect();
            assert_eq!(board.placement_count(tile), listed.len(), "{when}");
            assert_eq!(board.can_place(tile), !listed.is_empty(), "{when}");
            for (k, at) in listed.iter().enumerate() {
                assert_eq!(board.nth_placement(tile, k), Some(*at), "{when}");
            }
            assert_eq!(board.nth_placement(tile, listed.len()), None, "{when}");
        }
    }

    /// Lays a random tile at a random placement, if one fits.
    fn lay_one(set: &TileSet, board: &mut Board, rng: &mut crate::rng::Stream) -> bool {
        let t = below(rng, set.tiles.len());
        let n = board.placement_count(&set.tiles[t]);
        if n == 0 {
            return false;
        }
        let at = board.nth_placement(&set.tiles[t], below(rng, n)).unwrap();
        board.place(&set.tiles[t], t, at).unwrap();
        true
    }

    #[test]
    fn the_counts_by_side_code_follow_the_frontier_through_trials_and_clearing() {
        let set = TileSet::builtin("menhir").unwrap();
        let mut rng = stream(7, "board counts");
        let mut board = Board::new(60);
        for round in 0..4 {
            board.place_start(&set.tiles[0], 0, Rotation(0));
            for laid in 0..50 {
                if laid % 5 == 4 {
                    board.begin_trial();
                    for _ in 0..3 {
                        lay_one(&set, &mut board, &mut rng);
                    }
                    check(&set, &board, &format!("round {round}, trial after {laid}"));
                    board.undo_trial();
                }
                lay_one(&set, &mut board, &mut rng);
                check(&set, &board, &format!("round {round}, {laid} laid"));
            }
            assert!(board.len() > 30, "round {round}: {} laid", board.len());
            let copy = board.clone();
            check(&set, &copy, &format!("round {round}, a copy"));
            board.clear();
            assert_eq!(board.needs, Needs::NONE, "round {round}, cleared");
        }
    }
}
