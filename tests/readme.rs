//! What the README shows a command printing is what the command prints.

mod common;

use common::*;

/// The fenced block that follows `marker` in the README.
fn block_after(readme: &str, marker: &str) -> String {
    let at = readme.find(marker).expect("marker in README");
    let open = at
        + readme[at..]
            .find("```\n")
            .expect("a block after the marker")
        + 4;
    let close = open + readme[open..].find("```").expect("a closed block");
    readme[open..close].to_string()
}

#[test]
fn the_sample_summary_is_what_audit_prints() {
    let readme = std::fs::read_to_string(repo("README.md")).unwrap();
    let shown = block_after(&readme, "and prints a summary:");
    let run = audit(&[repo("samples").to_str().unwrap()], None);
    // The run writes to a temporary folder and takes its own time.
    let printed: String = run
        .stderr()
        .lines()
        .filter(|l| !l.trim_start().ends_with("games/s"))
        .map(|l| match l.find(" written to ") {
            Some(at) => format!("{} written to arbiter-report\n", &l[..at]),
            None => format!("{l}\n"),
        })
        .collect();
    assert_eq!(shown, printed);
}
