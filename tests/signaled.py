"""For tests that signal a child: the child's signal dispositions must not depend on how the
test run was started (no terminal, a background job with SIGINT ignored, ``CI=true``)."""

from __future__ import annotations

import signal

#: The signals a test may send to a child to stop it (SIGKILL cannot be ignored or blocked).
SENT = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)


def default_signals() -> None:
    """``preexec_fn`` for every child a test signals: default dispositions, none blocked.

    A shell starts a background job with SIGINT and SIGQUIT ignored and a child inherits that:
    Ctrl-C would never reach it, and Python installs no KeyboardInterrupt handler at start-up
    when SIGINT is ignored. ``restore_signals`` (subprocess's default) resets only SIGPIPE,
    SIGXFZ and SIGXFSZ.
    """
    for sig in SENT:
        signal.signal(sig, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, SENT)
