//! Estimates and intervals with the deal as the unit of independence.
//!
//! Games that share a deal (the same tiles in the same order: the seat rotations of one deal,
//! the same deal under several variants) are not independent, and neither are the players of
//! one game. Every sum here is therefore kept per deal: a deal contributes the sum of its
//! samples and how many samples it holds, and a mean is the ratio of those sums over the deals
//! (each sample weighing the same), with the cluster-robust variance of a ratio estimator.
//! Sums are exact integers, so tallies merge in any order (threads, shards) to the same result.
//!
//! docs/statistics.md gives each formula with its assumptions and references.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The usual confidence of an interval.
pub const CONFIDENCE: f64 = 0.95;

/// Sums over deals of one measure: each deal adds the sum `S` of its samples and their number
/// `n`. Enough to give the mean (`Σ S / Σ n`) and its cluster-robust variance exactly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clustered {
    /// Deals added.
    pub deals: u64,
    /// Samples over all deals: `Σ n`.
    pub n: u64,
    /// `Σ S`.
    pub sum: i64,
    /// `Σ S²`.
    pub sum_sq: u64,
    /// `Σ S n`.
    pub sum_n: i64,
    /// `Σ n²`.
    pub n_sq: u64,
}

impl Clustered {
    /// Adds a deal whose `n` samples sum to `sum`.
    pub fn add_deal(&mut self, sum: i64, n: u64) {
        self.deals += 1;
        self.n += n;
        self.sum += sum;
        self.sum_sq += sum.unsigned_abs() * sum.unsigned_abs();
        self.sum_n += sum * n as i64;
        self.n_sq += n * n;
    }

    pub fn merge(&mut self, o: &Clustered) {
        self.deals += o.deals;
        self.n += o.n;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
        self.sum_n += o.sum_n;
        self.n_sq += o.n_sq;
    }

    /// The mean of the samples (0 without any).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum as f64 / self.n as f64
        }
    }

    /// `Σ (S − m n)² / (Σ n)²` with `m` the mean: the spread of the deals around the mean,
    /// computed from exact integers (the numerator times `(Σ n)²` is an integer).
    fn spread(&self) -> f64 {
        if self.n == 0 {
            return 0.0;
        }
        let (w, t) = (i128::from(self.n), i128::from(self.sum));
        // (Σ n)² Σ (S − m n)² = W² Σ S² − 2 T W Σ S n + T² Σ n².
        let num = w * w * i128::from(self.sum_sq) - 2 * t * w * i128::from(self.sum_n)
            + t * t * i128::from(self.n_sq);
        (num.max(0) as f64) / (w as f64).powi(4)
    }

    /// The variance of [`Clustered::mean`], cluster-robust: `D / (D − 1) · spread` over `D`
    /// deals (the sample variance of the deal means when every deal has as many samples).
    /// `None` with fewer than two deals.
    pub fn variance_of_mean(&self) -> Option<f64> {
        if self.deals < 2 {
            return None;
        }
        let d = self.deals as f64;
        Some(d / (d - 1.0) * self.spread())
    }

    /// Half the width of the interval of the mean at `confidence`, with Student's t on
    /// `D − 1` degrees of freedom (0 with fewer than two deals: no interval can be given).
    pub fn half_width(&self, confidence: f64) -> f64 {
        match self.variance_of_mean() {
            Some(v) => t_quantile(0.5 + confidence / 2.0, (self.deals - 1) as f64) * v.sqrt(),
            None => 0.0,
        }
    }

    /// The mean read as a rate (every sample from 0 to 1, e.g. a share of the wins) with its
    /// Wilson interval at `confidence` over the effective number of trials that the spread of
    /// the deals implies, with Student's t on `D − 1` degrees of freedom in place of the
    /// normal quantile (the spread is estimated from `D` deals): `(value, low, high)`.
    ///
    /// `trial` is how many samples make one trial (a game): 60 for a share kept in sixtieths,
    /// 2 for half-points. It matters only when every deal shows the same rate, a spread of 0;
    /// see [`Clustered::effective_samples`].
    pub fn rate_of(&self, confidence: f64, trial: u64) -> (f64, f64, f64) {
        let n_eff = self.effective_samples(trial);
        let p = self.mean().clamp(0.0, 1.0);
        if self.deals < 2 {
            return (p, 0.0, 1.0);
        }
        let t = t_quantile(0.5 + confidence / 2.0, (self.deals - 1) as f64);
        let (low, high) = wilson_z(p, n_eff, t);
        (p, low, high)
    }

    /// Kish's effective number of trials of a rate, `p (1 − p) / v` with `v` the variance of
    /// the mean over deals ([`Clustered::variance_of_mean`], with its `D / (D − 1)`, as means
    /// and percentiles have it): as many independent yes-or-no trials as would vary as much
    /// as the deals do.
    ///
    /// When every deal shows the same rate (at 0 or 1 above all: no win at all), the deals
    /// give no spread to measure, and the trials played count as independent: `Σ n / trial`.
    /// That is what one trial turned the other way would give (`G − 1` for `G` trials in
    /// deals of equal size), so the interval at 0 is never wider than at one success, which
    /// counting a deal as one trial made it.
    pub fn effective_samples(&self, trial: u64) -> f64 {
        let p = self.mean().clamp(0.0, 1.0);
        let var = p * (1.0 - p);
        match self.variance_of_mean() {
            Some(v) if v > 0.0 && var > 0.0 => var / v,
            _ => self.n as f64 / trial.max(1) as f64,
        }
    }
}

