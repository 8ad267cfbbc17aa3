//! Termination signals held off for the few renames of a commit.
//!
//! A handler that only notes the signal is put in for the commit and the
//! process's own dispositions are put back after it; a signal that came
//! meanwhile is then raised again, so the process ends (or Python raises
//! `KeyboardInterrupt`) as it would have, with the new set whole. Done with
//! `sigaction` directly: signal-hook cannot give a signal its default
//! action back once it has registered a handler for it (its `unregister`
//! leaves the signal ignored), and the process must still die of a
//! SIGTERM outside a commit.

use std::sync::Mutex;
use std::sync::atomic::{AtomicI32, Ordering};

const HELD: [libc::c_int; 3] = [libc::SIGTERM, libc::SIGINT, libc::SIGHUP];

/// The signal that came during a commit, or 0.
static ARRIVED: AtomicI32 = AtomicI32::new(0);

/// One commit at a time holds the signals (two Python threads committing
/// at once would otherwise save each other's handler as the process's).
static COMMITTING: Mutex<()> = Mutex::new(());

extern "C" fn note(signal: libc::c_int) {
    ARRIVED.store(signal, Ordering::SeqCst);
}

/// While alive, the termination signals are noted, not acted on.
pub(super) struct Held {
    before: Vec<(libc::c_int, libc::sigaction)>,
    _one: std::sync::MutexGuard<'static, ()>,
}

impl Held {
    pub(super) fn hold() -> Held {
        let one = COMMITTING.lock().unwrap_or_else(|e| e.into_inner());
        ARRIVED.store(0, Ordering::SeqCst);
        let before = HELD
            .iter()
            .filter_map(|&signal| {
                // SAFETY: sigaction with a zeroed struct whose handler is an
                // async-signal-safe function (one atomic store); the old
                // disposition is written into `old`.
                unsafe {
                    let mut action: libc::sigaction = std::mem::zeroed();
                    action.sa_sigaction = note as *const () as libc::sighandler_t;
                    libc::sigemptyset(&mut action.sa_mask);
                    let mut old: libc::sigaction = std::mem::zeroed();
                    (libc::sigaction(signal, &action, &mut old) == 0).then_some((signal, old))
                }
            })
            .collect();
        Held { before, _one: one }
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        for (signal, old) in &self.before {
            // SAFETY: puts back the disposition sigaction gave us.
            unsafe { libc::sigaction(*signal, old, std::ptr::null_mut()) };
        }
        let arrived = ARRIVED.swap(0, Ordering::SeqCst);
        if arrived != 0 {
            // SAFETY: raising a signal in this process, its own disposition
            // back in place.
            unsafe { libc::raise(arrived) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    static SEEN: AtomicUsize = AtomicUsize::new(0);

    extern "C" fn count(_: libc::c_int) {
        SEEN.fetch_add(1, Ordering::SeqCst);
    }

    /// A SIGHUP during the hold is not acted on until the hold ends, then
    /// once, by the process's own handler, which is back in place.
    #[test]
    fn a_signal_waits_for_the_commit_then_acts_once() {
        // SAFETY: a counting handler (one atomic add) for SIGHUP, which
        // nothing else in the tests sends.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = count as *const () as libc::sighandler_t;
            libc::sigaction(libc::SIGHUP, &action, std::ptr::null_mut());
        }
        let held = Held::hold();
        unsafe { libc::raise(libc::SIGHUP) };
        assert_eq!(SEEN.load(Ordering::SeqCst), 0, "acted on during the hold");
        drop(held);
        assert_eq!(SEEN.load(Ordering::SeqCst), 1);
        unsafe { libc::raise(libc::SIGHUP) };
        assert_eq!(SEEN.load(Ordering::SeqCst), 2, "the handler is back");
    }
}
