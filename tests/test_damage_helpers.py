"""The shared damage arithmetic of engine/damage.py (Guard soak, R9 resistance/weakness)."""

from momenta_cli.engine.damage import resist_weak, soak


def test_chapter_20_axe_example_arithmetic():
    # ch20 Resistance and Weakness: 20 damage vs 5 Guard -> 15 past Guard; resistance only
    # halves (R4 rounds down), weakness only doubles, both cancel out (R9).
    past = 20 - soak(5, 20)
    assert past == 15
    assert resist_weak(past, True, False) == 7
    assert resist_weak(past, False, True) == 30
    assert resist_weak(past, True, True) == 15
    assert resist_weak(past, False, False) == 15


def test_soak_never_exceeds_the_damage_or_the_guard():
    # ch20 step 4: Guard absorbs first, up to its value; no Guard absorbs nothing.
    assert soak(5, 3) == 3
    assert soak(2, 9) == 2
    assert soak(0, 9) == 0
    assert soak(-1, 9) == 0
