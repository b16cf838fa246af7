//! Verdicts on real files: every file of the vendored sample (and of the shared corpus when it
//! is present) answers queries derived from its own rules under every variant, without panic,
//! and the explanation follows the variant's precedence (`common::check_explained`).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use std::path::PathBuf;

use robotspec::model::Agent;
use robotspec::{Robots, Variant};

use common::check_explained;

/// Asks each variant about `/`, a miss, and targets made from the file's own rules, for its
/// first named agent and for an unknown one; checks each explanation (`check_explained`).
fn ask_everything(path: &PathBuf) {
    let bytes = std::fs::read(path).unwrap();
    for &variant in Variant::ALL {
        let robots = Robots::parse(&bytes, variant);
        let agent = robots
            .groups()
            .flat_map(|g| g.agents())
            .find_map(|a| match a.agent() {
                Agent::Named(name) => Some(name.to_owned()),
                _ => None,
            })
            .unwrap_or_default();
        let mut targets = vec![
            "/".to_owned(),
            "/robots.txt".to_owned(),
            "/zz?x#y".to_owned(),
        ];
        targets.extend(
            robots
                .rules()
                .step_by(7)
                .take(20)
                .map(|r| String::from_utf8_lossy(r.pattern()).replace('*', "a/") + "b"),
        );
        for target in &targets {
            for agent in [agent.as_str(), "UnknownBot"] {
                if let Err(e) = check_explained(&robots, agent, target) {
                    panic!("{}: {e}", path.display());
                }
            }
        }
    }
}

#[test]
fn vendored_sample_gives_verdicts() {
    let files = common::files_in("corpus/real");
    assert!(files.len() > 100);
    files.iter().for_each(ask_everything);
}

#[test]
fn shared_corpus_gives_verdicts_when_present() {
    let Some(dir) =
        common::shared_real_corpus("verdicts::shared_corpus_gives_verdicts_when_present")
    else {
        return;
    };
    let files = common::files_below(&dir);
    assert!(files.len() > 4000);
    files.iter().for_each(ask_everything);
}
