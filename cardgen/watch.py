"""``cardgen build --watch``: build, then build again on every save, until Ctrl-C.

A designer edits the CSV, the layout or an SVG and looks at the result. The build
is incremental (only the outputs whose inputs changed are drawn again), so each
save costs what it changed. Every rebuild is one line (the time, the files that
changed, what the build wrote); a mistake is shown as the build's own one-line
errors and the watch goes on: the next save that fixes it rebuilds.

Files are watched with watchfiles (inotify on Linux, no polling): the build's inputs
only, that is the project's input folders (``decks/``, ``variants/``, ``templates/``,
``symbols/``, ``rules/``, ``art/``) and, anywhere else in the project, files of an
input kind (YAML, tables, pictures, fonts, rules code, templates); never the output
folder, hidden folders (``.git``), editors' temporary files, nor the watch's own
output (``cardgen build --watch > watch.log`` inside the project would otherwise
rebuild on every line it writes). The gallery page (``out/index.html``) reloads itself: while watching, it
carries a small script that loads ``out/watch.js`` again every second (a script
tag works from ``file://``, where ``fetch`` does not) and reloads the page when the
stamp in it changes after a successful rebuild. Stopping the watch takes the
script out again, so the page is as ``cardgen build`` writes it.
"""
from __future__ import annotations

import contextlib
import io
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from cardgen.fileio import write_atomic

#: The page's script: loads watch.js every second; a new stamp reloads the page.
RELOAD = ("<script data-cardgen-watch>(function(){var first=null;window.cardgenWatch=function(s){"
          "if(first===null){first=s;}else if(s!==first){location.reload();}};function poll(){"
          "var e=document.createElement('script');e.src='watch.js?'+Date.now();"
          "e.onload=e.onerror=function(){e.remove();};document.head.appendChild(e);}"
          "poll();setInterval(poll,1000);})();</script>")
#: Editors' temporary and backup files: saving through them is not a change to rebuild for.
TEMPORARY = ("~", ".swp", ".swx", ".tmp", ".part", ".crdownload")


#: The project's folders whose every file is an input of the build.
INPUT_FOLDERS = ("decks", "variants", "templates", "symbols", "rules", "art")
#: Kinds of file that are inputs wherever they lie in the project (a table or a picture a deck names).
INPUT_SUFFIXES = (".yaml", ".yml", ".csv", ".tsv", ".xlsx", ".svg", ".png", ".jpg", ".jpeg", ".webp", ".gif",
                  ".ttf", ".otf", ".py", ".j2", ".jinja")


def _own_output() -> set[tuple[int, int]]:
    """The (device, inode) of the files this process's standard output and error go to, if files."""
    import os
    import stat

    own = set()
    for fd in (1, 2):
        try:
            st = os.fstat(fd)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode):
            own.add((st.st_dev, st.st_ino))
    return own


def watched(root: Path, out: Path) -> Callable[[object, str], bool]:
    """The watchfiles filter: the build's inputs (``INPUT_FOLDERS``, else ``INPUT_SUFFIXES``); not the
    output folder, hidden folders, temporary files or the file this process writes its lines to."""
    import os

    root, out = root.resolve(), out.resolve()
    own = _own_output()

    def keep(change: object, path: str) -> bool:
        p = Path(path)
        if p == out or out in p.parents:
            return False
        try:
            parts = p.relative_to(root).parts
        except ValueError:
            return False
        if not parts or any(part.startswith(".") or part == "__pycache__" for part in parts):
            return False
        if p.name.endswith(TEMPORARY) or p.name.startswith(".#"):
            return False
        if own:
            try:
                st = os.stat(p)
                if (st.st_dev, st.st_ino) in own:
                    return False
            except OSError:
                pass
        return parts[0] in INPUT_FOLDERS or p.suffix.lower() in INPUT_SUFFIXES
    return keep


