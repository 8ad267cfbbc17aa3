//! A stream read ahead on a thread of its own, so that decompressing an
//! input (or copying it out of a pipe) runs beside the split into games
//! instead of before it on the same thread.
//!
//! Why: a compressed file or a pipe is read in one stream, and the one
//! reader thread both decompresses it and finds its games; with many
//! workers that thread is what they wait on (zstd's decompression and the
//! split each run at one to two gigabytes a second, one after the other
//! about half that). Read ahead, the two overlap: the split waits only on
//! the slower of them. The bytes, their order and any read error come out
//! as the stream gives them.

use std::io::{self, Read};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

/// The bytes handed over at a time.
const CHUNK: usize = 1024 * 1024;

/// Chunks read ahead and not yet taken: a bound on the memory it holds.
const CHUNKS_AHEAD: usize = 4;

/// A reader whose bytes another thread reads from `inner` ahead of time.
pub struct Ahead {
    chunks: Receiver<io::Result<Vec<u8>>>,
    /// Chunks used up, handed back to be filled again.
    spare: SyncSender<Vec<u8>>,
    current: Vec<u8>,
    at: usize,
}

impl Ahead {
    /// Starts reading `inner` on a thread of its own. The thread ends at
    /// the stream's end, at a read error (handed on after the bytes before
    /// it), or once this reader is dropped and the chunk it holds is sent.
    pub fn new(inner: Box<dyn Read + Send>) -> io::Result<Ahead> {
        let (send, chunks) = sync_channel(CHUNKS_AHEAD);
        let (spare, spares) = sync_channel(CHUNKS_AHEAD + 1);
        std::thread::Builder::new()
            .name("read-ahead".into())
            .spawn(move || read_ahead(inner, &send, &spares))?;
        Ok(Ahead {
            chunks,
            spare,
            current: Vec::new(),
            at: 0,
        })
    }
}

impl Read for Ahead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.current.len() {
            let used = std::mem::take(&mut self.current);
            let _ = self.spare.try_send(used);
            self.at = 0;
            match self.chunks.recv() {
                Ok(Ok(chunk)) => self.current = chunk,
                Ok(Err(e)) => return Err(e),
                // The thread ended after the last chunk: the stream's end.
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.current.len() - self.at);
        buf[..n].copy_from_slice(&self.current[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The thread's loop: fill a chunk, send it, until the end or an error.
fn read_ahead(
    mut inner: Box<dyn Read + Send>,
    send: &SyncSender<io::Result<Vec<u8>>>,
    spares: &Receiver<Vec<u8>>,
) {
    loop {
        let mut chunk = spares.try_recv().unwrap_or_default();
        chunk.clear();
        chunk.reserve(CHUNK);
        // `read_to_end` keeps the bytes read before an error, and retries
        // an interrupted read.
        let read = inner.by_ref().take(CHUNK as u64).read_to_end(&mut chunk);
        let (filled, error) = (chunk.len(), read.err());
        if filled > 0 && send.send(Ok(chunk)).is_err() {
            return;
        }
        if let Some(e) = error {
            let _ = send.send(Err(e));
            return;
        }
        if filled < CHUNK {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stream that gives `bytes` a few at a time, then fails.
    struct Failing {
        bytes: Vec<u8>,
        at: usize,
    }

    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.at == self.bytes.len() {
                return Err(io::Error::new(io::ErrorKind::InvalidData, "corrupt"));
            }
            let n = buf.len().min(7).min(self.bytes.len() - self.at);
            buf[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    #[test]
    fn gives_the_streams_bytes_in_order() {
        let bytes: Vec<u8> = (0..3 * CHUNK + 12345).map(|i| (i % 251) as u8).collect();
        let mut read = Vec::new();
        Ahead::new(Box::new(io::Cursor::new(bytes.clone())))
            .unwrap()
            .read_to_end(&mut read)
            .unwrap();
        assert_eq!(read, bytes);
    }

    #[test]
    fn hands_on_an_error_after_the_bytes_before_it() {
        let bytes: Vec<u8> = (0..CHUNK + 100).map(|i| (i % 13) as u8).collect();
        let mut ahead = Ahead::new(Box::new(Failing {
            bytes: bytes.clone(),
            at: 0,
        }))
        .unwrap();
        let mut read = Vec::new();
        let error = ahead.read_to_end(&mut read).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert_eq!(read, bytes);
    }
}