/// The Wilson score interval of a rate `p` over `n` trials at `confidence`.
pub fn wilson(p: f64, n: f64, confidence: f64) -> (f64, f64) {
    wilson_z(p, n, normal_quantile(0.5 + confidence / 2.0))
}

/// The Wilson score interval of a rate `p` over `n` trials, `z` standard errors wide.
fn wilson_z(p: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference of a score rate: `400 log10(p / (1 − p))`, finite at 0 and 1 (±1600).
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    400.0 * (p / (1.0 - p)).log10()
}

/// A bot's Elo against the field from its share `p` of the wins, when a share `fair` is what
/// a bot as strong as the others would win (its seats over all seats): Luce's choice model,
/// the first place of Plackett–Luce, in which a seat wins with probability its strength over
/// the sum of all seats' strengths. A bot of `k` seats among `N` against `N − k` equal seats
/// then wins `p = k γ / (k γ + (N − k))`, so it is `400 log10(p (1 − fair) / (fair (1 − p)))`
/// Elo above them: 0 at its fair share, and [`elo`] with two seats. Clamped to ±1600.
pub fn elo_against_field(p: f64, fair: f64) -> f64 {
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    let fair = fair.clamp(1e-12, 1.0 - 1e-12);
    (400.0 * (p * (1.0 - fair) / (fair * (1.0 - p))).log10()).clamp(-1600.0, 1600.0)
}

/// The confidence each of `k` intervals needs so that all hold together at `confidence`
/// (Bonferroni).
pub fn bonferroni(confidence: f64, k: usize) -> f64 {
    1.0 - (1.0 - confidence) / k.max(1) as f64
}

/// The lower end of the exact (Clopper–Pearson) interval at `confidence` of a rate when all
/// `n` independent trials succeeded: `((1 − confidence) / 2)^(1 / n)`. It is what `n` out
/// of `n` can claim and no more: a lower rate would give `n` successes in a row less often
/// than the interval's one tail allows. 0 without trials.
pub fn all_succeeded_bound(n: u64, confidence: f64) -> f64 {
    if n == 0 {
        return 0.0;
    }
    ((1.0 - confidence) / 2.0).powf(1.0 / n as f64)
}

/// A rate drawn from the confidence distribution of `n` successes in `n` trials, given a
/// uniform draw `u`: `u^(1 / n)`, whose quantile at `(1 − confidence) / 2` is
/// [`all_succeeded_bound`]. A bootstrap replicate whose resample won every trial draws its
/// rate so, which carries the bound's uncertainty into every figure built on it.
pub fn all_succeeded_draw(n: u64, u: f64) -> f64 {
    if n == 0 {
        return 0.0;
    }
    u.powf(1.0 / n as f64)
}

/// The percentile interval at `confidence` of bootstrap replicates (sorted in place):
/// the `k`-th smallest and the `k`-th largest, `k = ⌊(B + 1) (1 − confidence) / 2⌋`
/// (at least 1), so that as many replicates lie beyond each end. `None` without replicates.
pub fn bootstrap_interval(samples: &mut [f64], confidence: f64) -> Option<(f64, f64)> {
    let b = samples.len();
    if b == 0 {
        return None;
    }
    samples.sort_by(f64::total_cmp);
    let k = (((b + 1) as f64 * (1.0 - confidence) / 2.0).floor() as usize).clamp(1, b);
    Some((samples[k - 1], samples[b - k]))
}

/// Samples of whole numbers, by deal: a histogram, and what the percentiles' intervals need
/// of the deals. `c_d(v)` below is how many of deal `d`'s samples are at most `v`. In JSON,
/// each of the three counts is an object by value ([`HistogramJson`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "HistogramJson", into = "HistogramJson")]
pub struct Histogram {
    pub deals: u64,
    /// By value: what the value adds (one map, so a deal's value is looked up once).
    counts: BTreeMap<u32, Counts>,
    /// `Σ_d n_d²`.
    pub n_sq: u64,
}

/// What one value adds to a [`Histogram`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    /// How many samples had the value.
    seen: u64,
    /// How much `Σ_d c_d(v)²` grows from the value below.
    sq: u64,
    /// How much `Σ_d c_d(v) n_d` grows (`n_d`: deal `d`'s samples).
    n: u64,
}

