//! Input: which sources to read, and a decompressed byte stream for each.
//!
//! All IO configuration of the input side is here: walking directories,
//! stdin, and recognising gzip, bzip2 and zstd by their magic bytes (the
//! name is only used to pick files out of a directory).

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};

use bytes::Bytes;

#[cfg(test)]
pub(crate) use content::layout;
pub use content::{Format, JsonLayout, format, format_now, not_pgn};

/// One input as the user named it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Stdin,
    File(PathBuf),
    /// PGN held in memory (a program's string), under a name of its own;
    /// `Bytes` so that a caller's buffer (a Python `bytes`) is read where
    /// it lies, not copied.
    Text {
        name: String,
        bytes: Bytes,
    },
}

impl Source {
    /// The name the reports use: the path as given, or `-`.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "-".into(),
            Source::File(p) => p.display().to_string(),
            Source::Text { name, .. } => name.clone(),
        }
    }

    /// Size on disk, for the progress bar.
    pub fn size(&self) -> Option<u64> {
        match self {
            Source::Stdin => None,
            Source::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
            Source::Text { bytes, .. } => Some(bytes.len() as u64),
        }
    }

    /// Opens the raw (possibly compressed) bytes.
    pub fn open_raw(&self) -> io::Result<Box<dyn Read + Send>> {
        self.open_raw_in(None)
    }

    /// Opens the raw bytes, a relative path from `base` if given.
    pub fn open_raw_in(&self, base: Option<&Path>) -> io::Result<Box<dyn Read + Send>> {
        Ok(match self {
            Source::Stdin => Box::new(io::stdin()),
            Source::File(p) => Box::new(File::open(base.map_or(p.clone(), |b| b.join(p)))?),
            Source::Text { bytes, .. } => Box::new(io::Cursor::new(bytes.clone())),
        })
    }
}

/// The names of the files a folder is searched for: PGN, and the servers'
/// JSON exports; each plain or compressed. What a file holds is told from
/// its content, not its name.
const GAME_FILE_ENDINGS: [&str; 4] = [".pgn", ".json", ".ndjson", ".jsonl"];
const COMPRESSED_ENDINGS: [&str; 3] = [".gz", ".bz2", ".zst"];

fn is_pgn_name(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let plain = COMPRESSED_ENDINGS
        .iter()
        .find_map(|c| name.strip_suffix(c))
        .unwrap_or(&name);
    GAME_FILE_ENDINGS.iter().any(|e| plain.ends_with(e))
}

/// The inputs a run reads, and what was found on the way to them.
#[derive(Debug, Default)]
pub struct Inputs {
    pub sources: Vec<Source>,
    /// Paths that cannot be read: the run exits 1.
    pub errors: Vec<String>,
    /// Files skipped as already read, links that loop: said, not errors.
    pub notes: Vec<String>,
}

/// Expands the paths a user gave: `-` or nothing is stdin, a directory is
/// every PGN file below it in sorted order (links followed). A path that
/// does not exist is reported, not dropped silently. Each file is read once,
/// however many names and links lead to it; a link that loops is reported.
pub fn sources(paths: &[PathBuf]) -> Inputs {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    let mut notes = Vec::new();
    let mut seen = Seen::default();
    if paths.is_empty() {
        out.push(Source::Stdin);
    }
    for path in paths {
        if path.as_os_str() == "-" {
            out.push(Source::Stdin);
        } else if path.is_dir() {
            let found = walk(path, &mut problems, &mut notes);
            if found.is_empty() {
                problems.push(format!(
                    "{}: no *.pgn, *.json, *.ndjson or *.jsonl files (plain, .gz, .bz2 or .zst) \
                     in this directory",
                    path.display()
                ));
            }
            for file in found {
                out.extend(seen.first_time(file, &mut notes).map(Source::File));
            }
        } else if path.exists() {
            out.extend(seen.first_time(path.clone(), &mut notes).map(Source::File));
        } else {
            problems.push(format!("{}: no such file or directory", path.display()));
        }
    }
    Inputs {
        sources: out,
        errors: problems,
        notes,
    }
}

/// A file's identity, its device and inode: one file under two names (a
/// hard link) has one.
pub fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// The files met so far, by identity (device and inode), not by name.
#[derive(Default)]
struct Seen(std::collections::HashMap<(u64, u64), PathBuf>);

