"""The default database location, and a database that cannot be opened."""
from __future__ import annotations

from pathlib import Path

import pytest

from academy.store import Store, StoreUnavailable, data_dir, default_url


def test_academy_data_names_the_folder_and_it_is_created(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ACADEMY_DB", raising=False)
    monkeypatch.setenv("ACADEMY_DATA", str(tmp_path / "deep" / "data"))
    assert default_url() == f"sqlite:///{tmp_path / 'deep' / 'data' / 'academy.db'}"
    assert (tmp_path / "deep" / "data").is_dir()
    with Store() as store:
        assert store.url == default_url()
    assert (tmp_path / "deep" / "data" / "academy.db").is_file()


def test_xdg_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ACADEMY_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr("sys.platform", "linux")
    assert data_dir() == tmp_path / "xdg" / "academy"


def test_academy_db_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'other.db'}"
    monkeypatch.setenv("ACADEMY_DB", url)
    monkeypatch.setenv("ACADEMY_DATA", str(tmp_path / "unused"))
    assert default_url() == url
    with Store() as store:
        assert store.url == url


@pytest.mark.parametrize("make_url", [
    lambda p: f"sqlite:///{p}",                         # a folder, not a file
    lambda p: f"sqlite:///{p / 'missing' / 'a.db'}",    # a folder that does not exist
    lambda p: "nosuchdialect://x/y",                    # an unknown database kind
])
def test_a_database_that_cannot_be_opened_is_a_clear_error(tmp_path: Path, make_url) -> None:  # noqa: ANN001
    with pytest.raises(StoreUnavailable, match="(Cannot open|Cannot use) the database"):
        Store(make_url(tmp_path))


def test_a_corrupt_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreUnavailable, match="Cannot open the database"):
        Store(f"sqlite:///{bad}")
    assert bad.read_bytes() == b"this is not a database" * 100


def test_a_schema_from_a_newer_academy_is_a_clear_error(db_url: str) -> None:
    with Store(db_url) as store, store.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(StoreUnavailable, match="newer version"):
        Store(db_url)
