//! The Rust version the crate declares is one its dependencies build with:
//! `rust-version` is at least every dependency's own.

use std::process::Command;

fn version(text: &str) -> Vec<u32> {
    text.split('.').map(|p| p.parse().unwrap_or(0)).collect()
}

#[test]
fn rust_version_covers_every_dependency() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let host = Command::new("rustc").arg("-vV").output().unwrap();
    let host = String::from_utf8_lossy(&host.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_string))
        .unwrap();
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--filter-platform",
            &host,
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let used: std::collections::HashSet<&str> = meta["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|n| n["id"].as_str())
        .collect();
    let declared = |name: &str| {
        meta["packages"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .and_then(|p| p["rust_version"].as_str())
            .map(version)
    };
    let ours = declared("pgn-arbiter").expect("Cargo.toml declares rust-version");
    for p in meta["packages"].as_array().unwrap() {
        let (Some(id), Some(needs)) = (p["id"].as_str(), p["rust_version"].as_str()) else {
            continue;
        };
        if used.contains(id) {
            assert!(
                version(needs) <= ours,
                "{} {} needs Rust {needs}, above the rust-version in Cargo.toml",
                p["name"],
                p["version"]
            );
        }
    }
}
