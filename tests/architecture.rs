//! The modules and what each imports, read from the sources: data flows one
//! way, so no module may reach itself through its imports. Run with
//! `cargo test --test integration architecture:: -- --nocapture` to see the graph. And the
//! sizes a reader can take in at once: no module over 500 lines, no function
//! over 60, tests aside.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

/// `laws::time` for `src/laws/time.rs`, `laws` for `src/laws/mod.rs`.
fn module_of(relative: &Path) -> Option<String> {
    let mut parts: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    match parts.as_slice() {
        [only] if only == "lib" || only == "main" => None,
        _ => Some(parts.join("::")),
    }
}

/// A file's text without its test module.
fn product(text: &str) -> &str {
    text.split("#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or_default()
}

/// The code of a file without its comments and its test module.
fn code(text: &str) -> String {
    let text = product(text);
    text.lines()
        .map(|l| l.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a file names: `crate::a::b`, `super::c` made absolute, and
/// each path of a group (`use crate::{a::b, c::{d, e}}`).
fn paths(module: &str, code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        out.extend(use_tree(&code[i + 7..]));
    }
    let parent: Vec<String> = module.split("::").map(str::to_string).collect();
    for (i, _) in code.match_indices("super::") {
        if i > 0 && code.as_bytes()[i - 1].is_ascii_alphanumeric() {
            continue;
        }
        let base = &parent[..parent.len().saturating_sub(1)];
        for path in use_tree(&code[i + 7..]) {
            out.push(base.iter().cloned().chain(path).collect());
        }
    }
    out
}

/// The paths of the use tree at the start of `text`: `a::b`, `{a, b::{c,
/// d}}`, `a::*` (a path ends where a name does).
fn use_tree(text: &str) -> Vec<Vec<String>> {
    let mut at = 0;
    tree(text.as_bytes(), &mut at)
}

fn tree(text: &[u8], at: &mut usize) -> Vec<Vec<String>> {
    let blank = |at: &mut usize| {
        while text.get(*at).is_some_and(u8::is_ascii_whitespace) {
            *at += 1;
        }
    };
    blank(at);
    if text.get(*at) == Some(&b'{') {
        *at += 1;
        let mut group = Vec::new();
        loop {
            blank(at);
            match text.get(*at) {
                None => break,
                Some(b'}') => {
                    *at += 1;
                    break;
                }
                Some(b',') => *at += 1,
                Some(_) => {
                    let before = *at;
                    group.extend(tree(text, at));
                    // Something no path is made of (`*`, `as x`): skipped.
                    if *at == before {
                        *at += 1;
                    }
                }
            }
        }
        return group;
    }
    let start = *at;
    while text
        .get(*at)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    {
        *at += 1;
    }
    let name = String::from_utf8_lossy(&text[start..*at]).into_owned();
    if name.is_empty() {
        return vec![Vec::new()];
    }
    if text[*at..].starts_with(b"::") {
        *at += 2;
        return tree(text, at)
            .into_iter()
            .map(|rest| std::iter::once(name.clone()).chain(rest).collect())
            .collect();
    }
    vec![vec![name]]
}

/// The source files, but the test modules kept in files of their own.
fn sources() -> (PathBuf, Vec<PathBuf>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("tests.rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    (src, files)
}

fn graph() -> Graph {
    let (src, files) = sources();
    let named: Vec<(String, String)> = files
        .iter()
        .filter_map(|f| {
            let module = module_of(f.strip_prefix(&src).unwrap())?;
            Some((module, code(&std::fs::read_to_string(f).unwrap())))
        })
        .collect();
    graph_of(&named)
}

/// The graph of modules given with their code: each module's imports, the
/// longest prefix of each path it names that is a module.
fn graph_of(named: &[(String, String)]) -> Graph {
    let modules: BTreeSet<&str> = named.iter().map(|(m, _)| m.as_str()).collect();
    let mut graph = Graph::new();
    for (module, code) in named {
        let imports = graph.entry(module.clone()).or_default();
        for path in paths(module, code) {
            let target = (1..=path.len())
                .rev()
                .map(|k| path[..k].join("::"))
                .find(|p| modules.contains(p.as_str()));
            if let Some(target) = target
                && target != *module
                && !module.starts_with(&format!("{target}::"))
            {
                imports.insert(target);
            }
        }
    }
    graph
}

/// The modules that reach themselves through their imports.
fn in_cycles(graph: &Graph) -> Vec<String> {
    let reach = |from: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_string()];
        while let Some(m) = todo.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    graph
        .keys()
        .filter(|m| reach(m).contains(*m))
        .cloned()
        .collect()
}

#[test]
fn no_module_imports_itself_round_about() {
    let graph = graph();
    assert!(graph.len() > 30, "the sources were read");
    for (module, imports) in &graph {
        let list: Vec<&str> = imports.iter().map(String::as_str).collect();
        println!("{module} -> {}", list.join(" "));
    }
    let cycles = in_cycles(&graph);
    assert!(cycles.is_empty(), "modules in an import cycle: {cycles:?}");
}

/// The stages, first to last: a module may import its own stage and the
/// stages after it, never one before.
const STAGES: [&str; 8] = [
    "cli",
    "run",
    "report",
    "tournament",
    "laws",
    "board",
    "read",
    "model",
];

fn stage(module: &str) -> usize {
    let top = module.split("::").next().unwrap_or_default();
    STAGES
        .iter()
        .position(|s| *s == top)
        .unwrap_or_else(|| panic!("{module} is in no stage folder: {STAGES:?}"))
}

/// The imports against the flow: `module -> import`.
fn upstream(graph: &Graph) -> Vec<String> {
    let mut found = Vec::new();
    for (module, imports) in graph {
        for import in imports {
            if stage(import) < stage(module) {
                found.push(format!("{module} -> {import}"));
            }
        }
    }
    found
}

#[test]
fn imports_run_from_the_command_line_down_to_the_model() {
    let upstream = upstream(&graph());
    assert!(
        upstream.is_empty(),
        "imports against the flow: {upstream:?}"
    );
}

/// Every form of import is seen: an upward import planted inside a group
/// (`use crate::{…}`), a nested one, or through `super::{…}` is found.
#[test]
fn a_planted_upward_import_is_found_in_every_form() {
    let module = |name: &str, code: &str| (name.to_string(), code.to_string());
    for planted in [
        "use crate::{model::date::Date, laws::Game};",
        "use crate::{\n    model::{date, clock},\n    laws::{self, Game},\n};",
        "use crate::laws::Game;",
        "fn f() -> crate::laws::Game { todo!() }",
    ] {
        let named = [
            module("model::clock", planted),
            module("model::date", ""),
            module("laws", ""),
        ];
        let graph = graph_of(&named);
        assert_eq!(upstream(&graph), ["model::clock -> laws"], "{planted}");
    }
    let named = [
        module("laws::time", "use super::{edition::Book, Game};"),
        module("laws::edition", ""),
        module("laws", ""),
        module("cli", ""),
    ];
    let graph = graph_of(&named);
    // A module's own parent is no import; its sibling is.
    let imports: Vec<&String> = graph["laws::time"].iter().collect();
    assert_eq!(imports, ["laws::edition"]);
    let sideways = [
        module("laws::time", "use crate::{cli::Args};"),
        module("cli", ""),
    ];
    assert_eq!(upstream(&graph_of(&sideways)), ["laws::time -> cli"]);
}

#[test]
fn a_cycle_is_found() {
    let mut graph = Graph::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("a".into());
    graph.entry("c".into()).or_default().insert("a".into());
    assert_eq!(in_cycles(&graph), ["a", "b"]);
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        paths(
            "laws::time",
            "use super::edition::Book; x crate::model::clock::Clock"
        ),
        [
            strings(&["model", "clock", "Clock"]),
            strings(&["laws", "edition", "Book"])
        ]
    );
}

/// The functions of a file over `limit` lines, from the `fn` line to its
/// closing brace (a signature over several lines counts).
fn long_functions(text: &str, limit: usize) -> Vec<(String, usize)> {
    let lines: Vec<&str> = product(text).lines().collect();
    let mut out = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let head = trimmed
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ")
            .trim_start_matches("pub ")
            .trim_start_matches("const ")
            .trim_start_matches("unsafe ");
        if !head.starts_with("fn ") {
            continue;
        }
        let indent = &line[..line.len() - trimmed.len()];
        let close = format!("{indent}}}");
        // A declaration without a body, or a body on one line.
        let Some(open) = (start..lines.len()).find(|&i| lines[i].ends_with(['{', ';'])) else {
            continue;
        };
        if lines[open].ends_with(';') {
            continue;
        }
        if let Some(end) = (open + 1..lines.len()).find(|&i| lines[i] == close) {
            let length = end - start + 1;
            if length > limit {
                let name: String = head[3..]
                    .chars()
                    .take_while(|c| *c != '(' && *c != '<')
                    .collect();
                out.push((name, length));
            }
        }
    }
    out
}

