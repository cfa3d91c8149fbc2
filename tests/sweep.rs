//! `simulate --sweep`: a variant under each value of a number of the rules, on the same
//! seeds, with the printed rules as the reference. A sweep is exactly the separate runs of
//! its combinations; its table, JSON, per-game rows and report show each combination.

use crate::run;

use std::process::Command;

use run::{HEADLESS, assert_drawn, browser, hunters, stderr, stdout};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let o = hunters(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

#[test]
fn a_sweep_equals_the_separate_runs_of_its_combinations() {
    let common = [
        "simulate",
        "--games",
        "12",
        "--seed",
        "4",
        "--bots",
        "greedy,random",
        "--json",
    ];
    let mut sweep_args = common.to_vec();
    sweep_args.extend(["--sweep", "mammoth=2,5", "--sweep", "huts=1,4", "2020"]);
    let sweep = json(&sweep_args);
    let names: Vec<&str> = sweep["config"]["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "2020",
            "2020@mammoth=2,huts=1",
            "2020@mammoth=2,huts=4",
            "2020@mammoth=5,huts=1",
            "2020@mammoth=5,huts=4"
        ]
    );
    let results = sweep["results"].as_array().unwrap();
    assert!(
        results[0].get("swept").is_none(),
        "the reference sets nothing"
    );
    assert_eq!(results[3]["swept"][0]["key"], "mammoth");
    assert_eq!(results[3]["swept"][0]["value"], "5");
    assert_eq!(results[3]["swept"][1]["key"], "huts");
    assert_eq!(results[3]["swept"][1]["value"], "1");
    // The same numbers as one run of all the variants named, and as each alone.
    let mut separate_args = common.to_vec();
    separate_args.extend(names.iter().copied());
    let separate = json(&separate_args);
    for (a, b) in results.iter().zip(separate["results"].as_array().unwrap()) {
        assert_eq!(a["variant"], b["variant"]);
        assert_eq!(a["tally"], b["tally"], "{}", a["variant"]);
        assert_eq!(a["summary"], b["summary"], "{}", a["variant"]);
    }
    for (i, name) in names.iter().enumerate() {
        let mut alone = common.to_vec();
        alone.push(name);
        let one = json(&alone);
        let t = &one["results"][0]["tally"];
        // Paired measures exist only against a reference; the rest is the same game for game.
        for key in ["games", "categories", "wins", "margin", "totals", "tiles"] {
            assert!(!t[key].is_null(), "{key}");
            assert_eq!(t[key], results[i]["tally"][key], "{name}: {key}");
        }
    }
    // A bigger mammoth moves points into meadows.
    let meadows = |r: &Value| r["summary"]["points"]["meadows"]["mean"].as_f64().unwrap();
    assert!(meadows(&results[3]) > meadows(&results[1]));
}

