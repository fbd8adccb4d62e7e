"""The Tharsis board checked space by space against the reference (tests/facts/boards.json)."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.kits.facts import load_reference
from tm.board.maps.geometry import STANDARD, build_spaces, is_edge, parse_token
from tm.core.mapdef import MapDef, Space, get_map

BONUS_NAMES = {
    "steel": "steel",
    "titanium": "titanium",
    "plant": "plants",
    "heat": "heat",
    "draw_card": "card",
}


@pytest.fixture(scope="module")
def reference() -> dict[str, Any]:
    """The reference Tharsis record."""
    data: dict[str, Any] = load_reference("boards.json")
    tharsis: dict[str, Any] = data["maps"]["tharsis"]
    return tharsis


@pytest.fixture(scope="module")
def tharsis() -> MapDef:
    return get_map("tharsis")


def ref_spaces(reference: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in reference["spaces"]}


def test_tharsis_is_registered_R_SETUP_1(tharsis: MapDef) -> None:
    assert tharsis.name == "tharsis"
    assert list(tharsis.spaces) == [f"{n:02d}" for n in range(1, 64)]
    assert tharsis.mars_ids == [f"{n:02d}" for n in range(3, 64)]


def test_tharsis_space_ids_rows_and_x_match_reference_R_SETUP_1(
    tharsis: MapDef, reference: dict[str, Any]
) -> None:
    ref = ref_spaces(reference)
    assert tharsis.mars_ids == list(ref)
    for sid, r in ref.items():
        space = tharsis.spaces[sid]
        assert (space.id, space.row, space.x) == (r["id"], r["row"], r["x"]), sid


def test_tharsis_spaces_match_reference_R_TILE_1(
    tharsis: MapDef, reference: dict[str, Any]
) -> None:
    for sid, r in ref_spaces(reference).items():
        space = tharsis.spaces[sid]
        assert space.kind == r["type"], sid
        assert space.volcanic is r["volcanic"], sid
        assert space.name == r["name"], sid


def test_tharsis_bonuses_match_reference_R_SETUP_1(
    tharsis: MapDef, reference: dict[str, Any]
) -> None:
    for sid, r in ref_spaces(reference).items():
        expected = tuple(BONUS_NAMES[b] for b in r["bonus"])
        assert Counter(tharsis.spaces[sid].bonus) == Counter(expected), sid
        assert tharsis.spaces[sid].bonus == expected, sid


def test_tharsis_reserved_spaces_match_reference_R_TILE_2(
    tharsis: MapDef, reference: dict[str, Any]
) -> None:
    for sid, r in ref_spaces(reference).items():
        assert tharsis.spaces[sid].reserved_for == r["reserved"], sid
    assert tharsis.spaces["31"].reserved_for == "Noctis City"


def test_tharsis_neighbors_match_reference_R_SETUP_1(
    tharsis: MapDef, reference: dict[str, Any]
) -> None:
    for sid, r in ref_spaces(reference).items():
        assert list(tharsis.spaces[sid].neighbors) == r["neighbors"], sid


def test_tharsis_neighbors_are_symmetric_R_SETUP_1(tharsis: MapDef) -> None:
    for sid, space in tharsis.spaces.items():
        for other in space.neighbors:
            assert sid in tharsis.spaces[other].neighbors, (sid, other)


def test_tharsis_edges_match_reference(tharsis: MapDef, reference: dict[str, Any]) -> None:
    for sid, r in ref_spaces(reference).items():
        assert is_edge(tharsis.spaces[sid]) is r["edge"], sid


def test_tharsis_counts_match_reference_R_TILE_1(
    tharsis: MapDef, reference: dict[str, Any]
) -> None:
    mars = [tharsis.spaces[sid] for sid in tharsis.mars_ids]
    counts = {
        "land": sum(s.kind == "land" for s in mars),
        "ocean": sum(s.kind == "ocean" for s in mars),
        "volcanic": sum(s.volcanic for s in mars),
        "total_on_mars": len(mars),
    }
    assert counts == {"land": 49, "ocean": 12, "volcanic": 4, "total_on_mars": 61}
    assert counts == reference["counts"]
    assert [len([s for s in mars if s.row == y]) for y in range(9)] == reference["row_lengths"]
    assert {s.id for s in mars if s.volcanic} == {"09", "14", "21", "29"}


def test_tharsis_offmap_spaces_match_reference_R_SETUP_1(
    tharsis: MapDef, reference: dict[str, Any]
) -> None:
    offmap = [s for s in tharsis.spaces.values() if s.kind == "offmap"]
    assert [(s.id, s.name) for s in offmap] == [
        (o["id"], o["name"]) for o in reference["offmap_spaces"]
    ]
    assert all(s.neighbors == () and s.bonus == () for s in offmap)
    assert all(s.id not in sp.neighbors for s in offmap for sp in tharsis.spaces.values())


def test_tharsis_milestones_match_reference_R_MA_1(
    tharsis: MapDef, reference: dict[str, Any]
) -> None:
    assert tharsis.milestone_names == ("Terraformer", "Mayor", "Gardener", "Builder", "Planner")
    assert sorted(tharsis.milestone_names) == sorted(reference["milestones"])


def test_tharsis_awards_match_reference_R_MA_2(
    tharsis: MapDef, reference: dict[str, Any]
) -> None:
    assert sorted(tharsis.award_names) == sorted(reference["awards"])
    assert set(tharsis.award_names) == {"Landlord", "Banker", "Scientist", "Thermalist", "Miner"}


def test_parse_token_reads_kind_and_repeated_bonus_letters() -> None:
    assert parse_token(".") == ("land", False, ())
    assert parse_token("~pp") == ("ocean", False, ("plants", "plants"))
    assert parse_token("^pt") == ("land", True, ("plants", "titanium"))
    assert parse_token(".hc") == ("land", False, ("heat", "card"))


@pytest.mark.parametrize("token", ["", "x", "pp", ".q", "~s~"])
def test_parse_token_rejects_bad_tokens(token: str) -> None:
    with pytest.raises(ValueError):
        parse_token(token)


def test_neighbor_coords_of_centre_and_corners() -> None:
    assert STANDARD.neighbor_coords(4, 4) == [(4, 3), (5, 3), (5, 4), (5, 5), (4, 5), (3, 4)]
    assert STANDARD.neighbor_coords(0, 4) == [(1, 3), (1, 4), (1, 5)]
    assert STANDARD.neighbor_coords(8, 8) == [(7, 7), (8, 7), (7, 8)]


def test_build_spaces_rejects_bad_boards() -> None:
    rows = [" ".join(["."] * n) for n in (5, 6, 7, 8, 9, 8, 7, 6, 5)]
    assert len(build_spaces(rows)) == 63
    with pytest.raises(ValueError):  # neighbouring rows of one length are no hex board
        build_spaces(rows[:4] + rows[3:])
    with pytest.raises(ValueError):
        build_spaces([])
    with pytest.raises(ValueError):
        build_spaces(rows, names={"99": "Nowhere"})
    with pytest.raises(ValueError):
        build_spaces(rows, reserved={"01": "Off-map is not reservable"})


def test_build_spaces_returns_frozen_spaces() -> None:
    rows = [" ".join(["."] * n) for n in (5, 6, 7, 8, 9, 8, 7, 6, 5)]
    space = build_spaces(rows, offmap=[])["03"]
    assert isinstance(space, Space)
    with pytest.raises(AttributeError):
        space.kind = "ocean"  # type: ignore[misc]
