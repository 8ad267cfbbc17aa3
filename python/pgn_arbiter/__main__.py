"""The ``pgn-arbiter`` command, installed by pip: the command line's own
code, run in this process (``python -m pgn_arbiter`` runs it too)."""

import signal
import sys

from pgn_arbiter import _native


def main() -> None:
    # Ctrl-C ends the run as it ends the binary's, not at the next Python line.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.exit(_native.main(sys.argv))


if __name__ == "__main__":
    main()
