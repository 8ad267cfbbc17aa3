//! What the README shows a command printing is what the command prints.

use crate::common::*;

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
    let shown = block_after(&readme, "`arbiter-report/summary.json`, and prints:");
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

/// Every block that shows `$ pgn-arbiter …` prints, line by line and in
/// that order, what the command prints (`...` stands for lines left out),
/// in the README and in the pages of docs/.
#[test]
fn shown_commands_print_what_is_shown() {
    let mut pages = vec![repo("README.md")];
    pages.extend(
        std::fs::read_dir(repo("docs"))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "md")),
    );
    let mut checked = 0;
    for page in pages {
        let text = std::fs::read_to_string(&page).unwrap();
        for block in text.split("```").skip(1).step_by(2) {
            let lines: Vec<&str> = block.lines().skip(1).map(str::trim_start).collect();
            let Some(command) = lines.first().and_then(|l| l.strip_prefix("$ pgn-arbiter ")) else {
                continue;
            };
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_pgn-arbiter"))
                .args(command.split_whitespace())
                .current_dir(repo("."))
                .env("NO_COLOR", "1")
                .output()
                .unwrap();
            let printed = String::from_utf8_lossy(&out.stdout);
            let mut rest = printed.lines();
            for want in lines[1..].iter().filter(|l| !l.is_empty() && **l != "...") {
                assert!(
                    rest.any(|got| got.trim_start() == *want),
                    "{}: `{command}` does not print, in order: {want}\n{printed}",
                    page.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 2, "the README and docs show commands");
}

/// The tour's commands name files that ship (round seven: it named a
/// `report.trf` that `samples/` lacks).
#[test]
fn the_tour_names_files_that_ship() {
    let readme = std::fs::read_to_string(repo("README.md")).unwrap();
    let tour = &readme[readme.find("## A five-minute tour").unwrap()..];
    let tour = &tour[..tour.find("\n## ").unwrap()];
    let named: Vec<&str> = tour
        .split(|c: char| c.is_whitespace() || matches!(c, '`' | '"' | '(' | ')'))
        .filter(|w| w.starts_with("samples") || w.starts_with("tests/"))
        .collect();
    assert!(named.len() >= 5, "{named:?}");
    for path in named {
        assert!(
            repo(path).exists(),
            "the tour names {path}, which does not ship"
        );
    }
}