impl Seen {
    /// The name the file or folder at `path` was first met under, if it
    /// was met before; else it is met now. (One that cannot be read is
    /// never "met": opening it will report the problem.)
    fn met_before(&mut self, path: &Path) -> Option<PathBuf> {
        match self.0.entry(identity(path)?) {
            std::collections::hash_map::Entry::Occupied(first) => Some(first.get().clone()),
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(path.to_path_buf());
                None
            }
        }
    }

    fn first_time(&mut self, path: PathBuf, problems: &mut Vec<String>) -> Option<PathBuf> {
        let Some(first) = self.met_before(&path) else {
            return Some(path);
        };
        problems.push(format!(
            "{}: the same file as {}, read once",
            path.display(),
            first.display()
        ));
        None
    }
}

/// The deepest directory walk followed: deeper is a maze of links, not an
/// archive.
const MAX_DEPTH: usize = 64;

fn walk(dir: &Path, problems: &mut Vec<String>, notes: &mut Vec<String>) -> Vec<PathBuf> {
    let mut found = Vec::new();
    // Each folder is walked once, however many links lead to it: a chain
    // of folders each linking twice to the next would cost 2^n walks.
    let mut folders = Seen::default();
    let mut again = Vec::new();
    let walker = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .max_depth(MAX_DEPTH)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            let first = e
                .file_type()
                .is_dir()
                .then(|| folders.met_before(e.path()))
                .flatten();
            let new = first.is_none();
            again.extend(first.map(|first| (e.path().to_path_buf(), first)));
            new
        });
    for entry in walker {
        match entry {
            Ok(e) if e.file_type().is_file() && is_pgn_name(e.path()) => {
                found.push(e.into_path());
            }
            Ok(_) => {}
            Err(e) => walk_problem(&e, problems, notes),
        }
    }
    notes.extend(again.into_iter().map(|(path, first)| {
        format!(
            "{}: the same folder as {}, walked once",
            path.display(),
            first.display()
        )
    }));
    found
}

fn walk_problem(e: &walkdir::Error, problems: &mut Vec<String>, notes: &mut Vec<String>) {
    let path = e
        .path()
        .map_or_else(String::new, |p| p.display().to_string());
    match e.loop_ancestor() {
        Some(ancestor) => notes.push(format!(
            "{path}: a link back to {}, not followed (each file is read once)",
            ancestor.display()
        )),
        None => problems.push(format!("{path}: cannot walk: {e}")),
    }
}

/// Wraps a raw stream in the decompressor its first bytes call for, and the
/// result in a transcoder when it is UTF-16 (it starts with a UTF-16
/// byte-order mark; Windows tools write such files), and says whether it
/// holds PGN or a server's JSON export. Anything else is read as bytes:
/// UTF-8 or Windows-1252 tags are sorted out later, per game.
pub fn decompress<R: Read + Send + 'static>(raw: R) -> io::Result<(Box<dyn Read + Send>, Format)> {
    let (head, text) = with_head(decompressed(raw)?)?;
    if utf16(&head) {
        return Ok((
            Box::new(encoding_rs_io::DecodeReaderBytes::new(text)),
            Format::Pgn,
        ));
    }
    let (told, text) = told(text)?;
    match told {
        Ok(format) => Ok((Box::new(text), format)),
        Err(why) => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            NotPgn(why.to_string()),
        )),
    }
}

/// The bytes what a stream is is told from: its first 4 KiB, or all of it
/// if shorter.
pub const HEAD_BYTES: usize = 4096;

/// A stream whose first bytes were read, put back in front of the rest.
type WithHead<R> = io::Chain<io::Cursor<Vec<u8>>, R>;

/// A stream's first [`HEAD_BYTES`] (or all of it), read however its writer
/// splits it — a pipe hands out what was written so far, as little as a
/// byte (round seven's r54) — and the stream with them put back in front.
fn with_head<R: Read>(mut raw: R) -> io::Result<(Vec<u8>, WithHead<R>)> {
    let mut head = Vec::with_capacity(HEAD_BYTES);
    (&mut raw).take(HEAD_BYTES as u64).read_to_end(&mut head)?;
    let copy = head.clone();
    Ok((copy, io::Cursor::new(head).chain(raw)))
}

/// The most of a stream read to tell what it holds: white space before
/// its first value (blank lines, spaces) and a first value longer than a
/// head are read on to here.
const TELL_AT_MOST: usize = 16 << 20;

