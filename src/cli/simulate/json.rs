//! `simulate --json`: the run as one object (docs/json.md).

use anyhow::Result;

use super::report_data::Report;

pub fn print(r: &Report) -> Result<()> {
    println!("{}", serde_json::to_string_pretty(r)?);
    Ok(())
}
