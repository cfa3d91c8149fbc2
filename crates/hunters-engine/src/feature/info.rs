//! What a feature counts at its root (open sides, tiles, contents, pieces per player), and how
//! the counts of two features add up when they merge.

use crate::tile::{Animals, MeadowSpecial};

/// Most players in a game.
pub const MAX_PLAYERS: usize = 5;

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

/// What a merge double-counted, to be taken off the merged root.
#[derive(Default)]
pub(super) struct Shared {
    pub(super) tiles: u16,
    pub(super) lakes: u16,
    pub(super) lake_fish: u16,
    pub(super) pieces: PerPlayer,
}

/// The counts at a feature's root, as the arenas merge and close them.
pub(super) trait Info: Clone + Default {
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
