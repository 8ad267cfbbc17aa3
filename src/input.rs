//! Input: which sources to read, and a decompressed byte stream for each.
//!
//! All IO configuration of the input side is here: walking directories,
//! stdin, and recognising gzip, bzip2 and zstd by their magic bytes (the
//! name is only used to pick files out of a directory).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// One input as the user named it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Stdin,
    File(PathBuf),
}

impl Source {
    /// The name the reports use: the path as given, or `-`.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "-".into(),
            Source::File(p) => p.display().to_string(),
        }
    }

    /// Size on disk, for the progress bar.
    pub fn size(&self) -> Option<u64> {
        match self {
            Source::Stdin => None,
            Source::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
        }
    }

    /// Opens the raw (possibly compressed) bytes.
    pub fn open_raw(&self) -> io::Result<Box<dyn Read + Send>> {
        Ok(match self {
            Source::Stdin => Box::new(io::stdin()),
            Source::File(p) => Box::new(File::open(p)?),
        })
    }
}

const PGN_ENDINGS: [&str; 4] = [".pgn", ".pgn.gz", ".pgn.bz2", ".pgn.zst"];

fn is_pgn_name(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    PGN_ENDINGS.iter().any(|e| name.ends_with(e))
}

/// Expands the paths a user gave: `-` or nothing is stdin, a directory is
/// every PGN file below it in sorted order. A path that does not exist is
/// reported, not dropped silently.
pub fn sources(paths: &[PathBuf]) -> (Vec<Source>, Vec<String>) {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    if paths.is_empty() {
        out.push(Source::Stdin);
    }
    for path in paths {
        if path.as_os_str() == "-" {
            out.push(Source::Stdin);
        } else if path.is_dir() {
            let mut found = Vec::new();
            walk(path, &mut found, &mut problems);
            found.sort();
            if found.is_empty() {
                problems.push(format!(
                    "{}: no *.pgn, *.pgn.gz, *.pgn.bz2 or *.pgn.zst files in this directory",
                    path.display()
                ));
            }
            out.extend(found.into_iter().map(Source::File));
        } else if path.exists() {
            out.push(Source::File(path.clone()));
        } else {
            problems.push(format!("{}: no such file or directory", path.display()));
        }
    }
    (out, problems)
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>, problems: &mut Vec<String>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            problems.push(format!("{}: cannot list directory: {e}", dir.display()));
            return;
        }
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, found, problems);
        } else if is_pgn_name(&path) {
            found.push(path);
        }
    }
}

/// Wraps a raw stream in the decompressor its first bytes call for.
pub fn decompress<R: Read + Send + 'static>(raw: R) -> io::Result<Box<dyn Read + Send>> {
    let mut buf = BufReader::with_capacity(256 * 1024, raw);
    let head = buf.fill_buf()?;
    Ok(if head.starts_with(&[0x1f, 0x8b]) {
        Box::new(flate2::bufread::MultiGzDecoder::new(buf))
    } else if head.starts_with(b"BZh") {
        Box::new(bzip2::bufread::MultiBzDecoder::new(buf))
    } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
        Box::new(zstd::stream::read::Decoder::with_buffer(buf)?)
    } else {
        Box::new(buf)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn roundtrip(compressed: Vec<u8>) -> String {
        let mut out = String::new();
        decompress(io::Cursor::new(compressed))
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        out
    }

    #[test]
    fn detects_compression_by_content() {
        let text = "[Event \"x\"]\n\n1. e4 *\n";
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(text.as_bytes()).unwrap();
        assert_eq!(roundtrip(gz.finish().unwrap()), text);
        let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
        bz.write_all(text.as_bytes()).unwrap();
        assert_eq!(roundtrip(bz.finish().unwrap()), text);
        assert_eq!(
            roundtrip(zstd::encode_all(text.as_bytes(), 1).unwrap()),
            text
        );
        assert_eq!(roundtrip(text.as_bytes().to_vec()), text);
        assert_eq!(roundtrip(Vec::new()), "");
    }

    #[test]
    fn names() {
        assert!(is_pgn_name(Path::new("a/B.PGN.ZST")));
        assert!(is_pgn_name(Path::new("x.pgn")));
        assert!(!is_pgn_name(Path::new("x.pgn.txt")));
    }
}
