"""`playaid new --ask` answered with fuzzed text: whatever is typed, the interview ends
with a file, a draft or a one-line refusal, never a traceback, and no draft holds an
answer over its field's limit or a raw control character."""

from __future__ import annotations

import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from playaid.limits import PROSE
from test_new_interviews import interview, table

# what people paste: any text, brackets and quotes YAML reads as structure, digits of
# other scripts, control characters, long runs
ANSWER = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="[]{}:,-#&*!|>'\"%@` \t", max_size=30),
    st.sampled_from(["²", "٣", "⑦", "1e9", "-0", "nan", "~", "null", "yes", "0x1F", "1:20", "\x1b[31m", "\x00"]),
    st.text(min_size=1, max_size=3).map(lambda s: s * 900),
)
PAIRS = [("dirt", "character"), ("sapio", "character"), ("isolation", "setup"), ("contest", "scene"),
         ("fight-sphere", "character"), ("fight-club", "character")]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=st.sampled_from(PAIRS), answers=st.lists(ANSWER, min_size=1, max_size=8))
def test_fuzzed_answers_never_break_the_interview(pair, answers):
    game, kind = pair
    with tempfile.TemporaryDirectory() as tmp:
        folder = table(Path(tmp), game)
        result, made = interview(folder, game, kind, answers)
        assert result.exit_code in (0, 1), (result.exit_code, repr(result.exception), result.output[-500:])
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        # split at newlines only: str.splitlines also splits at U+001C-001E and U+0085, which would cut an
        # echoed answer ("> …") in two and count its typed control characters as playaid's own words
        said = "\n".join(line for line in result.output.split("\n") if not line.startswith("> "))
        assert "Traceback" not in said and "\x1b" not in said and "\x00" not in said
        for path in made:
            text = path.read_text(encoding="utf-8")
            assert "\x1b" not in text and "\x00" not in text
            assert all(len(value) <= PROSE for value in _texts(yaml.safe_load(text)))


def _texts(data) -> list[str]:
    """Every text value in a loaded file, however deep."""
    if isinstance(data, dict):
        return [t for v in data.values() for t in _texts(v)]
    if isinstance(data, list):
        return [t for v in data for t in _texts(v)]
    return [data] if isinstance(data, str) else []