#[test]
fn sweep_rows_tables_and_mistakes() {
    let dir = std::env::temp_dir().join(format!("hunters-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rows = dir.join("games.csv");
    let o = hunters(&[
        "simulate",
        "--games",
        "3",
        "--bots",
        "random",
        "--sweep",
        "count-unit=segment,tile",
        "--games-out",
        rows.to_str().unwrap(),
        "2014",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let table = stdout(&o);
    assert!(table.contains("| 2014@count-unit=segment |"), "{table}");
    let csv = std::fs::read_to_string(&rows).unwrap();
    assert_eq!(csv.lines().count(), 1 + 3 * 3, "{csv}");
    assert!(csv.contains(",2014@count-unit=tile,"), "{csv}");
    for (args, says) in [
        (
            vec!["--sweep", "mammoth=2", "2020", "2014"],
            "give one VARIANT",
        ),
        (vec!["--sweep", "mammoth", "2020"], "expected KEY=V1,V2"),
        (vec!["--sweep", "mammoth=", "2020"], "at least one value"),
        (
            vec!["--sweep", "mammoth=2", "--sweep", "mammoth=3", "2020"],
            "given twice",
        ),
        (
            vec!["--sweep", "mammoth=-2", "2020"],
            "mammoth takes a whole number",
        ),
        (
            vec!["--sweep", "wolf=2", "2020"],
            "the numbers of the rules are",
        ),
    ] {
        let mut all = vec!["simulate", "--games", "2"];
        all.extend(args.iter().copied());
        let o = hunters(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_report_charts_each_measure_against_the_swept_value() {
    let dir = std::env::temp_dir().join(format!("hunters-sweep-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("sweep.html");
    let o = hunters(&[
        "simulate",
        "--games",
        "8",
        "--bots",
        "greedy",
        "--sweep",
        "deer=0,1,3",
        "--report",
        page.to_str().unwrap(),
        "2020",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(text.contains("2020, sweeping deer=0,1,3"));
    assert!(text.contains("<h2>Against deer (the dashed line is 2020 as printed)</h2>"));
    // Ten measures, each a line through the three values.
    assert_eq!(
        text.matches("against deer\"").count(),
        10,
        "one chart per measure"
    );
    assert_eq!(text.matches("<polyline").count(), 10);
    // Each panel's axis covers every value and a sensible range: at least a tenth of the
    // measure's size (tiles per game vary by a few tenths around 80 and must not look like a
    // cliff); the first player's edge shows its zero, with a line there.
    let panels: Vec<&str> = text.split(r#"<svg class="sweep""#).skip(1).collect();
    assert_eq!(panels.len(), 10);
    for panel in &panels {
        let attr = |name: &str| -> &str {
            let from = panel.find(&format!(r#"{name}=""#)).unwrap() + name.len() + 2;
            &panel[from..from + panel[from..].find('"').unwrap()]
        };
        let (low, high): (f64, f64) = (
            attr("data-low").parse().unwrap(),
            attr("data-high").parse().unwrap(),
        );
        let values: Vec<f64> = attr("data-values")
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        let size = values.iter().fold(0f64, |m, v| m.max(v.abs()));
        assert!(
            values.iter().all(|v| (low..=high).contains(v)),
            "{panel:.200}"
        );
        assert!(
            panel.matches(r#"class="y-label""#).count() >= 3,
            "{panel:.200}"
        );
        if attr("aria-label").starts_with("first player's edge") {
            assert!(
                low <= 0.0 && high >= 0.0 && high - low >= 10.0,
                "{panel:.200}"
            );
            assert!(panel.contains(r#"class="zero""#), "a zero line");
        } else {
            assert!(
                high - low >= 0.1 * size - 1e-9,
                "{low}..{high} for {size}: {panel:.200}"
            );
        }
    }
    // The lines through the sweep are in none of the variants' colours (those mark the dots).
    let swatches: Vec<&str> = text
        .split(r#"class="swatch" style="background:"#)
        .skip(1)
        .map(|s| &s[..7])
        .collect();
    assert_eq!(swatches.len(), 4, "a colour for each variant");
    for line in text.split("<polyline").skip(1) {
        let stroke = &line[line.find(r#"stroke=""#).unwrap() + 8..][..7];
        assert!(
            !swatches.contains(&stroke),
            "{stroke} is a variant's colour"
        );
    }
    let Some(browser) = browser("the sweep report") else {
        return;
    };
    let url = format!("file://{}", page.display());
    let profile = format!("--user-data-dir={}", dir.join("profile").display());
    let dom = Command::new(browser)
        .args(HEADLESS)
        .arg(&profile)
        .args(["--dump-dom", &url])
        .output()
        .unwrap();
    let parsed = String::from_utf8_lossy(&dom.stdout);
    assert_eq!(parsed.matches("<polyline").count(), 10, "{parsed:.300}");
    // As drawn: no dot or bar covers or touches (within 4 pixels) any label, tick or title of
    // its panel. A copy of the page
    // measures every dot and every text in the browser and notes those that meet.
    let measured = dir.join("measured.html");
    let measure = r#"<script>
const meet = [];
for (const svg of document.querySelectorAll('svg.sweep')) {
  const texts = [...svg.querySelectorAll('text')].map(t => [t.textContent, t.getBoundingClientRect()]);
  for (const c of svg.querySelectorAll('circle, line.bar')) {
    const d = c.getBoundingClientRect();
    for (const [what, t] of texts) {
      if (d.left < t.right + 4 && t.left - 4 < d.right && d.top < t.bottom + 4 && t.top - 4 < d.bottom) {
        meet.push(svg.getAttribute('aria-label') + ': ' + what);
      }
    }
  }
}
document.body.dataset.panels = document.querySelectorAll('svg.sweep').length;
document.body.dataset.meet = meet.join('; ') || 'none';
</script>
</body>"#;
    std::fs::write(&measured, text.replace("</body>", measure)).unwrap();
    let dom = Command::new(browser)
        .args(HEADLESS)
        .arg(&profile)
        .args(["--dump-dom", &format!("file://{}", measured.display())])
        .output()
        .unwrap();
    let parsed = String::from_utf8_lossy(&dom.stdout);
    assert!(parsed.contains(r#"data-panels="10""#), "{parsed:.300}");
    assert!(
        parsed.contains(r#"data-meet="none""#),
        "dots over labels: {parsed:.600}"
    );
    let shot = dir.join("sweep.png");
    let o = Command::new(browser)
        .args(HEADLESS)
        .arg(&profile)
        .arg("--window-size=1100,1400")
        .arg(format!("--screenshot={}", shot.display()))
        .arg(&url)
        .output()
        .unwrap();
    assert!(o.status.success());
    assert!(!String::from_utf8_lossy(&o.stderr).contains("Uncaught"));
    assert_drawn(&shot);
    std::fs::remove_dir_all(&dir).unwrap();
}