/// A [`Histogram`] as JSON writes it: `seen`, `seen_sq` and `seen_n` by value.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct HistogramJson {
    pub deals: u64,
    pub seen: BTreeMap<u32, u64>,
    pub seen_sq: BTreeMap<u32, u64>,
    pub seen_n: BTreeMap<u32, u64>,
    pub n_sq: u64,
}

impl From<HistogramJson> for Histogram {
    fn from(j: HistogramJson) -> Histogram {
        let mut counts: BTreeMap<u32, Counts> = BTreeMap::new();
        for (map, field) in [(j.seen, 0), (j.seen_sq, 1), (j.seen_n, 2)] {
            for (v, k) in map {
                let c = counts.entry(v).or_default();
                match field {
                    0 => c.seen += k,
                    1 => c.sq += k,
                    _ => c.n += k,
                }
            }
        }
        Histogram {
            deals: j.deals,
            counts,
            n_sq: j.n_sq,
        }
    }
}

impl From<Histogram> for HistogramJson {
    fn from(h: Histogram) -> HistogramJson {
        let by = |f: fn(&Counts) -> u64| h.counts.iter().map(|(v, c)| (*v, f(c))).collect();
        HistogramJson {
            deals: h.deals,
            seen: by(|c| c.seen),
            seen_sq: by(|c| c.sq),
            seen_n: by(|c| c.n),
            n_sq: h.n_sq,
        }
    }
}

impl Histogram {
    /// Adds a deal's samples.
    pub fn add_deal(&mut self, values: &mut [u32]) {
        values.sort_unstable();
        let n = values.len() as u64;
        self.deals += 1;
        self.n_sq += n * n;
        let mut below = 0u64;
        for run in values.chunk_by(|a, b| a == b) {
            let (v, k) = (run[0], run.len() as u64);
            let now = below + k;
            let c = self.counts.entry(v).or_default();
            c.seen += k;
            c.sq += now * now - below * below;
            c.n += k * n;
            below = now;
        }
    }

    pub fn merge(&mut self, o: &Histogram) {
        self.deals += o.deals;
        self.n_sq += o.n_sq;
        for (v, theirs) in &o.counts {
            let c = self.counts.entry(*v).or_default();
            c.seen += theirs.seen;
            c.sq += theirs.sq;
            c.n += theirs.n;
        }
    }

    /// Each value with how many samples had it, in order.
    pub fn seen(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.counts.iter().map(|(v, c)| (*v, c.seen))
    }

    /// The share of all samples in each bin of `width` values (bin `k` holds `k * width` up
    /// to `(k + 1) * width - 1`); bins without a sample are left out.
    pub fn shares(&self, width: u32) -> BTreeMap<u32, f64> {
        let n = self.samples();
        let mut bins: BTreeMap<u32, f64> = BTreeMap::new();
        for (v, k) in self.seen() {
            *bins.entry(v / width).or_default() += k as f64 / n.max(1) as f64;
        }
        bins
    }

    /// Samples in all.
    pub fn samples(&self) -> u64 {
        self.counts.values().map(|c| c.seen).sum()
    }

    /// The `q` quantile (the smallest value whose share of the samples at most it reaches `q`)
    /// with its interval at `confidence`: `(low, value, high)`, `None` without samples.
    ///
    /// Woodruff's interval read as order statistics: the count of samples below the quantile
    /// lies within `n q ∓ t √(n q (1 − q) · deff)` with the design effect `deff` of the deals
    /// at the quantile and Student's `t` on `D − 1` degrees of freedom. That count is a whole
    /// number, so the band is widened by half a sample each way (the continuity correction;
    /// half an effective sample, `deff / 2`, so that giving every sample twice changes
    /// nothing) and rounded to the ranks it holds, `r` to `s − 1`; the interval runs from the
    /// `r`-th sample to the `s`-th, since the quantile lies between them exactly when `r` to
    /// `s − 1` samples are below it. Without the half sample and the last rank, as it was, it
    /// lost a rank at each end and covered less than asked. With deals of one independent
    /// sample each this is the distribution-free order-statistic interval with the usual
    /// normal approximation. An end past the smallest or largest sample stops there.
    pub fn quantile(&self, q: f64, confidence: f64) -> Option<(u32, u32, u32)> {
        let n = self.samples();
        if n == 0 {
            return None;
        }
        let nf = n as f64;
        let at = |rank: f64| {
            // The value of the sample with rank `rank` (from 1), clamped to the samples.
            let r = rank.clamp(1.0, nf) as u64;
            let mut cum = 0;
            for (v, c) in self.seen() {
                cum += c;
                if cum >= r {
                    return v;
                }
            }
            *self.counts.keys().next_back().unwrap_or(&0)
        };
        let value = at((nf * q).ceil());
        let z = if self.deals < 2 {
            normal_quantile(0.5 + confidence / 2.0)
        } else {
            t_quantile(0.5 + confidence / 2.0, (self.deals - 1) as f64)
        };
        let deff = self.design_effect(value);
        let band = z * (nf * q * (1.0 - q) * deff).sqrt() + 0.5 * deff;
        let below = (nf * q - band).ceil();
        let above = (nf * q + band).floor() + 1.0;
        Some((at(below), value, at(above)))
    }

