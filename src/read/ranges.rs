//! A plain file split in parallel: cut into ranges at lines that open a
//! game (`[Event "`), each range split on its own by [`Splitter`] as if
//! the stream began there, and the ranges joined in order.
//!
//! A range's games are the sequential split's exactly when its first line
//! is a game start of the sequential split too. The range before it tells:
//! split from a start of its own, its scan ends in the sequential scan's
//! state, and [`Splitter::starts_game_at`] asks that state whether the next
//! line starts a game. Where it does not (an `[Event` line inside a
//! comment, a second tag section), or where the range's last game is cut
//! short (over the size limit), the two ranges are split again as one.
//! Offsets, lines and game numbers are each range's own until
//! [`RangeSplit::place`] moves them after the ranges before it.

use std::fs::File;
use std::io;

use super::input;
use super::split::{Block, Splitter};

/// What opens a range: a line starting with it.
const OPENING: &[u8] = b"[Event \"";

/// How much is read at a time while looking for a range's opening line or
/// the end of a line: a few games' worth first, then more, up to 64 KiB
/// (a range is 1 MiB: the looking must cost little beside it).
const WINDOWS: [usize; 3] = [4 * 1024, 16 * 1024, 64 * 1024];

/// One range split: its blocks, numbered within it.
#[derive(Debug)]
pub struct RangeSplit {
    pub start: u64,
    pub end: u64,
    pub blocks: Vec<Block>,
    /// Lines in the range.
    pub lines: u64,
    /// The next range's first line is a game start of the sequential
    /// split (the last range: true).
    pub joins_next: bool,
}

/// Where a range's games stand in the whole file.
#[derive(Debug, Clone, Copy, Default)]
pub struct Placed {
    pub games: u64,
    pub lines: u64,
}

impl RangeSplit {
    /// Moves the range's games after `before` (the ranges before it), and
    /// returns what the next range comes after.
    pub fn place(&mut self, before: Placed) -> Placed {
        let mut games = before.games;
        for block in &mut self.blocks {
            place(block, self.start, before);
            games += block.games.len() as u64;
        }
        Placed {
            games,
            lines: before.lines + self.lines,
        }
    }
}

/// Moves a block of a split begun at `start` after what came before it
/// (`before`): its games' numbers, offsets and lines.
pub fn place(block: &mut Block, start: u64, before: Placed) {
    block.first_game += before.games;
    for game in &mut block.games {
        game.offset += start;
        game.line += before.lines;
    }
}

/// Whether `file` holds plain PGN, as the sequential reader would take it.
pub fn plain_pgn(file: &File) -> io::Result<bool> {
    let mut head = vec![0; WINDOWS[2]];
    let n = read_at_most(file, &mut head, 0)?;
    Ok(input::plain_pgn(&head[..n], n < head.len()))
}

/// The first line at or after `from` that starts with `[Event "` (`from`
/// itself if a line starts there), or `size` if none does.
pub fn opening_after(file: &File, from: u64, size: u64) -> io::Result<u64> {
    let mut at = from.saturating_sub(1);
    let mut window = Vec::new();
    for size_now in WINDOWS.iter().chain(std::iter::repeat(&WINDOWS[2])) {
        if at >= size {
            break;
        }
        window.resize(*size_now, 0);
        let n = read_at_most(file, &mut window, at)?;
        let bytes = &window[..n];
        let found = memchr::memmem::find_iter(bytes, OPENING)
            .map(|i| at + i as u64)
            // A match at the window's first byte was judged in the window
            // before, which held the byte before it.
            .find(|&i| {
                i >= from
                    && (i == 0 || i > at && matches!(bytes[(i - at) as usize - 1], b'\n' | b'\r'))
            });
        if let Some(i) = found {
            return Ok(i);
        }
        if n < window.len() {
            break;
        }
        // The next window overlaps this one by the opening and the line end
        // before it, so that none falls between the two.
        at += (n - OPENING.len()) as u64;
    }
    Ok(size)
}

/// Splits `file[start..end]` into blocks of `target` bytes as a stream of
/// its own, and asks whether the sequential split would start a game at
/// `end`.
pub fn split_range(
    file: &File,
    (start, end): (u64, u64),
    size: u64,
    target: usize,
    max_game: usize,
) -> io::Result<RangeSplit> {
    let range = Range {
        file,
        at: start,
        end,
    };
    let mut splitter = Splitter::with_limit(range, target, max_game);
    let mut blocks = Vec::new();
    while let Some(block) = splitter.next_block()? {
        blocks.push(block);
    }
    let last_cut_short = blocks
        .last()
        .and_then(|b| b.games.last())
        .is_some_and(|g| g.problem.is_some());
    let joins_next = end == size || (!last_cut_short && starts_game(file, &splitter, end, size)?);
    Ok(RangeSplit {
        start,
        end,
        blocks,
        lines: splitter.lines_scanned(),
        joins_next,
    })
}

