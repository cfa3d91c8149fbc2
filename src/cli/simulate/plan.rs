//! What a run plays: the variants of a sweep, and what the tables call each variant.

use anyhow::{Result, bail};
use hunters::Variant;

use super::report_data::Swept;

/// The variants a sweep plays: the base as printed, then `BASE@KEY=V,…` for every combination
/// of the swept values (the first key changing slowest), each with what it sets.
pub fn swept_variants(base: &str, sweeps: &[String]) -> Result<Vec<(String, Vec<Swept>)>> {
    let mut keys: Vec<(String, Vec<String>)> = Vec::new();
    for s in sweeps {
        let Some((key, values)) = s.split_once('=') else {
            bail!("--sweep {s}: expected KEY=V1,V2,…, e.g. --sweep mammoth=2,3,4");
        };
        let key = key.trim().to_string();
        let values: Vec<String> = values
            .split(',')
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .collect();
        if values.is_empty() {
            bail!("--sweep {s}: give at least one value after =");
        }
        if let Some(v) = values
            .iter()
            .enumerate()
            .find_map(|(i, v)| values[..i].contains(v).then_some(v))
        {
            bail!("--sweep {s}: {key}={v} is listed twice; give each value once");
        }
        if keys.iter().any(|(k, _)| *k == key) {
            bail!("--sweep {key} is given twice; list all its values in one --sweep");
        }
        keys.push((key, values));
    }
    let mut combos: Vec<Vec<Swept>> = vec![Vec::new()];
    for (key, values) in &keys {
        combos = combos
            .into_iter()
            .flat_map(|c| {
                values.iter().map(move |v| {
                    let mut c = c.clone();
                    c.push(Swept {
                        key: key.clone(),
                        value: v.clone(),
                    });
                    c
                })
            })
            .collect();
    }
    // A base that already changes something takes the swept keys after its own.
    let join = if base.contains('@') { ',' } else { '@' };
    let mut out = vec![(base.to_string(), Vec::new())];
    for c in combos {
        let pairs: Vec<String> = c.iter().map(|s| format!("{}={}", s.key, s.value)).collect();
        out.push((format!("{base}{join}{}", pairs.join(",")), c));
    }
    Ok(out)
}

/// What the tables call each variant: its name (a file's `name`, which the file's path
/// follows when two variants would otherwise look alike); a built-in variant by the name
/// given.
pub fn labels(given: &[String], variants: &[Variant]) -> Vec<String> {
    let named: Vec<String> = variants.iter().map(|v| v.name.clone()).collect();
    named
        .iter()
        .zip(given)
        .map(|(name, arg)| {
            let twice = named.iter().filter(|n| *n == name).count() > 1;
            if name == arg {
                arg.clone()
            } else if twice {
                format!("{name} ({arg})")
            } else {
                name.clone()
            }
        })
        .collect()
}