    /// The design effect of the share of samples at most `v`: its variance over deals
    /// (cluster-robust) against `F (1 − F) / n`. Where either is 0 (every deal has the same
    /// share), the samples count as one per deal, `n / D`; 1 with fewer than two deals.
    pub fn design_effect(&self, v: u32) -> f64 {
        let (mut c, mut c_sq, mut c_n) = (0, 0, 0);
        for (_, k) in self.counts.range(..=v) {
            c += k.seen;
            c_sq += k.sq;
            c_n += k.n;
        }
        let n = self.samples();
        let d = self.deals;
        if d < 2 || n == 0 {
            return 1.0;
        }
        let (w, t) = (i128::from(n), i128::from(c));
        let num =
            w * w * i128::from(c_sq) - 2 * t * w * i128::from(c_n) + t * t * i128::from(self.n_sq);
        let df = d as f64;
        let var = df / (df - 1.0) * (num.max(0) as f64) / (w as f64).powi(4);
        let f = c as f64 / n as f64;
        let plain = f * (1.0 - f) / n as f64;
        if var > 0.0 && plain > 0.0 {
            var / plain
        } else {
            n as f64 / df
        }
    }
}

/// The standard normal quantile (Acklam's rational approximation, relative error below
/// 1.2 · 10⁻⁹).
pub fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    let p = p.clamp(1e-300, 1.0 - 1e-16);
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < 0.02425 {
        tail((-2.0 * p.ln()).sqrt())
    } else if p > 1.0 - 0.02425 {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

/// The quantile of Student's t distribution with `df` degrees of freedom, found by bisection
/// on its distribution function (the regularized incomplete beta function).
pub fn t_quantile(p: f64, df: f64) -> f64 {
    if df > 1e7 {
        return normal_quantile(p);
    }
    if p < 0.5 {
        return -t_quantile(1.0 - p, df);
    }
    if p == 0.5 {
        return 0.0;
    }
    // Upper tail of t: P(T > t) = I_{df / (df + t²)}(df / 2, 1 / 2) / 2.
    let upper = |t: f64| 0.5 * incomplete_beta(df / (df + t * t), df / 2.0, 0.5);
    let target = 1.0 - p;
    let (mut lo, mut hi) = (0.0, 1.0);
    while upper(hi) > target {
        hi *= 2.0;
        if hi > 1e12 {
            return hi;
        }
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if upper(mid) > target {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo < 1e-12 * hi {
            break;
        }
    }
    0.5 * (lo + hi)
}

/// The regularized incomplete beta function `I_x(a, b)` (continued fraction, after Press et
/// al., *Numerical Recipes*, §6.4).
fn incomplete_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front =
        (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp();
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_fraction(x, a, b) / a
    } else {
        1.0 - front * beta_fraction(1.0 - x, b, a) / b
    }
}

fn beta_fraction(x: f64, a: f64, b: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..=300 {
        let m = f64::from(m);
        let m2 = 2.0 * m;
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        h *= d * c;
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let del = d * c;
        h *= del;
        if (del - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

/// `ln Γ(x)` for `x > 0` (Lanczos, g = 7, nine terms).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection.
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = G[0];
    let t = x + 7.5;
    for (i, g) in G.iter().enumerate().skip(1) {
        a += g / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// A linear fit by least squares ([`least_squares`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// One coefficient per column.
    pub coefficients: Vec<f64>,
    /// Each coefficient's standard error, cluster-robust: the rows of one cluster (one deal's
    /// positions) count as one unit of independence.
    pub std_errors: Vec<f64>,
    /// The residuals' root mean square.
    pub rms: f64,
    /// Clusters the rows came from.
    pub clusters: usize,
}

/// Least squares of `y` on the columns of `x` (no intercept unless a column gives one), every
/// row in the cluster `cluster[i]`: the coefficients, and their variance by the cluster
/// sandwich `(X'X)⁻¹ (Σ_c X_c' e_c e_c' X_c) (X'X)⁻¹ · C / (C − 1)` over `C` clusters
/// (Liang & Zeger 1986; docs/statistics.md). `None` when the columns are not independent, or
/// with fewer than two clusters.
pub fn least_squares(x: &[Vec<f64>], y: &[f64], cluster: &[u64]) -> Option<Fit> {
    assert!(
        x.len() == y.len() && y.len() == cluster.len(),
        "one y and one cluster a row"
    );
    let k = x.first()?.len();
    let mut xtx = vec![vec![0.0; k]; k];
    let mut xty = vec![0.0; k];
    for (row, &yi) in x.iter().zip(y) {
        for a in 0..k {
            xty[a] += row[a] * yi;
            for b in 0..k {
                xtx[a][b] += row[a] * row[b];
            }
        }
    }
    let inverse = invert(&xtx)?;
    let coefficients: Vec<f64> = (0..k)
        .map(|a| (0..k).map(|b| inverse[a][b] * xty[b]).sum())
        .collect();
    // Each cluster's score X_c' e_c.
    let mut scores: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
    let mut squares = 0.0;
    for ((row, &yi), &c) in x.iter().zip(y).zip(cluster) {
        let e = yi
            - row
                .iter()
                .zip(&coefficients)
                .map(|(v, b)| v * b)
                .sum::<f64>();
        squares += e * e;
        let s = scores.entry(c).or_insert_with(|| vec![0.0; k]);
        for a in 0..k {
            s[a] += row[a] * e;
        }
    }
    let clusters = scores.len();
    if clusters < 2 {
        return None;
    }
    let mut meat = vec![vec![0.0; k]; k];
    for s in scores.values() {
        for a in 0..k {
            for b in 0..k {
                meat[a][b] += s[a] * s[b];
            }
        }
    }
    let c = clusters as f64;
    let std_errors = (0..k)
        .map(|a| {
            let v: f64 = (0..k)
                .flat_map(|i| (0..k).map(move |j| (i, j)))
                .map(|(i, j)| inverse[a][i] * meat[i][j] * inverse[j][a])
                .sum();
            (v * c / (c - 1.0)).max(0.0).sqrt()
        })
        .collect();
    Some(Fit {
        coefficients,
        std_errors,
        rms: (squares / y.len() as f64).sqrt(),
        clusters,
    })
}

/// The inverse of a square matrix by Gauss–Jordan elimination with partial pivoting; `None`
/// when it is singular (a pivot below 1e-12 of the largest entry).
fn invert(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let k = m.len();
    let scale = m
        .iter()
        .flatten()
        .fold(0.0f64, |a, &v| a.max(v.abs()))
        .max(f64::MIN_POSITIVE);
    let mut a: Vec<Vec<f64>> = m.to_vec();
    let mut inv: Vec<Vec<f64>> = (0..k)
        .map(|i| (0..k).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..k {
        let pivot = (col..k).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 * scale {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let p = a[col][col];
        for j in 0..k {
            a[col][j] /= p;
            inv[col][j] /= p;
        }
        for i in 0..k {
            if i != col {
                let f = a[i][col];
                if f != 0.0 {
                    for j in 0..k {
                        a[i][j] -= f * a[col][j];
                        inv[i][j] -= f * inv[col][j];
                    }
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_histograms_shares_by_bin_add_up_to_one() {
        let mut h = Histogram::default();
        h.add_deal(&mut [3, 12, 15, 27]);
        h.add_deal(&mut [9, 10]);
        let shares = h.shares(10);
        assert_eq!(shares.keys().copied().collect::<Vec<_>>(), [0, 1, 2]);
        assert!((shares[&1] - 0.5).abs() < 1e-12);
        assert!((shares.values().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(Histogram::default().shares(10).is_empty());
    }

    /// Least squares recovers the coefficients it was built from, and its cluster-robust
    /// errors cover them as often as they say: with the noise shared within a cluster, errors
    /// that counted every row as independent would be far too narrow.
    #[test]
    fn least_squares_recovers_its_coefficients_and_its_errors_cover_them() {
        let mut state = 12345u64;
        let mut uniform = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        };
        let truth = [2.0, -3.0];
        let (mut covered, mut naive_covered, trials) = (0, 0, 1000);
        for _ in 0..trials {
            let (mut x, mut y, mut cluster) = (Vec::new(), Vec::new(), Vec::new());
            for c in 0..60u64 {
                let shared = 4.0 * uniform();
                let tilt = uniform();
                for _ in 0..20 {
                    let row = vec![1.0 + uniform(), tilt + 0.3 * uniform()];
                    y.push(truth[0] * row[0] + truth[1] * row[1] + shared * row[1] + uniform());
                    x.push(row);
                    cluster.push(c);
                }
            }
            let fit = least_squares(&x, &y, &cluster).unwrap();
            assert_eq!(fit.clusters, 60);
            let b = &fit.coefficients;
            assert!(
                close(b[0], truth[0], 0.5) && close(b[1], truth[1], 2.0),
                "{b:?}"
            );
            let t = t_quantile(0.975, (fit.clusters - 1) as f64);
            covered += usize::from((b[1] - truth[1]).abs() <= t * fit.std_errors[1]);
            // What counting every row as independent would give: rms / √(Σ x²), the second
            // column's Σ x² being about n / 11.
            let naive = fit.rms / (x.len() as f64 / 11.0).sqrt();
            naive_covered += usize::from((b[1] - truth[1]).abs() <= 1.96 * naive);
        }
        let rate = covered as f64 / trials as f64;
        assert!((0.91..=0.98).contains(&rate), "covered {rate}");
        assert!(
            (naive_covered as f64) < 0.8 * trials as f64,
            "{naive_covered}"
        );
        // Columns that are not independent have no fit.
        let x = vec![vec![1.0, 2.0], vec![2.0, 4.0], vec![3.0, 6.0]];
        assert_eq!(least_squares(&x, &[1.0, 2.0, 3.0], &[0, 1, 2]), None);
    }

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn quantiles_match_their_tables() {
        assert!(close(normal_quantile(0.975), 1.959_964, 1e-6));
        assert!(close(normal_quantile(0.5), 0.0, 1e-12));
        assert!(close(normal_quantile(0.0025), -2.807_034, 1e-6));
        // Student's t, two-sided 95 % and 99.5 % (tables of Fisher & Yates).
        for (df, t975, t9975) in [
            (1.0, 12.7062, 127.3213),
            (2.0, 4.3027, 14.0890),
            (3.0, 3.1824, 7.4533),
            (9.0, 2.2622, 3.6897),
            (39.0, 2.0227, 2.9756),
            (199.0, 1.9720, 2.8389),
        ] {
            assert!(close(t_quantile(0.975, df), t975, 1e-3), "t(.975, {df})");
            assert!(close(t_quantile(0.9975, df), t9975, 2e-3), "t(.9975, {df})");
        }
        assert!(close(t_quantile(0.025, 9.0), -2.2622, 1e-3));
    }

    #[test]
    fn wilson_intervals_and_elo_match_their_textbook_values() {
        let (low, high) = wilson(0.5, 100.0, 0.95);
        assert!(close(low, 0.4038, 1e-3) && close(high, 0.5962, 1e-3));
        // At 0 % the interval still has width (unlike the normal approximation).
        let (low, high) = wilson(0.0, 20.0, 0.95);
        assert!(low == 0.0 && close(high, 0.1611, 1e-3));
        assert!(close(elo(0.75), 190.85, 0.01));
        assert!(elo(0.5).abs() < 1e-9);
        // Against the field: 0 at a fair share, whatever the seats; the pair's Elo at one half.
        for (k, n) in [(1, 2), (1, 3), (2, 3), (1, 4), (3, 5)] {
            let fair = f64::from(k) / f64::from(n);
            assert!(elo_against_field(fair, fair).abs() < 1e-9, "{k} of {n}");
        }
        for p in [0.001, 0.1, 0.5, 0.75, 0.99] {
            assert!(close(elo_against_field(p, 0.5), elo(p), 1e-6), "{p}");
        }
        for p in [0.0, 1.0] {
            assert!(close(elo_against_field(p, 0.5), elo(p), 0.1), "{p}");
        }
        // One seat of three that wins half its games is as strong as both others together:
        // twice as strong as each, 400 log10 2 = 120 Elo.
        assert!(close(elo_against_field(0.5, 1.0 / 3.0), 120.41, 0.01));
        assert_eq!(elo_against_field(0.0, 1.0 / 3.0), -1600.0);
        assert!(close(bonferroni(0.95, 10), 0.995, 1e-12));
    }

    #[test]
    fn a_clean_sweep_claims_the_exact_bound_and_no_more() {
        // 100 of 100: the lower end of the exact 95 % interval is 0.025^(1/100).
        assert!(close(all_succeeded_bound(100, 0.95), 0.963_783, 1e-6));
        assert!(close(elo(all_succeeded_bound(100, 0.95)), 570.1, 0.1));
        // More trials claim more; none claim nothing.
        assert!(all_succeeded_bound(200, 0.95) > all_succeeded_bound(100, 0.95));
        assert_eq!(all_succeeded_bound(0, 0.95), 0.0);
        // The draw's quantile at 2.5 % is the bound.
        assert!(close(
            all_succeeded_draw(100, 0.025),
            all_succeeded_bound(100, 0.95),
            1e-12
        ));
    }

    #[test]
    fn a_bootstrap_interval_leaves_as_many_replicates_beyond_each_end() {
        let mut s: Vec<f64> = (0..1000).rev().map(f64::from).collect();
        // k = ⌊1001 · 0.025⌋ = 25: the 25th smallest and the 25th largest.
        assert_eq!(bootstrap_interval(&mut s, 0.95), Some((24.0, 975.0)));
        let below = s.iter().filter(|&&v| v < 24.0).count();
        let above = s.iter().filter(|&&v| v > 975.0).count();
        assert_eq!(below, above);
        assert_eq!(bootstrap_interval(&mut [], 0.95), None);
        assert_eq!(bootstrap_interval(&mut [3.0], 0.95), Some((3.0, 3.0)));
    }

    /// Deals of one sample each are independent samples: the interval is the textbook one.
    #[test]
    fn deals_of_one_sample_give_the_usual_mean_and_interval() {
        let xs = [3i64, 7, 1, 9, 4, 4, 8, 2, 6, 5];
        let mut c = Clustered::default();
        for &x in &xs {
            c.add_deal(x, 1);
        }
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<i64>() as f64 / n;
        let var = xs.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / (n - 1.0);
        assert!(close(c.mean(), mean, 1e-12));
        let expected = 2.2622 * (var / n).sqrt();
        assert!(close(c.half_width(0.95), expected, 1e-3));
        // Yes-or-no samples: the classic Wilson interval, with t on 39 degrees of freedom, over
        // 39 trials: the variance over deals has the D / (D − 1) of a mean's, which for
        // yes-or-no samples is the unbiased p (1 − p) / (n − 1).
        let mut r = Clustered::default();
        for k in 0..40 {
            r.add_deal(i64::from(k % 4 == 0), 1);
        }
        let (p, low, high) = r.rate_of(0.95, 1);
        let (l2, h2) = wilson_z(0.25, 39.0, t_quantile(0.975, 39.0));
        assert!(close(p, 0.25, 1e-12) && close(low, l2, 1e-9) && close(high, h2, 1e-9));
        assert!(close(r.effective_samples(1), 39.0, 1e-9));
    }

    /// A rate's interval and its mean's rest on the same variance over deals, the
    /// `D / (D − 1)` included: where the rate is near one half, Wilson's interval is the
    /// mean's.
    #[test]
    fn a_rate_has_the_small_sample_factor_of_a_mean() {
        let mut c = Clustered::default();
        for (s, n) in [
            (30, 60),
            (60, 60),
            (0, 60),
            (30, 60),
            (60, 60),
            (0, 60),
            (30, 60),
        ] {
            c.add_deal(s, n);
        }
        let p = c.mean();
        let v = c.variance_of_mean().unwrap();
        assert!(close(c.effective_samples(60), p * (1.0 - p) / v, 1e-9));
        let (_, low, high) = c.rate_of(0.95, 60);
        let t = t_quantile(0.975, 6.0);
        let (l2, h2) = wilson_z(p, p * (1.0 - p) / v, t);
        assert!(close(low, l2, 1e-12) && close(high, h2, 1e-12));
        // Wilson's interval is a little narrower than the mean's near one half, never wider
        // by more than its z² / 4n² term.
        assert!((high - low) / 2.0 <= c.half_width(0.95) * 1.05);
    }

    /// No win at all is not less certain than one win: with the same deals of the same
    /// games, the interval at 0 (and at 1) is never wider than with one trial the other way,
    /// and its ends move with the count. A deal without any spread used to count as one
    /// trial, which made 0 wins in 20 deals of 3 games wider than 1 win.
    #[test]
    fn rate_intervals_are_monotone_at_zero_and_one() {
        let width = |c: &Clustered, trial| {
            let (_, low, high) = c.rate_of(0.95, trial);
            (high - low, low, high)
        };
        for deals in [2u64, 3, 5, 20, 100, 400] {
            for games in [1u64, 2, 3, 5] {
                for trial in [1u64, 2, 60] {
                    // `wins[d]` games won in deal `d`, every deal of `games` games.
                    let tally = |wins: &[u64], flip: bool| {
                        let mut c = Clustered::default();
                        for d in 0..deals {
                            let w = wins.get(d as usize).copied().unwrap_or(0);
                            let w = if flip { games - w } else { w };
                            c.add_deal((w * trial) as i64, games * trial);
                        }
                        c
                    };
                    for flip in [false, true] {
                        let (w0, low0, high0) = width(&tally(&[], flip), trial);
                        let (w, low, high) = width(&tally(&[1], flip), trial);
                        let case = format!(
                            "{deals} deals of {games} games, {trial} samples a game, {}",
                            if flip { "one lost" } else { "one won" }
                        );
                        assert!(w0 <= w + 1e-12, "{case}: {w0} wider than {w}");
                        if flip {
                            assert!(low0 >= low - 1e-12 && high0 >= high - 1e-12, "{case}");
                        } else {
                            assert!(low0 <= low + 1e-12 && high0 <= high + 1e-12, "{case}");
                        }
                    }
                }
            }
        }
    }

    /// A deal is one unit: the same deals with every sample given twice leave the mean and
    /// its interval as they were, and samples that move together widen it.
    #[test]
    fn a_deal_counts_once_however_many_samples_it_holds() {
        let deals: [&[i64]; 6] = [&[1, 3], &[5, 6], &[2, 2], &[9, 7], &[4, 5], &[0, 1]];
        let (mut once, mut twice, mut loose) = (
            Clustered::default(),
            Clustered::default(),
            Clustered::default(),
        );
        for d in deals {
            once.add_deal(d.iter().sum(), d.len() as u64);
            twice.add_deal(2 * d.iter().sum::<i64>(), 2 * d.len() as u64);
            for &x in d {
                loose.add_deal(x, 1);
            }
        }
        assert_eq!(once.mean(), twice.mean());
        assert!(close(once.half_width(0.95), twice.half_width(0.95), 1e-12));
        assert_eq!(once.mean(), loose.mean());
        // Samples of a deal alike: twelve loose samples claim more than six deals hold.
        assert!(once.half_width(0.95) > loose.half_width(0.95));
    }

    #[test]
    fn unequal_deals_weigh_each_sample_the_same() {
        let mut c = Clustered::default();
        c.add_deal(10, 2);
        c.add_deal(3, 1);
        c.add_deal(20, 4);
        assert!(close(c.mean(), 33.0 / 7.0, 1e-12));
        // Σ (S − m n)² / (Σ n)², by hand.
        let m = 33.0 / 7.0;
        let s: f64 = [(10.0f64, 2.0f64), (3.0, 1.0), (20.0, 4.0)]
            .iter()
            .map(|(s, n)| (s - m * n).powi(2))
            .sum::<f64>()
            / 49.0;
        assert!(close(c.variance_of_mean().unwrap(), 1.5 * s, 1e-12));
        let mut a = Clustered::default();
        a.add_deal(10, 2);
        let mut b = Clustered::default();
        b.add_deal(3, 1);
        b.add_deal(20, 4);
        a.merge(&b);
        assert_eq!(a, c);
    }

    #[test]
    fn percentiles_of_independent_samples_are_the_order_statistics() {
        // 1..=100 in deals of one sample: the median is 50, and the distribution-free interval
        // is the 40th to the 61st sample: the median lies between them exactly when 40 to 60
        // samples are below it, which a Binomial(100, ½) count does with 96.5 %, while 41st
        // to 60th (41 to 59 below) holds only 94.3 %. The normal approximation finds it from
        // 50 ∓ 9.97 (t on 99 degrees of freedom, the design effect of deals of one
        // D / (D − 1)) widened by half a sample for the whole-number count.
        let mut h = Histogram::default();
        for v in 1..=100u32 {
            h.add_deal(&mut [v]);
        }
        let (low, mid, high) = h.quantile(0.5, 0.95).unwrap();
        assert_eq!((low, mid, high), (40, 50, 61));
        assert_eq!(h.quantile(0.1, 0.95).unwrap().1, 10);
        assert!(Histogram::default().quantile(0.5, 0.95).is_none());
        // The same samples in deals of two alike values: fewer units, a wider interval.
        let mut pairs = Histogram::default();
        for v in 1..=50u32 {
            pairs.add_deal(&mut [2 * v - 1, 2 * v - 1]);
        }
        let (l2, _, h2) = pairs.quantile(0.5, 0.95).unwrap();
        assert!(h2 - l2 > high - low, "{l2}–{h2} against {low}–{high}");
        // Every deal's samples given twice: the interval as it was.
        let mut doubled = Histogram::default();
        for v in 1..=100u32 {
            doubled.add_deal(&mut [v, v]);
        }
        let mut single = Histogram::default();
        for v in 1..=100u32 {
            single.add_deal(&mut [v]);
        }
        for q in [0.1, 0.25, 0.5, 0.9] {
            assert_eq!(
                doubled.quantile(q, 0.95),
                single.quantile(q, 0.95),
                "q = {q}"
            );
        }
    }

    /// `P(lo ≤ B ≤ hi)` for `B` ~ Binomial(`n`, `p`).
    fn binomial_between(n: u64, p: f64, lo: u64, hi: u64) -> f64 {
        (lo..=hi.min(n))
            .map(|k| {
                let (n, k) = (n as f64, k as f64);
                (ln_gamma(n + 1.0) - ln_gamma(k + 1.0) - ln_gamma(n - k + 1.0)
                    + k * p.ln()
                    + (n - k) * (1.0 - p).ln())
                .exp()
            })
            .sum()
    }

    /// The percentile intervals of independent samples keep their promise exactly: the
    /// interval from the `r`-th to the `s`-th sample holds the `q` quantile of a continuous
    /// distribution when `r` to `s − 1` of the `n` samples fall below it, a binomial count,
    /// and that has at least 95 % for every size and percentile tried (where no end is cut
    /// at the smallest or largest sample). Rounded inward, as they were, the median of 22
    /// samples had 94.75 %.
    #[test]
    fn percentile_intervals_of_independent_samples_cover_at_least_their_level() {
        let mut lowest: f64 = 1.0;
        for n in (20..=400u32).chain([999, 1000, 1500]) {
            let mut h = Histogram::default();
            for v in 1..=n {
                h.add_deal(&mut [v]);
            }
            for q in [0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95] {
                let (r, _, s) = h.quantile(q, 0.95).unwrap();
                if r == 1 || s == n {
                    continue;
                }
                let covered = binomial_between(u64::from(n), q, u64::from(r), u64::from(s - 1));
                assert!(
                    covered >= 0.95,
                    "n = {n}, q = {q}: {r}–{s} covers {covered:.4}"
                );
                lowest = lowest.min(covered);
            }
        }
        // Not much more than asked either.
        assert!(lowest < 0.953, "{lowest}");
    }
}