#[test]
fn modules_and_functions_stay_short() {
    let (src, files) = sources();
    let mut long = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let name = file.strip_prefix(&src).unwrap().display().to_string();
        let lines = text.lines().count();
        if lines > 500 {
            long.push(format!("{name}: {lines} lines"));
        }
        for (function, length) in long_functions(&text, 60) {
            long.push(format!("{name}: fn {function}: {length} lines"));
        }
    }
    assert!(files.len() > 60, "the sources were read");
    assert!(long.is_empty(), "too long to read at once: {long:#?}");
}

#[test]
fn a_long_function_is_found() {
    let body = "    x();\n".repeat(61);
    let text = format!("pub(crate) fn long(\n    a: u8,\n) {{\n{body}}}\nfn short() {{ 1 }}\n");
    assert_eq!(long_functions(&text, 60), [("long".to_string(), 65)]);
    assert!(long_functions(&text, 65).is_empty());
}

/// The words a finding is given in: its reason, an incident's detail, an
/// error's message.
const WORDED: [&str; 4] = ["reason", "detail", "message", "to_string()"];

/// The calls that read text back: a finding is data until it is worded,
/// and once worded it is only written out, never read for what it says.
const READING_BACK: [&str; 9] = [
    "contains(",
    "starts_with(",
    "ends_with(",
    "find(",
    "rfind(",
    "replacen(",
    "strip_prefix(",
    "strip_suffix(",
    "split(",
];

