"""A refused destination and a failed write (``cardgen.fileio``) as whole lines, asked in this process (issue 51).

test_error_lines_lang checks the ends of these lines; these check each refusal whole, in English and French: the
file it names, what is refused, where and why (errors.json's sentences, copied here, not built with the code), a
folder that cannot be written (the permission asked of the system is to write and to enter: this test runs as
any user, so the system's answer is replaced), a named pipe where a file should be, and a failed write whose
error carries no number.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen import fileio
from cardgen.errors import InputError
from cardgen.fileio import check_output_dir, check_output_file, write_error

N = "\u202f"


def _refusal(call, *args: object) -> InputError:
    with pytest.raises(InputError) as caught:
        call(*args)
    return caught.value


def test_a_failed_write_without_a_number_gives_the_errors_kind() -> None:
    assert write_error("o.pdf", OSError("boom")).said("en") == "o.pdf: cannot write: OSError"
    assert write_error("o.pdf", PermissionError()).said("fr") == f"o.pdf: écriture impossible{N}: PermissionError"


def test_a_file_in_the_way_of_a_folder_is_named_whole(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x", encoding="utf-8")
    err = _refusal(check_output_dir, tmp_path / "f" / "sub")
    assert err.said("en") == f"{tmp_path / 'f' / 'sub'}: output folder cannot be made: '{tmp_path / 'f'}' is a file," \
                             " not a folder"


def test_a_folder_that_cannot_be_written_is_refused_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, int]] = []

    def refuse(path: object, mode: int) -> bool:
        asked.append((str(path), mode))
        return False

    monkeypatch.setattr(fileio.os, "access", refuse)
    err = _refusal(check_output_dir, tmp_path / "out" / "deck")
    monkeypatch.undo()
    assert asked == [(str(tmp_path), os.W_OK | os.X_OK)]
    assert err.said("en") == (f"{tmp_path / 'out' / 'deck'}: output folder is not writable: no permission to write "
                              f"in '{tmp_path}'")
    assert err.said("fr") == (f"{tmp_path / 'out' / 'deck'}: le dossier de sortie{N}: écriture impossible, pas le "
                              f"droit d’écrire dans «{N}{tmp_path}{N}»")


def test_a_symbolic_link_is_refused_whole(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_text("{}", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(tmp_path / "real.json")
    err = _refusal(check_output_file, tmp_path / "link.json", "thing_log_file")
    assert err.said("en") == (f"{tmp_path / 'link.json'}: log file is a symbolic link; cardgen neither replaces nor "
                              "writes through one, expected a plain file name")
    assert err.said("fr") == (f"{tmp_path / 'link.json'}: le journal{N}: c’est un lien symbolique{N}; cardgen ne "
                              "remplace pas un lien et n’écrit pas à travers, "
                              f"attendu{N}: un simple nom de fichier")


def test_a_named_pipe_is_refused_whole_and_a_plain_file_is_taken(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    err = _refusal(check_output_file, pipe, "thing_log_file")
    assert err.said("en") == f"{pipe}: log file is not a regular file; expected a file name"
    assert err.said("fr") == f"{pipe}: le journal{N}: ce n’est pas un fichier ordinaire{N}; attendu{N}: un nom de fichier"
    (tmp_path / "plain.json").write_text("{}", encoding="utf-8")
    check_output_file(tmp_path / "plain.json", "thing_log_file")  # an existing plain file may be replaced