/// A range of a file read as a stream of its own, each read at its offset
/// (the range's reads share no file position).
struct Range<'a> {
    file: &'a File,
    at: u64,
    end: u64,
}

impl io::Read for Range<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = (self.end - self.at).min(buf.len() as u64) as usize;
        let n = read_at(self.file, &mut buf[..left], self.at)?;
        self.at += n as u64;
        Ok(n)
    }
}

/// Whether the line at `at` starts a game after what `splitter` scanned.
fn starts_game(
    file: &File,
    splitter: &Splitter<Range<'_>>,
    at: u64,
    size: u64,
) -> io::Result<bool> {
    let mut line = Vec::new();
    let mut found = None;
    for window in WINDOWS {
        line.resize(window.min((size - at) as usize), 0);
        let n = read_at_most(file, &mut line, at)?;
        line.truncate(n);
        found = memchr::memchr2(b'\n', b'\r', &line);
        if found.is_some() || n < window {
            break;
        }
    }
    let Some(end) = found else {
        return Ok(false); // a line longer than 64 KiB: split on as one
    };
    let n = line.len();
    let end = end
        + if line[end..n].starts_with(b"\r\n") {
            2
        } else {
            1
        };
    Ok(splitter.starts_game_at(&line[..end]))
}

/// Reads at `at`, whatever the file's position (Windows moves it; the one
/// stream that follows ranges reads by offset too).
#[cfg(unix)]
pub fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, at)
}

#[cfg(windows)]
pub fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, at)
}

/// Reads up to `buf.len()` bytes at `at`: fewer only at the file's end.
fn read_at_most(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match read_at(file, &mut buf[filled..], at + filled as u64) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn file_of(text: &str) -> (tempfile::NamedTempFile, File) {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        f.write_all(text.as_bytes()).unwrap();
        let file = File::open(f.path()).unwrap();
        (f, file)
    }

    #[test]
    fn a_range_opens_at_a_line_that_starts_with_an_event_tag() {
        let text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
        let (_keep, file) = file_of(text);
        let size = text.len() as u64;
        assert_eq!(opening_after(&file, 0, size).unwrap(), 0);
        assert_eq!(opening_after(&file, 1, size).unwrap(), 22);
        assert_eq!(opening_after(&file, 23, size).unwrap(), size);
    }

    #[test]
    fn an_event_line_in_a_comment_does_not_join() {
        // The second `[Event` line is comment text: the sequential split
        // keeps one game, so the first range does not join the second.
        let text = "[Event \"a\"]\n\n1. e4 { quoted:\n[Event \"b\"]\n} 1-0\n";
        let (_keep, file) = file_of(text);
        let size = text.len() as u64;
        let second = opening_after(&file, 1, size).unwrap();
        assert_eq!(second, 29);
        let first = split_range(&file, (0, second), size, 1 << 20, 1 << 20).unwrap();
        assert!(!first.joins_next);
        let whole = split_range(&file, (0, size), size, 1 << 20, 1 << 20).unwrap();
        assert!(whole.joins_next);
        assert_eq!(whole.blocks.iter().map(|b| b.games.len()).sum::<usize>(), 1);
    }

    #[test]
    fn placed_ranges_give_the_sequential_split() {
        let game = |n: usize| {
            format!("[Event \"{n}\"]\n[Site \"x\"]\n\n1. e4 e5 {{ [%clk 0:01:00] }} 1-0\n\n")
        };
        let text: String = (0..50).map(game).collect();
        let (_keep, file) = file_of(&text);
        let size = text.len() as u64;
        let whole: Vec<_> = sequential(&text);
        let mut placed = Placed::default();
        let mut got = Vec::new();
        let mut start = 0;
        while start < size {
            let end = opening_after(&file, start + 1000, size).unwrap();
            let mut range = split_range(&file, (start, end), size, 256, 1 << 20).unwrap();
            assert!(range.joins_next);
            placed = range.place(placed);
            for block in &range.blocks {
                for (i, g) in block.games.iter().enumerate() {
                    got.push((block.first_game + i as u64, g.offset, g.line, g.bytes.len()));
                }
            }
            start = end;
        }
        assert_eq!(got, whole);
        assert_eq!(placed.games, 50);
    }

    fn sequential(text: &str) -> Vec<(u64, u64, u64, usize)> {
        let mut splitter = Splitter::new(text.as_bytes(), 256);
        let mut all = Vec::new();
        while let Some(block) = splitter.next_block().unwrap() {
            for (i, g) in block.games.iter().enumerate() {
                all.push((block.first_game + i as u64, g.offset, g.line, g.bytes.len()));
            }
        }
        all
    }
}