def show_reload(out: Path, stamp: int) -> None:
    """Write ``watch.js`` with ``stamp`` and make sure the gallery page carries the reload script."""
    write_atomic(out / "watch.js", f"cardgenWatch({stamp});\n")
    page = out / "index.html"
    if page.is_file():
        html = page.read_text(encoding="utf-8")
        if RELOAD not in html:
            write_atomic(page, html.replace("</head>", RELOAD + "</head>", 1))


def hide_reload(out: Path) -> None:
    """The gallery page as ``build`` writes it: no reload script, no ``watch.js``."""
    page = out / "index.html"
    if page.is_file():
        html = page.read_text(encoding="utf-8")
        if RELOAD in html:
            write_atomic(page, html.replace(RELOAD, ""))
    (out / "watch.js").unlink(missing_ok=True)


def _changed(root: Path, paths: Iterable[str]) -> str:
    """The files a save changed, as a person names them (not an editor's vanished temporary file)."""
    paths = list(paths)
    names = sorted({_shown(root, p) for p in paths if Path(p).exists()} or {_shown(root, p) for p in paths})
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def _shown(root: Path, path: str) -> str:
    try:
        return Path(path).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path


def forget() -> None:
    """Drop what this process keeps of the project's files by path alone: its layouts (SVG
    symbols and YAML files are kept by modification time or content, so an edit is seen)."""
    from cardgen.render.layouts import layouts_for

    layouts_for.cache_clear()


def rebuild_line(reason: str, code: int, stdout: str, stderr: str) -> list[str]:
    """What one rebuild prints: one line, or the build's own error lines after it."""
    now = time.strftime("%H:%M:%S")
    if code == 0:
        summary = next((line for line in reversed(stdout.splitlines()) if line.startswith("cardgen build:")), "")
        return [f"{now} {reason}: {summary.removeprefix('cardgen build: ') or 'built'}"]
    errors = [line.removeprefix("cardgen: ") for line in stderr.splitlines() if line.strip()]
    head = f"{now} {reason}: not rebuilt ({len(errors)} problem{'s' if len(errors) != 1 else ''}; "
    return [head + "fix and save again, the watch goes on)"] + [f"  {line}" for line in errors]


def watch(root: Path, out: Path, rebuild: Callable[[], int], *, stop: threading.Event | None = None,
          echo: Callable[[str], None] | None = None) -> int:
    """Build with ``rebuild()`` (its exit code; what it prints is summed up), then again after every
    change under ``root`` (``out`` excluded), until Ctrl-C or ``stop`` is set."""
    import watchfiles

    if echo is None:
        def echo(line: str) -> None:  # a line as soon as it is known, also through a pipe
            print(line, flush=True)
    root = Path(root).resolve()
    out = out if out.is_absolute() else Path.cwd() / out
    stamp = 0

    def once(reason: str) -> bool:
        nonlocal stamp
        forget()
        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = rebuild()
        if code == 130:  # interrupted during the build
            return False
        if code == 0 and out.is_dir():  # before the line: who reads it finds the page up to date
            stamp += 1
            show_reload(out, stamp)
        for line in rebuild_line(reason, code, stdout.getvalue(), stderr.getvalue()):
            echo(line)
        return True

    echo(f"watching {root} (output {_shown(root, str(out))}); Ctrl-C stops")
    first = True
    try:
        # The first build waits for the watcher's first (empty) answer: from then on it sees every
        # save, including one made while that build runs or just after its line is printed.
        for changes in watchfiles.watch(root, watch_filter=watched(root, out), stop_event=stop, step=50,
                                        debounce=400, raise_interrupt=True, rust_timeout=200,
                                        yield_on_timeout=True):
            if first:
                first = False
                if not once("first build"):
                    return 130
            elif changes and not once(f"{_changed(root, (path for _, path in changes))} changed"):
                return 130
    except KeyboardInterrupt:
        pass
    finally:
        if out.is_dir():
            hide_reload(out)
    echo("watch stopped")
    return 0
