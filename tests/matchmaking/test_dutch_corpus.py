"""Our Dutch pairing against an independent FIDE Dutch program (py4swiss 0.3.1), round by round.

The corpus (``tests/matchmaking/data/dutch_corpus.json.gz``, from ``tests/bench/dutch_corpus.py``)
holds 120 seeded events paired by py4swiss; each round is re-paired here from the same earlier
rounds.  FIDE Dutch pairings are fully determined by the rules, so every difference is either our
deviation or the reference's; ``docs/tournaments.md`` argues the remaining ones.  The rate is a
ratchet: raise ``MATCHED`` when the pairing gets closer, never lower it.
"""

from __future__ import annotations

from support.dutch_corpus import load, match_rate

MATCHED = 658
"""Rounds identical to the reference (boards, colours and the bye), of the corpus's 896."""


def test_corpus_is_large_enough() -> None:
    events = load()
    assert len(events) >= 100
    assert sum(len(e["played"]) for e in events) == 896


def test_match_rate_does_not_fall() -> None:
    same, total, differing = match_rate()
    print(f"identical rounds: {same} of {total} ({100 * same / total:.1f} %)")
    assert same >= MATCHED, [(c.seed, c.number) for c in differing[:10]]