/// What a stream holds ([`format`]), read from as many of its first bytes
/// as that takes, and the stream with them put back in front.
fn told<R: Read>(mut raw: R) -> io::Result<(Result<Format, &'static str>, WithHead<R>)> {
    let mut head = Vec::with_capacity(HEAD_BYTES);
    let mut want = HEAD_BYTES;
    let told = loop {
        let asked = want - head.len();
        let got = (&mut raw).take(asked as u64).read_to_end(&mut head)?;
        let whole = got < asked;
        if let Some(told) = format(&head, whole) {
            break told;
        }
        if want >= TELL_AT_MOST {
            break format_now(&head);
        }
        want *= 4;
    };
    Ok((told, io::Cursor::new(head).chain(raw)))
}

/// A UTF-16 byte-order mark: the text is decoded before it is split.
fn utf16(head: &[u8]) -> bool {
    head.starts_with(&[0xff, 0xfe]) || head.starts_with(&[0xfe, 0xff])
}

/// Whether a file that starts with `head` (`whole`: all of it) is read
/// as it lies: not compressed, not UTF-16, and PGN by what `decompress`
/// tells from these bytes.
pub fn plain_pgn(head: &[u8], whole: bool) -> bool {
    matches!(Packing::of(head), Packing::Plain)
        && !utf16(head)
        && format(head, whole) == Some(Ok(Format::Pgn))
}

/// The error of a stream that is no PGN, carried in an `io::Error` of kind
/// `InvalidData`: a caller tells it from other bad data by its type
/// ([`NotPgn::is`]), not by its words.
#[derive(Debug)]
pub struct NotPgn(pub String);

impl NotPgn {
    /// Whether `e` says a stream is no PGN.
    pub fn is(e: &io::Error) -> bool {
        e.get_ref().is_some_and(|inner| inner.is::<NotPgn>())
    }
}

impl std::fmt::Display for NotPgn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not a PGN file: {}", self.0)
    }
}

impl std::error::Error for NotPgn {}

/// The compression a stream's first bytes announce.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Packing {
    Gzip,
    Bzip2,
    Zstd,
    Plain,
}

impl Packing {
    /// Reads the magic bytes at the start of a stream.
    pub fn of(head: &[u8]) -> Packing {
        if head.starts_with(&[0x1f, 0x8b]) {
            Packing::Gzip
        } else if head.starts_with(b"BZh") {
            Packing::Bzip2
        } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Packing::Zstd
        } else {
            Packing::Plain
        }
    }
}

fn decompressed<R: Read + Send + 'static>(raw: R) -> io::Result<Box<dyn Read + Send>> {
    let (head, raw) = with_head(raw)?;
    let buf = BufReader::with_capacity(256 * 1024, raw);
    Ok(match Packing::of(&head) {
        Packing::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(buf)),
        Packing::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(buf)),
        Packing::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(buf)?),
        Packing::Plain => Box::new(buf),
    })
}

mod content;

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn roundtrip(compressed: Vec<u8>) -> String {
        let mut out = String::new();
        decompress(io::Cursor::new(compressed))
            .unwrap()
            .0
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
    fn reads_utf16_with_a_byte_order_mark() {
        let text = "[White \"Änderson\"]\n\n1. e4 *\n";
        let le: Vec<u8> = [0xfeff_u16]
            .into_iter()
            .chain(text.encode_utf16())
            .flat_map(u16::to_le_bytes)
            .collect();
        let be: Vec<u8> = [0xfeff_u16]
            .into_iter()
            .chain(text.encode_utf16())
            .flat_map(u16::to_be_bytes)
            .collect();
        for bytes in [le, be.clone()] {
            assert_eq!(roundtrip(bytes).trim_start_matches('\u{feff}'), text);
        }
        let gz = {
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            gz.write_all(&be).unwrap();
            gz.finish().unwrap()
        };
        assert_eq!(roundtrip(gz).trim_start_matches('\u{feff}'), text);
    }

    #[test]
    fn names() {
        assert!(is_pgn_name(Path::new("a/B.PGN.ZST")));
        assert!(is_pgn_name(Path::new("x.pgn")));
        assert!(!is_pgn_name(Path::new("x.pgn.txt")));
        assert!(is_pgn_name(Path::new("games.ndjson.zst")));
        assert!(!is_pgn_name(Path::new("package.json.txt")));
    }
}