/// Where a finding's words are read back in `code`: `line: call`.
fn read_back(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        for call in READING_BACK {
            for (at, _) in line.match_indices(&format!(".{call}")) {
                let receiver = line[..at].trim_end();
                if WORDED.iter().any(|w| receiver.ends_with(w)) {
                    found.push(format!("line {}: {}", n + 1, line.trim()));
                }
            }
        }
    }
    found
}

#[test]
fn no_finding_is_read_back_from_its_words() {
    let (src, files) = sources();
    let mut found = Vec::new();
    for file in &files {
        let name = file.strip_prefix(&src).unwrap().display().to_string();
        let text = std::fs::read_to_string(file).unwrap();
        let seen = read_back(&code(&text));
        found.extend(seen.into_iter().map(|l| format!("{name}: {l}")));
    }
    assert!(found.is_empty(), "a finding's words read back: {found:#?}");
}

/// Where `code` asks the phrasing layer for words: any path through
/// `phrase::` but the module's declaration and the re-exports of what the
/// outputs call (`pub use phrase::…`).
fn asks_for_words(code: &str) -> Vec<String> {
    code.lines()
        .filter(|l| l.contains("phrase::") && !l.trim_start().starts_with("pub use phrase::"))
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn the_clauses_hand_on_findings_and_never_word_them() {
    let (src, files) = sources();
    let mut found = Vec::new();
    for file in &files {
        let name = file.strip_prefix(&src).unwrap().display().to_string();
        if !name.starts_with("laws/") || name.starts_with("laws/phrase/") {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        let asked = asks_for_words(&code(&text));
        found.extend(asked.into_iter().map(|l| format!("{name}: {l}")));
    }
    assert!(found.is_empty(), "the laws ask for words: {found:#?}");
}

#[test]
fn asking_for_words_is_found() {
    let planted = "use super::phrase::time as phrase;\nlet r = phrase::claim(c);\n\
                   pub use phrase::ShortLines;\nmod phrase;";
    assert_eq!(
        asks_for_words(planted).len(),
        2,
        "{:?}",
        asks_for_words(planted)
    );
}

#[test]
fn reading_back_is_found() {
    let code = "let x = v.reason.contains(\"not claimed\");\nif e.to_string().starts_with(\"x\") {}\nlet n = a.rule.len();";
    assert_eq!(read_back(code).len(), 2, "{:?}", read_back(code));
    assert!(read_back("s.replace('}', \")\")").is_empty());
}

/// The text of the string literals of `code`, one per item.
fn literals(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut inside, mut escaped, mut text) = (false, false, String::new());
    for c in code.chars() {
        if !inside {
            inside = c == '"';
        } else if escaped {
            escaped = false;
            text.push(c);
        } else if c == '\\' {
            escaped = true;
        } else if c == '"' {
            inside = false;
            out.push(std::mem::take(&mut text));
        } else {
            text.push(c);
        }
    }
    out
}

/// Whether a literal holds words a reader reads: two words with a space.
fn worded(literal: &str) -> bool {
    literal
        .split(|c: char| !c.is_ascii_alphabetic() && c != ' ')
        .any(|run| run.trim().split(' ').filter(|w| w.len() > 1).count() >= 2)
}

/// Sentences the laws may keep out of the phrasing layer: a message about
/// bad input (`--laws`), which stays with its reader.
const BAD_INPUT: [(&str, &str); 1] = [("laws/placement.rs", "the Laws are one of")];

#[test]
fn the_laws_decide_and_the_phrasing_layer_words() {
    let (src, files) = sources();
    let mut found = Vec::new();
    for file in &files {
        let name = file.strip_prefix(&src).unwrap().display().to_string();
        // The editions paraphrase the rules, and the rulebook finds a
        // clause's sentence in the working text by the rules' own words.
        let deciding = name.starts_with("laws/")
            && !name.starts_with("laws/phrase/")
            && !name.starts_with("laws/editions/")
            && name != "laws/rulebook.rs";
        if !deciding {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        for literal in literals(&code(&text)).into_iter().filter(|l| worded(l)) {
            let allowed = BAD_INPUT
                .iter()
                .any(|(f, words)| name == *f && literal.contains(words));
            if !allowed {
                found.push(format!("{name}: \"{literal}\""));
            }
        }
    }
    assert!(files.len() > 60, "the sources were read");
    assert!(
        found.is_empty(),
        "sentences outside laws/phrase/: {found:#?}"
    );
}

#[test]
fn a_sentence_is_found() {
    let code = "let a = format!(\"{x} is checkmated\");\nlet b = \"15.4.2\";\nlet c = \"; {s}\";";
    let words: Vec<String> = literals(code).into_iter().filter(|l| worded(l)).collect();
    assert_eq!(words, ["{x} is checkmated"]);
}

/// The names a row of docs/architecture.md's stage table gives in
/// backticks, and the folders among them.
fn named_in(row: &str) -> Vec<&str> {
    row.split('`').skip(1).step_by(2).collect()
}

/// A source file the document does not name: its stage's row must give its
/// path below the stage folder (or the end of it, from a folder on), or its
/// name beside its folder's.
fn unnamed(doc: &str, relative: &str) -> bool {
    let Some((stage, below)) = relative.split_once('/') else {
        return !named_in(doc).contains(&relative);
    };
    let row = doc
        .lines()
        .find(|line| line.contains(&format!("| `{stage}/` |")))
        .unwrap_or_default();
    let names = named_in(row);
    if names.contains(&below) || below == "mod.rs" {
        return false;
    }
    let Some((folder, name)) = below.rsplit_once('/') else {
        return true;
    };
    let last_folder = folder.rsplit('/').next().unwrap_or(folder);
    let folder_named = names.contains(&format!("{last_folder}/").as_str());
    let tail_named = below
        .match_indices('/')
        .any(|(at, _)| names.contains(&&below[at + 1..]) && below[at + 1..].contains('/'));
    !(tail_named || folder_named && (name == "mod.rs" || names.contains(&name)))
}

#[test]
fn the_architecture_document_names_every_source_file() {
    let (src, files) = sources();
    let doc = std::fs::read_to_string(src.join("../docs/architecture.md")).unwrap();
    let missing: Vec<String> = files
        .iter()
        .map(|file| {
            file.strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .filter(|relative| unnamed(&doc, relative))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/architecture.md does not name {missing:#?}"
    );
}

#[test]
fn an_unnamed_file_is_found() {
    let doc = "`main.rs`\n| x | `laws/` | `judge.rs`, one each in `editions/`: `fide_2009.rs` |\n";
    assert!(!unnamed(doc, "main.rs"));
    assert!(!unnamed(doc, "laws/judge.rs"));
    assert!(!unnamed(doc, "laws/editions/fide_2009.rs"));
    assert!(unnamed(doc, "lib.rs"));
    assert!(unnamed(doc, "laws/finish.rs"));
    assert!(unnamed(doc, "laws/phrase/fide_2009.rs"));
    assert!(unnamed(doc, "board/judge.rs"));
    assert!(!unnamed(doc, "laws/editions/mod.rs"));
    assert!(!unnamed(doc, "laws/x/editions/fide_2009.rs"));
    assert!(unnamed(doc, "laws/phrase/mod.rs"));
}
