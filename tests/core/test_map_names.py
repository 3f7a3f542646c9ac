"""Map names are names from each game's map list, never paths (issue 13, item 6).

A record, a position line or a link that names a map out of the maps folder (``../../outside/notamap``)
opens no file, gets the same message as any unknown name (so nobody can learn which files exist), and
the map caches hold only the game's own maps.
"""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from academy.core.datafile import map_ids
from academy.core.errors import MapError, RulesError, UnknownMap
from academy.games import REGISTRY
from academy.games.conquest import mapdata as conquest_maps
from academy.games.fronts import mapdata as fronts_maps
from academy.games.game_of_war import mapdata as gow_maps
from academy.games.tactics import mapdata as tactics_maps
from academy.ui.position_link import read_position
from academy.ui.replay_model import RecordError, read_record

#: game -> (its maps folder, its cached loader, a real map of it)
GAMES = {
    "conquest": (conquest_maps.MAPS_DIR, conquest_maps.load_map, "classic"),
    "tactics": (tactics_maps.MAPS_DIR, tactics_maps.load_map, "river_crossing"),
    "fronts": (fronts_maps.MAPS_DIR, fronts_maps.load_map, "duel"),
    "game_of_war": (gow_maps.MAPS_DIR, gow_maps._load, "classic"),
}


def outside_copy(tmp_path: Path, game: str) -> str:
    """A real map copied out of the maps folder, and the relative name that reaches it from that folder."""
    folder, _, real = GAMES[game]
    shutil.copy(folder / f"{real}.json", tmp_path / "notamap.json")
    return os.path.relpath(tmp_path / "notamap", folder)


def record_on(game: str, map_name: str) -> str:
    data = REGISTRY[game]().new_initial_state(seed=1).record.to_json()
    data["options"]["map"] = map_name
    return json.dumps(data)


def message_for(game: str, name: str) -> str:
    with pytest.raises(RecordError) as err:
        read_record(record_on(game, name))
    return re.sub(r"called '.*'; the maps", "called NAME; the maps", str(err.value))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_record_cannot_open_a_file_out_of_the_maps_folder(game: str, tmp_path: Path) -> None:
    """issue 13, item 6: a map copied outside and named by a relative path is refused (it used to load)."""
    name = outside_copy(tmp_path, game)
    assert name.startswith("..")
    text = message_for(game, name)
    assert "There is no" in text and "map called NAME; the maps are: " + ", ".join(map_ids(GAMES[game][0])) in text
    assert str(tmp_path) not in text and ".json" not in text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_unknown_name_gets_the_same_message(game: str, tmp_path: Path) -> None:
    """issue 13, item 6: an existing file, a missing file, a folder and a plain wrong name read the same."""
    names = [outside_copy(tmp_path, game), "../../../../outside/notamap", "../" + GAMES[game][2], "nowhere",
             "/etc/passwd", ".", GAMES[game][2] + "/../" + GAMES[game][2]]
    texts = {message_for(game, name) for name in names}
    assert len(texts) == 1, texts


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_map_cache_holds_only_known_maps(game: str, tmp_path: Path) -> None:
    """issue 13, item 6: a thousand names sent by visitors leave the map cache as it was."""
    folder, loader, real = GAMES[game]
    loader(real)
    before = loader.cache_info().currsize
    for i in range(1000):
        with pytest.raises(UnknownMap):
            loader(f"../visitor-{i}")
    assert loader.cache_info().currsize == before <= len(map_ids(folder))


def test_position_lines_and_links_name_maps_from_the_list(tmp_path: Path) -> None:
    """issue 13, item 6: Tactics' 'MAP day 1' and Fronts' 'map: ...' in a line or a link: the same rule."""
    with pytest.raises(RulesError) as err:
        read_position("fronts", "map: ../../outside/notamap; turn 1")
    assert "There is no Fronts map called '../../outside/notamap'; the maps are: crossroads, duel, three_passes." in err.value.message
    with pytest.raises(RulesError, match="should read like 'river_crossing day 1 red'"):
        read_position("tactics", "../../outside/notamap day 1 red | red 0: tank E2")   # not even a name
    with pytest.raises(RulesError, match="There is no Tactics map called 'nowhere'; the maps are: "):
        read_position("tactics", "nowhere day 1 red | red 0: tank E2")


def test_game_options_refuse_paths() -> None:
    """issue 13, item 6: the games themselves (forms, lessons, the store all build them) refuse a path."""
    for game in ("conquest", "tactics", "fronts", "game_of_war"):
        with pytest.raises(MapError, match="map called '../x'"):
            REGISTRY[game](map="../x")
    with pytest.raises(RecordError, match="map"):
        read_record(record_on("diplomacy", "../x"))   # Diplomacy has one board and no map option
