//! `simulate --report`: one self-contained HTML page that a real browser draws — checked in
//! headless Chromium: the page parses with every chart and board, no script error is logged,
//! and the screenshot is a picture, not a blank page.
//!
//! Without a Chromium on the machine the browser half fails, saying what to install, unless
//! `HUNTERS_SKIP_BROWSER=1` asks to skip it.

use crate::run;

use std::path::{Path, PathBuf};

use run::{assert_screenshot, browser, hunters, parsed_page, stderr};

fn report(dir: &Path) -> PathBuf {
    let page = dir.join("report.html");
    let o = hunters(&[
        "simulate",
        "--games",
        "24",
        "--bots",
        "greedy,random",
        "--rotate-seats",
        "--report",
        page.to_str().unwrap(),
        "2002",
        "2020",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    page
}

#[test]
fn the_report_is_one_self_contained_page() {
    let dir = std::env::temp_dir().join(format!("hunters-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(report(&dir)).unwrap();
    assert!(text.starts_with("<!DOCTYPE html>"));
    // Nothing from elsewhere: no script, no linked file, no address but the SVG namespace.
    assert!(!text.contains("<script"));
    assert!(!text.contains("<link") && !text.contains("src="));
    let addresses = text.matches("http").count();
    let namespaces = text.matches("http://www.w3.org/2000/svg").count();
    assert_eq!(
        addresses, namespaces,
        "only the SVG namespace is an address"
    );
    for heading in [
        "Points per player and game",
        "How the totals spread",
        "Paired difference to 2002",
        "Seats",
        "Length and tension",
        "Bot against bot",
        "A sample game per variant",
    ] {
        assert!(text.contains(heading), "{heading}");
    }
    // Histogram, paired differences, seats, and a board for each variant.
    assert_eq!(text.matches("<svg").count(), 3 + 2);
    assert_eq!(text.matches("<figure>").count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_report_draws_in_a_headless_browser() {
    let Some(browser) = browser("the report") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("hunters-browser-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = report(&dir);
    let url = format!("file://{}", page.display());
    let profile = dir.join("profile");
    let profile_arg = format!("--user-data-dir={}", profile.display());

    // The page as the browser parsed it.
    let parsed = parsed_page(browser, &profile_arg, &url);
    assert!(
        parsed.contains("Points per player and game"),
        "{parsed:.300}"
    );
    assert_eq!(
        parsed.matches("<svg").count(),
        5,
        "every chart and board parsed"
    );
    // The charts read without the tables: the histogram has a y-axis with labels in percent,
    // and the paired differences have ticks around a labelled zero.
    assert!(parsed.contains(r#"class="y-axis""#), "{parsed:.300}");
    assert!(parsed.matches(r#"class="y-label""#).count() >= 3);
    assert!(parsed.contains(r#"class="y-label" "#) && parsed.contains("0 %</text>"));
    assert!(parsed.matches(r#"class="tick""#).count() >= 3);
    assert!(
        parsed.contains(r##"fill="#444">0</text>"##),
        "a labelled zero"
    );

    // A screenshot, and it is not blank.
    assert_screenshot(
        browser,
        &profile_arg,
        &url,
        "1200,2400",
        &dir.join("report.png"),
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
